#!/usr/bin/env bash
# objgen params --emit-benchmark --sweep --run-benchmarks on five methods whose complexity the
# libraries document, through the headers with default flags: prints each sweep's fitted
# complexity against the documented one, and how many of all the emitted benchmarks ran without
# an error. Usage: bench/params_sweeps.sh [--objgen PATH] [--keep DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objgen=$here/build/objgen keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --objgen) objgen=$2; shift ;;
    --keep) keep=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
out=${keep:-$(mktemp -d)}
mkdir -p "$out"
[ -n "$keep" ] || trap 'rm -rf "$out"' EXIT

# header|class|method|documented complexity (Google Benchmark's spelling)
sweeps=(
  "<boost/container/vector.hpp>|boost::container::vector<int>|push_back|(1)"
  "<boost/container/flat_set.hpp>|boost::container::flat_set<int>|insert|N"
  "<boost/container/flat_set.hpp>|boost::container::flat_set<int>|find|lgN"
  "<boost/dynamic_bitset.hpp>|boost::dynamic_bitset<>|count|N"
  "<boost/container/deque.hpp>|boost::container::deque<int>|push_front|(1)"
)
printf "%-34s %-12s %-11s %-8s %s\n" class method documented fitted benchmarks
right=0 ran=0 total=0 i=0
for s in "${sweeps[@]}"; do
  IFS='|' read -r header cls method documented <<<"$s"
  i=$((i + 1))
  "$objgen" params --header "$header" --class "$cls" -q --repository none --emit-benchmark "$out/$i" \
    --sweep "$method:n=10..100000" --run-benchmarks >"$out/$i.txt" 2>"$out/$i.err" || { echo "$cls $method: objgen failed"; cat "$out/$i.err"; continue; }
  fitted=$(sed -n 's/^sweep .* O(\(.*\))$/\1/p' "$out/$i.txt" | head -1)
  counts=$(sed -n 's/^\([0-9]*\) benchmarks ran, \([0-9]*\) skipped.*/\1 \2/p' "$out/$i.txt")
  read -r n bad <<<"$counts"
  total=$((total + n)) ran=$((ran + n - bad))
  [ "$fitted" = "$documented" ] && right=$((right + 1))
  printf "%-34s %-12s %-11s %-8s %s run, %s with an error\n" "$cls" "$method" "O($documented)" "O($fitted)" "$n" "$bad"
done
echo "sweeps with the documented complexity: $right of ${#sweeps[@]}; benchmarks without an error: $ran of $total"
