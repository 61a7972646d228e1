#!/usr/bin/env bash
# The test command: installs dependencies, checks the code's format, builds everything, and runs
# the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check-format.sh
scripts/build.sh
# Two `cores` slots per CPU: a busy case holds two, a case that mostly waits one or none
# (tests/CMakeLists.txt), so up to twice as many cases as CPUs run while the CPUs are not all busy.
cpus=$(nproc)
printf '{"version": {"major": 1, "minor": 0}, "local": [{"cores": [{"id": "cpus", "slots": %d}]}]}\n' $((2 * cpus)) >build/cores.json
ctest --test-dir build --output-on-failure -j $((2 * cpus)) --resource-spec-file "$PWD/build/cores.json"
