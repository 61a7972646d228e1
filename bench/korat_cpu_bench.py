#!/usr/bin/env python3
"""objgen korat's cost per candidate, one objgen build beside another: CPU time of the whole run
(objgen and its worker: start, harness load, search, canonical set, report) per explored
candidate, with one worker, on the rows of bench/korat_rows_bench.py (no Java needed).

    python3 bench/korat_cpu_bench.py --objgen BEFORE/objgen --objgen build/objgen [--rows binheap,sll] [--runs 5]

Each build gets a harness cache of its own (one warm-up run per row first), the runs are
interleaved, and the table gives medians and the ratio to the first build. Counts must agree
between builds (the run fails otherwise). CPU time, not wall time: it moves less with whatever
else the machine runs, though a busy machine still spreads it.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile

INV = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples", "invariants")
# name: (header, class, scope, objgen options), the rows of korat_rows_bench.py at sizes of a few seconds
ROWS = {
    "binheap": ("binomial_heap.hpp", "invariants::BinomialHeap", 8, ["--range", "size=0..8"]),
    "kbinheap": ("korat_binomial_heap.hpp", "invariants::KoratBinomialHeap", 8, ["--range", "size=0..8", "--range", "degree=0..8"]),
    "sll": ("singly_linked_list.hpp", "invariants::SinglyLinkedList", 8, ["--range", "size=0..8", "--range", "element=-1..7"]),
    "dll": ("doubly_linked_list.hpp", "invariants::DoublyLinkedList", 7, ["--range", "size=0..7", "--range", "element=-1..6"]),
    "fibheap": ("fibonacci_heap.hpp", "invariants::FibonacciHeap", 6, ["--range", "n=0..6"]),
    "bst": ("search_tree.hpp", "invariants::SearchTree", 9, ["--range", "size=0..9"]),
    "rbt": ("red_black_tree.hpp", "invariants::RedBlackTree", 9, ["--range", "size=0..9", "--range", "color=0..1"]),
}


def run(binary, cache, row, report):
    header, cls, scope, extra = ROWS[row]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([binary, "korat", "--header", os.path.join(INV, header), "--class", cls, "--scope", str(scope), *extra,
                    "--threads", "1", "-q", "--report-json", report], env=dict(os.environ, OBJGEN_CACHE_DIR=cache),
                   check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(report) as f:
        r = json.load(f)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, (r["structures"], r["explored"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--objgen", action="append", required=True, help="an objgen build (give two or more; the first is the reference)")
    ap.add_argument("--rows", default="binheap,kbinheap,sll,dll,fibheap", help="of " + ",".join(ROWS))
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    rows = a.rows.split(",")
    for r in rows:
        if r not in ROWS:
            sys.exit(f"unknown row {r} (of {', '.join(ROWS)})")
    with tempfile.TemporaryDirectory() as tmp:
        caches = [os.path.join(tmp, f"cache{i}") for i in range(len(a.objgen))]
        report = os.path.join(tmp, "report.json")
        counts, cpu = {}, {}
        for row in rows:
            for b, cache in zip(a.objgen, caches):
                _, counts[(row, b)] = run(b, cache, row, report)  # builds the harness; not timed
            if len({counts[(row, b)] for b in a.objgen}) != 1:
                sys.exit(f"{row}: the builds disagree on structures/explored: {[counts[(row, b)] for b in a.objgen]}")
        for _ in range(a.runs):
            for row in rows:
                for b, cache in zip(a.objgen, caches):
                    cpu.setdefault((row, b), []).append(run(b, cache, row, report)[0])
    print(f"{'row':9} {'structures':>11} {'explored':>12}  " + "  ".join(f"ns/candidate [{i}]" for i in range(len(a.objgen))) + "  ratio to [0]")
    for row in rows:
        structures, explored = counts[(row, a.objgen[0])]
        medians = [statistics.median(cpu[(row, b)]) for b in a.objgen]
        cells = "  ".join(f"{1e9 * m / explored:16.1f}" for m in medians)
        ratios = " ".join(f"x{m / medians[0]:.3f}" for m in medians[1:])
        print(f"{row:9} {structures:11,} {explored:12,}  {cells}  {ratios}")
    for i, b in enumerate(a.objgen):
        print(f"[{i}] {b}")


if __name__ == "__main__":
    main()
