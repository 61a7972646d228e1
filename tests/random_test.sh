#!/usr/bin/env bash
# objgen random end to end, the compiled part: every buggy_* contract example's error-revealing
# suite compiles and every test in it fails; a correct class's regression suite compiles and passes
# twice. What the reports say (contracts, minimization, same seed same report, --contracts, hostile
# members, exhaustive's contracts, bad input) are cases in tests/cli_cases/cli_random.toml.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"
examples="$src/examples"

declare -A source=([buggy_copy]=buggy_copy/shared_tail_list.cpp [buggy_equals]=buggy_equals/int_bag.cpp
                   [buggy_hash]=buggy_hash/ratio.cpp [buggy_move]=buggy_move/movable_list.cpp)
for ex in buggy_copy buggy_equals buggy_hash buggy_move; do
  check "$ex: random run" "$objgen" random --example "$ex" --max-calls 100000 --seed 3 -q --emit-gtest "$work/$ex"
  check "$ex: error-revealing suite compiles" "$cxx" -std=c++20 -I "$examples" "$work/$ex/${ex}_random_failures_test.cpp" \
    "$examples/${source[$ex]}" -lgtest -lgtest_main -pthread -o "$work/$ex/failures"
  check "$ex: every error-revealing test fails" bash -c \
    "'$work/$ex/failures' > '$work/$ex/out.txt' 2>&1; ! grep -q '^\[       OK \]' '$work/$ex/out.txt' && grep -q '^\[  FAILED  \]' '$work/$ex/out.txt'"
done

sources() { ls "$examples/$1"/*.cpp | grep -v harness.cpp; }
check "sll: random run" "$objgen" random --example sll --max-calls 200000 -q --emit-gtest "$work/sll"
check "sll: regression suite compiles" "$cxx" -std=c++20 -I "$examples" "$work/sll/sll_random_states_test.cpp" \
  $(sources sll) -lgtest -lgtest_main -pthread -o "$work/sll/states"
check "sll: regression suite passes" "$work/sll/states"
check "sll: regression suite passes again" "$work/sll/states"
exit $fail
