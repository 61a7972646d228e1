#!/usr/bin/env bash
# Mutation analysis of the suites objgen emits: how many simple mutants of the bundled lists, trees
# and heaps each kind of suite kills (fails on).
#
#   bench/mutation_bench.sh [--only ex1,ex2] [--max-mutants N] [--jobs J] [--keep DIR]
#
# Suites, emitted from the correct class (objgen's bundled build of it), default options otherwise:
#   (a) exhaustive --scope 4 --oracles off   rebuild each state + repOK (the suites before oracles)
#   (b) exhaustive --scope 4                 + regression oracles: returned values, observers, ==,
#                                              every member called on 16 states
#   (c) random --max-calls 200000            objgen random's regression suite
#   (d) exhaustive --scope 3                 the same oracles at scope 3
# and, for classes read from a header without a repOK (emulated: the same suites with every
# repOK assertion removed): (b-), and as the reference of what is observable, (c) and (d) with
# --oracle-states 64, both without repOK. A mutant "changes observable behaviour" when one of
# these three suites without repOK kills it; the bench reports (b-)'s share of those.
#
# Mutants (bench/mutate.py): flip a comparison, swap && / ||, constant + 1, drop a statement, in
# the example's .cpp; an evenly spaced sample of --max-mutants per example; a mutant that does not
# compile is not counted. A suite kills a mutant when its binary exits non-zero or runs past 20 s.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
objgen="${OBJGEN:-$root/build/objgen}"
cxx="${CXX:-g++}"
only="ncl,sll,dll,bintree,avl,rbt,binheap,fibheap"
max_mutants=30
jobs=2
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --max-mutants) max_mutants="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "mutation_bench: unknown option $1" >&2; exit 2 ;;
  esac
done
[ -x "$objgen" ] || { echo "mutation_bench: build objgen first ($objgen)" >&2; exit 2; }
work="${keep:-$(mktemp -d)}"
mkdir -p "$work"
[ -z "$keep" ] && trap 'rm -rf "$work"' EXIT
export OBJGEN_CACHE_DIR="$work/cache"
cflags=(-std=c++20 -O0 -w -I "$root/examples")
suites=(a b c d bn refc refd)

emit() {  # emit EX: the suites of EX into $work/EX/<suite>/
  local ex=$1 d="$work/$1"
  "$objgen" exhaustive --example "$ex" --scope 4 --oracles off -q --emit-gtest "$d/a" >/dev/null &&
  "$objgen" exhaustive --example "$ex" --scope 4 -q --emit-gtest "$d/b" >/dev/null &&
  "$objgen" random --example "$ex" --max-calls 200000 --seed 1 -q --emit-gtest "$d/c" >/dev/null &&
  "$objgen" exhaustive --example "$ex" --scope 3 -q --emit-gtest "$d/d" >/dev/null &&
  "$objgen" random --example "$ex" --max-calls 200000 --seed 1 --oracle-states 64 -q --emit-gtest "$d/refc" >/dev/null &&
  "$objgen" exhaustive --example "$ex" --scope 3 --oracle-states 64 -q --emit-gtest "$d/refd" >/dev/null || return 1
  mkdir -p "$d/bn"
  local f
  for s in a b c d bn refc refd; do
    case $s in
      bn) f="$d/b/${ex}_states_test.cpp" ;;
      c|refc) f="$d/$s/${ex}_random_states_test.cpp" ;;
      *) f="$d/$s/${ex}_states_test.cpp" ;;
    esac
    # without repOK: the invariant assertions removed (what a class without one gets)
    case $s in
      bn|refc|refd) grep -v 'repOK()' "$f" > "$d/$s/suite.cpp" ;;
      *) cp "$f" "$d/$s/suite.cpp" ;;
    esac
  done
}

# run_suites EX OBJ OUT: for each suite, 1 when it fails against OBJ (the class compiled), else 0
run_suites() {
  local ex=$1 obj=$2 out=$3 s rc line=""
  for s in $suites_s; do
    if "$cxx" "$work/$ex/$s/suite.o" "$obj" -lgtest -lgtest_main -pthread -o "$out.$s" 2>/dev/null; then
      timeout 20 "$out.$s" >/dev/null 2>&1
      rc=$?
      line+="$([ $rc -ne 0 ] && echo 1 || echo 0) "
    else
      line+="E "
    fi
    rm -f "$out.$s"
  done
  echo "$line"
}

