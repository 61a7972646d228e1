#!/usr/bin/env bash
# The test command: installs dependencies, checks the code's format, builds everything, and runs
# the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/check-format.sh
scripts/build.sh
ctest --test-dir build --output-on-failure -j2
