#!/usr/bin/env bash
# Hostile code under test (tests/hostile_inputs/hostile.hpp), through --header/--class: every run
# exits 0 with a complete, valid report; each hostile member is a finding that names it; objgen's
# own stdout+stderr stay under 1 MiB; no process of the run is left afterwards; a process the code
# under test tries to kill survives; the emitted failure tests compile and fail.
#
#   hostile_test.sh OBJGEN SRC [CXX] [PART]: PART (default all) runs one part, so that CTest can
#   spread them: process, heap, escape, strategies, output.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
part=${4:-all}
. "$src/tests/check_lib.sh"
choose_part "$part" process heap escape strategies output
header="$src/tests/hostile_inputs/hostile.hpp"


# run_case CLASS EXPECTED_FINDING_REGEX [emit|emit-asan|no-emit [objgen options...]]: exhaustive on
# hostile::CLASS at scope 3; emit-asan builds the emitted failure suite with AddressSanitizer.
run_case() {
  local cls=$1 pattern=$2 emit=${3:-emit}
  shift 3 2>/dev/null || shift $#
  local out="$work/$cls"
  mkdir -p "$out"
  "$objgen" exhaustive --header "$header" --class "hostile::$cls" --scope 3 --call-timeout 0.5 -q \
    --report-json "$out/report.json" --emit-gtest "$out/gtest" "$@" >"$out/stdout" 2>"$out/stderr"
  local rc=$?
  [ "$rc" -eq 0 ] || { echo "FAIL [$cls]: exit $rc"; tail -5 "$out/stderr"; fail=1; return; }
  local bytes=$(($(stat -c %s "$out/stdout") + $(stat -c %s "$out/stderr")))
  [ "$bytes" -lt 1048576 ] || { echo "FAIL [$cls]: objgen wrote $bytes bytes"; fail=1; return; }
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["complete"], "incomplete"' "$out/report.json" \
    || { echo "FAIL [$cls]: report invalid or incomplete"; fail=1; return; }
  grep -Eq "$pattern" "$out/stdout" || { echo "FAIL [$cls]: no finding matching '$pattern'"; cat "$out/stdout"; fail=1; return; }
  grep -q '"sequence"' "$out/report.json" || { echo "FAIL [$cls]: finding without a sequence"; fail=1; return; }
  # The run's own directory marks its processes: another part may run the same class meanwhile.
  no_process_left "$out/" || { echo "FAIL [$cls]: processes left behind"; fail=1; return; }
  if [ "$emit" != no-emit ]; then
    # The failure-revealing suite compiles, and every test in it fails while the fault is there.
    local sanitize=
    [ "$emit" = emit-asan ] && sanitize=-fsanitize=address
    if ! "$cxx" -std=c++20 -O1 $sanitize -I"$src/tests/hostile_inputs" "$out/gtest/"*_failures_test.cpp \
        -lgtest -lgtest_main -pthread -o "$out/failures" 2>"$out/cc.log"; then
      echo "FAIL [$cls]: failures suite does not compile"; head -20 "$out/cc.log"; fail=1; return
    fi
    local total failed
    total=$("$out/failures" --gtest_list_tests | grep -c '^  ')
    timeout 60 "$out/failures" >"$out/run.log" 2>&1
    failed=$(grep -c '^\[  FAILED  \] .*Finding[^ ]* ([0-9]* ms)' "$out/run.log")
    if [ "$total" -eq 0 ] || [ "$failed" -ne "$total" ]; then
      echo "FAIL [$cls]: $failed of $total emitted failure tests failed"; tail -20 "$out/run.log"; fail=1; return
    fi
    no_process_left "$out/failures" || { echo "FAIL [$cls]: the emitted tests left processes"; fail=1; return; }
  fi
  echo "ok   [$cls]: $(grep -Eo "$pattern" "$out/stdout" | head -1)"
}

