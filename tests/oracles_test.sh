#!/usr/bin/env bash
# Regression oracles end to end: the emitted suites compile, pass against the class as it is
# (twice) and fail against a mutant; the table form's member checks keep their readable names.
# What the suites assert (and never assert), --oracles off and bad input are cases in
# tests/cli_cases/cli_oracles.toml; this script keeps what compiles and runs the suites.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"
inputs="$src/tests/oracles_inputs"

check "tally: exhaustive with oracles and member checks" "$objgen" exhaustive --header "$inputs/tally.hpp" \
  --class tally::Tally --methods 'Tally::Tally(),add,removeLast' --scope 3 --oracle-states 4 -q \
  --emit-gtest "$work/tally"
suite="$work/tally/tally_states_test.cpp"
check "tally: suite compiles" "$cxx" -std=c++20 -I "$inputs" "$suite" -lgtest -lgtest_main -pthread -o "$work/tally/t"
check "tally: suite passes" "$work/tally/t"
check "tally: suite passes again" "$work/tally/t"
check "tally: suite compiles against the mutant" "$cxx" -std=c++20 -DOBJGEN_TEST_MUTANT -I "$inputs" "$suite" \
  -lgtest -lgtest_main -pthread -o "$work/tally/mutant"
check "tally: the mutant (size() off by one) fails the suite" bash -c "! '$work/tally/mutant' >/dev/null 2>&1"
# The table form (more states than --gtest-inline-limit): the same checks as data, replayed.
table="$work/table/tally_states_test.cpp"
check "tally (table form): exhaustive with member checks" "$objgen" exhaustive --header "$inputs/tally.hpp" \
  --class tally::Tally --methods 'Tally::Tally(),add' --scope 3 --oracle-states 4 --gtest-inline-limit 1 -q \
  --emit-gtest "$work/table"
for variant in plain OBJGEN_TEST_MUTANT OBJGEN_TEST_MUTANT_REMOVE; do
  check "tally (table form): suite compiles ($variant)" "$cxx" -std=c++20 -D$variant -I "$inputs" "$table" \
    -lgtest -lgtest_main -pthread -o "$work/table/$variant"
done
check "tally (table form): suite passes" "$work/table/plain"
check "tally (table form): member checks keep their readable names" bash -c \
  "'$work/table/plain' --gtest_list_tests | grep -q 'Call/State[0-9]*_then_Tally_removeLast'"
check "tally (table form): the size() mutant fails it" bash -c "! '$work/table/OBJGEN_TEST_MUTANT' >/dev/null 2>&1"
check "tally (table form): the removeLast() mutant fails a member check" bash -c \
  "'$work/table/OBJGEN_TEST_MUTANT_REMOVE' 2>&1 | grep -q 'FAILED.*_then_Tally_removeLast'"

exit $fail
