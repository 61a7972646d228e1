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
#                               [--only EXAMPLE] [--set deep|constants|all] [--objgen PATH] [--keep DIR]
#                               [--plot FILE.svg]
#   --quick: 3 runs of 3 s each (CI); default: 30 runs of 30 s (hours: EvoObj's setting).
#   --plot: mean coverage over time, seeded and not, one panel per method (SVG).
#   --set: the 8 deep-object subjects, the 3 constant-guarded ones (issue 36), or all (default).
#   The analysis is bench/seeding_report.py, which runs again on a --keep directory.
#   Coverage counts each method's own body (--coverage-scope class), as the tables always have.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
objgen=$here/build/objgen
runs=30 budget=30 fitness=nodes only="" keep="" plot="" set=all
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) runs=3 budget=3 ;;
    --runs) runs=$2; shift ;;
    --budget) budget=$2; shift ;;
    --fitness) fitness=$2; shift ;;
    --only) only=$2; shift ;;
    --objgen) objgen=$2; shift ;;
    --keep) keep=$2; shift ;;
    --plot) plot=$2; shift ;;
    --set) set=$2; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
out=${keep:-$(mktemp -d)}
mkdir -p "$out"
[ -n "$keep" ] || trap 'rm -rf "$out"' EXIT

# example:method — the methods whose branches need deep objects; then (issue 36) those whose
# branches compare deep fields with constants: an int of five digits, strings, an enumerator and
# doubles with fractions (bench/subjects/NAME.hpp, class below).
deep="thesis:isWorthy game:checkRules config:validate orders:discount account:suspicious routes:route
scheduler:pick warehouse:reorder"
constants="vault:audit parcels:inspect climate:decide meter:classify"
declare -A header_class=([vault]=subjects::Auditor [parcels]=subjects::Inspector [climate]=subjects::Controller
  [meter]=subjects::Billing)
case "$set" in
  deep) subjects=$deep ;;
  constants) subjects=$constants ;;
  all) subjects="$deep $constants" ;;
  *) echo "--set takes deep, constants or all" >&2; exit 2 ;;
esac
subject_args() {  # the objgen options naming subject $1
  if [ -n "${header_class[$1]:-}" ]; then echo "--header $here/bench/subjects/$1.hpp --class ${header_class[$1]}"
  else echo "--example $1"; fi
}
[ -n "$only" ] && subjects=$(echo $subjects | tr ' ' '\n' | grep "^$only:")
fitnesses=$fitness
[ "$fitness" = both ] && fitnesses="nodes branch"

for s in $subjects; do  # build each coverage harness once, outside the timed runs
  "$objgen" evolve $(subject_args "${s%%:*}") --methods "${s##*:}" --generations 1 --coverage-scope class -q >/dev/null 2>&1 || true
done
for f in $fitnesses; do
  for s in $subjects; do
    ex=${s%%:*} m=${s##*:}
    for ((k = 1; k <= runs; k++)); do
      for seeding in evoobj off; do  # interleaved: the same load on both
        "$objgen" evolve $(subject_args "$ex") --methods "$m" --seeding "$seeding" --fitness "$f" --budget "$budget" --max-depth 12 --coverage-scope class \
          --runs 1 --seed "$k" -q --report-json "$out/$f-$ex-$seeding-$k.json" >/dev/null 2>"$out/last.err" ||
          { echo "objgen failed on $ex $seeding run $k:"; cat "$out/last.err"; exit 1; }
      done
    done
  done
done

same_team_line=$(grep -n 'return friendly_fire_;' "$here/examples/game/game.hpp" | cut -d: -f1)
python3 "$here/bench/seeding_report.py" "$out" --budget "$budget" --runs "$runs" --fitness "$fitnesses" \
  --subjects "$(echo $subjects)" --same-team-line "$same_team_line" ${plot:+--plot "$plot"}