strategy_case() {
  local strategy=$1 cls=$2 pattern=$3
  shift 3
  local out="$work/$strategy-$cls"
  mkdir -p "$out"
  "$objgen" "$strategy" --header "$header" --class "hostile::$cls" --call-timeout 0.5 -q \
    --report-json "$out/report.json" "$@" >"$out/stdout" 2>"$out/stderr"
  local rc=$?
  local bytes=$(($(stat -c %s "$out/stdout") + $(stat -c %s "$out/stderr")))
  if [ "$rc" -eq 0 ] && [ "$bytes" -lt 1048576 ] && grep -Eq "$pattern" "$out/stdout" &&
      python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); s=json.dumps(r); assert "\"sequence\"" in s' "$out/report.json" &&
      no_process_left "$out/"; then
    echo "ok   [$strategy $cls]: $(grep -Eo "$pattern" "$out/stdout" | head -1)"
  else
    echo "FAIL [$strategy $cls]: exit $rc, $bytes bytes"; head -20 "$out/stdout"; tail -5 "$out/stderr"; fail=1
  fi
}
# A process the code under test tries to kill (KillsOthers), in the parts that use it.
if wants escape || wants strategies; then
  sleep 300 &
  sibling=$!
fi

if wants process; then
run_case LaterCrash 'poke\(\): the call started a thread'
run_case Spinner 'poke\(\): the call started a thread'
run_case ForkReturns 'poke\(\): the call forked a process'
run_case ForkSleeps 'poke\(\): the call forked a process'
run_case Exits 'poke\(\): process exited with status 0'
run_case QuickExits 'poke\(\): process exited with status 0'
run_case UnderscoreExits 'poke\(\): process exited with status 0'
run_case RaisesKill 'poke\(\): SIGKILL'
run_case RaisesTerm 'poke\(\): SIGTERM'
run_case RaisesUsr1 'poke\(\): SIGUSR1'
run_case CopyAbortsAlways 'copying the object it built: SIGABRT'
run_case CopyAbortsLater 'add\(int\): copying the object: SIGABRT'
run_case DtorCrashes 'add\(int\): SIGSEGV'
run_case DtorSleeps 'timeout in DtorSleeps::add\(int\)'
fi

if wants heap; then
# Heap damage is seen by objgen's checked allocator when the block is freed, inside the call;
# the emitted test shows it under AddressSanitizer.
run_case Overrun 'poke\(\): heap damage: a block was written past its end' emit-asan
run_case OffByOne 'poke\(\): heap damage: a block was written past its end' emit-asan
# --heap-check off: plain jemalloc, the damage goes unseen, also when switching from on (and a
# bad mode is refused).
OBJGEN_HEAP_CHECK=on "$objgen" exhaustive --header "$header" --class "hostile::OffByOne" --scope 3 -q --heap-check off >"$work/off.out" 2>&1
grep -q 'failures 0' "$work/off.out" || { echo "FAIL [OffByOne]: --heap-check off still checks"; cat "$work/off.out"; fail=1; }
"$objgen" exhaustive --header "$header" --class "hostile::OffByOne" --scope 3 -q --heap-check sometimes >"$work/bad.out" 2>&1
[ $? -eq 2 ] && grep -q 'heap-check' "$work/bad.out" || { echo "FAIL: a bad --heap-check is not refused"; fail=1; }
# Legal uses of the allocator are no damage (the default for a --header class is on).
"$objgen" exhaustive --header "$header" --class "hostile::AllocatesCarefully" --scope 3 >"$work/careful.out" 2>&1
grep -q 'heap check on' "$work/careful.out" && grep -q 'failures 0' "$work/careful.out" ||
  { echo "FAIL [AllocatesCarefully]: legal allocations reported"; cat "$work/careful.out"; fail=1; }
# Without AddressSanitizer the heap-damage test says how to see the fault instead of passing.
if "$cxx" -std=c++20 -O1 -I"$src/tests/hostile_inputs" "$work/OffByOne/gtest/"*_failures_test.cpp \
    -lgtest -lgtest_main -pthread -o "$work/offbyone_plain" 2>/dev/null &&
    "$work/offbyone_plain" 2>&1 | grep -q 'SKIPPED.*Finding0'; then
  echo "ok   [OffByOne]: skipped without -fsanitize=address"
else
  echo "FAIL [OffByOne]: the plain build's heap-damage test is not skipped"; fail=1
