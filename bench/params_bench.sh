#!/usr/bin/env bash
# objgen params on issue 14's development set, through the headers with default flags, on the
# checked build (-D_GLIBCXX_ASSERTIONS + UBSan): per class, methods, how many ran with the
# heuristics and with the uniform-random baseline (same tries), failures seen and handled per
# cause, and the time (the first run includes the harness build; --warm runs each twice and
# reports the second).
#
# Usage: bench/params_bench.sh [--objgen PATH] [--tries N] [--seed S] [--keep DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objgen=$here/build/objgen
tries=16 seed=1 keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --objgen) objgen=$2; shift ;;
    --tries) tries=$2; shift ;;
    --seed) seed=$2; shift ;;
    --keep) keep=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
out=${keep:-$(mktemp -d)}
mkdir -p "$out"
[ -n "$keep" ] || trap 'rm -rf "$out"' EXIT

subjects=(
  "<boost/container/vector.hpp>|boost::container::vector<int>"
  "<boost/container/deque.hpp>|boost::container::deque<int>"
  "<boost/container/flat_set.hpp>|boost::container::flat_set<int>"
  "<boost/container/string.hpp>|boost::container::string"
  "<boost/circular_buffer.hpp>|boost::circular_buffer<int>"
  "<boost/dynamic_bitset.hpp>|boost::dynamic_bitset<>"
  "<bitset>|std::bitset<64>"
)
printf "%-34s %7s %6s %7s %7s %9s %8s %7s\n" class methods ran "ran %" "base %" failures handled seconds
i=0
for s in "${subjects[@]}"; do
  header=${s%%|*} cls=${s##*|}
  i=$((i + 1))
  start=$(date +%s.%N)
  "$objgen" params --header "$header" --class "$cls" --baseline --tries "$tries" --seed "$seed" --repository none -q \
    --report-json "$out/$i.json" >"$out/$i.txt" 2>"$out/$i.err" || { echo "$cls: objgen failed"; cat "$out/$i.err"; continue; }
  secs=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$start" "$(date +%s.%N)")
  python3 - "$out/$i.json" "$cls" "$secs" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
s, b = j["summary"], j["baseline"]
print(f"{sys.argv[2]:<34} {s['methods']:>7} {s['ran']:>6} {s['ran_percent']:>6.1f}% {b['ran_percent']:>6.1f}% "
      f"{s['failures_seen']:>9} {s['failures_handled']:>8} {float(sys.argv[3]):>7.1f}")
PY
done
python3 - "$out" "$i" <<'PY'
import json, sys, collections
methods = ran = base = seen = handled = 0
causes = collections.Counter(); causes_h = collections.Counter()
for k in range(1, int(sys.argv[2]) + 1):
    try:
        j = json.load(open(f"{sys.argv[1]}/{k}.json"))
    except OSError:
        continue
    s, b = j["summary"], j["baseline"]
    methods += s["methods"]; ran += s["ran"]; base += b["ran"]
    seen += s["failures_seen"]; handled += s["failures_handled"]
    for c, t in s["causes"].items():
        causes[c] += t["seen"]; causes_h[c] += t["handled"]
pct = lambda a, b: 100.0 * a / b if b else 0.0
print(f"{'all':<34} {methods:>7} {ran:>6} {pct(ran, methods):>6.1f}% {pct(base, methods):>6.1f}% {seen:>9} {handled:>8}")
print(f"ran: {pct(ran, methods):.1f}% with heuristics and repair, {pct(base, methods):.1f}% baseline "
      f"({pct(ran, methods) - pct(base, methods):+.1f} points); failures handled: {pct(handled, seen):.1f}%")
print("by cause (handled/seen): " + ", ".join(f"{c} {causes_h[c]}/{causes[c]}" for c in sorted(causes)))
PY
