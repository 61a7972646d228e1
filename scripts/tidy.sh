#!/usr/bin/env bash
# clang-tidy over src/ with the checks in .clang-tidy; fails on any finding (they are errors there).
# Usage: scripts/tidy.sh [FILE_REGEX...] (default: every file of src/).
#        scripts/tidy.sh --changed-since COMMIT: only the files of src/ that changed since COMMIT or
#        include a header that did (scripts/tidy_scope.py); CI passes the commit in .ci/tidy-clean,
#        the last one at which all of src/ passed (update it after a full run passes).
# Uses build/compile_commands.json (CMake writes it at configure), filtered into a temporary
# directory: only src/'s files, and the objgen target's GCC precompiled header (cmake_pch.hxx,
# whose .gch beside it clang cannot read) included as a plain copy without it.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--changed-since" ]; then
  [ $# -eq 2 ] || { echo "usage: scripts/tidy.sh --changed-since COMMIT" >&2; exit 2; }
  mapfile -t scope < <(python3 scripts/tidy_scope.py "$2")
  if [ ${#scope[@]} -eq 0 ]; then
    echo "tidy: nothing of src/ or include/objgen/ changed since $2"
    exit 0
  fi
  echo "tidy: ${#scope[@]} file pattern(s) changed since $2 (or include what did)"
  set -- "${scope[@]}"
fi
[ -f build/compile_commands.json ] ||
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DOBJGEN_REQUIRE_SCAN=ON -DOBJGEN_WERROR=ON >/dev/null
db=$(mktemp -d)
trap 'rm -rf "$db"' EXIT
python3 - "$PWD" "$db" <<'PY'
import json, os, re, shutil, sys
repo, out = sys.argv[1], sys.argv[2]
src = os.path.join(repo, "src") + os.sep

def plain_copy(match):
    header = match.group(1)
    copy = os.path.join(out, os.path.basename(os.path.dirname(header)), os.path.basename(header))
    if not os.path.exists(copy):
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copyfile(header, copy)
    return "-include " + copy

def unbundled(entries):  # a unity file (OBJGEN_UNITY) as the sources it includes, each with its command
    out = []
    for e in entries:
        path = os.path.join(e["directory"], e["file"])
        if not re.search(r"/Unity/unity_\d+_cxx\.cxx$", path):
            out.append(e)
            continue
        for line in open(path):
            m = re.match(r'#include "(.+)"', line.strip())
            if m:
                out.append(dict(e, file=m.group(1), command=e["command"].replace(e["file"], m.group(1)).replace(path, m.group(1))))
    return out

with open(os.path.join(repo, "build", "compile_commands.json")) as f:
    entries = [e for e in unbundled(json.load(f)) if os.path.realpath(os.path.join(e["directory"], e["file"])).startswith(src)]
for e in entries:
    e["command"] = re.sub(r"-include (\S+/cmake_pch\.hxx)", plain_copy, e["command"])
with open(os.path.join(out, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
print(f"tidy: {len(entries)} files of src/")
PY
start=$SECONDS
status=0
# -Wno-*: GCC's options in the compile commands that clang does not know.
run-clang-tidy-14 -p "$db" -quiet -j "$(nproc)" -extra-arg=-Wno-unknown-warning-option \
  -extra-arg=-Wno-ignored-optimization-argument "$@" >"$db/tidy.log" 2>&1 || status=$?
# The findings, once each (a header's are reported by every file that includes it).
sed 's/\x1b\[[0-9;]*m//g' "$db/tidy.log" | grep -E '^/.*: (warning|error): ' | sort -u || true
if [ "$status" -ne 0 ]; then
  grep -E 'error generated|errors generated|Error while processing' "$db/tidy.log" | sort | uniq -c | head -5 || true
  echo "tidy: findings above (.clang-tidy lists the checks; NOLINT(check) with a reason only for deliberate cases)"
  exit 1
fi
echo "tidy: no findings ($((SECONDS - start)) s)"
