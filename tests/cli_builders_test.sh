#!/usr/bin/env bash
# objgen builders from the command line: the report, a disproved set (exit 1 with a witness),
# --builders auto computing then reusing the cached builders, and bad input (exit 2).
set -u
objgen=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export OBJGEN_CACHE_DIR=$tmp/cache
fail=0
check() {  # description, then a command that must succeed
  local what=$1
  shift
  if "$@"; then echo "ok   [$what]"; else echo "FAIL [$what]"; fail=1; fi
}

"$objgen" builders --example rbt --verify --verify-scopes 4,5 --report-json "$tmp/rbt.json" -o "$tmp/rbt_builders.json" -q \
  >"$tmp/rbt.out" 2>&1
check "rbt: proven builders exit 0" [ $? -eq 0 ]
check "rbt: report names builders" grep -q '"RedBlackTree::remove(int)"' "$tmp/rbt.json"
for key in builders observers seconds sufficient minimal witnesses; do
  check "rbt: report has $key" grep -q "\"$key\":" "$tmp/rbt.json"
done
check "rbt: sufficient and minimal" grep -q '"sufficient": true' "$tmp/rbt.json"
check "rbt: builders file written" grep -q '"algorithm": "hc"' "$tmp/rbt_builders.json"

"$objgen" builders --example rbt --builders RedBlackTree,add --verify --verify-scopes 5 -q >"$tmp/bad.out" 2>&1
rc=$?
check "rbt without remove: exit 1" [ $rc -eq 1 ]
check "rbt without remove: insufficient" grep -q "sufficient: NO" "$tmp/bad.out"
check "rbt without remove: witness uses remove" grep -q -- "->remove(" "$tmp/bad.out"

"$objgen" exhaustive --example rbt --builders auto --scope 4 >"$tmp/auto0.out" 2>&1
check "--builders auto reuses what builders --verify found" grep -q "builders reused" "$tmp/auto0.out"
OBJGEN_CACHE_DIR=$tmp/cache2 "$objgen" exhaustive --example rbt --builders auto --scope 4 >"$tmp/auto1.out" 2>&1
check "--builders auto computes" grep -q "builders identified" "$tmp/auto1.out"
OBJGEN_CACHE_DIR=$tmp/cache2 "$objgen" exhaustive --example rbt --builders auto --scope 4 >"$tmp/auto2.out" 2>&1
check "--builders auto reuses" grep -q "builders reused" "$tmp/auto2.out"
check "--builders auto: same structures" diff <(grep ^structures "$tmp/auto1.out" | cut -d" " -f1-4) <(grep ^structures "$tmp/auto2.out" | cut -d" " -f1-4)
check "--builders auto: 29 structures at scope 4" grep -q "^structures 29 " "$tmp/auto2.out"
"$objgen" exhaustive --example rbt --builders "$tmp/rbt_builders.json" --scope 4 -q >"$tmp/file.out" 2>&1
check "--builders FILE" grep -q "^structures 29 " "$tmp/file.out"

expect_exit2() {
  local what=$1 pattern=$2
  shift 2
  local err
  err=$("$objgen" "$@" 2>&1 >/dev/null)
  local rc=$?
  if [ $rc -eq 2 ] && grep -q -- "$pattern" <<<"$err"; then echo "ok   [$what]: $err"
  else echo "FAIL [$what]: exit $rc: $err"; fail=1; fi
}
expect_exit2 "bad algo" "--algo: takes hc or ga" builders --example rbt --algo sa
expect_exit2 "bad verify scopes" "verify-scopes" builders --example rbt --verify --verify-scopes 4,x
expect_exit2 "unknown builder" "unknown method" builders --example rbt --builders nosuch --verify
expect_exit2 "builders file of another class" "is for class" exhaustive --example sll --builders "$tmp/rbt_builders.json"
echo '{ nope' >"$tmp/broken.json"
expect_exit2 "malformed builders file" "malformed builders file" exhaustive --example rbt --builders "$tmp/broken.json"
expect_exit2 "methods and builders" "not both" exhaustive --example rbt --builders auto --methods add
expect_exit2 "empty builders list" "names no method" builders --example rbt --builders "," --verify
"$objgen" builders --example rbt --verify --ints 0..1 -q >"$tmp/ints.out" 2>&1
check "--ints 0..1: two values make 5 red-black trees at every scope" grep -q "^scope 5: builders build 5 states, the whole API 5" "$tmp/ints.out"
expect_exit2 "malformed --ints" "malformed integer" builders --example rbt --ints 0..x
expect_exit2 "bad --scope" "bad --scope" builders --example rbt --scope 3,4
expect_exit2 "zero fitness calls" "must be > 0" builders --example rbt --fitness-calls 0
cache=$(ls "$tmp"/cache/builders/*.json)
echo '[1,2' >"$cache"
"$objgen" exhaustive --example rbt --builders auto --scope 4 >"$tmp/auto3.out" 2>&1
check "corrupt cache: identified again" grep -q "builders identified" "$tmp/auto3.out"
check "corrupt cache: same structures" grep -q "^structures 29 " "$tmp/auto3.out"
exit $fail
