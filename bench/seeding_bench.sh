#!/usr/bin/env bash
# Issue 13's experiment in the shape of EvoObj's Table 1: for every deep-object method, RUNS runs
# with and RUNS without seeding at the same wall-clock budget per run (analysis and templates
# included), interleaved, both with trees up to depth 12 (eCrash's 8 cannot hold six awards in
# the CV of a supervisor of a student); branch (CFG node) coverage at 1/3, 2/3 and the whole budget, the mean
# per method, the Mann-Whitney U p-value (two-sided, normal approximation with tie correction)
# and Vargha-Delaney A12 (> 0.5: seeding better), and how often each target was covered. Then the
# cost: analysis (graph and writers) and synthesis time per branch, and evaluations per second.
#
# Usage: bench/seeding_bench.sh [--quick] [--runs N] [--budget S] [--fitness nodes|branch|both]
#                               [--only EXAMPLE] [--objgen PATH] [--keep DIR]
#   --quick: 3 runs of 3 s each (CI); default: 30 runs of 30 s (hours: EvoObj's setting).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objgen=$here/build/objgen
runs=30 budget=30 fitness=nodes only="" keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) runs=3 budget=3 ;;
    --runs) runs=$2; shift ;;
    --budget) budget=$2; shift ;;
    --fitness) fitness=$2; shift ;;
    --only) only=$2; shift ;;
    --objgen) objgen=$2; shift ;;
    --keep) keep=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
out=${keep:-$(mktemp -d)}
mkdir -p "$out"
[ -n "$keep" ] || trap 'rm -rf "$out"' EXIT

# example:method — the methods whose branches need deep objects
subjects="thesis:isWorthy game:checkRules config:validate orders:discount account:suspicious routes:route
scheduler:pick warehouse:reorder"
[ -n "$only" ] && subjects=$(echo $subjects | tr ' ' '\n' | grep "^$only:")
fitnesses=$fitness
[ "$fitness" = both ] && fitnesses="nodes branch"

for s in $subjects; do  # build each coverage harness once, outside the timed runs
  "$objgen" evolve --example "${s%%:*}" --methods "${s##*:}" --generations 1 -q >/dev/null 2>&1 || true
done
for f in $fitnesses; do
  for s in $subjects; do
    ex=${s%%:*} m=${s##*:}
    for ((k = 1; k <= runs; k++)); do
      for seeding in evoobj off; do  # interleaved: the same load on both
        "$objgen" evolve --example "$ex" --methods "$m" --seeding "$seeding" --fitness "$f" --budget "$budget" --max-depth 12 \
          --runs 1 --seed "$k" -q --report-json "$out/$f-$ex-$seeding-$k.json" >/dev/null 2>"$out/last.err" ||
          { echo "objgen failed on $ex $seeding run $k:"; cat "$out/last.err"; exit 1; }
      done
    done
  done
done

same_team_line=$(grep -n 'return friendly_fire_;' "$here/examples/game/game.hpp" | cut -d: -f1)
python3 - "$out" "$budget" "$runs" "$fitnesses" "$subjects" "$same_team_line" <<'EOF'
import json, math, sys, statistics
out, budget, runs = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
fitnesses, subjects, same_team_line = sys.argv[4].split(), sys.argv[5].split(), int(sys.argv[6])

def coverage_at(report, t):
    m = report["methods"][0]
    r = m["run_results"][0]
    covered = sum(1 for x in r["targets"] if 0 <= x["seconds"] <= t)
    return covered / max(1, len(r["targets"]))

def mann_whitney_p(a, b):
    values = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks, i = [0.0] * len(values), 0
    ties = 0.0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1][0] == values[i][0]: j += 1
        for k in range(i, j + 1): ranks[k] = (i + j) / 2 + 1
        n = j - i + 1
        ties += n ** 3 - n
        i = j + 1
    n1, n2 = len(a), len(b)
    r1 = sum(r for r, (_, g) in zip(ranks, values) if g == 0)
    u = r1 - n1 * (n1 + 1) / 2
    n = n1 + n2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if var <= 0: return 1.0
    z = (abs(u - n1 * n2 / 2) - 0.5) / math.sqrt(var)
    return max(0.0, min(1.0, math.erfc(max(z, 0) / math.sqrt(2))))

def a12(a, b):
    wins = sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in a for y in b)
    return wins / (len(a) * len(b))

for f in fitnesses:
    print(f"Branch coverage, {runs} runs x {budget:g} s per run, fitness {f} (seeded vs not)")
    print(f"  {'method':22} {'1/3 seed':>9} {'1/3 off':>8} {'2/3 seed':>9} {'2/3 off':>8} {'full seed':>10} {'full off':>9} {'p':>8} {'A12':>6}")
    better = worse = 0
    costs, rates = [], {"evoobj": [], "off": []}
    for s in subjects:
        ex, m = s.split(":")
        reps = {sd: [json.load(open(f"{out}/{f}-{ex}-{sd}-{k}.json")) for k in range(1, runs + 1)] for sd in ("evoobj", "off")}
        cells = []
        for frac in (1 / 3, 2 / 3, 1.0):
            for sd in ("evoobj", "off"):
                cells.append(statistics.mean(coverage_at(r, budget * frac) for r in reps[sd]))
        full = {sd: [coverage_at(r, budget) for r in reps[sd]] for sd in ("evoobj", "off")}
        p, e = mann_whitney_p(full["evoobj"], full["off"]), a12(full["evoobj"], full["off"])
        mark = ""
        if p < 0.05 and e > 0.5: better += 1; mark = " +"
        if p < 0.05 and e < 0.5: worse += 1; mark = " -"
        print(f"  {ex + '::' + m:22} " + " ".join(f"{100 * c:8.1f}%" for c in cells) + f" {p:8.4f} {e:6.2f}{mark}")
        for r in reps["evoobj"]:
            for b in r["methods"][0]["seeded_branches"]:
                if b["templates"]:
                    costs.append(1000 * (b["analysis_seconds"] + b["synthesis_seconds"] / b["templates"]))
        for sd in ("evoobj", "off"):
            for r in reps[sd]:
                x = r["methods"][0]
                if not x["run_results"][0]["full_coverage"]:  # runs that used the whole budget
                    rates[sd].append(x["evaluations_per_second"])
    print(f"  seeding significantly better on {better} of {len(subjects)} methods, worse on {worse}")
    if costs:
        print(f"  graph + writers + one template per branch: median {statistics.median(costs):.2f} ms, max {max(costs):.2f} ms")
    if rates["evoobj"] and rates["off"]:
        a, b = statistics.median(rates["evoobj"]), statistics.median(rates["off"])
        print(f"  evaluations/s (runs that used the whole budget): seeded {a:.0f}, off {b:.0f} ({100 * (a / b - 1):+.0f}%)")
    print()

hard = "game:checkRules"
if hard in subjects:
    for f in fitnesses:
        for sd in ("evoobj", "off"):
            n = 0
            for k in range(1, runs + 1):
                r = json.load(open(f"{out}/{f}-game-{sd}-{k}.json"))
                t = r["methods"][0]["run_results"][0]["targets"]
                same_team = [x for x in t if x["line"] == same_team_line]  # `return friendly_fire_`: two players of one team
                n += bool(same_team) and all(x["generation"] >= 0 for x in same_team)
            print(f"checkRules' same-team branch (line {same_team_line}), fitness {f}, seeding {sd}: covered in {n} of {runs} runs")
EOF
