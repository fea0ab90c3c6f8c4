"""Sampling speed of one ruleset on several examples: this tree against a baseline commit, in one run.

Plays ``--fights`` fights of each example (examples/skeleton-guards.toml and the ruleset's own
``examples/<ruleset>-*.toml`` unless named) through rulebench's Monte Carlo on one worker, as this
tree has it and as the baseline commit had it. Each side runs in its own subprocess with
``PYTHONPATH`` pointing at its tree (the baseline exported as ``bench/montecarlo.py`` exports it),
the sides take turns ``--repeats`` times so both see the same machine load, and the best rate of
each side counts (fights per second of process time). Prints the rates, their ratio, and the
party's win rates (the same seeds on both sides: equal dice give equal win rates).

    python bench/examples.py -r endurance [--baseline 0ceac5e] [--fights 5000] [--repeats 5] [EXAMPLE ...]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent


def _baseline_tree(revision: str) -> Path:
    """The baseline's files, exported once per commit (``bench/montecarlo.py``'s ``baseline_tree``)."""
    spec = importlib.util.spec_from_file_location("bench_montecarlo", HERE / "montecarlo.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tree: Path = module.baseline_tree(revision)
    return tree


def play_here(ruleset: str, example: str, fights: int, seed: int) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate of the rulebench on ``sys.path``."""
    from rulebench.analysis.sampling import simulate
    try:
        from rulebench.core.assembly import configure
    except ImportError:  # a baseline from before the kernel's split (0ceac5e and older)
        from rulebench.core.kernel import configure  # type: ignore[attr-defined,no-redef]
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter

    config = configure(load_encounter(Path(example)), ruleset, catalog=discover())
    start = time.process_time()
    sampled = simulate(config, fights, seed)
    elapsed = time.process_time() - start
    return {"rate": fights / elapsed, "party_wins": float(sampled.outcomes["party_wins"])}


def _in_subprocess(tree: Path, ruleset: str, example: Path, fights: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", ruleset, str(example), str(fights), str(seed)]
    # The worker runs from the tree's parent so the checkout's own files cannot shadow the tree's.
    done = subprocess.run(command, env=env, cwd=tree.parent, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def measure(ruleset: str, example: Path, fights: int, repeats: int, baseline: Path) -> dict[str, object]:
    """The best rate of this tree and of the baseline on one example, their runs interleaved."""
    best = {"current": 0.0, "baseline": 0.0}
    wins: dict[str, float] = {}
    for seed in range(1, repeats + 1):
        sides = [("current", TREE), ("baseline", baseline)]
        if seed % 2 == 0:
            sides.reverse()
        for side, tree in sides:
            played = _in_subprocess(tree, ruleset, example, fights, seed)
            best[side] = max(best[side], played["rate"])
            wins[side] = played["party_wins"]
    return {
        "example": example.name,
        "fights_per_s": round(best["current"]),
        "baseline_fights_per_s": round(best["baseline"]),
        "ratio": round(best["current"] / best["baseline"], 2),
        "party_wins": round(wins["current"], 4),
        "baseline_party_wins": round(wins["baseline"], 4),
    }


def main() -> None:
    """Measure every example asked for (skeleton-guards and the ruleset's own by default) and print a table or JSON."""
    if len(sys.argv) == 6 and sys.argv[1] == "--worker":
        json.dump(play_here(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])), sys.stdout)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-r", "--ruleset", required=True)
    parser.add_argument("--baseline", default="main", help="the commit to compare with")
    parser.add_argument("--fights", type=int, default=5_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("examples", nargs="*", type=Path)
    args = parser.parse_args()
    examples = [p.resolve() for p in args.examples] or [
        TREE / "examples" / "skeleton-guards.toml", *sorted((TREE / "examples").glob(f"{args.ruleset}-*.toml"))]
    baseline = _baseline_tree(args.baseline)
    rows = [measure(args.ruleset, example, args.fights, args.repeats, baseline) for example in examples]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'example':<26}{'fights/s':>10}{'baseline/s':>12}{'ratio':>8}{'wins':>9}{'wins base':>11}")
    for row in rows:
        print(f"{row['example']:<26}{row['fights_per_s']:>10,}{row['baseline_fights_per_s']:>12,}{row['ratio']:>7.2f}x"
              f"{row['party_wins']:>9.4f}{row['baseline_party_wins']:>11.4f}")


if __name__ == "__main__":
    main()
