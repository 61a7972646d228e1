#!/usr/bin/env bash
# Configures and builds objgen (Release) into ./build: everything, or the ninja targets given
# (scripts/build.sh objgen: the tool alone, what the demo runs).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DOBJGEN_REQUIRE_SCAN=ON -DOBJGEN_WERROR=ON >/dev/null
ninja -C build "$@"
