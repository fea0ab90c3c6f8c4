"""Monte Carlo speed per example: this tree against a baseline commit, one ruleset, in one run.

Plays N fights of each example given (default: examples/skeleton-guards.toml and the ruleset's own
examples, ``examples/<ruleset>-*.toml``) on one worker through rulebench's sampling, as this tree
has it and as the baseline commit had it (exported like ``bench/montecarlo.py`` exports it). The
sides take turns in their own subprocesses, so both see the same machine load, and the best of
``--repeats`` rates of each side counts (fights per second of the process's own CPU time). Both
play the same seeds, so equal dice give equal win rates, which the table shows.

    python bench/examples.py -r dsa [--baseline 0ceac5e] [--fights 3000] [--repeats 5] [EXAMPLE.toml ...]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
sys.path.insert(0, str(HERE))

from montecarlo import baseline_tree  # noqa: E402  (a script beside this one, not a package)


def play_here(ruleset: str, example: str, fights: int, seed: int) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate of the rulebench on ``sys.path``."""
    from rulebench.analysis.sampling import simulate
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter
    from rulebench.core.kernel import configure

    config = configure(load_encounter(example), ruleset, catalog=discover())
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
    """The best rate of this tree and of the baseline on one example, the runs alternating."""
    best = {"current": 0.0, "baseline": 0.0}
    wins: dict[str, float] = {}
    for repeat in range(repeats):
        sides = [("current", TREE), ("baseline", baseline)]
        if repeat % 2:
            sides.reverse()
        for side, tree in sides:
            played = _in_subprocess(tree, ruleset, example, fights, 1)
            best[side] = max(best[side], played["rate"])
            wins[side] = played["party_wins"]
    return {
        "example": example.name, "fights": fights, "current": round(best["current"]), "baseline": round(best["baseline"]),
        "ratio": round(best["current"] / best["baseline"], 2), "wins": wins["current"], "baseline_wins": wins["baseline"],
    }


def main() -> None:
    """Measure each example and print a table or JSON."""
    if len(sys.argv) == 6 and sys.argv[1] == "--worker":
        json.dump(play_here(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])), sys.stdout)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("examples", nargs="*", type=Path)
    parser.add_argument("-r", "--ruleset", required=True)
    parser.add_argument("--baseline", default="main")
    parser.add_argument("--fights", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    examples = [p.resolve() for p in args.examples] or [
        TREE / "examples" / "skeleton-guards.toml", *sorted((TREE / "examples").glob(f"{args.ruleset}-*.toml"))]
    baseline = baseline_tree(args.baseline)
    rows = [measure(args.ruleset, e, args.fights, args.repeats, baseline) for e in examples]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'example':<24}{'fights/s':>10}{'baseline/s':>12}{'ratio':>8}{'wins':>8}{'base wins':>11}")
    for row in rows:
        print(f"{row['example']:<24}{row['current']:>10,}{row['baseline']:>12,}{row['ratio']:>7.2f}x"
              f"{row['wins']:>8.4f}{row['baseline_wins']:>11.4f}")


if __name__ == "__main__":
    main()