mutant() {  # mutant EX K: one line "K compiled kills..."
  local ex=$1 k=$2 m="$work/$1/mutants"
  if "$cxx" "${cflags[@]}" -I "$examples_root/$ex" -c "$m/m$k.cpp" -o "$m/m$k.o" 2>/dev/null; then
    echo "$k 1 $(run_suites "$ex" "$m/m$k.o" "$m/bin$k")"
  else
    echo "$k 0"
  fi
  rm -f "$m/m$k.o"
}
export -f mutant run_suites
export work cxx suites_s="${suites[*]}" examples_root="$root/examples"
export cflags_s="${cflags[*]}"

printf '%-8s %8s %7s %7s %7s %7s %9s %9s\n' example mutants "(a)" "(b)" "(c)" "(d)" "observ." "(b-)/obs"
IFS=, read -ra examples <<<"$only"
for ex in "${examples[@]}"; do
  src="$(ls "$root/examples/$ex"/*.cpp | grep -v harness.cpp | head -1)"
  [ -n "$src" ] || { echo "$ex: no .cpp to mutate" >&2; continue; }
  mkdir -p "$work/$ex"
  emit "$ex" || { echo "$ex: emitting the suites failed" >&2; continue; }
  for s in "${suites[@]}"; do
    "$cxx" "${cflags[@]}" -c "$work/$ex/$s/suite.cpp" -o "$work/$ex/$s/suite.o" || { echo "$ex: suite $s does not compile" >&2; continue 2; }
  done
  "$cxx" "${cflags[@]}" -c "$src" -o "$work/$ex/original.o"
  base="$(run_suites "$ex" "$work/$ex/original.o" "$work/$ex/original")"
  if [ "$(echo "$base" | tr -d ' 0')" != "" ]; then
    echo "$ex: a suite fails on the correct class ($base): not a fair baseline" >&2
    continue
  fi
  n=$(python3 "$here/mutate.py" "$src" "$work/$ex/mutants" --max "$max_mutants")
  seq 0 $((n - 1)) | xargs -P "$jobs" -I{} bash -c "cflags=(\$cflags_s); mutant $ex {}" > "$work/$ex/results.txt"
  python3 - "$work/$ex/results.txt" "$ex" <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
ok = [r[2:] for r in rows if r[1] == "1" and "E" not in r[2:]]
n = len(ok)
kill = lambda i: sum(1 for r in ok if r[i] == "1")
obs = [r for r in ok if "1" in (r[4], r[5], r[6])]  # bn, refc, refd: suites without repOK
bn_obs = sum(1 for r in obs if r[4] == "1")
pct = lambda k, d: f"{100.0 * k / d:5.1f}%" if d else "    -"
print(f"{sys.argv[2]:<8} {n:8d} {pct(kill(0), n):>7} {pct(kill(1), n):>7} {pct(kill(2), n):>7} {pct(kill(3), n):>7} "
      f"{len(obs):9d} {pct(bn_obs, len(obs)):>9}")
with open(sys.argv[1] + ".sum", "w") as f:
    f.write(f"{n} {kill(0)} {kill(1)} {kill(2)} {kill(3)} {len(obs)} {bn_obs}\n")
EOF
done
cat "$work"/*/results.txt.sum 2>/dev/null | awk '{for (i = 1; i <= 7; i++) t[i] += $i}
  END { if (t[1] == 0) exit;
        printf "%-8s %8d %6.1f%% %6.1f%% %6.1f%% %6.1f%% %9d %8.1f%%\n", "all", t[1], 100*t[2]/t[1], 100*t[3]/t[1],
               100*t[4]/t[1], 100*t[5]/t[1], t[6], t[6] ? 100*t[7]/t[6] : 0;
        printf "(b) - (a) = %.1f points\n", 100*(t[3]-t[2])/t[1] }'
