"""Sampling speed on a ruleset's own examples: this tree against a baseline commit, in one run.

For one ruleset, samples each example (skeleton-guards and the ones given) on one worker through
rulebench's Monte Carlo (``simulate``, the round memo included) as this tree has it and as the
baseline commit had it. Each measurement runs in its own subprocess with ``PYTHONPATH`` pointing at
its tree (the baseline exported as ``bench/montecarlo.py`` exports it), the two trees take turns
so both see the same machine load, and the best of ``--repeats`` rates counts. Rates are fights per
second of the process's own CPU time. Both trees play the same seeds, so the win rates printed
beside the rates must be equal.

    python bench/example_rates.py -r talisman --baseline 0ceac5e [--fights 20000] [--repeats 5] \
        [examples/wraith.toml ...]
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
from montecarlo import baseline_tree  # noqa: E402  (a sibling script, not a package)


def play_here(ruleset: str, encounter: str, fights: int, seed: int) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate of the rulebench on ``sys.path``."""
    from rulebench.analysis.sampling import simulate
    from rulebench.core.assembly import configure
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter

    config = configure(load_encounter(encounter), ruleset, catalog=discover())
    start = time.process_time()
    sampled = simulate(config, fights, seed)
    elapsed = time.process_time() - start
    return {"rate": fights / elapsed, "party_wins": float(sampled.outcomes["party_wins"])}


def _in_subprocess(tree: Path, ruleset: str, encounter: Path, fights: int, seed: int) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", ruleset, str(encounter), str(fights), str(seed)]
    # The worker runs from the tree's parent so the checkout's own files cannot shadow the tree's.
    done = subprocess.run(command, env=env, cwd=tree.parent, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def measure(ruleset: str, encounter: Path, fights: int, repeats: int, baseline: Path) -> dict[str, object]:
    """The best rate of this tree and of the baseline on one example, taking turns."""
    best = {"current": 0.0, "baseline": 0.0}
    wins: dict[str, float] = {}
    for repeat in range(repeats):
        sides = [("current", TREE), ("baseline", baseline)]
        if repeat % 2:
            sides.reverse()
        for side, tree in sides:
            played = _in_subprocess(tree, ruleset, encounter, fights, 1)
            best[side] = max(best[side], played["rate"])
            wins[side] = played["party_wins"]
    return {
        "example": encounter.name,
        "fights_per_s": round(best["current"]),
        "baseline_fights_per_s": round(best["baseline"]),
        "ratio": round(best["current"] / best["baseline"], 2),
        "party_wins": wins["current"],
        "baseline_party_wins": wins["baseline"],
    }


def main() -> None:
    """Measure every example asked for and print a table or JSON."""
    if len(sys.argv) == 6 and sys.argv[1] == "--worker":
        json.dump(play_here(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])), sys.stdout)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("examples", nargs="*", type=Path)
    parser.add_argument("-r", "--ruleset", required=True)
    parser.add_argument("--baseline", required=True, help="a commit to compare with")
    parser.add_argument("--fights", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    examples = [TREE / "examples" / "skeleton-guards.toml", *(p.resolve() for p in args.examples)]
    baseline = baseline_tree(args.baseline)
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
