#!/usr/bin/env bash
# Issue 36's coverage scope end to end (docs/EVOLVE.md): boost::unordered_map's erase only
# forwards to the library's internal table. Counting its own body (class) it has one node, covered
# at once; counting what it calls in its library (header, the default) the table's functions come
# in, and coverage grows over the generations; library scope counts at least as much. Bad input.
set -u
objgen=$1
. "$(dirname "$0")/check_lib.sh"

args=(evolve --header '<boost/unordered_map.hpp>' --class 'boost::unordered_map<int, int>' --method erase
      --generations 60 --seed 3 -q)
for scope in class header library; do
  check "unordered_map erase: --coverage-scope $scope" "$objgen" "${args[@]}" --coverage-scope "$scope" \
    --report-json "$work/$scope.json"
done
nodes() { json "$work/$1.json" "j['methods'][0]['nodes']"; }
check "class: the forwarding body alone, one node" test "$(nodes class)" = 1
check "header: the library code it calls counts (more nodes)" test "$(nodes header)" -gt 10
check "header: the internal table's functions are in scope" \
  test "$(json "$work/header.json" "any('detail::table' in f for f in j['methods'][0]['scope_functions'])")" = True
check "header: the first is the method's own body" \
  test "$(json "$work/header.json" "j['methods'][0]['scope_functions'][0].endswith('::erase(int const&)')")" = True
check "header: coverage grows over generations" \
  test "$(json "$work/header.json" "len({t['generation'] for t in j['methods'][0]['run_results'][0]['targets'] if t['generation'] > 0}) > 1")" = True
check "library: at least the header scope's nodes" test "$(nodes library)" -ge "$(nodes header)"
check "the report names the scope" test "$(json "$work/header.json" "j['options']['coverage_scope']")" = header

check "--coverage-scope module" expect_exit2 "coverage-scope" "$objgen" "${args[@]}" --coverage-scope module
exit "$fail"
