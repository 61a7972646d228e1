// OUT/CMakeLists.txt of `objgen project`: the classes' GoogleTest suites built and registered with
// CTest (gtest_discover_tests). Added to the project (`add_subdirectory(OUT objgen-suites)` after
// its targets) the suites link the project's own library targets; configured alone they link the
// -fPIC archive objgen compiled. Failures suites (one test per bug, failing while it is there)
// carry the CTest label objgen_bugs: `ctest -LE objgen_bugs` runs the rest.
#pragma once

#include <string>

#include "project/project_runs.hpp"

namespace objgen::project {

std::string suites_cmake(const ProjectOutcome& outcome, const std::string& out_dir);

// The -I, -D and -std words of a suite's first line (the command it says compiles it).
std::vector<std::string> suite_compile_flags(const std::string& suite);

// The CMake targets the database's objects belong to ("CMakeFiles/shelf.dir/src/x.cpp.o": shelf),
// in order, once each.
std::vector<std::string> cmake_targets(const ProjectLayout& layout);

}  // namespace objgen::project
