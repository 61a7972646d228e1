#!/usr/bin/env bash
# A compiled library built with its own CMake (tests/compiled_library), as a user brings one:
# -p for its compile_commands.json, its shared library after --. Its header declares a member
# defined nowhere (dropped with a note, the harness loads), members over a type it only
# forward-declares (skipped, naming the header that defines it), and an emitted suite compiles
# with the command its first line gives, from another directory. One ctest case per CASE:
#   scan     the forward-declared type: members skipped, the header that defines it named
#   drop     the library passed: the member defined nowhere dropped, the suite's compile command
#   lookup   only the library's folder passed: the one library there that defines the symbols added
#   missing  nothing passed: exit 2 asking for the sources or libraries, the symbols named
#   absl     absl::flat_hash_map<int, int>: the absl libraries that define what it needs, found
#            with pkg-config and added
#   absl_inlined_vector  the same for a function symbol (absl_throw_delegate)
set -u
objgen=$1
src=$2
case_name=$3
. "$(dirname "$0")/check_lib.sh"

lib=$src/tests/compiled_library
build=$work/tally-build
header=$lib/include/tally/counter.hpp
build_library() {
  check "the library builds with its own CMake" bash -c \
    "cmake -S '$lib' -B '$build' -G Ninja -DCMAKE_BUILD_TYPE=Release >'$work/cmake.log' 2>&1 && cmake --build '$build' >>'$work/cmake.log' 2>&1"
}

case_scan() {

# Scan alone: members over the forward-declared Summary are skipped, naming the header.
"$objgen" scan --header "$header" --class tally::Counter -p "$build" --list >"$work/scan.txt" 2>&1
check "scan: summary() skipped, Summary only declared" grep -q 'summary() const.*returns tally::Summary, which the scanned headers only declare' "$work/scan.txt"
check "scan: merge(Summary) skipped the same way" grep -q 'merge(tally::Summary s).*parameter 1 takes tally::Summary' "$work/scan.txt"
check "scan: names the header that defines Summary" grep -q 'tally/summary.hpp defines it' "$work/scan.txt"
check "scan: with -include of that header after --, summary() is registered" bash -c \
  "'$objgen' scan --header '$header' --class tally::Counter -p '$build' --list -- -include '$lib/include/tally/summary.hpp' |
     grep 'summary() const' | grep -qv skipped"
check "scan: the other members are registered" bash -c "grep -q 'add(int n)' '$work/scan.txt' && ! grep -q 'add(int n).*skip' '$work/scan.txt'"
}

