"""Monte Carlo speed: this tree against a baseline commit and a hand-written loop, in one run.

For each ruleset with a loop in ``bench/loops/``, plays the skeleton-guards fight
(examples/skeleton-guards.toml, default tactics) on one worker through rulebench's Monte Carlo as
this tree has it and as the baseline commit had it, and through the hand-written loop. Each side
runs in its own subprocess with ``PYTHONPATH`` pointing at its tree (the baseline is exported once
with ``git archive`` into a directory under the system's temporary directory), and the sides take
turns a few times so both see the same machine load; the best rate of each side counts. Rates are
fights per second of the process's own CPU time (``time.process_time``), since on a shared machine
wall-clock time mostly measures what else is running. Prints
fights per second for each side, the speed-up against the baseline, the ratio to the loop and the
win rates (the baseline and this tree play the same seeds, so equal dice give equal win rates).

    python bench/montecarlo.py [--fights 20000] [--repeats 3] [-r RULESET ...] [--baseline a20a086] [--json]

``--baseline none`` measures this tree and the loop only.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
ENCOUNTER = TREE / "examples" / "skeleton-guards.toml"
BASELINE = "a20a086"  # before the sampling speed work of issue #13


def _loop(ruleset: str) -> Callable[[int, int], dict[str, int]]:
    spec = importlib.util.spec_from_file_location(f"loop_{ruleset}", HERE / "loops" / f"{ruleset}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    run: Callable[[int, int], dict[str, int]] = module.run
    return run


def baseline_tree(revision: str) -> Path:
    """The baseline's files, exported once per commit (no worktree, so the checkout's git state is untouched)."""
    commit = subprocess.run(
        ["git", "-C", str(TREE), "rev-parse", "--short=12", f"{revision}^{{commit}}"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    target = Path(tempfile.gettempdir()) / f"rulebench-bench-{commit}"
    if not (target / "rulebench" / "__init__.py").exists():
        target.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(TREE), "archive", commit], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def play_here(ruleset: str, fights: int, seed: int) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate of the rulebench on ``sys.path``."""
    from rulebench.analysis.sampling import simulate
    try:
        from rulebench.core.assembly import configure
    except ImportError:  # a baseline from before the kernel's split (0ceac5e and older)
        from rulebench.core.kernel import configure  # type: ignore[attr-defined,no-redef]
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter

    config = configure(load_encounter(ENCOUNTER), ruleset, catalog=discover())
    start = time.process_time()
    sampled = simulate(config, fights, seed)
    elapsed = time.process_time() - start
    return {"rate": fights / elapsed, "party_wins": float(sampled.outcomes["party_wins"])}


def _in_subprocess(tree: Path, ruleset: str, fights: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", ruleset, str(fights), str(seed)]
    # The worker runs from the tree's parent so the checkout's own files cannot shadow the tree's.
    done = subprocess.run(command, env=env, cwd=tree.parent, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def measure(ruleset: str, fights: int, repeats: int, baseline: Path | None) -> dict[str, object]:
    """Fights per second of this tree, the baseline and the hand-written loop for one ruleset."""
    loop = _loop(ruleset)
    best = {"current": 0.0, "baseline": 0.0, "loop": 0.0}
    wins: dict[str, float] = {}
    for seed in range(1, repeats + 1):  # interleaved, so load on this noisy machine hits every side alike
        sides = [("current", TREE)] + ([("baseline", baseline)] if baseline is not None else [])
        if seed % 2 == 0:
            sides.reverse()
        for side, tree in sides:
            played = _in_subprocess(tree, ruleset, fights, seed)
            best[side] = max(best[side], played["rate"])
            wins[side] = played["party_wins"]
        start = time.process_time()
        counted = loop(fights, seed)
        best["loop"] = max(best["loop"], fights / (time.process_time() - start))
        wins["loop"] = counted["party_wins"] / fights
    row: dict[str, object] = {
        "ruleset": ruleset,
        "fights": fights,
        "rulebench_fights_per_s": round(best["current"]),
        "loop_fights_per_s": round(best["loop"]),
        "ratio": round(best["current"] / best["loop"], 3),
        "rulebench_party_wins": round(wins["current"], 4),
        "loop_party_wins": round(wins["loop"], 4),
    }
    if baseline is not None:
        row["baseline_fights_per_s"] = round(best["baseline"])
        row["speedup"] = round(best["current"] / best["baseline"], 2)
        row["baseline_party_wins"] = round(wins["baseline"], 4)
    return row


def main() -> None:
    """Measure every ruleset asked for (all with a loop by default) and print a table or JSON."""
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        json.dump(play_here(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])), sys.stdout)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fights", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("-r", "--ruleset", action="append")
    parser.add_argument("--baseline", default=BASELINE, help="a commit to compare with, or 'none'")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rulesets = args.ruleset or sorted(p.stem for p in (HERE / "loops").glob("*.py"))
    baseline = None if args.baseline == "none" else baseline_tree(args.baseline)
    rows = [measure(r, args.fights, args.repeats, baseline) for r in rulesets]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'ruleset':<12}{'rulebench/s':>13}{'baseline/s':>12}{'speed-up':>10}{'loop/s':>11}{'ratio':>8}"
          f"{'wins rb':>9}{'wins base':>11}{'wins loop':>11}")
    for row in rows:
        base_rate = f"{row['baseline_fights_per_s']:>12,}" if baseline else f"{'-':>12}"
        speedup = f"{row['speedup']:>9.2f}x" if baseline else f"{'-':>10}"
        base_wins = f"{row['baseline_party_wins']:>11.4f}" if baseline else f"{'-':>11}"
        print(
            f"{row['ruleset']:<12}{row['rulebench_fights_per_s']:>13,}{base_rate}{speedup}"
            f"{row['loop_fights_per_s']:>11,}{row['ratio']:>8.2f}{row['rulebench_party_wins']:>9.4f}{base_wins}"
            f"{row['loop_party_wins']:>11.4f}"
        )


if __name__ == "__main__":
    main()
