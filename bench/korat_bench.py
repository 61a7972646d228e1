#!/usr/bin/env python3
"""Korat beside objgen on the binomial heap of scope N (bench/korat/BinomialHeap.java).

    python3 bench/korat_bench.py                 # Korat alone: binheap 8, 3 runs
    python3 bench/korat_bench.py --objgen build/bench/objgen_bench_exhaustive
                                                 # Korat and objgen runs interleaved, medians, ratio
    python3 bench/korat_bench.py --objgen-korat build/objgen
                                                 # Korat and `objgen korat` (the same search, from the
                                                 # invariant, on examples/invariants/binomial_heap.hpp)

Korat is found through KORAT_CP (a full class path), else KORAT_JAR (korat.jar; every other
jar in its folder joins the class path: javassist, commons-cli), else KORAT_HOME/korat.jar,
else bench/korat/lib/korat.jar (gitignored). Without java, javac or Korat the script prints
"korat: skipped (reason)", still runs objgen if asked, and exits 0.

Times: Korat's own "Overall time" (finitization, instrumentation and search, without JVM start)
and objgen's generation seconds (without registration and process start; for `objgen korat`
the search's seconds: reading the layouts in a worker, the search, each structure's canonical
form, without building the harness, which is cached before the first timed run); the wall time of
each process is printed too.
"""
import argparse
import glob
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCES = [os.path.join(HERE, "korat", f) for f in ("BinomialHeap.java", "KoratMain.java")]
# Korat 1.0's javassist 3.4 leaves stale StackMapTable frames in the classes it instruments.
JVM_FLAGS = ["-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote"]


def korat_classpath():
    """Korat's class path, or (None, why not)."""
    if not shutil.which("java"):
        return None, "no java"
    if not shutil.which("javac"):
        return None, "no javac"
    if os.environ.get("KORAT_CP"):
        return os.environ["KORAT_CP"], None
    jar = os.environ.get("KORAT_JAR")
    if not jar and os.environ.get("KORAT_HOME"):
        jar = os.path.join(os.environ["KORAT_HOME"], "korat.jar")
    jar = os.path.abspath(jar or os.path.join(HERE, "korat", "lib", "korat.jar"))
    if not os.path.isfile(jar):
        return None, f"no Korat at {jar}; set KORAT_JAR, KORAT_HOME or KORAT_CP"
    others = sorted(set(glob.glob(os.path.join(os.path.dirname(jar), "*.jar"))) - {jar})
    return os.pathsep.join([jar] + others), None


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"failed: {shlex.join(cmd)}\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p.stdout, p.stderr, wall


def compile_subject(classes, cp):
    """Compiles our subject and launcher to Java 8 class files; returns why not, or None."""
    errors = ""
    for target in (["--release", "8"], ["-source", "8", "-target", "8"]):  # JDK 9+, then JDK 8
        p = subprocess.run(["javac", "-nowarn"] + target + ["-d", classes, "-cp", cp] + SOURCES,
                           capture_output=True, text=True)
        if p.returncode == 0:
            return None
        errors = (p.stdout + p.stderr).strip().splitlines()
    return "javac cannot compile the subject against this Korat: " + (errors[0] if errors else "no message")


def run_korat(cp, subject, scope, java_opts):
    cmd = ["java"] + JVM_FLAGS + java_opts + ["-cp", cp, "KoratMain", "--class", subject, "--args", str(scope)]
    out, err, wall = timed(cmd)
    m = re.search(r"Total explored:(\d+)\s+New found:(\d+).*Overall time: ([\d.]+) s", out, re.S)
    if not m:  # Korat reports its own errors on stderr and still exits 0
        sys.exit(f"no Korat result from: {shlex.join(cmd)}\n{out[-2000:]}{err[-2000:]}")
    return int(m.group(2)), int(m.group(1)), float(m.group(3)), wall


def run_objgen(binary, scope, extra, json_path):
    _, _, wall = timed([binary, "--case", f"binheap:{scope}", "--json", json_path] + extra)
    with open(json_path) as f:
        case = json.load(f)["cases"][0]
    return case["structures"], case["explored"], case["seconds"], wall


