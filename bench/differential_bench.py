#!/usr/bin/env python3
"""Side-by-side benchmark of differential testing on the planted-bug pairs of tests/differential.

For each class (buggy/<name>.hpp against fixed/<name>.hpp) and each tool, runs one search per
seed and prints a Markdown table: whether the tool found the difference, the median seconds to
the first failure, the length of the sequence it reports (method calls after the constructor) and
the lines of code the user wrote for it.

  RapidCheck  bench/differential/rapidcheck/<name>.cpp: a model-based rc::state test (the fixed
              class is the model), run with RC_PARAMS="seed=N" and RapidCheck's defaults (100
              tests). Seconds: the whole run, shrinking included. Length: the shrunk command list.
  libFuzzer   bench/differential/libfuzzer/<name>.cpp: a FuzzedDataProvider harness running both
              versions in lockstep, built with -fsanitize=fuzzer,address, run with -seed=N
              -max_total_time=T. Seconds: until the crash. Length: the calls the harness decodes
              from the crash input after -minimize_crash=1 (it prints "difference after N calls").
  objgen      objgen random --reference-header ... (see run_objgen below); lines written: 0.

Lines: non-blank lines of the harness file plus the shared headers of bench/differential it
includes (outcome.hpp, subjects_prelude.hpp), every time: a user testing one class writes them too.

Usage (from anywhere; paths are relative to the repository):
  bench/differential_bench.py                        # all tools, all classes, seeds 1 2 3
  bench/differential_bench.py --tools rapidcheck,libfuzzer --seeds 1,2,3 --fuzz-time 60
  OBJGEN=build/objgen bench/differential_bench.py --tools objgen --classes lru_cache
Python 3 standard library only.
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUBJECTS = os.path.join(ROOT, "tests", "differential")
PEERS = os.path.join(ROOT, "bench", "differential")

# name -> class, the same in both versions
CLASSES = {
    "lru_cache": "planted::LruCache",
    "ring_buffer": "planted::RingBuffer",
    "interval_set": "planted::IntervalSet",
    "bounded_stack": "planted::BoundedStack",
    "sorted_multiset": "planted::SortedMultiset",
    "min_heap": "planted::MinHeap",
    "ledger": "planted::Ledger",
}


class Unavailable(Exception):
    """A tool cannot run here; the message says why."""


class Run:
    def __init__(self, found, seconds=None, length=None, note=""):
        self.found, self.seconds, self.length, self.note = found, seconds, length, note


def sh(cmd, env=None, timeout=None, cwd=None):
    """Runs cmd; returns (exit code, stdout+stderr, wall seconds)."""
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                              timeout=timeout, cwd=cwd, text=True, errors="replace")
        code, out = proc.returncode, proc.stdout
    except subprocess.TimeoutExpired as e:
        out = e.stdout or ""
        code, out = None, out.decode("utf-8", "replace") if isinstance(out, bytes) else out
    return code, out, time.monotonic() - start


def user_lines(path):
    """Non-blank lines of a harness file plus the bench/differential headers it includes."""
    def count(p):
        with open(p, encoding="utf-8") as f:
            return sum(1 for line in f if line.strip())
    total = count(path)
    with open(path, encoding="utf-8") as f:
        for inc in re.findall(r'#include "\.\./([^"]+)"', f.read()):
            total += count(os.path.join(PEERS, inc))
    return total


def build(cxx_cmd, source, binary, libs=()):
    """Builds binary from source unless it is newer than the source and the headers."""
    deps = [source, os.path.join(PEERS, "outcome.hpp"), os.path.join(PEERS, "subjects_prelude.hpp")]
    name = os.path.splitext(os.path.basename(source))[0]
    deps += [os.path.join(SUBJECTS, v, name + ".hpp") for v in ("buggy", "fixed")]
    if os.path.exists(binary) and all(os.path.getmtime(binary) > os.path.getmtime(d) for d in deps):
        return
    code, out, _ = sh(list(cxx_cmd) + [source, "-o", binary] + list(libs))
    if code != 0:
        raise Unavailable("build failed: " + (out.strip().splitlines() or ["?"])[-1][:120])


# --- RapidCheck -------------------------------------------------------------------------------

def build_rapidcheck(name, work):
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        raise Unavailable("no C++ compiler")
    if not os.path.exists("/usr/include/rapidcheck.h"):
        raise Unavailable("librapidcheck-dev not installed (apt-get install -y librapidcheck-dev)")
    binary = os.path.join(work, "rc_" + name)
    build([compiler, "-std=c++20", "-O1", "-I", SUBJECTS], os.path.join(PEERS, "rapidcheck", name + ".cpp"),
          binary, libs=["-lrapidcheck"])
    return binary


def run_rapidcheck(name, seed, args, work):
    binary = build_rapidcheck(name, work)
    env = dict(os.environ, RC_PARAMS="seed=%d" % seed)
    code, out, seconds = sh([binary], env=env, timeout=args.rc_timeout)
    if "Falsifiable" not in out:
        passed = re.search(r"OK, passed (\d+) tests", out)
        return Run(False, note="timed out" if code is None else passed.group(0) if passed else "no verdict")
    # the shrunk command list: the lines after "std::vector<std::shared_ptr<const Command<...>>>:"
    lines = out.splitlines()
    start = next((i for i, l in enumerate(lines) if "Command<" in l and l.rstrip().endswith(":")), None)
    length = None
    if start is not None:
        length = 0
        for line in lines[start + 1:]:
            if not line.strip():
                break
            length += 1
    return Run(True, seconds, length)


# --- libFuzzer --------------------------------------------------------------------------------

def build_libfuzzer(name, work):
    clang = shutil.which("clang++") or shutil.which("clang++-14")
    if clang is None:
        raise Unavailable("clang++ not found")
    binary = os.path.join(work, "lf_" + name)
    build([clang, "-std=c++20", "-O1", "-g", "-fsanitize=fuzzer,address", "-I", SUBJECTS],
          os.path.join(PEERS, "libfuzzer", name + ".cpp"), binary)
    return binary


def run_libfuzzer(name, seed, args, work):
    binary = build_libfuzzer(name, work)
    run_dir = tempfile.mkdtemp(prefix="lf_%s_%d_" % (name, seed), dir=work)
    prefix = run_dir + "/"
    code, out, seconds = sh([binary, "-seed=%d" % seed, "-max_total_time=%d" % args.fuzz_time,
                             "-artifact_prefix=" + prefix], timeout=args.fuzz_time + 60, cwd=run_dir)
    crashes = [f for f in os.listdir(run_dir) if f.startswith("crash-")]
    if not crashes:
        return Run(False, note="no crash in %d s" % args.fuzz_time)
    crash = os.path.join(run_dir, crashes[0])
    sh([binary, "-minimize_crash=1", "-max_total_time=%d" % args.minimize_time,
        "-artifact_prefix=" + prefix + "min-", crash], timeout=args.minimize_time + 60, cwd=run_dir)
    candidates = [os.path.join(run_dir, f) for f in os.listdir(run_dir) if f.startswith(("crash-", "min-"))]
    smallest = min(candidates, key=lambda p: (os.path.getsize(p), p))
    _, replay, _ = sh([binary, smallest], timeout=60, cwd=run_dir)
    m = re.search(r"difference after (\d+) calls", replay)
    return Run(True, seconds, int(m.group(1)) if m else None,
               "" if m else "minimized input did not replay the difference")


# --- objgen (hook for the differential mode; the other engineer adapts the report's keys) -----

def objgen_path(args):
    path = args.objgen or os.environ.get("OBJGEN") or os.path.join(ROOT, "build", "objgen")
    return path if os.path.isabs(path) else os.path.join(os.getcwd(), path)


def objgen_length(item, observers):
    """A difference's sequence as the peers count it: method calls after the constructor.

    In objgen's report (src/cli/reference.cpp, work in progress) "sequence_length" counts every
    call of the sequence: the constructor first, the call that differs last. That last call counts
    for the peers when it is a mutating call (its result differed) but not when it is a const
    observer (they compare observers after each call).
    """
    if "sequence_length" not in item:
        return None
    length = int(item["sequence_length"]) - 1
    if item.get("operation") in observers:
        length -= 1
    return length


def run_objgen(name, seed, args, work):
    """Runs objgen random on buggy/<name>.hpp with fixed/<name>.hpp as the reference.

    --max-calls rather than a time limit: the seconds are then the whole command's wall time to a
    minimized, confirmed difference and its test (generation, the pairs search, minimization, the
    replays in fresh processes), with the two harnesses already in objgen's cache (a first run per
    class builds them; its time is in the note). Raises Unavailable when objgen is missing, does
    not know the options or fails, so the table says why instead of the script failing.
    """
    objgen = objgen_path(args)
    if not (os.path.isfile(objgen) and os.access(objgen, os.X_OK)):
        raise Unavailable("no executable at " + objgen)
    code, out, _ = sh([objgen, "random", "--help"], timeout=60)
    if "--reference-header" not in out:
        raise Unavailable("objgen random has no --reference-header option yet")
    header = os.path.join("tests", "differential", "buggy", name + ".hpp")
    reference = os.path.join("tests", "differential", "fixed", name + ".hpp")
    report_path = os.path.join(work, "objgen_%s_%d.json" % (name, seed))
    cls = CLASSES[name]
    cmd = [objgen, "random", "--header", header, "--class", cls, "--reference-header", reference,
           "--max-calls", str(args.objgen_calls), "--seed", str(seed), "--report-json", report_path, "-q"]
    note = ""
    if name not in WARM:
        code, out, cold = sh(cmd, timeout=1200, cwd=ROOT)
        WARM.add(name)
        note = "first run with both harnesses built: %.1f s" % cold
    if os.path.exists(report_path):
        os.remove(report_path)
    code, out, seconds = sh(cmd, timeout=1200, cwd=ROOT)
    if code != 0 or not os.path.exists(report_path):
        last = (out.strip().splitlines() or ["no output"])[-1][:120]
        raise Unavailable("exit %s: %s" % (code, last))
    with open(report_path, encoding="utf-8") as f:
        report = json.load(f)
    differences = report.get("differences") or []
    if not differences:
        return Run(False, note="whole run %.1f s" % seconds)
    observers = set((report.get("differential") or {}).get("observers") or [])
    lengths = [n for n in (objgen_length(d, observers) for d in differences) if n is not None]
    return Run(True, seconds, min(lengths) if lengths else None, note)


WARM = set()  # classes whose harnesses objgen has built in this run


TOOLS = {
    "rapidcheck": (run_rapidcheck, lambda name: user_lines(os.path.join(PEERS, "rapidcheck", name + ".cpp"))),
    "libfuzzer": (run_libfuzzer, lambda name: user_lines(os.path.join(PEERS, "libfuzzer", name + ".cpp"))),
    "objgen": (run_objgen, lambda name: 0),
}


def fmt(x, digits=1):
    if x is None:
        return "-"
    if isinstance(x, float) and not x.is_integer():
        return ("%." + str(digits) + "f") % x
    return str(int(x))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="rapidcheck,libfuzzer,objgen")
    p.add_argument("--classes", default=",".join(CLASSES))
    p.add_argument("--seeds", default="1,2,3")
    p.add_argument("--fuzz-time", type=int, default=60, help="libFuzzer -max_total_time per run")
    p.add_argument("--minimize-time", type=int, default=15, help="libFuzzer -minimize_crash budget")
    p.add_argument("--rc-timeout", type=int, default=600, help="seconds before a RapidCheck run is killed")
    p.add_argument("--objgen", help="objgen binary (default: $OBJGEN, else build/objgen)")
    p.add_argument("--objgen-calls", type=int, default=20000, help="objgen random --max-calls")
    p.add_argument("--work", help="build and run directory (default: a temporary one)")
    args = p.parse_args()

    tools = [t for t in args.tools.split(",") if t]
    names = [c for c in args.classes.split(",") if c]
    seeds = [int(s) for s in args.seeds.split(",") if s]
    for t in tools:
        if t not in TOOLS:
            p.error("unknown tool %s (known: %s)" % (t, ", ".join(TOOLS)))
    for n in names:
        if n not in CLASSES:
            p.error("unknown class %s (known: %s)" % (n, ", ".join(CLASSES)))
    work = args.work or tempfile.mkdtemp(prefix="differential_bench_")
    os.makedirs(work, exist_ok=True)

    print("# differential bench: tools %s, seeds %s, libFuzzer -max_total_time=%d, work dir %s"
          % (",".join(tools), ",".join(map(str, seeds)), args.fuzz_time, work), flush=True)
    rows = []
    for name in names:
        for tool in tools:
            runner, lines = TOOLS[tool]
            runs, why = [], None
            for seed in seeds:
                try:
                    r = runner(name, seed, args, work)
                except Unavailable as e:
                    why = str(e)
                    break
                runs.append(r)
                print("  %-16s %-10s seed %d: %s%s%s" % (
                    name, tool, seed, "found" if r.found else "not found",
                    "" if r.seconds is None else " in %.2f s" % r.seconds,
                    "" if r.length is None else ", %d calls" % r.length) + (" (%s)" % r.note if r.note else ""),
                    file=sys.stderr, flush=True)
            if why is not None:
                rows.append((name, tool, "%s: not available (%s)" % (tool, why), "", "", "", ""))
                continue
            found = [r for r in runs if r.found]
            secs = [r.seconds for r in found if r.seconds is not None]
            lens = [r.length for r in found if r.length is not None]
            rows.append((name, tool, "%s (%d/%d)" % ("y" if found else "n", len(found), len(runs)),
                         "%.2f" % statistics.median(secs) if secs else "-",
                         fmt(statistics.median(lens)) if lens else "-",
                         ",".join(str(r.length) if r.found else "-" for r in runs),
                         str(lines(name))))

    print()
    print("| class | tool | found | median s to first failure | median sequence length | lengths per seed | user lines |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
