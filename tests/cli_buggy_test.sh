#!/usr/bin/env bash
# Hostile code under test: the failure-revealing tests emitted for each buggy example compile, and
# every one of them fails (the fault replays). That each fault is reported and the run completes
# are cases in tests/cli_cases/cli_buggy_examples.toml.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

check() {
  local ex=$1
  shift
  local out="$tmp/$ex"
  if ! "$objgen" exhaustive --example "$ex" --scope 3 -q --emit-gtest "$out" "$@" \
      >"$out.log" 2>&1; then
    echo "FAIL [$ex]: objgen exited non-zero"; cat "$out.log"; fail=1; return
  fi
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
  echo "ok   [$ex]: $failed/$total emitted failure tests fail as they should"
}

check buggy_segv
# A failed assert() in the code under test is a likely precondition violation (listed apart, out of
# the failures suite unless asked for): with --emit-preconditions its test is written and fails.
check buggy_abort --emit-preconditions
check buggy_throw
check buggy_invariant
check buggy_dtor
check buggy_hang --call-timeout 0.5
exit $fail
