#!/usr/bin/env python3
"""Distributed exhaustive generation: objgen alone vs `mpirun -np K objgen exhaustive`.

For each case (NAME:SCOPE) runs objgen alone (all cores) and on K unbound ranks (oversubscribed when
K exceeds the cores: that measures correctness and overhead, not speedup), interleaved, RUNS
times each; prints the median wall time, the peak RSS of each rank, the bytes ranks exchange per
state and per candidate, and the time rank 0 spends merging every rank's records. Every run must
give the same states, explored count and states digest as the run alone, or the bench fails.

Then the scaling model (docs/DISTRIBUTED.md): from the run alone (core time per candidate: its
time x the cores / its candidates), the merge time (every rank merges every record: no rank count divides it) and the
bytes exchanged, the predicted time on N nodes of C cores:
    T(N) = candidates * t_cand / (N * C) + T_merge + bytes * (N - 1) / N / bandwidth + rounds * latency * log2(N)
"""
import argparse, json, math, os, shutil, statistics, subprocess, sys, tempfile, time

def run(cmd, report):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    t0 = time.monotonic()
    p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit(f"distributed_bench: {' '.join(cmd)} exited {p.returncode}: {p.stderr.strip()[-500:]}")
    with open(report) as f:
        return wall, json.load(f)

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--objgen", default="build/objgen")
    ap.add_argument("--mpirun", default=shutil.which("mpirun") or "mpirun")
    ap.add_argument("--case", action="append", help="NAME:SCOPE (repeatable; default ncl:8)")
    ap.add_argument("--ranks", default="1,2,4", help="rank counts (default 1,2,4)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each configuration, interleaved (median counts)")
    ap.add_argument("--nodes", default="16,64", help="node counts to predict")
    ap.add_argument("--cores-per-node", type=int, default=16)
    ap.add_argument("--bandwidth", type=float, default=1.25e9, help="bytes/s per node (default 10 GbE)")
    ap.add_argument("--latency", type=float, default=20e-6, help="s per all-gather step (default 20 us)")
    ap.add_argument("--json", help="write the results here")
    a = ap.parse_args()
    cases = a.case or ["ncl:8"]
    ranks = [int(k) for k in a.ranks.split(",")]
    tmp = tempfile.mkdtemp()
    out = []
    for case in cases:
        name, scope = case.split(":")
        base = [a.objgen, "exhaustive", "--example", name, "--scope", scope, "-q", "--contracts", "none"]
        configs = [("alone", base)]
        # Unbound: mpirun would pin each rank (and the workers it forks) to one core.
        configs += [(f"{k} ranks", [a.mpirun, "--oversubscribe", "--bind-to", "none", "-np", str(k)] + base) for k in ranks]
        results = {label: [] for label, _ in configs}
        for i in range(a.runs):
            for label, cmd in configs:
                report = os.path.join(tmp, "r.json")
                results[label].append(run(cmd + ["--report-json", report], report))
        want = None
        print(f"\n{name} scope {scope}")
        print(f"{'run':<18} {'wall s':>8} {'gen s':>8} {'peak RSS/rank MiB':>26} {'B/state sent':>13} {'B/cand':>7} {'merge s':>8} {'rounds':>7}")
        row = {"case": case, "runs": {}}
        for label, _ in configs:
            runs = results[label]
            for _, r in runs:
                got = (r["states"], r["explored"], r["states_digest"])
                want = want or got
                if got != want:
                    sys.exit(f"distributed_bench: {case} {label} found {got}, alone {want}")
            wall = statistics.median(w for w, _ in runs)
            gen = statistics.median(r["seconds"] for _, r in runs)
            r = runs[-1][1]
            d = r.get("distributed", {})
            peaks = d.get("peak_rss_bytes_per_rank", [r["peak_rss_bytes"]])
            merge = statistics.median(x[1].get("distributed", {}).get("rank0_merge_seconds", 0) for x in runs)
            print(f"{label:<18} {wall:8.2f} {gen:8.2f} {' '.join(f'{p / 2**20:.0f}' for p in peaks):>26} "
                  f"{d.get('bytes_exchanged_per_state', 0):13.1f} {d.get('bytes_exchanged_per_candidate', 0):7.2f} "
                  f"{merge:8.2f} {d.get('rounds', 0):7d}")
            row["runs"][label] = {"wall_seconds": wall, "generator_seconds": gen, "peak_rss_bytes_per_rank": peaks,
                                  "bytes_exchanged": d.get("bytes_exchanged", 0), "rounds": d.get("rounds", 0),
                                  "merge_seconds": merge, "states": r["states"], "explored": r["explored"]}
        alone = row["runs"]["alone"]
        cores = os.cpu_count() or 1
        t_cand = alone["generator_seconds"] * cores / alone["explored"]  # core time per candidate
        biggest = row["runs"][f"{max(ranks)} ranks"]
        # Oversubscribed ranks stretch every phase: the least merge time measured is the estimate.
        merge = min(row["runs"][f"{k} ranks"]["merge_seconds"] for k in ranks)
        print(f"model: t_cand {t_cand * 1e9:.0f} ns, merge {merge:.2f} s, "
              f"{biggest['bytes_exchanged'] / 2**20:.0f} MiB exchanged in {biggest['rounds']} rounds at {max(ranks)} ranks")
        row["predicted"] = {}
        for n in (int(x) for x in a.nodes.split(",")):
            work = alone["explored"] * t_cand / (n * a.cores_per_node)
            net = biggest["bytes_exchanged"] * (n - 1) / n / a.bandwidth
            lat = biggest["rounds"] * a.latency * math.log2(n)
            t = work + merge + net + lat
            row["predicted"][n] = t
            print(f"  {n} nodes x {a.cores_per_node} cores: {t:.2f} s (work {work:.2f} + merge {merge:.2f}"
                  f" + bytes {net:.2f} + latency {lat:.3f}); speedup over one core {alone['explored'] * t_cand / t:.1f}x")
        out.append(row)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=2)
    shutil.rmtree(tmp)

if __name__ == "__main__":
    main()
