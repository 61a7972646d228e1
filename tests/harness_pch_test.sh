#!/usr/bin/env bash
# The precompiled objgen.hpp (cmake/harness_pch.cmake) is what GCC uses for the harnesses objgen
# builds: a harness's own compile command (from its build.log), run again with -H, names the .gch it
# used ("!"), for a plain build and a checked one with ASan (params' default); Clang's coverage and
# trace-loads harnesses are compiled with theirs (-include-pch), which Clang did not refuse.
#   harness_pch_test.sh OBJGEN SOURCE_DIR
set -u
objgen=$1
src=$2
. "$src/tests/check_lib.sh"
mkdir -p "$work/include"
cat >"$work/include/counter.hpp" <<'HEADER'
#pragma once
namespace pch {
class Counter {
 public:
  void add(int n) { total_ += n; }
  int total() const { return total_; }
 private:
  int total_ = 0;
};
}  // namespace pch
HEADER

# uses_pch KIND: the harness built last was compiled with the precompiled KIND.gch.
uses_pch() {
  local dir log cmd
  dir=$(ls -td "$OBJGEN_CACHE_DIR"/harness/*/ | head -1)
  log="$dir/build.log"
  cmd=$(grep -m1 '^\$ .* -c ' "$log" | sed 's/^\$ //')
  [ -n "$cmd" ] || { echo "no compile command in $log"; return 1; }
  rm -rf "$work/again" && mkdir -p "$work/again" && cp "$dir/harness.cpp" "$work/again/"
  cmd=$(printf '%s' "$cmd" | sed -E "s|[^ ]*\.tmp-[A-Za-z0-9]+/|$work/again/|g")
  (cd "$work/again" && eval "$cmd -H") 2>&1 | grep -E "^! .*objgen\.hpp\.gch/$1\.gch" ||
    { echo "the compile did not use $1.gch:"; (cd "$work/again" && eval "$cmd -H -Winvalid-pch") 2>&1 | grep -E 'gch|^!' | head -5; return 1; }
}

subject=(--header "$work/include/counter.hpp" --class pch::Counter)
check "a plain harness builds" "$objgen" exhaustive "${subject[@]}" --scope 1 -q
check "  its compile used the precompiled objgen.hpp" uses_pch plain
check "a checked harness (ASan) builds" "$objgen" params "${subject[@]}" -q
check "  its compile used the precompiled objgen.hpp" uses_pch asan

# uses_clang_pch KIND: Clang compiled the harness built last with objgen.hpp.pch/KIND.pch, which it
# did not refuse.
uses_clang_pch() {
  local log
  log="$(ls -td "$OBJGEN_CACHE_DIR"/harness/*/ | head -1)/build.log"
  grep -q -- "-include-pch [^ ]*objgen\.hpp\.pch/$1\.pch" "$log" && ! grep -q "without the precompiled objgen.hpp" "$log" ||
    { grep '^\$' "$log" | head -3; return 1; }
}
check "a coverage harness (evolve) builds" "$objgen" evolve "${subject[@]}" --runs 1 -q
check "  Clang compiled it with its precompiled objgen.hpp" uses_clang_pch coverage
check "a trace-loads harness (korat) builds" "$objgen" korat --header "$src/examples/invariants/binary_tree.hpp" \
  --class invariants::BinaryTree --scope 2 -q
check "  Clang compiled it with its precompiled objgen.hpp" uses_clang_pch trace
exit $fail
