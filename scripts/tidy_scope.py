#!/usr/bin/env python3
"""The sources of src/ that clang-tidy must see again since a commit where all of src/ passed.

Usage: scripts/tidy_scope.py BASE_COMMIT
Prints one anchored path regex per line for run-clang-tidy: each .cpp of src/ that changed since
BASE_COMMIT or includes, directly or through other headers, a header of src/ or include/objgen/
that changed. Prints `.*` (every file) when BASE_COMMIT is not in this clone's history or the
checks themselves (.clang-tidy) changed. Prints nothing when nothing tidy reads changed.

Why: clang-tidy over all of src/ takes about 18 minutes on two cores, most of CI's budget after
the tests and the sanitizer builds; a file nothing of which changed cannot have new findings.
"""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=False)


def sources(root):
    for top in ("src", "include/objgen"):
        for folder, _, names in os.walk(os.path.join(root, top)):
            for name in names:
                if name.endswith((".cpp", ".hpp", ".h")):
                    yield os.path.relpath(os.path.join(folder, name), root)


def include_names(path):
    """The spellings an #include may use for this file: relative to src/ or include/, or bare."""
    if path.startswith("src/"):
        return {path[len("src/"):], os.path.basename(path)}
    return {path[len("include/"):]}


def affected(root, changed):
    files = list(sources(root))
    includes = {}
    for f in files:
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as text:
            includes[f] = set(INCLUDE.findall(text.read()))
    dirty = {f for f in files if f in changed}
    grew = True
    while grew:  # the closure over "includes a dirty header"
        names = set().union(*(include_names(h) for h in dirty if not h.endswith(".cpp"))) if dirty else set()
        more = {f for f in files if f not in dirty and includes[f] & names}
        dirty |= more
        grew = bool(more)
    return sorted(f for f in dirty if f.startswith("src/") and f.endswith(".cpp"))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    base = sys.argv[1] if len(sys.argv) > 1 else ""
    if not base or git("cat-file", "-e", base + "^{commit}").returncode != 0:
        print(".*")
        return
    diff = git("diff", "--name-only", base, "--").stdout.split()
    diff += git("ls-files", "--others", "--exclude-standard").stdout.split()
    if ".clang-tidy" in diff:
        print(".*")
        return
    for f in affected(root, set(diff)):
        print("^" + re.escape(os.path.join(root, f)) + "$")


if __name__ == "__main__":
    main()
