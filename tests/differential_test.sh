#!/usr/bin/env bash
# Differential testing end to end (--reference-header): a planted-bug class of tests/differential/
# is compared with its fixed version by `exhaustive --methods all --scope 4` and by `random`; each
# finds the bug as at most four differences, every one 1-minimal and confirmed; the emitted
# differences suite, on the user's class alone, fails on the buggy header and passes once the
# fixed one is put in its place. Part `errors`: a missing or unusable reference exits 2, and
# --reference-include finds the other version of the same header.
set -u
objgen=$1
src=$2
part=$3
cxx=${4:-g++}
. "$(dirname "$0")/check_lib.sh"
subjects="$src/tests/differential"

# The report's differences: between 1 and 4, each 1-minimal, none left unconfirmed.
differences_ok() {
  python3 - "$1" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
d = j["differences"]
ok = 1 <= len(d) <= 4 and all(x["one_minimal"] for x in d) and not j["unconfirmed_differences"]
print(len(d), "differences", [x["message"] for x in d])
sys.exit(0 if ok else 1)
PY
}

# The suite against the header in `version`: `expect` fail or pass. The suite includes the header
# by its name, so another copy of it is chosen with -I alone.
suite_against() {
  local name=$1 version=$2 expect=$3 suite=$4
  grep -q "^#include \"$name.hpp\"" "$suite" || { echo "the suite does not include $name.hpp by its name"; return 1; }
  cp "$suite" "$work/$version.cpp"
  "$cxx" -std=c++20 -I"$subjects/$version" "$work/$version.cpp" -lgtest -lgtest_main -pthread -o "$work/$version" || return 1
  if [ "$expect" = fail ]; then ! "$work/$version" >"$work/$version.log" 2>&1; else "$work/$version" >"$work/$version.log" 2>&1; fi
}

planted() {
  local name=$1 class=$2
  local args=(--header "$subjects/buggy/$name.hpp" --class "planted::$class" --reference-header "$subjects/fixed/$name.hpp" -q)
  check "$name: exhaustive --methods all --scope 4 with the reference" \
    "$objgen" exhaustive "${args[@]}" --methods all --scope 4 --report-json "$work/ex.json" --emit-gtest "$work/ex"
  check "$name: exhaustive: 1..4 differences, 1-minimal, confirmed" differences_ok "$work/ex.json"
  check "$name: the differences suite fails on the buggy class" suite_against "$name" buggy fail "$work/ex/${name}_differences_test.cpp"
  check "$name: ...and passes with the fixed header in its place" suite_against "$name" fixed pass "$work/ex/${name}_differences_test.cpp"
  check "$name: random with the reference" "$objgen" random "${args[@]}" --max-calls 20000 --seed 1 --report-json "$work/random.json"
  check "$name: random: 1..4 differences, 1-minimal, confirmed" differences_ok "$work/random.json"
}

errors() {
  local args=(exhaustive --header "$subjects/buggy/ledger.hpp" --class planted::Ledger --scope 2 -q)
  check "a missing reference header exits 2" expect_exit2 "is not a file" "$objgen" "${args[@]}" --reference-header "$work/none.hpp"
  check "a reference class the header lacks exits 2" expect_exit2 "planted::Nothing" "$objgen" "${args[@]}" \
    --reference-header "$subjects/fixed/ledger.hpp" --reference-class planted::Nothing
  check "--reference-class alone exits 2" expect_exit2 "needs --reference-header or --reference-include" "$objgen" "${args[@]}" \
    --reference-class planted::Ledger
  # The other version of the same header, found under another include root.
  mkdir -p "$work/v1/lib" "$work/v2/lib"
  cp "$subjects/fixed/ledger.hpp" "$work/v1/lib/ledger.hpp"
  cp "$subjects/buggy/ledger.hpp" "$work/v2/lib/ledger.hpp"
  check "--reference-include: the version under v1 is the reference" "$objgen" exhaustive --header "$work/v2/lib/ledger.hpp" \
    --class planted::Ledger --scope 3 --methods all -q --reference-include "$work/v1" --report-json "$work/inc.json" -- -I"$work/v2"
  check "--reference-include: the change is found" differences_ok "$work/inc.json"
  # The header included by name, as a library's users write it: the suite includes it so, and one
  # -I picks the version it runs against.
  check "--reference-include, the header by name: the change is found" "$objgen" exhaustive --header '<lib/ledger.hpp>' \
    --class planted::Ledger --scope 3 --methods all -q --reference-include "$work/v1" --report-json "$work/named.json" \
    --emit-gtest "$work/named" -- -I"$work/v2"
  check "... 1..4 differences, 1-minimal, confirmed" differences_ok "$work/named.json"
  check "... its suite includes <lib/ledger.hpp>, fails against v2 and passes against v1" bash -c "
    suite='$work/named/ledger_differences_test.cpp'
    grep -q '#include <lib/ledger.hpp>' \"\$suite\" &&
    '$cxx' -std=c++20 -I'$work/v2' \"\$suite\" -lgtest -lgtest_main -pthread -o '$work/named_v2' &&
    '$cxx' -std=c++20 -I'$work/v1' \"\$suite\" -lgtest -lgtest_main -pthread -o '$work/named_v1' &&
    ! '$work/named_v2' >'$work/named_v2.log' 2>&1 && '$work/named_v1' >'$work/named_v1.log' 2>&1"
  check "the same class as its own reference differs nowhere" bash -c "\"$objgen\" exhaustive --header \"$subjects/fixed/ledger.hpp\" \
    --class planted::Ledger --scope 3 --methods all -q --reference-header \"$subjects/fixed/ledger.hpp\" --report-json \"$work/same.json\" &&
    [ \"\$(python3 -c \"import json; print(len(json.load(open('$work/same.json'))['differences']))\")\" = 0 ]"
}

case $part in
  lru_cache) planted lru_cache LruCache ;;
  ring_buffer) planted ring_buffer RingBuffer ;;
  interval_set) planted interval_set IntervalSet ;;
  bounded_stack) planted bounded_stack BoundedStack ;;
  sorted_multiset) planted sorted_multiset SortedMultiset ;;
  min_heap) planted min_heap MinHeap ;;
  ledger) planted ledger Ledger ;;
  errors) errors ;;
  *) echo "unknown part $part"; exit 2 ;;
esac
exit "$fail"
