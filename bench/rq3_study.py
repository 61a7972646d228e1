#!/usr/bin/env python3
"""BEAPI's RQ3 on our C++ twins: each benchmark's repOK against its API (objgen korat --against-api).

Every row of bench/rq3/*.json names a class (a C++ twin of one of the Korat, Kiasan, ROOPS or
FAJITA benchmark classes, with that benchmark's own repOK and the builder methods BEAPI used), the
finitization and scopes it is compared at, the counts recorded when its differences were read by
hand, and the verdict (under, over, error, none, scope) with the witness that shows it. This script
re-runs every row, checks the counts are still the recorded ones, and prints the table beside the
paper's (its Table 3: flaws in 9 of 26 repOKs).

  python3 bench/rq3_study.py --objgen build/objgen [--rows REGEX] [--markdown]

Exit status 1 when a row's counts differ from the recorded ones (the row is named).
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
KEYS = [("invariant", "invariant_states"), ("api", "api_states"), ("both", "both"),
        ("invariant_only", "invariant_only"), ("api_only", "api_only")]


def load_rows(pattern):
    rows = []
    for path in sorted(glob.glob(os.path.join(HERE, "rq3", "*.json"))):
        with open(path) as f:
            for row in json.load(f):
                row["_file"] = os.path.relpath(path, ROOT)
                if not pattern or re.search(pattern, row["class"]):
                    rows.append(row)
    return rows


def run_row(objgen, row, workdir):
    report = os.path.join(workdir, "report.json")
    args = list(row["args"])
    if "--against-api" not in args:
        args.append("--against-api")
    cmd = [objgen, "korat", "--header", os.path.join(ROOT, row["header"]), "--class", row["class"]] + args + \
          ["--report-json", report, "-q"]
    start = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    seconds = time.monotonic() - start
    if p.returncode != 0:
        return None, seconds, p.stderr.strip().splitlines()[-1:] or ["exit %d" % p.returncode]
    with open(report) as f:
        got = json.load(f)["against_api"]
    return {short: got[key] for short, key in KEYS}, seconds, []


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--objgen", default=os.path.join(ROOT, "build", "objgen"))
    ap.add_argument("--rows", help="regex over the rows' C++ class names")
    ap.add_argument("--markdown", action="store_true", help="print the table as Markdown (docs/INVARIANTS.md)")
    ap.add_argument("--recorded", action="store_true", help="print the recorded table without running objgen")
    a = ap.parse_args()
    rows = load_rows(a.rows)
    if not rows:
        sys.exit("no rows in bench/rq3/*.json match")
    if a.recorded:
        print_table([(row, row.get("result"), row.get("seconds", 0), "") for row in rows], a.markdown)
        return
    failed = []
    table = []
    with tempfile.TemporaryDirectory() as work:
        for row in rows:
            expected = row.get("result")
            if expected is None:
                table.append((row, None, 0.0, "not run (no recorded result)"))
                continue
            got, seconds, error = run_row(a.objgen, row, work)
            note = ""
            if got is None:
                note = "objgen failed: " + " ".join(error)
                failed.append(row["class"])
            elif any(got[k] != expected.get(k) for k, _ in KEYS if k in expected):
                note = "counts differ from the recorded %s" % json.dumps({k: expected.get(k) for k, _ in KEYS})
                failed.append(row["class"])
            table.append((row, got, seconds, note))
            print("%-45s %6.1f s %s %s" % (row["class"], seconds, json.dumps(got), note), file=sys.stderr, flush=True)
    print_table(table, a.markdown)
    if failed:
        print("rows whose counts changed: " + ", ".join(failed), file=sys.stderr)
        sys.exit(1)


def scope_of(args):
    scope = args[args.index("--scope") + 1] if "--scope" in args else "3"
    if "--api-scope" in args:
        scope += "/" + args[args.index("--api-scope") + 1]
    return scope


def print_table(table, markdown):
    head = ["benchmark", "class", "scope", "invariant", "API", "both", "inv. only", "API only", "verdict", "paper", "s"]
    lines = []
    for row, got, seconds, note in table:
        counts = [str(got[k]) if got else "-" for k in ("invariant", "api", "both", "invariant_only", "api_only")]
        paper = row.get("paper") or "-"
        lines.append([row["benchmark"], row["class"].split("::")[-1], scope_of(row["args"])] + counts +
                     [row.get("verdict", "?"), paper if len(paper) < 60 else paper[:57] + "...", "%.0f" % seconds])
    if markdown:
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for l in lines:
            print("| " + " | ".join(l) + " |")
        return
    widths = [max(len(h), *(len(l[i]) for l in lines)) for i, h in enumerate(head)]
    for l in [head] + lines:
        print("  ".join(c.ljust(w) for c, w in zip(l, widths)))


if __name__ == "__main__":
    main()
