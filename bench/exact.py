"""Exact analysis against the Monte Carlo run it replaces, for each ruleset on each example.

For every ruleset × example encounter, prints the exact solve's CPU time as the commands solve
(floating point, giving up early where no fight has ended after a tenth of the budget), the same
solve in fractions (``--fractions``), the bound on the floating-point rounding, the fight states
it handled against the default budget, the steps it replayed through the rules code and those it
shared from another state's (``exact.Solver.shared``), the process's peak memory, and the time a Monte Carlo run
takes for a ±0.005 95% interval on ``party_wins``: the fewest fights whose Wilson interval at the
exact p is at most 0.005 either side, timed by actually playing that many fights. The ratio is
Monte Carlo time over solve time; above 1, exact is the faster way to that precision. A pair
beyond the budget shows how it was found out (early, or by using the whole budget) and its cost.
CPU times, not wall times, so that other load on the machine does not distort them.

    python bench/exact.py [-r RULESET ...] [-e EXAMPLE ...] [--timeout SECONDS] [--json]

Each pair runs in a child process of its own, so the peak memory is that pair's, and with a time
limit, in case a pair is slow to find out that it does not fit.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from pathlib import Path
from typing import Any

from rulebench.analysis import exact
from rulebench.analysis.results import wilson
from rulebench.analysis.sampling import simulate
from rulebench.core.encounter import load_encounter
from rulebench.core.kernel import configure

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")
HALF_WIDTH = 0.005


def fights_for(p: float) -> int:
    """The fewest fights whose 95% Wilson interval around ``p`` is at most ±0.005 wide, by bisection
    (the interval narrows as fights are added)."""

    def fits(n: int) -> bool:
        low, high = wilson(round(p * n), n)
        return max(p - low, high - p) <= HALF_WIDTH

    low, high = 1, 2
    while not fits(high):
        low, high = high, high * 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if fits(middle) else (middle, high)
    return high


def measure(ruleset: str, example: str) -> dict[str, Any]:
    """Solve one pair exactly, then time the Monte Carlo run of matching precision."""
    config = configure(load_encounter(EXAMPLES / f"{example}.toml"), ruleset)
    solver = exact.Solver(config, fractions=False, early=True)
    start = time.process_time()
    try:
        result = exact.result_of(solver)
    except exact.StateBudgetExceeded as err:
        how = "early" if "no fight had ended" in str(err) else "whole budget"
        return {"ruleset": ruleset, "example": example, "exact": None, "seconds": time.process_time() - start, "found": how}
    solve_s = time.process_time() - start
    rounding = result.rounding
    start = time.process_time()
    exact.solve(config, fractions=True)
    fractions_s = time.process_time() - start
    p = float(result.outcomes["party_wins"])
    fights = fights_for(p)
    start = time.process_time()
    simulate(config, fights, seed=1)
    mc_s = time.process_time() - start
    return {
        "ruleset": ruleset,
        "example": example,
        "exact": solve_s,
        "fractions": fractions_s,
        "rounding": rounding,
        "states": solver.handled,
        "replayed": solver.replayed,
        "shared": solver.shared_steps,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
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
        print(
            f"{'ruleset':11} {'example':20} {'exact s':>8} {'frac s':>7} {'rounding':>8} {'states':>9} {'replayed':>8} {'shared':>8} {'peak MB':>7} "
            f"{'party_wins':>10} {'MC fights':>9} {'MC s':>7} {'MC/exact':>8}"
        )
    for ruleset in args.ruleset or RULESETS:
        for example in examples:
            row = measure_with_limit(ruleset, example, args.timeout)
            rows.append(row)
            if args.json:
                continue
            if row["exact"] is None:
                why = (f"over {row['timeout']:.0f} s" if "timeout" in row
                       else f"beyond the budget, found out ({row['found']}) in {row['seconds']:.2f} s")
                print(f"{ruleset:11} {example:20} {why}")
            else:
                print(
                    f"{ruleset:11} {example:20} {row['exact']:8.2f} {row['fractions']:7.2f} {row['rounding']:8.1e} {row['states']:9,} "
                    f"{row['replayed']:8,} {row['shared']:8,} "
                    f"{row['peak_mb']:7.0f} {row['party_wins']:10.4f} "
                    f"{row['fights']:9,} {row['monte_carlo']:7.2f} {row['ratio']:8.1f}",
                    flush=True,
                )
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()


if __name__ == "__main__":
    main()
