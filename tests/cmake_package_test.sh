#!/usr/bin/env bash
# `cmake --install` of objgen, then a user's CMake project: find_package(objgen) and
# objgen_add_harness() build the NodeCachingList harness as a module; the installed objgen runs
# it with --harness and with --header/--class, and both agree with the bundled example.
# objgen_add_tests() in a copy of examples/project: the build writes and builds the suites of two
# classes, ctest runs them (green but for the planted bug's, labelled objgen_bugs); a build with
# nothing changed does nothing, and one after a header edit regenerates that class's suites only.
set -u
build=$1
src=$2
. "$(dirname "$0")/check_lib.sh"

check "cmake --install" cmake --install "$build" --prefix "$work/prefix"
mkdir -p "$work/project"
cat >"$work/project/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(user_project CXX)
find_package(objgen 0.1 REQUIRED)
objgen_add_harness(ncl_harness
  HEADER "$src/examples/ncl/node_caching_list.hpp"
  CLASS examples::NodeCachingList
  SOURCES "$src/examples/ncl/node_caching_list.cpp")
target_include_directories(ncl_harness PRIVATE "$src/examples/ncl")
CMAKE
check "user project configures with find_package(objgen)" \
  cmake -S "$work/project" -B "$work/project/build" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix"
check "objgen_add_harness builds the harness module" ninja -C "$work/project/build"

installed=$work/prefix/bin/objgen
methods=NodeCachingList,addLast,removeIndex
counts() { grep -o '^structures [0-9]*  explored [0-9]*'; }
expected=$("$build/objgen" exhaustive --example ncl --scope 4 --methods $methods -q | counts)
check "installed objgen --harness agrees with the bundled example ($expected)" bash -c \
  "[ \"\$('$installed' exhaustive --harness '$work/project/build/ncl_harness.so' --scope 4 --methods $methods -q |
        grep -o '^structures [0-9]*  explored [0-9]*')\" = '$expected' ]"
check "installed objgen --header compiles against the installed headers" bash -c \
  "'$installed' exhaustive --header '$src/examples/ncl/node_caching_list.hpp' --class examples::NodeCachingList \
     --scope 4 --methods $methods -q -- '$src/examples/ncl/node_caching_list.cpp' | grep -q '$expected' &&
   grep -q -- '-I$work/prefix/include' '$OBJGEN_CACHE_DIR'/harness/*/build.log"

# objgen_add_tests: the whole loop is cmake --build + ctest.
cp -r "$src/examples/project" "$work/shelf"
cat >>"$work/shelf/CMakeLists.txt" <<'CMAKE'
enable_testing()
find_package(objgen REQUIRED)
objgen_add_tests(TARGET shelf CLASSES shelf::Counter ::shelf::TagSet SCOPE 3 TIME 4)
CMAKE
shelf=$work/shelf/build
check "objgen_add_tests configures" cmake -S "$work/shelf" -B "$shelf" -G Ninja -DCMAKE_PREFIX_PATH="$work/prefix"
check "the build writes both classes' suites and builds them" bash -c \
  "ninja -C '$shelf' >'$work/build.log' && grep -q 'objgen: testing shelf::TagSet' '$work/build.log' && [ -x '$shelf/objgen_shelf__Counter_states' ] && [ -x '$shelf/objgen_shelf__TagSet_failures' ]"
check "ctest runs every state's test and they pass (the failures suites apart)" bash -c \
  "cd '$shelf' && ctest -LE objgen_bugs -j2 | tee '$work/ctest.log' | grep -q '100% tests passed' &&
   [ \"\$(grep -o 'out of [0-9]*' '$work/ctest.log' | grep -o '[0-9]*')\" -gt 100 ]"
check "the planted bug's tests fail under ctest, and only TagSet's" bash -c \
  "cd '$shelf' && ! ctest -L objgen_bugs >'$work/bugs.log' 2>&1 && grep -q 'ShelfTagSetFailures' '$work/bugs.log' &&
   ! grep -q 'ShelfCounter' '$work/bugs.log'"
check "a build with nothing changed does nothing" bash -c "ninja -C '$shelf' >'$work/again.log' && grep -q 'no work to do' '$work/again.log'"
echo "// edited" >>"$work/shelf/include/shelf/counter.hpp"
check "after a header edit the build regenerates that class's suites only" bash -c \
  "ninja -C '$shelf' >'$work/rebuild.log' && grep -q 'objgen: testing' '$work/rebuild.log' &&
   grep -q 'objgen_shelf__Counter_states' '$work/rebuild.log' && ! grep -q 'objgen_shelf__TagSet' '$work/rebuild.log'"
exit $fail
