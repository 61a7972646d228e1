#!/usr/bin/env python3
# The analysis of bench/seeding_bench.sh (EvoObj's Table 1 shape), runnable again on a kept
# directory: coverage at 1/3, 2/3 and the whole budget, Mann-Whitney U, Vargha-Delaney A12, the
# cost of seeding, checkRules' same-team branch, and a coverage-over-time SVG.
import argparse, json, math, statistics

ap = argparse.ArgumentParser(description="EvoObj's Table 1 from the reports bench/seeding_bench.sh keeps")
ap.add_argument("dir", help="directory holding FITNESS-EXAMPLE-SEEDING-RUN.json")
ap.add_argument("--budget", type=float, required=True, help="seconds per run")
ap.add_argument("--runs", type=int, required=True)
ap.add_argument("--fitness", default="nodes", help="space-separated fitnesses")
ap.add_argument("--subjects", required=True, help="space-separated EXAMPLE:METHOD")
ap.add_argument("--same-team-line", type=int, default=0, help="line of checkRules' same-team return")
ap.add_argument("--plot", help="write the mean coverage over time, seeded and not, per method as SVG")
args = ap.parse_args()
out, budget, runs = args.dir, args.budget, args.runs
fitnesses, subjects, same_team_line = args.fitness.split(), args.subjects.split(), args.same_team_line

def coverage_at(report, t):
    m = report["methods"][0]
    r = m["run_results"][0]
    covered = sum(1 for x in r["targets"] if 0 <= x["seconds"] <= t)
    return covered / max(1, len(r["targets"]))

def mann_whitney_p(a, b):
    values = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks, i = [0.0] * len(values), 0
    ties = 0.0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1][0] == values[i][0]: j += 1
        for k in range(i, j + 1): ranks[k] = (i + j) / 2 + 1
        n = j - i + 1
        ties += n ** 3 - n
        i = j + 1
    n1, n2 = len(a), len(b)
    r1 = sum(r for r, (_, g) in zip(ranks, values) if g == 0)
    u = r1 - n1 * (n1 + 1) / 2
    n = n1 + n2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if var <= 0: return 1.0
    z = (abs(u - n1 * n2 / 2) - 0.5) / math.sqrt(var)
    return max(0.0, min(1.0, math.erfc(max(z, 0) / math.sqrt(2))))

def a12(a, b):
    wins = sum(1.0 if x > y else 0.5 if x == y else 0.0 for x in a for y in b)
    return wins / (len(a) * len(b))

for f in fitnesses:
    print(f"Branch coverage, {runs} runs x {budget:g} s per run, fitness {f} (seeded vs not)")
    print(f"  {'method':22} {'1/3 seed':>9} {'1/3 off':>8} {'2/3 seed':>9} {'2/3 off':>8} {'full seed':>10} {'full off':>9} {'p':>8} {'A12':>6}")
    better = worse = 0
    costs, rates = [], {"evoobj": [], "off": []}
    for s in subjects:
        ex, m = s.split(":")
        reps = {sd: [json.load(open(f"{out}/{f}-{ex}-{sd}-{k}.json")) for k in range(1, runs + 1)] for sd in ("evoobj", "off")}
        cells = []
        for frac in (1 / 3, 2 / 3, 1.0):
            for sd in ("evoobj", "off"):
                cells.append(statistics.mean(coverage_at(r, budget * frac) for r in reps[sd]))
        full = {sd: [coverage_at(r, budget) for r in reps[sd]] for sd in ("evoobj", "off")}
        p, e = mann_whitney_p(full["evoobj"], full["off"]), a12(full["evoobj"], full["off"])
        mark = ""
        if p < 0.05 and e > 0.5: better += 1; mark = " +"
        if p < 0.05 and e < 0.5: worse += 1; mark = " -"
        print(f"  {ex + '::' + m:22} " + " ".join(f"{100 * c:8.1f}%" for c in cells) + f" {p:8.4f} {e:6.2f}{mark}")
        for r in reps["evoobj"]:
            for b in r["methods"][0]["seeded_branches"]:
                if b["templates"]:
                    costs.append(1000 * (b["analysis_seconds"] + b["synthesis_seconds"] / b["templates"]))
        for sd in ("evoobj", "off"):
            for r in reps[sd]:
                x = r["methods"][0]
                if not x["run_results"][0]["full_coverage"]:  # runs that used the whole budget
                    rates[sd].append(x["evaluations_per_second"])
    print(f"  seeding significantly better on {better} of {len(subjects)} methods, worse on {worse}")
    if costs:
        print(f"  graph + writers + one template per branch: median {statistics.median(costs):.2f} ms, max {max(costs):.2f} ms")
    if rates["evoobj"] and rates["off"]:
        a, b = statistics.median(rates["evoobj"]), statistics.median(rates["off"])
        print(f"  evaluations/s (runs that used the whole budget): seeded {a:.0f}, off {b:.0f} ({100 * (a / b - 1):+.0f}%)")
    print()

