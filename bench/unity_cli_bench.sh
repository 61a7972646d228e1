#!/usr/bin/env bash
# bench/unity_cli_bench.sh [BUILD_DIR]: what compiling the objgen program's files several to a
# translation unit saves (OBJGEN_UNITY). Four command files are compiled with BUILD_DIR's own
# command for them (default build-asan: scripts/sanitize.sh's build, where it matters most), one
# by one, then as one translation unit that includes the four. Prints each time and the totals.
# BUILD_DIR must have been built once (its precompiled header); OBJGEN_UNITY may be on or off.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dir=${1:-build-asan}
files="src/cli/random_command.cpp src/cli/exhaustive_command.cpp src/cli/builders_command.cpp src/cli/korat_command.cpp"
scratch=$(mktemp -d /tmp/objgen-unity-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
# A compile command of the objgen target (with its precompiled header), made to compile FILE into OUT.
template=$(ninja -C "$dir" -t commands objgen | grep -m1 -E "CMakeFiles/objgen.dir/(.*src/cli/[a-z_]+\.cpp|Unity/unity_[0-9]+_cxx\.cxx)\.o" |
  sed -E 's| -MD -MT [^ ]* -MF [^ ]*||; s| -o [^ ]+\.o| -o @OUT@|; s| -c [^ ]+\.c(pp\|xx)$| -c @FILE@|')
compile() {  # FILE OUT: seconds
  local c=${template//@FILE@/$1} start end
  c=${c//@OUT@/$2}
  start=$(date +%s.%N)
  bash -c "$c"
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
total=0
: >"$scratch/unity.cpp"
for f in $files; do
  t=$(compile "$root/$f" "$scratch/one.o")
  printf 'one by one   %-32s %7.1f s\n' "$f" "$t"
  total=$(echo "$total + $t" | bc)
  echo "#include \"$root/$f\"" >>"$scratch/unity.cpp"
done
printf 'one by one   %-32s %7.1f s\n' "total" "$total"
t=$(compile "$scratch/unity.cpp" "$scratch/unity.o")
printf 'one unit     %-32s %7.1f s\n' "the four" "$t"
