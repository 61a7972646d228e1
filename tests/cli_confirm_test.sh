#!/usr/bin/env bash
# Only what reproduces is a bug: objgen random on tests/confirm_inputs/tally.hpp (through --header)
# reports add()'s crash, which its sequence shows alone, in the failures suite, whose test fails
# when compiled and run (also under AddressSanitizer); poke()'s memory error, which only a worker
# that ran other calls shows, is cut down from the worker's history to a 1-minimal sequence of 8
# poke() calls, confirmed and in the suite; stale()'s crash, which no short replay shows (it
# depends on the time), is listed apart as not confirmed (stdout, "unconfirmed" in the report) and
# is not in the failures suite.
# objgen random checks the heap by default (a --header subject): an off-by-one write is a finding
# with a sequence, confirmed. `--builders auto` never hides a bug: SumStack::pop() breaks the
# invariant, so auto leaves it out of the builders, and the run still reports the broken invariant
# with a sequence calling pop(), in the failures suite (whose test fails), on a fresh cache and on
# the cached builders. evolve's and builders' findings are confirmed the same way.
#
#   cli_confirm_test.sh OBJGEN SRC [CXX]
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$src/tests/check_lib.sh"
header="$src/tests/confirm_inputs/tally.hpp"
out="$work/tally"

# The run's deadline is --time-limit + --call-timeout + 2 s (exec/run_deadline.hpp); cutting three
# findings down from their workers' histories needs more than 2 + 2 + 2 s on a loaded machine.
check "random on Tally" "$objgen" random --header "$header" --class confirm::Tally --time-limit 2 --call-timeout 8 --seed 1 --runs 2 \
  --report-json "$out/report.json" --emit-gtest "$out/gtest"
cp "$work/last.log" "$work/run.log"
check "stale()'s crash is printed as not confirmed, after its worker's history too" grep -q \
  '^    not confirmed: its replay in a fresh process returned normally; nor did it after the [0-9]* calls its worker ran before it' \
  "$work/run.log"
check "the report lists stale() apart, add() and poke() as confirmed findings" python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
apart = [f for f in r['unconfirmed'] if f['operation'] == 'Tally::stale()']
assert apart and all(f['kind'] == 'crash' and f['why'] for f in apart), r['unconfirmed']
assert not any(f['operation'] in ('Tally::add(int)', 'Tally::poke()') for f in r['unconfirmed']), r['unconfirmed']
found = [f for f in r['findings'] if f['operation'] == 'Tally::add(int)' and f['kind'] == 'crash']
assert len(found) == 1 and found[0]['confirmed'] and found[0]['hits'] >= 1, r['findings']
assert all(f['sequence'] for f in r['findings'])
poke = [f for f in r['findings'] if f['operation'] == 'Tally::poke()']
assert len(poke) == 1 and poke[0]['confirmed'], r['findings']
m = poke[0]['minimized']
assert m['reproduced'] and m['one_minimal'] and m['history_kept'] > 0, m
assert sum(s.count('poke()') for s in poke[0]['sequence']) == 8, poke[0]['sequence']
# Attempts of a run die at different calls when the fault depends on time: never another member's.
blamed = {f['operation'] for f in r['findings'] + r['unconfirmed']}
assert not blamed & {'Tally::Tally()', 'Tally::total() const'}, blamed
" "$out/report.json"
suite=$(ls "$out/gtest/"*_failures_test.cpp 2>/dev/null | head -1)
check "the failures suite holds add() and poke(), not stale()" bash -c "grep -q 'v0->add(5);' '$suite' && grep -q 'poke' '$suite' && ! grep -q 'stale' '$suite'"
# every_test_fails SANITIZER_FLAGS...: the suite built with them, each of its tests fails
every_test_fails() {
  local bin
  bin="$out/failures$(echo "$*" | tr -dc a-z)"
  "$cxx" -std=c++20 -O1 "$@" -I"$src/tests/confirm_inputs" "$suite" -lgtest -lgtest_main -pthread -o "$bin" || return 1
  total=$("$bin" --gtest_list_tests | grep -c '^  ')
  "$bin" >"$bin.log" 2>&1
  failed=$(grep -c '^\[  FAILED  \] .*Finding[^ ]* ([0-9]* ms)' "$bin.log")
  [ "$total" -gt 0 ] && [ "$failed" -eq "$total" ]
}
check "the failures suite compiles, and every emitted failure test fails" every_test_fails
check "... and so they do under AddressSanitizer" every_test_fails -fsanitize=address