def run_objgen_korat(binary, scope, json_path):
    header = os.path.join(os.path.dirname(HERE), "examples", "invariants", "binomial_heap.hpp")
    _, _, wall = timed([binary, "korat", "--header", header, "--class", "invariants::BinomialHeap", "--scope",
                        str(scope), "--range", f"size=0..{scope}", "--report-json", json_path, "-q"])
    with open(json_path) as f:
        r = json.load(f)
    return r["structures"], r["explored"], r["seconds"], wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scope", type=int, default=8, help="at most N nodes, ints 0..N-1 (default 8)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each tool (default 3)")
    ap.add_argument("--objgen", metavar="BIN", help="objgen_bench_exhaustive to interleave with Korat")
    ap.add_argument("--objgen-korat", metavar="BIN", help="objgen executable: interleave `objgen korat` with Korat")
    ap.add_argument("--objgen-args", default="", help="more options for it, e.g. --objgen-args='--threads 1'")
    ap.add_argument("--java-opts", default=os.environ.get("JAVA_OPTS", ""),
                    help="JVM options, e.g. --java-opts=-XX:+UseSerialGC (default: $JAVA_OPTS)")
    ap.add_argument("--subject", default="objgenbench.BinomialHeap", help="Korat class to run (default: ours)")
    args = ap.parse_args()
    if args.runs < 1 or args.scope < 1:
        ap.error("--runs and --scope must be at least 1")

    cp, why_not = korat_classpath()
    if why_not:
        print(f"korat: skipped ({why_not})")
        if not args.objgen and not args.objgen_korat:
            return
    with tempfile.TemporaryDirectory(prefix="korat-bench-") as tmp:
        tools = []
        if cp:
            classes = os.path.join(tmp, "classes")
            # Java 8 class files: javassist 3.4 knows no newer constant-pool entries.
            why_not = compile_subject(classes, cp)
            if why_not:
                print(f"korat: skipped ({why_not})")
                if not args.objgen:
                    return
            else:
                cp = os.pathsep.join([classes, cp])
                java_opts = shlex.split(args.java_opts)
                tools.append(("korat", lambda: run_korat(cp, args.subject, args.scope, java_opts)))
        extra = shlex.split(args.objgen_args)
        if args.objgen:
            tools.append(("objgen", lambda: run_objgen(args.objgen, args.scope, extra, os.path.join(tmp, "o.json"))))
        if args.objgen_korat:
            path = os.path.join(tmp, "k.json")
            run_objgen_korat(args.objgen_korat, 1, path)  # builds (or finds) the trace-loads harness, untimed
            tools.append(("okorat", lambda: run_objgen_korat(args.objgen_korat, args.scope, path)))

        names = {"korat": args.subject, "objgen": shlex.join([str(args.objgen)] + extra),
                 "okorat": f"{args.objgen_korat} korat (examples/invariants/binomial_heap.hpp)"}
        print(f"binheap scope {args.scope}, {args.runs} runs: " + ", ".join(names[n] for n, _ in tools))
        print(f"{'run':>3} {'tool':<7} {'structures':>11} {'explored':>10} {'seconds':>8} {'wall s':>7}")
        runs = {name: [] for name, _ in tools}
        for i in range(args.runs):
            for name, fn in tools if i % 2 == 0 else reversed(tools):
                r = fn()
                runs[name].append(r)
                print(f"{i + 1:>3} {name:<7} {r[0]:>11} {r[1]:>10} {r[2]:>8.2f} {r[3]:>7.2f}", flush=True)

    med = {name: statistics.median(r[2] for r in rs) for name, rs in runs.items()}
    for name, rs in runs.items():
        print(f"{name + ':':<7} {rs[0][0]} structures, median {med[name]:.2f} s")
    for other in ("objgen", "okorat"):
        if "korat" in runs and other in runs:
            same = "same count" if runs["korat"][0][0] == runs[other][0][0] else "COUNTS DIFFER"
            if other == "okorat" and runs["korat"][0][1] == runs[other][0][1]:
                same += ", same explored"
            print(f"{other}/korat time ratio {med[other] / med['korat']:.2f}, korat/{other} {med['korat'] / med[other]:.2f}x ({same})")
            cores = os.cpu_count() if other == "okorat" else 2  # objgen korat: a worker per core
            k_ns = med["korat"] / runs["korat"][0][1] * 1e9
            o_ns = med[other] / runs[other][0][1] * 1e9 * cores
            print(f"core time per candidate: korat {k_ns:.0f} ns (one core), {other} {o_ns:.0f} ns ({cores} workers)")


if __name__ == "__main__":
    main()