fi
run_case DoubleFree 'poke\(\): heap damage: a block was freed twice' emit-asan
run_case Leaky 'out-of-memory in Leaky::poke\(\)' emit --memory-limit 1G --worker-memory-limit 256M
run_case Hog 'out-of-memory in Hog::poke\(\)' emit --worker-memory-limit 256M
fi

if wants escape; then
# Damage that shows later: the death is confirmed in a fresh worker first, and says it was not
# its own; the run's states are those of a clean run (6), and its emitted test is skipped.
run_case Poisoner 'add\(int\): SIGSEGV.*not when run first in a fresh one' no-emit
grep -q '^structures 6  explored 28 ' "$work/Poisoner/stdout" || { echo "FAIL [Poisoner]: states differ from a clean run"; fail=1; }
run_case CorruptsItself 'poke\(\): reading the object it built: (SIG|exception)'
# Signals outside the worker are blocked before they happen, so there is nothing for an emitted
# test (outside objgen's sandbox) to reproduce safely.
run_case ProbesEveryone 'poke\(\): SIGSYS.*outside its worker' no-emit
run_case Escaper 'regroup\(\): SIGSYS.*outside its worker' no-emit
grep -q 'own(): SIGSYS' "$work/Escaper/stdout" || { echo "FAIL [Escaper]: F_SETOWN not trapped"; fail=1; }
HOSTILE_SIBLING=$sibling run_case KillsOthers 'parricide\(\): SIGSYS.*outside its worker' no-emit
if kill -0 "$sibling" 2>/dev/null; then echo "ok   [KillsOthers]: the sibling process survived"; else echo "FAIL [KillsOthers]: sibling killed"; fail=1; fi
grep -q 'poke(): SIGSYS' "$work/KillsOthers/stdout" || { echo "FAIL [KillsOthers]: poke not reported"; fail=1; }

fi

# The same hostile code through builders and evolve: the run completes, the hostile member is a
# finding with its sequence in the report, output stays small, nothing is left running.
if wants strategies; then
strategy_case builders ForkSleeps 'poke\(\): the call forked a process' --scope 3
strategy_case builders LaterCrash 'poke\(\): the call started a thread' --scope 3
strategy_case builders CopyAbortsLater 'copying' --scope 3
HOSTILE_SIBLING=$sibling strategy_case builders KillsOthers 'SIGSYS' --scope 3
strategy_case builders Overrun 'poke\(\): heap damage' --scope 3
strategy_case evolve DoubleFree 'poke\(\): heap damage: a block was freed twice' --generations 5
strategy_case builders Leaky 'out-of-memory in Leaky::poke' --scope 3 --worker-memory-limit 256M
strategy_case evolve Leaky 'out-of-memory in Leaky::poke' --generations 3 --worker-memory-limit 256M
strategy_case evolve Exits 'poke\(\): process exited with status 0' --generations 5
strategy_case evolve ForkSleeps 'poke\(\): the call forked a process' --generations 5
kill -0 "$sibling" 2>/dev/null || { echo "FAIL [builders KillsOthers]: sibling killed"; fail=1; }
fi
[ -n "${sibling:-}" ] && kill "$sibling" 2>/dev/null

if wants output; then
# Output floods and fd games in the code under test do not reach objgen's own output.
for cls in Flood FdCloser FdHijacker; do
  out="$work/$cls"
  mkdir -p "$out"
  if "$objgen" exhaustive --header "$header" --class "hostile::$cls" --scope 3 --report-json "$out/report.json" \
      >"$out/stdout" 2>"$out/stderr" &&
      grep -q '^structures 6 ' "$out/stdout" &&
      [ $(($(stat -c %s "$out/stdout") + $(stat -c %s "$out/stderr"))) -lt 1048576 ] &&
      no_process_left "$out/"; then
    echo "ok   [$cls]: objgen's summary intact ($(stat -c %s "$out/stdout") + $(stat -c %s "$out/stderr") bytes)"
  else
    echo "FAIL [$cls]"; cat "$out/stdout"; tail -c 500 "$out/stderr"; fail=1
  fi
done
fi
exit $fail
