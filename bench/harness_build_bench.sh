#!/usr/bin/env bash
# What a harness costs to compile beside the smallest program that uses the same API (issue 34's
# target: at most 2x).
#
#   bench/harness_build_bench.sh [--runs N] [--objgen PATH]
#
# For each subject: objgen builds its harness (fresh cache), then the harness's own compile
# command (from its build.log) is run again N times, interleaved with the same command on the
# reference program (bench/harness_reference.py: the same header, each registered member called
# once); prints the medians and their ratio. Run it alone on the machine.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
objgen="$root/build/objgen"
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --objgen) objgen="$2"; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) echo "harness_build_bench: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$objgen" ] || { echo "harness_build_bench: build objgen first ($objgen)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OBJGEN_CACHE_DIR="$work/cache"

seconds() {  # seconds COMMAND...: wall time of a successful run
  local start=$EPOCHREALTIME
  "$@" >/dev/null 2>"$work/err" || { echo "harness_build_bench: failed: $*" >&2; head -5 "$work/err" >&2; return 1; }
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f\n", b - a }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

printf '%-40s %10s %10s %7s %9s %9s\n' subject harness reference ratio "members" "objgen"
subjects=("<boost/container/flat_map.hpp>|boost::container::flat_map<int, int>"
          "<tsl/hopscotch_map.h>|tsl::hopscotch_map<int, int>")
for s in "${subjects[@]}"; do
  IFS='|' read -r header cls <<<"$s"
  "$objgen" exhaustive --header "$header" --class "$cls" --scope 1 >/dev/null 2>"$work/objgen.err" ||
    { echo "harness_build_bench: objgen failed on $cls" >&2; cat "$work/objgen.err" >&2; exit 1; }
  reported=$(grep -o 'compile [0-9.]* s' "$work/objgen.err" | head -1 | grep -o '[0-9.]*')
  dir=$(ls -d "$work"/cache/harness/*/ | head -1)
  command=$(sed -n '1s/^\$ //p' "$dir/build.log")
  source=$(grep -o '[^ ]*/harness.cpp' <<<"$command")
  cp "$dir/harness.cpp" "$work/harness.cpp"
  python3 "$here/harness_reference.py" "$work/harness.cpp" >"$work/reference.cpp"
  members=$(grep -c 'reference::call\|object;' "$work/reference.cpp")
  read -r -a harness_cmd <<<"${command//$source/$work/harness.cpp}"
  read -r -a reference_cmd <<<"${command//$source/$work/reference.cpp}"
  # the dependency file and object go to the scratch folder
  harness_cmd=("${harness_cmd[@]/#*\/0.d/$work/h.d}"); harness_cmd=("${harness_cmd[@]/#*\/0.o/$work/h.o}")
  reference_cmd=("${reference_cmd[@]/#*\/0.d/$work/r.d}"); reference_cmd=("${reference_cmd[@]/#*\/0.o/$work/r.o}")
  : >"$work/h.times"; : >"$work/r.times"
  for _ in $(seq "$runs"); do
    seconds "${harness_cmd[@]}" >>"$work/h.times" || exit 1
    seconds "${reference_cmd[@]}" >>"$work/r.times" || exit 1
  done
  h=$(median <"$work/h.times"); r=$(median <"$work/r.times")
  printf '%-40s %9ss %9ss %6.2fx %9s %8ss\n' "$cls" "$h" "$r" "$(awk -v h="$h" -v r="$r" 'BEGIN { print h / r }')" "$members" "$reported"
  rm -rf "$work/cache"
done
echo "(harness and reference: the harness's compile command, medians of $runs interleaved runs; objgen: its whole first build as it reported it)"
