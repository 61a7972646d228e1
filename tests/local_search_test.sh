#!/usr/bin/env bash
# Issue 36's local search end to end (docs/EVOLVE.md): a branch guarded by a value computed from
# a deep part's fields (pulses * factor + 3 == 123462 through meter.counter(); a time of day
# through meter.clock()) is reached with --local-search on and never without (no value of the
# domain solves it); the values it found are committed, so the covering tests spell them, compile
# and pass; same seed, same runs; the dynamic pool (lottery: a number computed at run time); bad input.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"

meter="$src/bench/subjects/meter.hpp"
args=(evolve --header "$meter" --class subjects::Billing --method classify --runs 3 --generations 3000 -q)
check "meter: --local-search on" "$objgen" "${args[@]}" --local-search on --report-json "$work/on.json" \
  --emit-gtest "$work/on"
check "meter: every run covers every node" test "$(json "$work/on.json" "j['methods'][0]['full_coverage_rate']")" = "1.0"
check "meter: local searches ran and improved test cases" \
  test "$(json "$work/on.json" "all(r['local_search']['improved'] > 0 for r in j['methods'][0]['run_results'])")" = "True"
check "meter: the covering tests spell the values found" grep -Eq 'setPulses\((17637|41153)\)' "$work/on/Billing_evolve_test.cpp"
check "meter: the covering tests compile" "$cxx" -std=c++20 -I "$src/bench/subjects" "$work/on/Billing_evolve_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/on/tests"
check "meter: and pass" "$work/on/tests"
check "meter: same seed, same runs" "$objgen" "${args[@]}" --local-search on --report-json "$work/again.json"
check "meter: same runs" test \
  "$(json "$work/on.json" "[(r['generations'], r['local_search']) for r in j['methods'][0]['run_results']]")" \
  = "$(json "$work/again.json" "[(r['generations'], r['local_search']) for r in j['methods'][0]['run_results']]")"
check "meter: --local-search off" "$objgen" "${args[@]}" --local-search off --report-json "$work/off.json"
check "meter: no run reaches the volume without it" \
  test "$(json "$work/off.json" "j['methods'][0]['full_coverage_rate']")" = "0.0"
check "meter: auto is on with --fitness branch" "$objgen" "${args[@]}" --fitness branch --report-json "$work/branch.json"
check "meter: ...and covers" test "$(json "$work/branch.json" "j['methods'][0]['full_coverage_rate']")" = "1.0"

# EvoSuite's dynamic pool: the winning number is computed at run time; the comparison's other side
# joins the pool, and a ticket takes it. Without the pool (and without the local search) no run wins.
lottery=(evolve --header "$src/tests/evolve_inputs/lottery.hpp" --class lottery::Draw --method check --runs 3
         --generations 300 --local-search off -q)
check "lottery: evolve with the dynamic pool" "$objgen" "${lottery[@]}" --report-json "$work/lottery.json" \
  --emit-gtest "$work/lottery"
check "lottery: every run wins" test "$(json "$work/lottery.json" "j['methods'][0]['full_coverage_rate']")" = "1.0"
check "lottery: the pool learned values" \
  test "$(json "$work/lottery.json" "all(r['dynamic_constants'] > 0 for r in j['methods'][0]['run_results'])")" = "True"
check "lottery: the winning ticket is spelled in the suite" grep -q 'check(' "$work/lottery/Draw_evolve_test.cpp"
check "lottery: --dynamic-pool 0" "$objgen" "${lottery[@]}" --dynamic-pool 0 --report-json "$work/lottery-off.json"
check "lottery: no run wins without it" test "$(json "$work/lottery-off.json" "j['methods'][0]['full_coverage_rate']")" = "0.0"
check "--dynamic-pool -1" expect_exit2 "dynamic-pool" "$objgen" "${lottery[@]}" --dynamic-pool -1

check "--local-search maybe" expect_exit2 "local-search" "$objgen" "${args[@]}" --local-search maybe
exit "$fail"
