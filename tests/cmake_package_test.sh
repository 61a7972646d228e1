#!/usr/bin/env bash
# `cmake --install` of objgen, then a user's CMake project: find_package(objgen) and
# objgen_add_harness() build the NodeCachingList harness as a module; the installed objgen runs
# it with --harness and with --header/--class, and both agree with the bundled example.
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
exit $fail