hard = "game:checkRules"
if hard in subjects:
    for f in fitnesses:
        for sd in ("evoobj", "off"):
            n = 0
            for k in range(1, runs + 1):
                r = json.load(open(f"{out}/{f}-game-{sd}-{k}.json"))
                t = r["methods"][0]["run_results"][0]["targets"]
                same_team = [x for x in t if x["line"] == same_team_line]  # `return friendly_fire_`: two players of one team
                n += bool(same_team) and all(x["generation"] >= 0 for x in same_team)
            print(f"checkRules' same-team branch (line {same_team_line}), fitness {f}, seeding {sd}: covered in {n} of {runs} runs")


def plot_svg(path, f):
    """One panel per method: mean coverage of its target nodes against time, seeded and not."""
    cols, w, h, pad = 4, 230, 150, 34
    rows = (len(subjects) + cols - 1) // cols
    steps = 60
    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{cols * w}" height="{rows * h + 30}" font-family="sans-serif" font-size="10">',
           f'<text x="8" y="16" font-size="12">Mean branch coverage over {budget:g} s ({runs} runs each, fitness {f}):'
           ' <tspan fill="#c0392b">seeded</tspan>, <tspan fill="#2c3e50">off</tspan></text>']
    for i, s in enumerate(subjects):
        ex, m = s.split(":")
        x0, y0 = (i % cols) * w + pad, 30 + (i // cols) * h + 14
        pw, ph = w - pad - 10, h - 44
        svg.append(f'<text x="{x0}" y="{y0 - 4}">{ex}::{m}</text>')
        svg.append(f'<rect x="{x0}" y="{y0}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>')
        svg.append(f'<text x="{x0 - 4}" y="{y0 + 8}" text-anchor="end">100%</text>')
        svg.append(f'<text x="{x0 - 4}" y="{y0 + ph}" text-anchor="end">0</text>')
        svg.append(f'<text x="{x0 + pw}" y="{y0 + ph + 11}" text-anchor="end">{budget:g} s</text>')
        for sd, colour in (("off", "#2c3e50"), ("evoobj", "#c0392b")):
            reps = [json.load(open(f"{out}/{f}-{ex}-{sd}-{k}.json")) for k in range(1, runs + 1)]
            pts = []
            for j in range(steps + 1):
                t = budget * j / steps
                c = statistics.mean(coverage_at(r, t) for r in reps)
                pts.append(f"{x0 + pw * j / steps:.1f},{y0 + ph * (1 - c):.1f}")
            svg.append(f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{" ".join(pts)}"/>')
    svg.append("</svg>")
    with open(path + ".tmp", "w") as o:
        o.write("\n".join(svg) + "\n")
    import os
    os.replace(path + ".tmp", path)

if args.plot:
    for f in fitnesses:
        p = args.plot if len(fitnesses) == 1 else args.plot.replace(".svg", f"-{f}.svg")
        plot_svg(p, f)
        print(f"wrote {p}")
