#!/usr/bin/env python3
"""Korat beside `objgen korat` on the rows of Korat's table in the BEAPI paper (Table 1, the Korat
benchmark): the same classes with the same repOK, Korat on the BEAPI artifact's Java sources,
objgen on their C++ twins in examples/invariants/ (same fields in the same order, same reads).

    python3 bench/korat_rows_bench.py --objgen build/objgen --artifact DIR [--rows sll,dll] [--runs 3]

DIR is a checkout of the BEAPI artifact (github mpolitano/bounded-exhaustive-api-testgen); its
0_korat/src/main/java is compiled against Korat (found as bench/korat_bench.py finds it). Runs
are interleaved; the table gives medians, both tools' structures and explored candidates (which
must agree), the ratio, and core time per candidate (objgen runs a worker per core).
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from korat_bench import korat_classpath, run_korat, timed  # noqa: E402

INV = os.path.join(os.path.dirname(HERE), "examples", "invariants")
# name: (Korat class, scope, header, C++ class, objgen options)
ROWS = {
    "binheap": ("objgenbench.BinomialHeap", 8, "binomial_heap.hpp", "invariants::BinomialHeap", ["--range", "size=0..8"]),
    "kbinheap": ("korat.examples.binheap.BinomialHeap", 8, "korat_binomial_heap.hpp", "invariants::KoratBinomialHeap",
                 ["--range", "size=0..8", "--range", "degree=0..8"]),
    "sll": ("korat.examples.singlylinkedlist.SinglyLinkedList", 8, "singly_linked_list.hpp", "invariants::SinglyLinkedList",
            ["--range", "size=0..8", "--range", "element=-1..7"]),
    "dll": ("korat.examples.doublylinkedlist.DoublyLinkedList", 7, "doubly_linked_list.hpp", "invariants::DoublyLinkedList",
            ["--range", "size=0..7", "--range", "element=-1..6"]),
    "bst": ("korat.examples.searchtree.SearchTree", 10, "search_tree.hpp", "invariants::SearchTree", ["--range", "size=0..10"]),
    "fibheap": ("korat.examples.fibheap.FibonacciHeap", 6, "fibonacci_heap.hpp", "invariants::FibonacciHeap", ["--range", "n=0..6"]),
    "rbt": ("korat.examples.redblacktree.RedBlackTree", 11, "red_black_tree.hpp", "invariants::RedBlackTree",
            ["--range", "size=0..11", "--range", "color=0..1"]),
}


def compile_java(classes, cp, sources):
    p = subprocess.run(["javac", "-nowarn", "--release", "8", "-d", classes, "-cp", cp] + sources, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("javac failed:\n" + (p.stdout + p.stderr)[-3000:])


def run_objgen(binary, row, scope, json_path, threads):
    _, scope_default, header, cls, extra = row
    cmd = [binary, "korat", "--header", os.path.join(INV, header), "--class", cls, "--scope", str(scope),
           "--report-json", json_path, "-q"] + extra + (["--threads", str(threads)] if threads else [])
    _, _, wall = timed(cmd)
    with open(json_path) as f:
        r = json.load(f)
    return r["structures"], r["explored"], r["seconds"], wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--objgen", required=True, help="the objgen executable")
    ap.add_argument("--artifact", default=os.environ.get("BEAPI_ARTIFACT"), help="BEAPI artifact checkout ($BEAPI_ARTIFACT)")
    ap.add_argument("--rows", default="binheap,kbinheap,sll,dll,fibheap", help=f"comma-separated, of {','.join(ROWS)} (default binheap,kbinheap,sll,dll,fibheap;"
                    " bst and rbt take minutes)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--threads", type=int, default=0, help="objgen's workers (default: all cores)")
    args = ap.parse_args()
    rows = [r for r in args.rows.split(",") if r]
    for r in rows:
        if r not in ROWS:
            ap.error(f"unknown row {r}")
    cp, why_not = korat_classpath()
    if why_not:
        sys.exit(f"korat: {why_not}")
    with tempfile.TemporaryDirectory(prefix="korat-rows-") as tmp:
        classes = os.path.join(tmp, "classes")
        sources = [os.path.join(HERE, "korat", f) for f in ("BinomialHeap.java", "KoratMain.java")]
        if any(ROWS[r][0].startswith("korat.examples") for r in rows):
            if not args.artifact:
                sys.exit("give --artifact DIR (a checkout of the BEAPI artifact) for the rows of its classes")
            found = glob.glob(os.path.join(args.artifact, "0_korat", "src", "main", "java", "**", "*.java"), recursive=True)
            if not found:
                sys.exit(f"no 0_korat/src/main/java/**/*.java under {args.artifact}")
            sources += found
        compile_java(classes, cp, sources)
        cp = os.pathsep.join([classes, cp])
        cores = args.threads or os.cpu_count()
        print(f"| row | Korat s | objgen s | Korat / objgen | structures | explored | core ns / candidate (Korat, objgen x{cores}) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name in rows:
            row = ROWS[name]
            run_objgen(args.objgen, row, 1, os.path.join(tmp, "warm.json"), args.threads)  # builds the harness, untimed
            k, o = [], []
            for i in range(args.runs):
                order = [("k", lambda: run_korat(cp, row[0], row[1], [])),
                         ("o", lambda: run_objgen(args.objgen, row, row[1], os.path.join(tmp, "o.json"), args.threads))]
                for tool, fn in order if i % 2 == 0 else reversed(order):
                    (k if tool == "k" else o).append(fn())
            ks, os_ = statistics.median(r[2] for r in k), statistics.median(r[2] for r in o)
            same = k[0][0] == o[0][0] and k[0][1] == o[0][1]
            counts = f"{k[0][0]:,}" if k[0][0] == o[0][0] else f"{k[0][0]:,} / {o[0][0]:,} DIFFER"
            explored = f"{k[0][1]:,}" if k[0][1] == o[0][1] else f"{k[0][1]:,} / {o[0][1]:,} DIFFER"
            print(f"| {name} {row[1]} | {ks:.2f} | {os_:.2f} | {ks / os_:.2f}x | {counts} | {explored} | "
                  f"{ks / k[0][1] * 1e9:.0f}, {os_ * cores / o[0][1] * 1e9:.0f} |{'' if same else ' COUNTS DIFFER'}", flush=True)


if __name__ == "__main__":
    main()
