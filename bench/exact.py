"""Exact analysis against the Monte Carlo run it replaces, for each ruleset on each example.

For every ruleset × example encounter, prints the exact solve's CPU time as the commands solve
(floating point, giving up early where no fight has ended after a tenth of the budget), the same
solve in fractions (``--fractions``), the bound on the floating-point rounding, the fight states
it handled against the default budget, the steps it replayed through the rules code and those it
shared from another state's (``analysis/exact/sharing.py``), the process's peak memory, and the time a Monte Carlo run
takes for a ±0.005 95% interval on ``party_wins``: the fewest fights whose Wilson interval at the
exact p is at most 0.005 either side, timed by actually playing that many fights. The ratio is
Monte Carlo time over solve time; above 1, exact is the faster way to that precision. A pair
beyond the budget shows how it was found out (early, or by using the whole budget) and its cost.
CPU times, not wall times, so that other load on the machine does not distort them.

    python bench/exact.py [-r RULESET ...] [-e EXAMPLE ...] [--timeout SECONDS] [--json]
                          [--baseline ANALYSIS_DIR [--repeat N]]

Each pair runs in a child process of its own, so the peak memory is that pair's, and with a time
limit, in case a pair is slow to find out that it does not fit.

``--baseline`` times another version of the solver against this one in the same run, as speed is
compared on a busy machine: ``git archive REV rulebench/analysis | tar -x -C /tmp/old``, then
``--baseline /tmp/old/rulebench/analysis`` (that version's analysis layer, on this tree's kernel,
whether its solver is one module or the ``exact/`` package). Each pair that fits is solved in floating point (as
``exact.solve(config, fractions=False)``) by both, alternately, ``--repeat`` times; the best CPU
time of each, their ratio (this one over the baseline), and whether both gave the same floats in
the same order and the same rounding bound ("same", to the bit) are added to the row.
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import resource
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from rulebench.analysis import exact
from rulebench.analysis.results import wilson
from rulebench.analysis.sampling import simulate
from rulebench.core.assembly import configure
from rulebench.core.encounter import load_encounter

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


def load_baseline(folder: Path) -> ModuleType:
    """The exact solver of another version's ``rulebench/analysis`` folder, imported from
    ``folder`` with the analysis modules it imports (on this tree's kernel), then set aside: this
    tree's analysis modules are back in place once it is loaded."""
    if not (folder / "exact.py").is_file() and not (folder / "exact" / "__init__.py").is_file():
        raise SystemExit(f"no exact solver in {folder}: pass a rulebench/analysis folder")
    analysis = importlib.import_module("rulebench.analysis")
    ours = {name: module for name, module in sys.modules.items() if name.startswith("rulebench.analysis.")}
    path = analysis.__path__
    for name in ours:
        del sys.modules[name]
    analysis.__path__ = [str(folder)]
    try:
        return importlib.import_module("rulebench.analysis.exact")
    finally:
        for name in [name for name in sys.modules if name.startswith("rulebench.analysis.")]:
            del sys.modules[name]
        sys.modules.update(ours)
        analysis.__path__ = path
        for name, module in ours.items():  # importing a submodule sets it on its package
            if name.count(".") == 2:
                setattr(analysis, name.rsplit(".", 1)[1], module)


def against(config: Any, baseline: ModuleType, repeat: int) -> dict[str, Any]:
    """The best CPU time of a floating-point solve of ``config`` by this solver and by
    ``baseline``, solved alternately ``repeat`` times, and whether both found the same floats."""
    best = {"this": float("inf"), "baseline": float("inf")}
    found: dict[str, tuple[list[Any], float]] = {}
    for _ in range(repeat):
        for name, module in (("baseline", baseline), ("this", exact)):
            solver = module.Solver(config, fractions=False)
            start = time.process_time()
            results = solver.run()
            best[name] = min(best[name], time.process_time() - start)
            found[name] = (list(results.items()), solver.rounding)
    return {"baseline": best["baseline"], "this": best["this"], "same": found["this"] == found["baseline"]}


def measure(ruleset: str, example: str, baseline: Path | None = None, repeat: int = 3) -> dict[str, Any]:
    """Solve one pair exactly, then time the Monte Carlo run of matching precision (and the
    ``baseline`` solver against this one, if given)."""
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
    compared = against(config, load_baseline(baseline), repeat) if baseline is not None else None
    return {
        "against": compared,
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


def _child(ruleset: str, example: str, baseline: Path | None, repeat: int, queue: Any) -> None:
    queue.put(measure(ruleset, example, baseline, repeat))


def measure_with_limit(ruleset: str, example: str, timeout: float, baseline: Path | None = None, repeat: int = 3) -> dict[str, Any]:
    """``measure`` in a child process, given up after ``timeout`` seconds of solving and sampling."""
    queue: Any = multiprocessing.Queue()
    child = multiprocessing.Process(target=_child, args=(ruleset, example, baseline, repeat, queue))
    child.start()
    child.join(timeout)
    if child.is_alive():
        child.terminate()
        child.join()
        return {"ruleset": ruleset, "example": example, "exact": None, "timeout": timeout}
    return queue.get()  # type: ignore[no-any-return]


def _against(compared: dict[str, Any] | None) -> str:
    """The row's columns for ``--baseline``: both CPU times, their ratio and whether the floats agree."""
    if compared is None:
        return ""
    ratio = compared["this"] / compared["baseline"]
    return f" {compared['baseline']:7.2f} {compared['this']:7.2f} {ratio:5.2f} {'yes' if compared['same'] else 'NO'}"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-r", "--ruleset", action="append", choices=RULESETS)
    parser.add_argument("-e", "--example", action="append", help="example name without .toml")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--baseline", type=Path, help="another version's rulebench/analysis folder, its solver timed against this one")
    parser.add_argument("--repeat", type=int, default=3, help="solves of each version with --baseline (best CPU time)")
    args = parser.parse_args(argv)
    examples = args.example or sorted(p.stem for p in EXAMPLES.glob("*.toml"))
    rows = []
    if not args.json:
        print(
            f"{'ruleset':11} {'example':20} {'exact s':>8} {'frac s':>7} {'rounding':>8} {'states':>9} {'replayed':>8} {'shared':>8} {'peak MB':>7} "
            f"{'party_wins':>10} {'MC fights':>9} {'MC s':>7} {'MC/exact':>8}"
            + (f" {'base s':>7} {'this s':>7} {'ratio':>5} same" if args.baseline else "")
        )
    for ruleset in args.ruleset or RULESETS:
        for example in examples:
            row = measure_with_limit(ruleset, example, args.timeout, args.baseline, args.repeat)
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
                    f"{row['fights']:9,} {row['monte_carlo']:7.2f} {row['ratio']:8.1f}" + _against(row["against"]),
                    flush=True,
                )
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()


if __name__ == "__main__":
    main()
