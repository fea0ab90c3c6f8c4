"""Exact analysis against the Monte Carlo run it replaces, for each ruleset on each example.

For every ruleset × example encounter that fits the solver's default budget, prints the exact
solve's time and states, and the time a Monte Carlo run takes for a ±0.005 95% half-width on
``party_wins``: n = ceil(1.96² p(1-p) / 0.005²) fights (at least 1,000) with p from the exact
result, timed by actually playing that many fights. The ratio is Monte Carlo time over solve time.

    python bench/exact.py [-r RULESET ...] [-e EXAMPLE ...] [--timeout SECONDS] [--json]

Each solve runs in a child process with a time limit, since a pair beyond the budget can take a
while to find out.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from rulebench.core.encounter import load_encounter
from rulebench.core.exact import StateBudgetExceeded, solve
from rulebench.core.kernel import configure
from rulebench.core.montecarlo import simulate

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")
HALF_WIDTH = 0.005
Z95 = 1.96
MIN_FIGHTS = 1_000


def fights_for(p: float) -> int:
    """Fights a Monte Carlo run needs for a ±0.005 95% half-width on a probability near ``p``."""
    return max(MIN_FIGHTS, math.ceil(Z95 * Z95 * p * (1 - p) / (HALF_WIDTH * HALF_WIDTH)))


def measure(ruleset: str, example: str) -> dict[str, Any]:
    """Solve one pair exactly, then time the Monte Carlo run of matching precision."""
    config = configure(load_encounter(EXAMPLES / f"{example}.toml"), ruleset)
    start = time.perf_counter()
    try:
        result = solve(config)
    except StateBudgetExceeded:
        return {"ruleset": ruleset, "example": example, "exact": None}
    solve_s = time.perf_counter() - start
    p = float(result.outcomes["party_wins"])
    fights = fights_for(p)
    start = time.perf_counter()
    simulate(config, fights, seed=1)
    mc_s = time.perf_counter() - start
    return {
        "ruleset": ruleset,
        "example": example,
        "exact": solve_s,
        "party_wins": p,
        "fights": fights,
        "monte_carlo": mc_s,
        "ratio": mc_s / solve_s,
    }


def _child(ruleset: str, example: str, queue: Any) -> None:
    queue.put(measure(ruleset, example))


def measure_with_limit(ruleset: str, example: str, timeout: float) -> dict[str, Any]:
    """``measure`` in a child process, given up after ``timeout`` seconds of solving and sampling."""
    queue: Any = multiprocessing.Queue()
    child = multiprocessing.Process(target=_child, args=(ruleset, example, queue))
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        return {"ruleset": ruleset, "example": example, "exact": None, "timeout": timeout}
    return queue.get()  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", "--ruleset", action="append", choices=RULESETS)
    parser.add_argument("-e", "--example", action="append", help="example name without .toml")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    examples = args.example or sorted(p.stem for p in EXAMPLES.glob("*.toml"))
    rows = []
    if not args.json:
        print(f"{'ruleset':11} {'example':20} {'exact s':>8} {'party_wins':>10} {'MC fights':>9} {'MC s':>7} {'MC/exact':>8}")
    for ruleset in args.ruleset or RULESETS:
        for example in examples:
            row = measure_with_limit(ruleset, example, args.timeout)
            rows.append(row)
            if args.json:
                continue
            if row["exact"] is None:
                why = f"over {row['timeout']:.0f} s" if "timeout" in row else "beyond the state budget"
                print(f"{ruleset:11} {example:20} {why}")
            else:
                print(
                    f"{ruleset:11} {example:20} {row['exact']:8.2f} {row['party_wins']:10.4f} "
                    f"{row['fights']:9,} {row['monte_carlo']:7.2f} {row['ratio']:8.1f}",
                    flush=True,
                )
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()


if __name__ == "__main__":
    main()
