#!/usr/bin/env bash
# Real library classes from Debian's headers with default flags only (no --state, no -D): the
# builders a user would name, found and proven (or honestly "unknown") within the 60 s budget;
# bounded-exhaustive counts at scopes 3 and 4 equal to the closed forms; every emitted states
# suite compiles and passes; evolve runs and its suite compiles and passes.
# library_acceptance_test.sh OBJGEN CXX [CASE]: one class (fibonacci_heap, binomial_heap, flat_set,
# btree_set, map, deque, rational, date), or all of them.
set -u
objgen=$1
cxx=${2:-g++}
case_name=${3:-}
. "$(dirname "$0")/check_lib.sh"

seconds_since() { echo "$(date +%s.%N) - $1" | bc; }

builders() {  # builders TAG HEADER CLASS BUILDERS_REGEX VERDICT_REGEX [BUDGET]
  local tag=$1 header=$2 class=$3 want=$4 verdict=$5 budget=${6:-60} start
  start=$(date +%s.%N)
  "$objgen" builders --header "$header" --class "$class" --verify --budget "$budget" >"$work/$tag.builders" 2>"$work/$tag.builders.err"
  local rc=$? took
  took=$(seconds_since "$start")
  grep -E '^(builders|scope [0-9]+:|not proven|verdict)' "$work/$tag.builders" | sed "s/^/  $tag: /"
  printf 'time   %s: builders --verify %.1f s\n' "$tag" "$took"
  check "$tag: builders --verify exits 0" [ "$rc" -eq 0 ]
  check "$tag: builders are {$want}" grep -qE "^builders \(hc, [0-9.]+ s\)[^:]*: ($want)\$" "$work/$tag.builders"
  check "$tag: verdict $verdict" grep -qE "^verdict: ($verdict)\$" "$work/$tag.builders"
  # The budget counts from the start, harness build included; a loaded CI machine adds a little.
  check "$tag: within the budget" [ "$(echo "$took < $budget + 10" | bc)" -eq 1 ]
}

