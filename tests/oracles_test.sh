#!/usr/bin/env bash
# Regression oracles end to end: emitted suites assert what the calls and the observers returned,
# pass against the class as it is (twice), fail against a mutant, never assert a value derived
# from an address, and evolve suites only assert results that two more runs reproduce.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"
inputs="$src/tests/oracles_inputs"

check "tally: exhaustive with oracles and member checks" "$objgen" exhaustive --header "$inputs/tally.hpp" \
  --class tally::Tally --methods 'Tally::Tally(),add,removeLast' --scope 3 --oracle-states 4 -q \
  --emit-gtest "$work/tally" --report-json "$work/tally.json"
suite="$work/tally/tally_states_test.cpp"
check "tally: the states suite asserts observers (size, empty, top, mean, text)" bash -c \
  "grep -q 'EXPECT_EQ(static_cast<long long>(v[0-9]*->size()), ' '$suite' && grep -q 'EXPECT_FALSE(v[0-9]*->empty())' '$suite' &&
   grep -q 'EXPECT_DOUBLE_EQ(v[0-9]*->mean(), ' '$suite' && grep -q 'EXPECT_EQ(v[0-9]*->text(), std::string(' '$suite'"
check "tally: what removeLast() returned is asserted" grep -q 'EXPECT_TRUE(v[0-9]*->removeLast())' "$suite"
check "tally: each state equals a second build of it (operator==)" bash -c \
  "grep -q 'equal to the same calls made again' '$suite' && grep -q 'EXPECT_TRUE(operator==(\*v[0-9]*, \*w[0-9]*))' '$suite'"
check "tally: the address-derived where() is never asserted, and counted as flaky" bash -c \
  "! grep -q 'where()' '$suite' && [ \$(python3 -c \"import json; print(json.load(open('$work/tally.json'))['oracles']['flaky'])\") -gt 0 ]"
check "tally: members called on sampled states (add, removeLast), observers checked after them" bash -c \
  "grep -q 'State[0-9]*_then_Tally_add_int' '$suite' && grep -q 'State[0-9]*_then_Tally_removeLast' '$suite' &&
   grep -A12 'State0_then_Tally_add_int' '$suite' | grep -q 'EXPECT_EQ(static_cast<long long>(v0->size()), 1)'"
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
check "tally (table form): member checks are rows, not TESTs" bash -c \
  "grep -q 'const MemberCheck kMemberChecks' '$table' && ! grep -q '^TEST(' '$table'"
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

check "--oracles off: no observer assertions" bash -c \
  "'$objgen' exhaustive --header '$inputs/tally.hpp' --class tally::Tally --methods 'Tally::Tally(),add' --scope 2 -q \
     --oracles off --emit-gtest '$work/off' && test -f '$work/off/tally_states_test.cpp' && ! grep -q 'size()' '$work/off/tally_states_test.cpp'"
check "bad --oracles value" expect_exit2 "oracles" "$objgen" exhaustive --example ncl --oracles maybe

exit $fail