case_drop() {
# The library passed: legacy_reset (declared, defined nowhere) is dropped with a note, the rest runs.
run_exhaustive() {  # run_exhaustive OUT_DIR [args after --]
  local out=$1; shift
  "$objgen" exhaustive --header "$header" --class tally::Counter -p "$build" --scope 3 \
    --methods 'Counter::Counter(),add,undo' --emit-gtest "$out" "$@" >"$out.out" 2>"$out.err"
}
# A file written within a clock tick of a harness build is not trusted by its time (the next run
# rebuilds): a user's library is older than that; so is this one.
sleep 0.1
check "exhaustive with the library completes" run_exhaustive "$work/with_lib" -- "$build/libtally.so"
cat "$work/with_lib.err" | grep 'note:'
check "legacy_reset dropped with a note naming the symbol" \
  grep -q 'note: tally::Counter::legacy_reset(int to) (counter.hpp:[0-9]*) is declared but defined in none of the sources and libraries given (undefined symbol tally::Counter::legacy_reset(int))' \
  "$work/with_lib.err"
check "no hint to pass what was passed" bash -c "! grep -q 'pass its sources or libraries' '$work/with_lib.err'"
check "the generation completes" bash -c "grep -q '^structures [1-9][0-9]* ' '$work/with_lib.out' && ! grep -q partial '$work/with_lib.out'"
grep '^structures' "$work/with_lib.out"
harness=$(ls -d "$OBJGEN_CACHE_DIR"/harness/*/ | head -1)
check "the harness lists legacy_reset as not registered, with why" \
  grep -q 'legacy_reset.*no source or library given defines it' "$harness/harness.cpp"
check "a cached run reuses the harness" bash -c \
  "'$objgen' exhaustive --header '$header' --class tally::Counter -p '$build' --scope 2 -- '$build/libtally.so' \
     2>'$work/cached.err' >/dev/null; grep -q '(cached)' '$work/cached.err' || { cat '$work/cached.err'; exit 1; }"

# The suite's first line is the command that compiles it in the suite's folder; it needs nothing more.
suite=$work/with_lib/counter_states_test.cpp
check "the suite starts with its compile command" bash -c "head -1 '$suite' | grep -q '^// Compile with: c++ .*libtally.so.* -lgtest_main -lgtest -pthread'"
check "the suite includes the header as the project does (relative to its include directory)" \
  grep -q '^#include "tally/counter.hpp"' "$suite"
check "that command compiles the suite (the project elsewhere), and it passes" bash -c \
  "cd '$work/with_lib' && eval \"\$(head -1 '$suite' | sed 's|^// Compile with: ||')\" && ./counter_states_test >/dev/null"
}

case_lookup() {
# The library's folder given, not the library: the one library there that defines the members is
# found and linked, and said.
check "only -L given: the library that defines them is added, with a note" bash -c \
  "'$objgen' exhaustive --header '$header' --class tally::Counter -p '$build' --scope 2 \
     --methods 'Counter::Counter(),add' --rebuild-harness -- -L'$build' 2>'$work/only_dir.err' >/dev/null &&
   grep -q 'note: linked $build/libtally.so, the one library that defines tally::Counter::' '$work/only_dir.err' &&
   grep -q 'add -ltally after --' '$work/only_dir.err'"
}

case_missing() {
# Nothing passed: the implementation is missing; the build says what to pass (exit 2).
check "nothing passed: exit 2, pass its sources or libraries" expect_exit2 'pass its sources or libraries after --' \
  "$objgen" exhaustive --header "$header" --class tally::Counter -p "$build" --scope 2 -q
check "nothing passed: the missing symbols are named" grep -q 'tally::Counter::add(int)' "$work/err.txt"
}

case_absl() {
  check "flat_hash_map<int, int>: the absl libraries it needs are found and linked" bash -c \
    "'$objgen' exhaustive --header '<absl/container/flat_hash_map.h>' --class 'absl::flat_hash_map<int, int>' --scope 3 \
       --methods 'flat_hash_map::flat_hash_map(),insert' --emit-gtest '$work/fhm' \
       >'$work/fhm.out' 2>'$work/fhm.err'"
  grep 'note:' "$work/fhm.err"
  check "each added library is named with its pkg-config package" grep -q 'note: linked .*libabsl_.*\$(pkg-config --libs absl_' "$work/fhm.err"
  check "states: Σ C(3,k)·3^k = 64 at scope 3" grep -q '^structures 64 ' "$work/fhm.out"
  local suite
  suite=$(ls "$work"/fhm/*_states_test.cpp)
  check "the suite compiles with its first line's command and passes" bash -c \
    "cd '$work/fhm' && eval \"\$(head -1 '$suite' | sed 's|^// Compile with: ||')\" && ./\$(basename '$suite' .cpp) >/dev/null"
}

# A function symbol this time (InlinedVector's at() throws through absl's throw_delegate).
case_absl_inlined_vector() {
  check "InlinedVector<int, 4>: absl_throw_delegate found and linked, the run completes" bash -c \
    "'$objgen' exhaustive --header '<absl/container/inlined_vector.h>' --class 'absl::InlinedVector<int, 4>' --scope 2 \
       --methods 'InlinedVector::InlinedVector(),push_back' >'$work/iv.out' 2>'$work/iv.err' &&
     grep -q 'note: linked .*/libabsl_throw_delegate.so, the one library that defines absl::.*ThrowStdOutOfRange' '$work/iv.err' &&
     grep -q '^structures 7 ' '$work/iv.out'"
}

case "$case_name" in
  scan | drop | lookup | missing) build_library; "case_$case_name" ;;
  absl | absl_inlined_vector) "case_$case_name" ;;
  *) echo "unknown case $case_name"; exit 2 ;;
esac
if [ "$fail" != 0 ]; then  # what objgen said, for a failure seen only on another machine
  for f in "$work"/*.err "$work"/*.out; do [ -f "$f" ] && { echo "--- $(basename "$f")"; tail -15 "$f"; }; done
fi
exit $fail
