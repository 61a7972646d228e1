#!/usr/bin/env bash
# Issue 3's performance targets: scan time of headers pulling in much of the standard library or
# Boost (target < 5 s), and a strategy's first run (scan + compile + generate) against its cached
# second run (target: starts at once, no recompilation).
# Usage: bench/harness_bench.sh [build/objgen]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objgen=${1:-$here/build/objgen}
export OBJGEN_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$OBJGEN_CACHE_DIR"' EXIT

now() { date +%s.%N; }
printf '%-46s %s\n' "scan (parse + extract)" "seconds"
scan() {  # scan LABEL HEADER CLASS
  local t
  t=$("$objgen" scan --header "$2" --class "$3" --time -o - 2>&1 >/dev/null | sed -n 's/^objgen: parse \([0-9.]*\) s, extract \([0-9.]*\) s$/\1 + \2/p')
  printf '%-46s %s\n' "$1" "$t"
}
scan "stl_heavy.hpp (vector, map, string, memory, ...)" "$here/tests/scan_inputs/stl_heavy.hpp" heavy::Registry
scan "<boost/circular_buffer.hpp>" '<boost/circular_buffer.hpp>' 'boost::circular_buffer<int>'
scan "<boost/dynamic_bitset.hpp>" '<boost/dynamic_bitset.hpp>' 'boost::dynamic_bitset<>'

echo
printf '%-28s %10s %10s\n' "exhaustive --scope 4" "first (s)" "cached (s)"
run() {  # run LABEL HEADER CLASS METHODS [-- flags]
  local label=$1 header=$2 class=$3 methods=$4 a b c
  shift 4
  a=$(now); "$objgen" exhaustive --header "$header" --class "$class" --scope 4 --methods "$methods" -q "$@" >/dev/null
  b=$(now); "$objgen" exhaustive --header "$header" --class "$class" --scope 4 --methods "$methods" -q "$@" >/dev/null
  c=$(now)
  printf '%-28s %10.2f %10.2f\n' "$label" "$(echo "$b - $a" | bc)" "$(echo "$c - $b" | bc)"
}
run "ncl (header + .cpp)" "$here/examples/ncl/node_caching_list.hpp" examples::NodeCachingList \
  NodeCachingList,addLast,removeIndex -- "$here/examples/ncl/node_caching_list.cpp"
run "boost::circular_buffer<int>" '<boost/circular_buffer.hpp>' 'boost::circular_buffer<int>' \
  'circular_buffer::circular_buffer(unsigned long, const int&),push_back,pop_front'
run "boost::dynamic_bitset<>" '<boost/dynamic_bitset.hpp>' 'boost::dynamic_bitset<>' \
  'dynamic_bitset::dynamic_bitset(),resize,dynamic_bitset::flip(unsigned long)'
