#!/usr/bin/env python3
"""Two threads against one over many rounds of `bench --quick`, beside what the machine gives a loop that shares nothing.

One `bench --quick` run's speed-up (`×t1`) compares medians of three repetitions of a suite on one thread with three on
two threads, timed a second apart. On a shared virtual machine the cores' speed moves on that scale by tens of per
cent, and one run's figure says as much about that moment as about the code: this project's 2-core machine gave the
same build ×1.14–2.85 across runs (stop of 2026-12-05). This script runs `bench --quick --no-store --json -` ROUNDS
times and prints, per suite on more than one thread, the distribution of its speed-up over the rounds (median, 10th
and 90th percentiles, nearest rank) and of its speed-up over its corpus's `limit` suite's in the same round (the limit
suites sum cached advances and nothing else: no lock, no shared write, no cache of their own — so their speed-up is the
machine's, and a measuring suite's ratio to it is what the measurer itself loses on more threads).

Usage: scripts/scaling.py [--rounds N] [--target X] [BENCH] [-- BENCH_ARGS...]   (make scaling; ROUNDS=N)
BENCH defaults to .build/release/bench; BENCH_ARGS are added to each run (e.g. -- --corpus cjk --cache cold).
Standard library only.
"""

import json
import math
import subprocess
import sys
from pathlib import Path


def nearest_rank(values, fraction):
    """The nearest-rank percentile of `values` (as `Percentiles.value` in the bench): the ceil(fraction × n)-th
    smallest, the smallest for fraction 0."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def suite_key(suite):
    width = suite["width"]
    return f"{suite['kind']}/{suite['corpus']}/w{int(width) if width == int(width) else width}/{suite['cache']}/t{suite['threads']}"


def one_round(bench, extra):
    """Runs the bench once; returns {suite: speed-up} and {suite: speed-up over its corpus's limit's}."""
    result = subprocess.run(
        [bench, "--quick", "--no-store", "--json", "-", *extra], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"scaling.py: {bench} failed ({result.returncode}):\n{result.stderr[-2000:]}")
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        sys.exit(f"scaling.py: {bench} printed no JSON report ({error})")
    suites = report.get("suites", []) + report.get("otherSuites", [])
    limits = {
        (s["corpus"], s["threads"]): s["speedup"]
        for s in suites
        if s["kind"] == "limit" and s.get("speedup")
    }
    speedups, relative = {}, {}
    for suite in suites:
        speedup = suite.get("speedup")
        if not speedup or suite["threads"] < 2:
            continue
        speedups[suite_key(suite)] = speedup
        limit = limits.get((suite["corpus"], suite["threads"]))
        if limit and suite["kind"] != "limit":
            relative[suite_key(suite)] = speedup / limit
    return speedups, relative


def main(argv):
    rounds, target, bench, extra = 15, 1.85, None, []
    if "--" in argv:
        extra = argv[argv.index("--") + 1 :]
        argv = argv[: argv.index("--")]
    args = iter(argv)
    for arg in args:
        if arg in ("--rounds", "--target"):
            value = next(args, "")
            try:
                rounds, target = (int(value), target) if arg == "--rounds" else (rounds, float(value))
            except ValueError:
                sys.exit(f"scaling.py: {arg} takes a number, not {value!r}")
        elif arg.startswith("-"):
            sys.exit(f"scaling.py: unknown option {arg} (see the docstring)")
        else:
            bench = arg
    if rounds < 1:
        sys.exit("scaling.py: --rounds takes a whole number of at least 1")
    bench = bench or str(Path(__file__).resolve().parent.parent / ".build/release/bench")
    if not Path(bench).is_file():
        sys.exit(f"scaling.py: no bench at {bench} (swift build -c release --product bench)")
    speedups, relative = {}, {}
    for number in range(rounds):
        round_speedups, round_relative = one_round(bench, extra)
        for key, value in round_speedups.items():
            speedups.setdefault(key, []).append(value)
        for key, value in round_relative.items():
            relative.setdefault(key, []).append(value)
        print(f"round {number + 1}/{rounds}", file=sys.stderr)
    print(f"{rounds} rounds of `{Path(bench).name} --quick --no-store{' ' + ' '.join(extra) if extra else ''}`")
    header = f"{'suite':<32} {'median':>7} {'p10':>6} {'p90':>6} {'≥' + str(target):>7}  {'÷limit':>7} {'p10':>6} {'p90':>6}"
    print(header)
    print("-" * len(header))
    for key in speedups:
        values = speedups[key]
        reached = sum(1 for value in values if value >= target) / len(values)
        times = [f"×{nearest_rank(values, fraction):.2f}" for fraction in (0.5, 0.1, 0.9)]
        line = f"{key:<32} {times[0]:>7} {times[1]:>6} {times[2]:>6} {reached:>7.0%}"
        if key in relative:
            ratios = [f"{nearest_rank(relative[key], fraction):.2f}" for fraction in (0.5, 0.1, 0.9)]
            line += f"  {ratios[0]:>7} {ratios[1]:>6} {ratios[2]:>6}"
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
