#!/usr/bin/env bash
# Issue 5's figures in the shape of eCrash's tables: the input-domain reduction (Table 4), and
# per method the share of runs reaching full CFG node coverage and the mean generations it took,
# without and with purity (Tables 1 and 5), with the paper's budget (population 10, at most 100
# generations; 20 runs per Stack method, 10 per BitSet method). Then test-case evaluations per
# second (one worker process evaluates; the parent only breeds). Coverage counts the method's own
# body (--coverage-scope class), as eCrash's does.
# Usage: bench/evolve_bench.sh [build/objgen] [seed]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objgen=${1:-$here/build/objgen}
seed=${2:-0}
out=$(mktemp -d)
export OBJGEN_CACHE_DIR=$out/cache
trap 'rm -rf "$out"' EXIT

run() {  # run SUBJECT RUNS
  local start end
  start=$(date +%s.%N)
  "$objgen" evolve --example "$1" --runs "$2" --population 10 --generations 100 --purity both --coverage-scope class --seed "$seed" -q \
    --report-json "$out/$1.json" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc >"$out/$1.seconds"
}
run stack 20
run bitset 10

python3 - "$out" <<'EOF'
import json, sys
out = sys.argv[1]
print("Input domain reduction (Table 4 shape)")
print(f"  {'class':8} {'EMCDG edges':>22} {'function set entries':>24}")
print(f"  {'':8} {'no purity':>11} {'purity':>10} {'no purity':>12} {'purity':>11}")
for s in ("stack", "bitset"):
    d = json.load(open(f"{out}/{s}.json"))["input_domain"]
    a, b = d["without_purity"], d["with_purity"]
    print(f"  {s:8} {a['emcdg_edges']:>11} {b['emcdg_edges']:>10} {a['function_set_entries']:>12} {b['function_set_entries']:>11}")
    removed = sorted(f"{p['member']} {p['item']}" for p in d["parameters"] if p["purity"] != "read/write")
    print("    safe/read-only (no longer providers): " + "; ".join(removed))
print()
for s in ("stack", "bitset"):
    j = json.load(open(f"{out}/{s}.json"))
    runs = j["options"]["runs"]
    print(f"{s}: {runs} runs per method, population {j['options']['population']}, <= {j['options']['generations']} generations, seed {j['options']['seed']}")
    print(f"  {'method':44} {'nodes':>5} {'gens/full% no purity':>22} {'gens/full% purity':>20}")
    rows = {}
    for m in j["methods"]:
        rows.setdefault(m["method"], {})[m["purity"]] = m
    def cell(m):
        g = f"{m['mean_generations']:.1f}" if m["full_coverage_rate"] > 0 else "-"
        return f"{g}/{100 * m['full_coverage_rate']:.0f}"
    for name, r in rows.items():
        print(f"  {name:44} {r[True]['nodes']:>5} {cell(r[False]):>22} {cell(r[True]):>20}")
    a, b = j["summary"]["without_purity"], j["summary"]["with_purity"]
    print(f"  {'average':44} {'':>5} {a['mean_generations']:>15.1f}/{100 * a['full_coverage_rate']:.1f} {b['mean_generations']:>13.1f}/{100 * b['full_coverage_rate']:.1f}")
    evals = a["evaluations"] + b["evaluations"]
    search = sum(m["evaluations"] / m["evaluations_per_second"] for m in j["methods"] if m["evaluations_per_second"] > 0)
    wall = float(open(f"{out}/{s}.seconds").read())
    print(f"  evaluations {evals:.0f}: {evals / search:.0f} per second in the search loop, {evals / wall:.0f} per second "
          f"over the whole command ({wall:.1f} s incl. coverage build and purity checks)")
    print()
EOF
