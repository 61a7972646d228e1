#!/usr/bin/env bash
# objgen random on bundled examples: calls/s per worker, distinct states, findings, and whether the
# same seed gives the same report with 1 and 2 workers (--max-calls runs).
#
#   bench/random_bench.sh [--seconds S] [--only ex1,ex2] [--calls N]
#
# Time-limited runs (default 10 s each, 2 workers, contracts on, minimization on) give the figures;
# call-limited runs (default 200000 calls) compare --threads 1 and --threads 2.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
objgen="${OBJGEN:-$here/../build/objgen}"
seconds=10
calls=200000
only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --calls) calls="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "random_bench: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$objgen" ] || { echo "random_bench: build objgen first ($objgen)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "$only" ]; then IFS=, read -ra examples <<<"$only"; else mapfile -t examples < <("$objgen" examples | awk '{print $1}'); fi
printf '%-16s %12s %14s %9s %9s %12s\n' example calls "calls/s/worker" states findings "1 vs 2 workers"
for ex in "${examples[@]}"; do
  "$objgen" random --example "$ex" --time-limit "$seconds" -q --report-json "$work/t.json" >/dev/null 2>&1 || { echo "$ex: run failed"; continue; }
  "$objgen" random --example "$ex" --max-calls "$calls" --seed 4 --threads 1 -q --report-json "$work/1.json" >/dev/null 2>&1
  "$objgen" random --example "$ex" --max-calls "$calls" --seed 4 --threads 2 -q --report-json "$work/2.json" >/dev/null 2>&1
  python3 - "$work" "$ex" <<'PY'
import json, sys
w, ex = sys.argv[1], sys.argv[2]
t = json.load(open(f"{w}/t.json"))
def core(p):
    j = json.load(open(p)); j.pop("timing"); return json.dumps(j, sort_keys=True)
same = "same" if core(f"{w}/1.json") == core(f"{w}/2.json") else "DIFFERENT"
print(f"{ex:<16} {t['calls']:12d} {t['timing']['calls_per_second_per_worker']:14.0f} {t['target_states']:9d} {len(t['findings']):9d} {same:>12}")
PY
done
