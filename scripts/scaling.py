#!/usr/bin/env python3
"""Two threads against one over many runs of `bench --quick`, beside the machine's own scaling in the same runs.

One `bench --quick` run's speed-up (`×t1`) compares medians of three repetitions of a suite on one thread with three
on two threads, timed a second apart. On a shared virtual machine the cores' speed moves on that scale by tens of per
cent, and one run's figure says as much about that moment as about the code: three runs of the same build on this
project's 2-core machine gave ×1.38–2.48 across the measuring suites (2026-12-05). This script runs
`bench --quick --no-store --json -` ROUNDS times and prints, per suite on more than one thread, the distribution of its
speed-up over the runs — median, 10th and 90th percentiles, all by nearest rank as the bench's percentiles (so the
median of an even count is the lower middle one) — the share of runs at TARGET or more, and the distribution of its
speed-up over its corpus's `limit` suite's in the same run. The limit suites sum cached advances and nothing else (no
lock, no shared write, no cache of their own), so their speed-up is the machine's, and a measuring suite's ratio to it
is what the measurer itself loses on more threads. A run that fails is reported and left out; `n` says how many runs
a row's figures come from when that is fewer than ROUNDS.

Usage: scripts/scaling.py [--rounds N] [--target X] [BENCH] [-- BENCH_ARGS...]   (make scaling; ROUNDS=N)
BENCH defaults to .build/release/bench; it runs in the checkout (where `corpora/` is); BENCH_ARGS are added to each
run (e.g. -- --corpus cjk --cache cold).
Standard library only.
"""

import json
import math
import subprocess
import sys
from pathlib import Path

# The checkout: the bench runs here, where it finds `corpora/`.
ROOT = Path(__file__).resolve().parent.parent


def nearest_rank(values, fraction):
    """The nearest-rank percentile of `values` (as `Percentiles.value` in the bench): the ceil(fraction × n)-th
    smallest, the smallest for fraction 0."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def suite_key(suite):
    """The suite's id as the bench spells it: kind/corpus/wWIDTH/cache/tTHREADS."""
    width = suite["width"]
    label = int(width) if width == int(width) else width
    return f"{suite['kind']}/{suite['corpus']}/w{label}/{suite['cache']}/t{suite['threads']}"


def one_round(bench, extra):
    """Runs the bench once: ({suite: speed-up}, {suite: speed-up over its corpus's limit's}), or None when it failed."""
    result = subprocess.run(
        [bench, "--quick", "--no-store", "--json", "-", *extra], capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        print(f"scaling.py: {bench} failed ({result.returncode}), run left out:\n{result.stderr[-2000:]}",
              file=sys.stderr)
        return None
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError as error:
        print(f"scaling.py: {bench} printed no JSON report ({error}), run left out", file=sys.stderr)
        return None
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


def parse(argv):
    """(rounds, target, bench, extra) from the command line; exits with a message on a bad one."""
    rounds, target, bench, extra = 15, 1.85, None, []
    if "--" in argv:
        extra = argv[argv.index("--") + 1 :]
        argv = argv[: argv.index("--")]
    args = iter(argv)
    for arg in args:
        if arg in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        name, _, inline = arg.partition("=")
        if name in ("--rounds", "--target"):
            value = inline if inline else next(args, "")
            try:
                number = int(value) if name == "--rounds" else float(value)
            except ValueError:
                sys.exit(f"scaling.py: {name} takes a number, not {value!r}")
            if name == "--rounds":
                rounds = number
            else:
                target = number
        elif arg.startswith("-"):
            sys.exit(f"scaling.py: unknown option {arg} (scaling.py --help)")
        elif bench is not None:
            sys.exit(f"scaling.py: one BENCH only, not {bench} and {arg}")
        else:
            bench = arg
    if rounds < 1:
        sys.exit("scaling.py: --rounds takes a whole number of at least 1")
    if not (math.isfinite(target) and target > 0):
        sys.exit("scaling.py: --target takes a positive number")
    path = Path(bench) if bench else ROOT / ".build/release/bench"
    if not path.is_file():
        sys.exit(f"scaling.py: no bench at {path} (swift build -c release --product bench)")
    return rounds, target, str(path.resolve()), extra


def main(argv):
    rounds, target, bench, extra = parse(argv)
    speedups, relative = {}, {}
    for number in range(rounds):
        result = one_round(bench, extra)
        if result is not None:
            for key, value in result[0].items():
                speedups.setdefault(key, []).append(value)
            for key, value in result[1].items():
                relative.setdefault(key, []).append(value)
        print(f"round {number + 1}/{rounds}", file=sys.stderr)
    if not speedups:
        sys.exit("scaling.py: no run gave a suite on more than one thread")
    flags = f" {' '.join(extra)}" if extra else ""
    print(f"{rounds} runs of `{Path(bench).name} --quick --no-store{flags}`")
    header = (
        f"{'suite':<32} {'n':>3} {'median':>7} {'p10':>6} {'p90':>6} {'≥' + format(target, 'g'):>7}"
        f"  {'÷limit':>7} {'p10':>6} {'p90':>6}")
    print(header)
    print("-" * len(header))
    for key, values in speedups.items():
        reached = sum(1 for value in values if value >= target) / len(values)
        times = [f"×{nearest_rank(values, fraction):.2f}" for fraction in (0.5, 0.1, 0.9)]
        line = f"{key:<32} {len(values):>3} {times[0]:>7} {times[1]:>6} {times[2]:>6} {reached:>7.0%}"
        if key in relative:
            ratios = [f"{nearest_rank(relative[key], fraction):.2f}" for fraction in (0.5, 0.1, 0.9)]
            line += f"  {ratios[0]:>7} {ratios[1]:>6} {ratios[2]:>6}"
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
