#!/usr/bin/env bash
# Hostile code under test: each buggy example's fault is reported with a replayable sequence,
# the run completes, and the emitted failure-revealing tests compile and fail.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

check() {
  local ex=$1 kind=$2
  shift 2
  local out="$tmp/$ex"
  if ! "$objgen" exhaustive --example "$ex" --scope 3 -q --report-json "$out/report.json" --emit-gtest "$out" "$@" \
      >"$out.log" 2>&1; then
    echo "FAIL [$ex]: objgen exited non-zero"; cat "$out.log"; fail=1; return
  fi
  if ! grep -q "\"kind\": \"$kind\"" "$out/report.json"; then
    echo "FAIL [$ex]: no $kind finding"; cat "$out.log"; fail=1; return
  fi
  grep -q '"complete": true' "$out/report.json" || { echo "FAIL [$ex]: run incomplete"; fail=1; return; }
  # The failure-revealing suite compiles, and every test in it fails.
  if ! "$cxx" -std=c++20 -O1 -I"$src/examples" "$out/${ex}_failures_test.cpp" "$src"/examples/"$ex"/*[!s].cpp \
      -lgtest -lgtest_main -pthread -o "$out/failures" 2>"$out/cc.log"; then
    echo "FAIL [$ex]: failures suite does not compile"; cat "$out/cc.log"; fail=1; return
  fi
  local total failed
  total=$("$out/failures" --gtest_list_tests | grep -c '^  ')
  "$out/failures" >"$out/run.log" 2>&1
  failed=$(grep -c '^\[  FAILED  \] .*Finding[^ ]* ([0-9]* ms)' "$out/run.log")
  if [ "$total" -eq 0 ] || [ "$failed" -ne "$total" ]; then
    echo "FAIL [$ex]: $failed of $total failure tests failed"; tail -20 "$out/run.log"; fail=1; return
  fi
  echo "ok   [$ex]: $kind reported; $failed/$total emitted failure tests fail as they should"
}

check buggy_segv crash
# A failed assert() in the code under test is a likely precondition violation (listed apart, out of
# the failures suite unless asked for): with --emit-preconditions its test is written and fails.
check buggy_abort crash --emit-preconditions
python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['preconditions']; sys.exit(0 if p and 'assertion' in p[0]['why'] else 1)" \
  "$tmp/buggy_abort/report.json" && echo "ok   [buggy_abort]: listed as a likely precondition violation" ||
  { echo "FAIL [buggy_abort]: not listed as a likely precondition violation"; fail=1; }
check buggy_throw failure
check buggy_invariant invariant
check buggy_dtor crash
check buggy_hang timeout --call-timeout 0.5
exit $fail
