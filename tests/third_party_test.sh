#!/usr/bin/env bash
# Real third-party code through --header/--class with no hand-written harness: Debian's
# boost::circular_buffer<int>, boost::dynamic_bitset<> and boost::heap::fibonacci_heap<int>. Scan lists the API; exhaustive
# generation with a few builders completes; the emitted GoogleTest states suite compiles and
# passes; the second run reuses the cached harness. Then the ways a --header run can go wrong.
# third_party_test.sh OBJGEN SRC CXX [CASE]: one group (containers, date_map, builders, errors), or all.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
case_name=${4:-}
. "$(dirname "$0")/check_lib.sh"

# subject TAG HEADER CLASS LISTED_METHOD SCOPE METHODS [more exhaustive options]
subject() {
  local tag=$1 header=$2 class=$3 listed=$4 scope=$5 methods=$6
  shift 6
  check "$tag: scan lists $listed" bash -c "'$objgen' scan --header '$header' --class '$class' --list | grep -q ' $listed'"
  local start end
  start=$(date +%s.%N)
  check "$tag: exhaustive --scope $scope --methods $methods completes" bash -c \
    "'$objgen' exhaustive --header '$header' --class '$class' --scope $scope --methods '$methods' -q $* \
       --emit-gtest '$work/$tag' --report-json '$work/$tag/report.json' 2>'$work/$tag.err' >'$work/$tag.out' &&
     grep -q '\"complete\": true' '$work/$tag/report.json'"
  end=$(date +%s.%N)
  cat "$work/$tag.out"
  local states=$work/$tag/${tag}_states_test.cpp
  check "$tag: emitted states suite compiles" "$cxx" -std=c++20 -O1 "$states" -lgtest -lgtest_main -pthread \
    -o "$work/$tag/states"
  check "$tag: emitted states suite passes" "$work/$tag/states"
  local count
  count=$(grep -o '^structures [0-9]*' "$work/$tag.out" | grep -o '[0-9]*')
  check "$tag: one test per state ($count)" bash -c "[ \$('$work/$tag/states' --gtest_list_tests | grep -v '_then_' | grep -c '^  ') -eq '$count' ]"
  local again_start again_end
  again_start=$(date +%s.%N)
  check "$tag: second run reuses the cached harness" bash -c \
    "'$objgen' exhaustive --header '$header' --class '$class' --scope $scope --methods '$methods' $* 2>&1 >/dev/null |
       grep -q '(cached)'"
  again_end=$(date +%s.%N)
  printf 'time   %s: first run %.2f s, cached run %.2f s\n' "$tag" "$(echo "$end - $start" | bc)" \
    "$(echo "$again_end - $again_start" | bc)"
}

# circular_buffer, dynamic_bitset, fibonacci_heap: scan, exhaustive, suites, the cached harness
case_containers() {
  subject circular_buffer_int '<boost/circular_buffer.hpp>' 'boost::circular_buffer<int>' 'push_back(' 4 \
    'circular_buffer::circular_buffer(unsigned long, const int&),push_back,pop_front'
  subject dynamic_bitset '<boost/dynamic_bitset.hpp>' 'boost::dynamic_bitset<>' 'push_back(' 4 \
    'dynamic_bitset::dynamic_bitset(),resize,dynamic_bitset::flip(unsigned long)'
  # A heap's iteration shows its push order (Σ 3^k = 40 forms at scope 3); its operator== compares
  # the values in priority order: 20 states, the multisets.
  subject fibonacci_heap_int '<boost/heap/fibonacci_heap.hpp>' 'boost::heap::fibonacci_heap<int>' 'push(' 3 \
    'fibonacci_heap::fibonacci_heap(),push'
  check "fibonacci_heap_int: 40 forms, 20 states at scope 3" bash -c \
    "grep -q '^structures 20 ' '$work/fibonacci_heap_int.out' &&
     python3 -c \"import json, sys; sys.exit(json.load(open(sys.argv[1]))['representations'] != 40)\" '$work/fibonacci_heap_int/report.json'"
}

