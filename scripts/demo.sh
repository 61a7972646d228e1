#!/usr/bin/env bash
# objgen's main job on a bundled example: every node-caching-list state with at most 5 nodes,
# as a JSON report and a GoogleTest suite under out/ncl. Builds only the objgen tool (the tests
# are scripts/test.sh's).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh objgen
./build/objgen exhaustive --example ncl --scope 5 --report-json out/ncl/report.json --emit-gtest out/ncl
echo "demo: the report is out/ncl/report.json, the GoogleTest suite out/ncl/ncl_states_test.cpp (its first line says how to compile it)"
