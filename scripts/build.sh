#!/usr/bin/env bash
# Configures and builds objgen (Release) into ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DOBJGEN_REQUIRE_SCAN=ON >/dev/null
ninja -C build