# enumerators as arguments; member templates and pairs built from their parts
case_date_map() {
  # Enumeration arguments are its enumerators, named in emitted code (the special_values
  # constructor, not the day-number one an int would call).
  check "date: enumeration arguments are its enumerators" bash -c \
    "'$objgen' exhaustive --header '<boost/date_time/gregorian/gregorian.hpp>' --class boost::gregorian::date \
       --methods 'date::date(boost::date_time::special_values)' --scope 3 -q --emit-gtest '$work/date' >'$work/date.out' 2>&1 &&
     grep -q '^structures 5 ' '$work/date.out' &&
     grep -q 'make_shared<boost::gregorian::date>(boost::date_time::special_values::pos_infin)' '$work/date/date_states_test.cpp'"
  check "date: emitted suite compiles and passes" bash -c \
    "'$cxx' -std=c++20 -O0 '$work/date/date_states_test.cpp' -lgtest -lgtest_main -pthread -o '$work/date/t' && '$work/date/t' >/dev/null"

  # A member template instantiated for the class's own types: map::emplace(key, value) builds
  # maps with values, Σ C(3,k)·3^k = 64 states at scope 3.
  check "map<int,int>: emplace(int&&, int&&) instantiated, 64 states at scope 3" bash -c \
    "'$objgen' exhaustive --header '<map>' --class 'std::map<int,int>' --methods 'map::map(),emplace' --scope 3 -q \
       >'$work/map.out' 2>&1 && grep -q '^structures 64 ' '$work/map.out'"

  # A std::pair argument built from its parts: map::insert(value_type) in emitted code as
  # insert(std::pair<const int, int>(k, v)).
  check "map<int,int>: insert(const value_type&) from its parts, 64 states, suite compiles and passes" bash -c \
    "'$objgen' exhaustive --header '<map>' --class 'std::map<int,int>' --methods 'map(),insert' --scope 3 -q \
       --emit-gtest '$work/mapins' >'$work/mapins.out' 2>&1 && grep -q '^structures 64 ' '$work/mapins.out' &&
     grep -q 'insert(std::pair<const int, int>(0, 2))' '$work/mapins/'*_states_test.cpp &&
     '$cxx' -std=c++20 -O0 '$work/mapins/'*_states_test.cpp -lgtest -lgtest_main -pthread -o '$work/mapins/t' &&
     '$work/mapins/t' >/dev/null"
}

# builders and evolve on absl, Boost and std classes
case_builders() {
  # Members brought in by `using Base::insert` are the class's own (absl's btree_set has no other
  # insert); an implementation base's members (flat_tree's insert_equal) are chosen last.
  for c in "absl::btree_set<int>|<absl/container/btree_set.h>|btree_set" \
           "boost::container::flat_set<int>|<boost/container/flat_set.hpp>|flat_set"; do
    IFS='|' read -r cls hdr short <<<"$c"
    check "$short: builders {ctor, insert}, proven at scopes 3 and 4 with 2^N states" bash -c \
      "'$objgen' builders --header '$hdr' --class '$cls' --verify --verify-scopes 3,4 >'$work/$short.builders' 2>&1 &&
       grep -q '^builders (hc, .*): $short::$short(), $short::insert(const int&)\$' '$work/$short.builders' &&
       grep -q '^scope 4: builders build 16 states' '$work/$short.builders' && grep -q '^verdict: proved' '$work/$short.builders'"
    grep -E '^(builders|scope)' "$work/$short.builders"
  done

  # Coverage of a standard container: objgen's process holds its own copies of std::deque<int>'s
  # members (libclang-cpp); the harness's instrumented ones must be those that run.
  check "deque<int>: evolve measures the harness's own instrumented push_back" bash -c \
    "'$objgen' evolve --header '<deque>' --class 'std::deque<int>' --methods 'push_back(const int&)' --generations 30 \
       --coverage-scope class -q \
       >'$work/deque_evolve.out' 2>&1 && grep -qE 'push_back\(const int&\) +on +[0-9]+ +1 +100%' '$work/deque_evolve.out'"
  # A member brought in by `using Base::insert` runs the base's body: that one is instrumented.
  check "btree_set: evolve covers insert, declared in a base and brought in by using" bash -c \
    "'$objgen' evolve --header '<absl/container/btree_set.h>' --class 'absl::btree_set<int>' --methods 'insert(const int&),emplace' \
       --generations 30 --coverage-scope class -q >'$work/btree_evolve.out' 2>&1 && grep -qE 'insert\(const int&\) +on +[0-9]+ +1 +100%' '$work/btree_evolve.out' &&
     grep -qE 'emplace\(int&&\) +on +[0-9]+ +1 +100%' '$work/btree_evolve.out'"

  # Builder identification on all public methods of circular_buffer<int> (issue 4), proven at scope 3.
  check "circular_buffer_int: builders identified from the whole API and proven sufficient and minimal at scope 3" \
    bash -c "'$objgen' builders --header '<boost/circular_buffer.hpp>' --class 'boost::circular_buffer<int>' --scope 3 \
               --verify --verify-scopes 3 2>/dev/null >'$work/cb_builders.txt' &&
             grep -q 'sufficient: yes' '$work/cb_builders.txt' && grep -q 'minimal: yes' '$work/cb_builders.txt'"
  grep '^builders' "$work/cb_builders.txt"
}