check "random finds a heap overflow by default, with a confirmed sequence" bash -c "
  '$objgen' random --header '$src/tests/hostile_inputs/hostile.hpp' --class hostile::OffByOne --max-calls 5000 --seed 1 \
    --call-timeout 0.5 -q --report-json '$work/heap.json' &&
  python3 -c \"
import json, sys
r = json.load(open(sys.argv[1]))
f = [f for f in r['findings'] if f['operation'] == 'OffByOne::poke()']
assert f and f[0]['confirmed'] and f[0]['sequence'] and 'heap damage' in f[0]['message'], r['findings']
\" '$work/heap.json'"
# evolve's search runs many tests in one worker: its findings are replayed alone too. add()'s crash
# shows alone; poke()'s needs the calls its worker ran before, which evolve's finding does not keep.
check "evolve confirms add()'s crash and lists poke()'s as not confirmed" bash -c "
  '$objgen' evolve --header '$header' --class confirm::Tally --methods add,poke --generations 5 --seed 1 \
    --report-json '$work/evolve.json' >'$work/evolve.out' 2>&1 &&
  grep -q '^  crash in Tally::add(int): SIGSEGV[^[]*$' '$work/evolve.out' &&
  grep -q '^  crash in Tally::poke(): .*\[not confirmed: ' '$work/evolve.out' &&
  python3 -c \"
import json, sys
r = json.load(open(sys.argv[1]))
found = {f['in']: f for m in r['methods'] for f in m['findings']}
assert 'unconfirmed' not in found['Tally::add(int)'], found
assert found['Tally::poke()']['unconfirmed'], found
\" '$work/evolve.json'"
# builders' search runs thousands of calls per worker too: the findings it met are replayed alone
# (printed and reported with the verdict, SARIF's "Not confirmed").
check "builders confirms add()'s crash and lists poke()'s as not confirmed" bash -c "
  '$objgen' builders --header '$header' --class confirm::Tally --budget 30 --report-json '$work/builders.json' \
    --sarif '$work/builders.sarif' >'$work/builders.out' 2>&1 &&
  grep -q '^  crash in Tally::add(int): SIGSEGV[^[]*$' '$work/builders.out' &&
  grep -q '^  crash in Tally::poke(): .*\[not confirmed: ' '$work/builders.out' &&
  grep -q 'Not confirmed: ' '$work/builders.sarif' &&
  python3 -c \"
import json, sys
found = {f['method']: f for f in json.load(open(sys.argv[1]))['findings']}
assert 'unconfirmed' not in found['Tally::add(int)'], found
assert found['Tally::poke()']['unconfirmed'], found
\" '$work/builders.json'"
stack="$src/tests/confirm_inputs/sum_stack.hpp"
builders_auto() {  # builders_auto NAME: exhaustive --builders auto on SumStack, the ruled-out finding checked
  "$objgen" exhaustive --header "$stack" --class confirm::SumStack --builders auto --scope 3 \
    --report-json "$work/$1.json" --emit-gtest "$work/$1" >"$work/$1.out" 2>&1 &&
    grep -q 'ruled out of the builders: SumStack::pop()' "$work/$1.out" &&
    python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
found = r.get('ruled_out_findings', [])
assert found, 'no ruled_out_findings'
f = found[0]
assert f['kind'] == 'invariant' and f['confirmed'], f
assert any('pop()' in call for call in f['sequence']), f['sequence']
assert not any(p.get('operation') == f['operation'] for p in r.get('preconditions', [])), r.get('preconditions')
" "$work/$1.json"
}
check "--builders auto: pop() ruled out, its broken invariant reported with its sequence" builders_auto auto1
check "... and again from the cached builders" builders_auto auto2
suite=$(ls "$work/auto1/"*_failures_test.cpp 2>/dev/null | head -1)
check "its failures suite compiles" "$cxx" -std=c++20 -O1 -I"$src/tests/confirm_inputs" "$suite" -lgtest -lgtest_main -pthread \
  -o "$work/stack_failures"
check "... and its test fails (the invariant, after pop())" bash -c "
  ! '$work/stack_failures' >'$work/stack_run.log' 2>&1 && grep -q 'pop()' '$suite' && grep -q '^\[  FAILED  \]' '$work/stack_run.log'"
exit $fail
