#!/usr/bin/env bash
# Golden emitted files: the GoogleTest suites objgen writes for a few bundled subjects, compared
# line for line with the ones checked in under tests/emit/golden/ (the source directory written
# as @SRC@). A change to what objgen emits shows here as a diff to read; when it is meant,
# refresh the files with OBJGEN_UPDATE_GOLDEN=1 and commit them with the change.
# Usage: golden_test.sh OBJGEN SOURCE_DIR
set -u
objgen=$1
src=$2
golden=$src/tests/emit/golden
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0

# NAME ARGS...: objgen exhaustive ARGS --emit-gtest into NAME's folder, compared with its golden folder.
emitted() {
  local name=$1; shift
  if ! "$objgen" exhaustive "$@" -q --emit-gtest "$work/$name" >"$work/$name.out" 2>&1; then
    echo "FAIL $name: objgen exited non-zero"; tail -5 "$work/$name.out"; fail=1; return
  fi
  for f in "$work/$name"/*; do sed -i "s|$src|@SRC@|g" "$f"; done
  if [ "${OBJGEN_UPDATE_GOLDEN:-0}" = 1 ]; then
    rm -rf "${golden:?}/$name" && mkdir -p "$golden/$name" && cp "$work/$name"/* "$golden/$name/"
    echo "updated $name"
  elif diff -r -u "$golden/$name" "$work/$name" >"$work/$name.diff"; then
    echo "ok   $name ($(cat "$work/$name"/* | wc -l) lines)"
  else
    echo "FAIL $name: the emitted files differ from tests/emit/golden/$name:"; head -60 "$work/$name.diff"; fail=1
  fi
}

# A small states suite in its readable form: one TEST per state, oracles on.
emitted sll_scope2 --example sll --scope 2
# The replay-table form (past the inline limit) and a failures suite (a thrown exception).
emitted buggy_throw_scope3 --example buggy_throw --scope 3 --gtest-inline-limit 4
exit $fail
