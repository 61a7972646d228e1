# objgen.hpp precompiled for the harnesses objgen compiles: objgen's own headers were
# a third of a harness's parse. GCC looks for <dir>/objgen/objgen.hpp.gch/ before objgen.hpp in
# each include directory and uses the file in it whose options match the compile (the others it
# skips, -Winvalid-pch says why), so there is one per kind of harness build, with the options of
# src/harness/harness_build.cpp's compile_command: plain (-O2), checked (-O1, UBSan) and checked
# with ASan (params' default). A compile whose options match none (a user's -D, another compiler)
# parses the headers as before. tests/harness_pch_test.sh checks that the plain and ASan ones are used.
#
# Clang (the coverage and trace-loads harnesses of evolve and korat) looks for no such directory:
# objgen.hpp.pch/{coverage,trace}.pch are handed to it with -include-pch
# (src/harness/harness_build.cpp: find_clang_pch), with the options of those compile commands. Clang
# checks them and each header's time when it loads one, and a harness compile whose check fails
# is run again without it.
include(CheckCXXCompilerFlag)
set(OBJGEN_HARNESS_PCH_DIR ${CMAKE_CURRENT_BINARY_DIR}/include/objgen/objgen.hpp.gch)
set(OBJGEN_CLANG_HARNESS_PCH_DIR ${CMAKE_CURRENT_BINARY_DIR}/include/objgen/objgen.hpp.pch)
# The source is a one-line wrapper: GCC warns about #pragma once when objgen.hpp itself is the main file.
set(pch_source ${CMAKE_CURRENT_BINARY_DIR}/harness_pch/objgen_pch.hpp)
file(WRITE ${pch_source}.in "#include \"objgen/objgen.hpp\"\n")
configure_file(${pch_source}.in ${pch_source} COPYONLY)
file(GLOB objgen_public_headers CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/include/objgen/*.hpp
     ${CMAKE_CURRENT_SOURCE_DIR}/include/objgen/detail/*.hpp)
set(pch_inputs ${objgen_public_headers} ${pch_source} ${CMAKE_CURRENT_BINARY_DIR}/include/objgen/version.hpp)
set(pch_outputs)
set(harness_includes -I${CMAKE_CURRENT_BINARY_DIR}/include -I${CMAKE_CURRENT_SOURCE_DIR}/include)
if(EXISTS "${OBJGEN_COVERAGE_CXX}")
  foreach(kind coverage trace)
    set(level -O2)
    set(fill -ftrivial-auto-var-init=pattern)  # as the harness compiles (harness_commands.cpp)
    if(kind STREQUAL "coverage")
      set(level -O0)
    else()
      set(fill)
    endif()
    add_custom_command(OUTPUT ${OBJGEN_CLANG_HARNESS_PCH_DIR}/${kind}.pch
      COMMAND ${CMAKE_COMMAND} -E make_directory ${OBJGEN_CLANG_HARNESS_PCH_DIR}
      COMMAND ${OBJGEN_COVERAGE_CXX} ${level} -fPIC -fno-access-control ${fill} ${harness_includes}
              -std=c++20 -x c++-header ${pch_source} -o ${OBJGEN_CLANG_HARNESS_PCH_DIR}/${kind}.pch
      DEPENDS ${pch_inputs} COMMENT "Precompiling objgen.hpp for Clang's ${kind} harness builds" VERBATIM)
    list(APPEND pch_outputs ${OBJGEN_CLANG_HARNESS_PCH_DIR}/${kind}.pch)
  endforeach()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  add_custom_target(objgen_harness_pch ALL DEPENDS ${pch_outputs})
  return()
endif()
check_cxx_compiler_flag(-ftrivial-auto-var-init=pattern OBJGEN_CXX_HAS_PATTERN_INIT)
set(harness_common -fPIC -fno-access-control -std=c++20 ${harness_includes})
if(OBJGEN_CXX_HAS_PATTERN_INIT)
  list(APPEND harness_common -ftrivial-auto-var-init=pattern)
endif()
set(harness_checks -D_GLIBCXX_ASSERTIONS -fsanitize=undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
foreach(kind plain checks asan)
  if(kind STREQUAL "plain")
    set(flags -O2 ${harness_common})
  elseif(kind STREQUAL "checks")
    set(flags -O1 ${harness_common} ${harness_checks})
  else()
    set(flags -O1 ${harness_common} ${harness_checks} -fsanitize=address)
  endif()
  add_custom_command(OUTPUT ${OBJGEN_HARNESS_PCH_DIR}/${kind}.gch
    COMMAND ${CMAKE_COMMAND} -E make_directory ${OBJGEN_HARNESS_PCH_DIR}
    COMMAND ${CMAKE_CXX_COMPILER} ${flags} -x c++-header ${pch_source} -o ${OBJGEN_HARNESS_PCH_DIR}/${kind}.gch
    DEPENDS ${pch_inputs} COMMENT "Precompiling objgen.hpp for ${kind} harness builds" VERBATIM)
  list(APPEND pch_outputs ${OBJGEN_HARNESS_PCH_DIR}/${kind}.gch)
endforeach()
add_custom_target(objgen_harness_pch ALL DEPENDS ${pch_outputs})