# what goes wrong, said with exit 2
case_errors() {
  # What goes wrong is said, with exit 2.
  printf '#include <vector>\nnamespace x { struct Bad { std::vectr<int> v; }; }\n' >"$work/bad.hpp"
  check "syntax error: Clang's file:line:col, exit 2" expect_exit2 'bad.hpp:2:[0-9]*: error:' \
    "$objgen" exhaustive --header "$work/bad.hpp" --class x::Bad
  check "unknown class: exit 2 with the closest name" expect_exit2 '  examples::NodeCachingList' \
    "$objgen" builders --header "$src/examples/ncl/node_caching_list.hpp" --class examples::NodeCacheList
  check "missing implementation: exit 2 naming what to pass" expect_exit2 'pass its sources or libraries' \
    "$objgen" exhaustive --header "$src/examples/ncl/node_caching_list.hpp" --class examples::NodeCachingList -q
  printf 'int broken( {\n' >"$work/broken.cpp"
  check "source that does not compile: exit 2 with the compiler's error" expect_exit2 'broken.cpp:1:[0-9]*: error' \
    "$objgen" exhaustive --header "$src/examples/ncl/node_caching_list.hpp" --class examples::NodeCachingList -q \
    -- "$work/broken.cpp"
  check "two subjects: exit 2" expect_exit2 'only one of' \
    "$objgen" exhaustive --example ncl --header "$src/examples/ncl/node_caching_list.hpp" --class x
  check "--class without --header: exit 2" expect_exit2 'go with --header' "$objgen" exhaustive --example ncl --class x
  check "--harness that is not one: exit 2" expect_exit2 'not an objgen harness' \
    "$objgen" exhaustive --harness /lib/x86_64-linux-gnu/libz.so.1
  check "unwritable cache: exit 2 naming OBJGEN_CACHE_DIR" expect_exit2 'OBJGEN_CACHE_DIR' \
    env OBJGEN_CACHE_DIR=/proc/objgen-no-cache "$objgen" exhaustive --header "$src/examples/ncl/node_caching_list.hpp" \
    --class examples::NodeCachingList -q
  check "nothing half-written in the cache" bash -c "! ls '$OBJGEN_CACHE_DIR'/harness | grep -q tmp"
}

all_cases="containers date_map builders errors"
for group in ${case_name:-$all_cases}; do
  case " $all_cases " in *" $group "*) "case_$group" ;; *) echo "unknown case $group"; exit 2 ;; esac
done
exit $fail