counts() {  # counts TAG HEADER CLASS S3 S4 [OPTION...]: exhaustive --builders auto, emitted suites
  local tag=$1 header=$2 class=$3 s
  for s in 3 4; do
    local want=$4
    [ "$s" = 4 ] && want=$5
    "$objgen" exhaustive --header "$header" --class "$class" --builders auto --scope "$s" -q "${@:6}" \
      --emit-gtest "$work/$tag.s$s" >"$work/$tag.s$s.out" 2>&1
    grep '^structures' "$work/$tag.s$s.out" | sed "s/^/  $tag scope $s: /"
    check "$tag: $want states at scope $s" grep -q "^structures $want " "$work/$tag.s$s.out"
    local suite
    suite=$(ls "$work/$tag.s$s"/*_states_test.cpp 2>/dev/null | head -1)
    check "$tag: scope $s states suite compiles" "$cxx" -std=c++20 -O0 "$suite" -lgtest -lgtest_main -pthread \
      -o "$work/$tag.s$s/t"
    check "$tag: scope $s states suite passes" "$work/$tag.s$s/t"
  done
}

evolve() {  # evolve TAG HEADER CLASS: every method with an instrumented body, suite passes
  local tag=$1 header=$2 class=$3
  "$objgen" evolve --header "$header" --class "$class" --generations 30 -q --emit-gtest "$work/$tag.evolve" \
    >"$work/$tag.evolve.out" 2>"$work/$tag.evolve.err"
  local rc=$?
  check "$tag: evolve exits 0" [ "$rc" -eq 0 ]
  local methods full
  methods=$(grep -cE '^  .* (on|off) +[0-9]+ +[0-9]+ +[0-9]+%' "$work/$tag.evolve.out")
  full=$(grep -E '^  .* (on|off) +[0-9]+ +[0-9]+ +[0-9]+%' "$work/$tag.evolve.out" |
         awk '{for (i = 1; i <= NF; i++) if ($i ~ /%$/) {sub("%", "", $i); s += $i; break}} END {if (NR) printf "%.0f", s / NR}')
  echo "  $tag: evolve on $methods methods, full coverage in $full % of runs on average"
  check "$tag: evolve ran on methods" [ "$methods" -gt 0 ]
  local suite
  suite=$(ls "$work/$tag.evolve"/*_evolve_test.cpp 2>/dev/null | head -1)
  check "$tag: evolve suite compiles" "$cxx" -std=c++20 -O0 "$suite" -lgtest -lgtest_main -pthread -o "$work/$tag.evolve/t"
  check "$tag: evolve suite passes" "$work/$tag.evolve/t"
}

# One ctest case per class (CASE); with none, every class in turn.
# Heaps: push order shows in fibonacci_heap's iteration (Σ N^k forms); its operator== compares
# the values in priority order, so its states are the multisets (20 and 70). binomial_heap's
# iteration order shows less of the push order: 28 and 120 forms lie between the multisets and
# the sequences; its operator== walks ordered_begin(), which boost 1.74 gets wrong with equal
# values (push 1, 1, 0 yields 1 1 1 0: boostorg/heap#33), so == sets apart some heaps of one
# multiset: 23 and 96 states, where a fixed boost gives 20 and 70.
case_fibonacci_heap() {
  builders fibonacci_heap '<boost/heap/fibonacci_heap.hpp>' 'boost::heap::fibonacci_heap<int>' \
    'fibonacci_heap::fibonacci_heap\(\), fibonacci_heap::push\(const int&\)' proved
  counts fibonacci_heap '<boost/heap/fibonacci_heap.hpp>' 'boost::heap::fibonacci_heap<int>' 20 70
  counts fibonacci_heap_forms '<boost/heap/fibonacci_heap.hpp>' 'boost::heap::fibonacci_heap<int>' 40 341 --keep-representations
  evolve fibonacci_heap '<boost/heap/fibonacci_heap.hpp>' 'boost::heap::fibonacci_heap<int>'
}

case_binomial_heap() {
  builders binomial_heap '<boost/heap/binomial_heap.hpp>' 'boost::heap::binomial_heap<int>' \
    'binomial_heap::binomial_heap\(\), binomial_heap::push\(const int&\)' proved
  counts binomial_heap '<boost/heap/binomial_heap.hpp>' 'boost::heap::binomial_heap<int>' 23 96
  counts binomial_heap_forms '<boost/heap/binomial_heap.hpp>' 'boost::heap::binomial_heap<int>' 28 120 --keep-representations
  evolve binomial_heap '<boost/heap/binomial_heap.hpp>' 'boost::heap::binomial_heap<int>'
}

# Sets: 2^N.
case_flat_set() {
  builders flat_set '<boost/container/flat_set.hpp>' 'boost::container::flat_set<int>' \
    'flat_set::flat_set\(\), flat_set::insert\(const int&\)' proved
  counts flat_set '<boost/container/flat_set.hpp>' 'boost::container::flat_set<int>' 8 16
  evolve flat_set '<boost/container/flat_set.hpp>' 'boost::container::flat_set<int>'
}

case_btree_set() {
  builders btree_set '<absl/container/btree_set.h>' 'absl::btree_set<int>' \
    'btree_set::btree_set\(\), btree_set::insert\(const int&\)' proved
  counts btree_set '<absl/container/btree_set.h>' 'absl::btree_set<int>' 8 16
  evolve btree_set '<absl/container/btree_set.h>' 'absl::btree_set<int>'
}

# A map with values: Σ C(N,k)·N^k = (N+1)^N.
case_map() {
  builders map '<map>' 'std::map<int,int>' 'map::map\(\), map::(insert\(int, int\)|emplace\(int&&, int&&\))' proved
  counts map '<map>' 'std::map<int,int>' 64 625
  evolve map '<map>' 'std::map<int,int>'
}

# A sequence: Σ N^k (deque(n, value) builds the longer ones in one call).
case_deque() {
  builders deque '<deque>' 'std::deque<int>' \
    'deque::deque\(unsigned long, const int&\), deque::push_(front|back)\(const int&\)' proved
  counts deque '<deque>' 'std::deque<int>' 40 341
  evolve deque '<deque>' 'std::deque<int>'
}

# A value type whose arithmetic makes new values without new objects: no scope has a fixpoint
# within the budget, and the verdict says so (any budget shows it: 30 s, not the default 60).
case_rational() {
  builders rational '<boost/rational.hpp>' 'boost::rational<int>' '.*rational::rational\(const int&, const int&\).*' 'unknown|proved' 30
  evolve rational '<boost/rational.hpp>' 'boost::rational<int>'
}

# Enumerators, not ints, for date(special_values); from_string("a") rejects its input (misuse).
# Date arithmetic (operator+ with a date_duration built from its parts) makes new dates without
# new objects, like rational's: the verdict may honestly be unknown.
case_date() {
  builders date '<boost/date_time/gregorian/gregorian.hpp>' 'boost::gregorian::date' \
    '.*date::date\(boost::date_time::special_values\).*' 'unknown|proved' 30
  local s
  for s in 3 4; do
    "$objgen" exhaustive --header '<boost/date_time/gregorian/gregorian.hpp>' --class boost::gregorian::date \
      --methods 'date(boost::date_time::special_values)' --scope $s -q >"$work/date.s$s.out" 2>&1
    check "date: the five special values at scope $s" grep -q '^structures 5 ' "$work/date.s$s.out"
  done
  evolve date '<boost/date_time/gregorian/gregorian.hpp>' 'boost::gregorian::date'
  check "date: from_uk_string(\"a\") is not reported as a failure" bash -c "! grep -q 'from_uk_string.*failure' '$work/date.evolve.out'"
}

all_cases="fibonacci_heap binomial_heap flat_set btree_set map deque rational date"
for group in ${case_name:-$all_cases}; do
  case " $all_cases " in *" $group "*) "case_$group" ;; *) echo "unknown case $group"; exit 2 ;; esac
done
exit $fail
