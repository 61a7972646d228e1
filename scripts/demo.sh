#!/usr/bin/env bash
# objgen's main job on a bundled example: every node-caching-list state with at most 5 nodes,
# as a JSON report and a GoogleTest suite under out/ncl.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
./build/objgen exhaustive --example ncl --scope 5 --report-json out/ncl/report.json --emit-gtest out/ncl
