#!/usr/bin/env bash
# The test command: installs dependencies, checks the code's format, builds everything, and runs
# the tests: all but the long tier (ctest label `long`: objgen on real libraries and the
# distributed runs past the first, tests/CMakeLists.txt); with --all, every test (what CI runs).
#   scripts/test.sh [--all]
set -euo pipefail
cd "$(dirname "$0")/.."
tier=(-LE long)
case "${1:-}" in
  "") ;;
  --all) tier=() ;;
  *) echo "usage: scripts/test.sh [--all]   (--all: the long tier too)" >&2; exit 2 ;;
esac
stage() {  # NAME COMMAND...: runs it and prints its time
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "== test.sh: $name took $((SECONDS - start)) s"
}
stage "installing dependencies" scripts/install-deps.sh
stage "format check" scripts/check-format.sh
stage "build" scripts/build.sh
# Two `cores` slots per CPU: a busy case holds two, a case that mostly waits one or none
# (tests/CMakeLists.txt), so up to twice as many cases as CPUs run while the CPUs are not all busy.
cpus=$(nproc)
printf '{"version": {"major": 1, "minor": 0}, "local": [{"cores": [{"id": "cpus", "slots": %d}]}]}\n' $((2 * cpus)) >build/cores.json
stage "tests" ctest --test-dir build --output-on-failure -j $((2 * cpus)) --resource-spec-file "$PWD/build/cores.json" "${tier[@]}"
