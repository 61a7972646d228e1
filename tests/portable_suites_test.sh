#!/usr/bin/env bash
# Every kind of suite objgen emits is portable (issue 54): for a class of a project's own header
# (examples/project's shelf::TagSet, which has a planted bug), the states and failures suites of
# exhaustive and random, and the evolve, params and structures (korat) suites each include the
# header as the project does ("shelf/tag_set.hpp"), and each, moved to another directory with the
# project's headers moved elsewhere too, compiles with its own first line plus one -I naming the
# headers' new place, and passes or fails exactly as it did where it was written.
#
#   portable_suites_test.sh OBJGEN SRC
set -u
objgen=$1
src=$2
. "$src/tests/check_lib.sh"
inc="$work/project/include"
mkdir -p "$work/project" && cp -r "$src/examples/project/include" "$inc"
header="$inc/shelf/tag_set.hpp"
subject=(--header "$header" --class shelf::TagSet)
out="$work/suites"
check "exhaustive" "$objgen" exhaustive "${subject[@]}" --scope 3 --emit-gtest "$out/exhaustive" -q -- -I"$inc"
check "random" "$objgen" random "${subject[@]}" --time-limit 2 --emit-gtest "$out/random" -q -- -I"$inc"
check "evolve" "$objgen" evolve "${subject[@]}" --method remove --generations 10 --emit-gtest "$out/evolve" -q -- -I"$inc"
check "params" "$objgen" params "${subject[@]}" --emit-gtest "$out/params" -q -- -I"$inc"
check "korat" "$objgen" korat "${subject[@]}" --emit-gtest "$out/korat" -- -I"$inc"

suites=$(cd "$out" && ls */*_test.cpp)
echo "$suites"
for kind in exhaustive/tag_set_states exhaustive/tag_set_failures random/tag_set_random_states evolve/TagSet_evolve \
            params/TagSet_params korat/tag_set_structures; do
  check "$kind written" test -f "$out/$kind""_test.cpp"
done
check "each includes the header as the project does" bash -c "cd '$out' && ! grep -L '^#include \"shelf/tag_set.hpp\"' */*_test.cpp | grep ."

# run_suite DIR FILE [EXTRA]: compiled with its first line (and EXTRA) in DIR, run; prints
# "<tests> <failed>" (a failures suite's tests fail: every finding in it is true).
run_suite() {
  local dir=$1 file=$2 extra=${3:-} cmd bin
  cmd=$(head -1 "$dir/$file" | sed -n 's|^// Compile with: ||p')
  [ -n "$cmd" ] || { echo "no compile command in $file"; return 1; }
  (cd "$dir" && eval "$cmd $extra") >"$work/compile.log" 2>&1 || { tail -20 "$work/compile.log"; return 1; }
  bin=$(basename "$file" .cpp)
  (cd "$dir" && "./$bin" >"$work/run.log" 2>&1)
  echo "$(grep -c '^\[ RUN      \]' "$work/run.log") $(grep -c '^\[  FAILED  \] .* ([0-9]* ms)$' "$work/run.log")"
}
declare -A before
for s in $suites; do
  before[$s]=$(run_suite "$out/$(dirname "$s")" "$(basename "$s")") || { echo "FAIL $s does not build where it was written"; fail=1; }
  echo "  $s where written: ${before[$s]} (tests, failed)"
done
check "the failures suite fails every test (the planted bug)" bash -c \
  "read t f <<<'${before[exhaustive/tag_set_failures_test.cpp]}'; [ \"\$t\" -gt 0 ] && [ \"\$t\" = \"\$f\" ]"

# Elsewhere: the suites in another directory, the headers in a third; the old places are gone.
moved="$work/elsewhere/tests"
mkdir -p "$work/elsewhere" "$work/copy"
mv "$out" "$moved" && mv "$work/project" "$work/copy/project"
for s in $suites; do
  check "$s moved: same outcome with its first line and -I" bash -c \
    "[ \"\$1\" = \"${before[$s]}\" ] || { echo \"moved: \$1, where written: ${before[$s]}\"; exit 1; }" _ \
    "$(run_suite "$moved/$(dirname "$s")" "$(basename "$s")" "-I$work/copy/project/include")"
done
exit "$fail"
