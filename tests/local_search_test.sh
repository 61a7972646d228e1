#!/usr/bin/env bash
# Issue 36's local search end to end (docs/EVOLVE.md): the covering tests of the meter's branch
# that only --local-search reaches spell the values it found, compile and pass. The rest of the
# local search's checks (coverage with and without it, same seed same runs, the dynamic pool, bad
# input) are cases in tests/cli_cases/cli_local_search.toml; this script keeps what compiles.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"

meter="$src/bench/subjects/meter.hpp"
check "meter: --local-search on" "$objgen" evolve --header "$meter" --class subjects::Billing --method classify --runs 3 \
  --generations 3000 -q --local-search on --emit-gtest "$work/on"
check "meter: the covering tests compile" "$cxx" -std=c++20 -I "$src/bench/subjects" "$work/on/Billing_evolve_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/on/tests"
check "meter: and pass" "$work/on/tests"
exit "$fail"
