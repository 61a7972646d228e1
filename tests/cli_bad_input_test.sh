#!/usr/bin/env bash
# Bad input: one clear line naming the problem, exit code 2, nothing written.
set -u
objgen=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

expect_usage_error() {
  local what=$1 pattern=$2
  shift 2
  local err rc
  err=$("$objgen" "$@" 2>&1 >/dev/null)
  rc=$?
  if [ $rc -ne 2 ]; then
    echo "FAIL [$what]: exit $rc, expected 2: $err"; fail=1
  elif ! grep -q -- "$pattern" <<<"$err"; then
    echo "FAIL [$what]: message does not mention '$pattern': $err"; fail=1
  else
    echo "ok   [$what]: $(head -1 <<<"$err")"
  fi
}

expect_usage_error "unknown example" "unknown example 'nosuch'" exhaustive --example nosuch
expect_usage_error "bad scope" "bad scope 0" exhaustive --example ncl --scope 0
expect_usage_error "non-numeric scope" "scope" exhaustive --example ncl --scope many
expect_usage_error "malformed int domain" "malformed integer" exhaustive --example ncl --ints 1..x
expect_usage_error "empty int range" "empty integer range" exhaustive --example ncl --ints 5..1
expect_usage_error "malformed double" "malformed double" exhaustive --example ncl --doubles 1.2.3
expect_usage_error "malformed regex" "malformed --omit-fields regex" exhaustive --example ncl --omit-fields '(['
expect_usage_error "unknown method" "unknown method 'push'" exhaustive --example ncl --methods push
expect_usage_error "missing methods file" "cannot read methods file" exhaustive --example ncl --methods @"$tmp/none"
expect_usage_error "unwritable gtest dir" "output directory" exhaustive --example ncl --emit-gtest /proc/objgen-test
expect_usage_error "unwritable report" "cannot" exhaustive --example ncl --report-json /proc/objgen-test/r.json
expect_usage_error "bad isolation" "--isolation: takes fork or none" exhaustive --example ncl --isolation maybe
expect_usage_error "unknown subcommand" "" frobnicate
expect_usage_error "infinite call timeout" "--call-timeout" exhaustive --example ncl --call-timeout 1e308
expect_usage_error "negative count" "--gtest-max-states" random --example ncl --gtest-max-states -1
expect_usage_error "empty report path" "--report-json" builders --example ncl --report-json ''
expect_usage_error "tiny worker memory" "worker needs to run" exhaustive --example ncl --worker-memory-limit 1
expect_usage_error "code in --class" "not a C++ type name" exhaustive --header x.hpp --class 'A; }'
expect_usage_error "directory as report" "is a directory" exhaustive --example ncl --report-json "$tmp"

# Nothing half-written: a failed run leaves no report behind.
"$objgen" exhaustive --example ncl --scope 0 --report-json "$tmp/r.json" 2>/dev/null
[ ! -e "$tmp/r.json" ] || { echo "FAIL: report written by a failed run"; fail=1; }

# --help works and names the main options.
"$objgen" exhaustive --help | grep -q -- "--emit-gtest" || { echo "FAIL: --help"; fail=1; }
"$objgen" examples | grep -q "^ncl " || { echo "FAIL: examples list"; fail=1; }

# A time limit ends with a consistent partial report.
"$objgen" exhaustive --example ncl --scope 8 --time-limit 1 -q --report-json "$tmp/partial.json" >/dev/null
grep -q '"complete": false' "$tmp/partial.json" && grep -q '"stopped_by": "time limit"' "$tmp/partial.json" \
  || { echo "FAIL: partial report"; fail=1; }

exit $fail
