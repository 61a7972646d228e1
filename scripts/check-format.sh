#!/usr/bin/env bash
# Checks that objgen's own C++ (src, include, the unit tests and benchmarks) is formatted as
# .clang-format says; with --fix, formats it. The subjects (examples/, tests' input headers and
# compiled library) keep the layout they are written in: tests read their line numbers; the golden
# emitted files are objgen's output as it is.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || command -v clang-format || true)
[ -n "$format" ] || { echo "check-format: clang-format not found (scripts/install-deps.sh installs it)"; exit 2; }
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'include/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'bench/*.cpp' |
                     grep -v -E '^tests/[a-z_]+_inputs/|^tests/compiled_library/|^tests/emit/golden/')
if [ "${1:-}" = --fix ]; then
  "$format" -i "${files[@]}"
  exit 0
fi
if ! "$format" --dry-run --Werror "${files[@]}" 2>"${TMPDIR:-/tmp}/check-format.$$"; then
  grep -E '^[^ ].*: (error|warning):' "${TMPDIR:-/tmp}/check-format.$$" | sed -E 's/:[0-9]+:[0-9]+: (error|warning):.*//' | sort -u | head -20
  rm -f "${TMPDIR:-/tmp}/check-format.$$"
  echo "check-format: these files differ from .clang-format's layout; scripts/check-format.sh --fix formats them"
  exit 1
fi
rm -f "${TMPDIR:-/tmp}/check-format.$$"
echo "check-format: ${#files[@]} files formatted as .clang-format says"
