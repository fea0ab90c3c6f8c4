"""Monte Carlo speed of one ruleset on several encounters: this tree (A) against a baseline commit (B).

For each encounter, plays N seeded fights on one worker through rulebench's Monte Carlo, in a
subprocess per run with ``PYTHONPATH`` at its tree (the baseline exported as ``bench/montecarlo.py``
exports it), A and B taking turns so both see the same machine load. Each side's best run counts
(the least CPU time, ``time.process_time``, of its process). Prints fights per second of each side,
their ratio, and each side's party win rate (the same seeds, so equal dice give equal rates).
``--no-memo`` switches the round memo off (analysis/round_memo.py), so every round is played and
the rules' own code is timed rather than the memo's walk.

    python bench/examples_ab.py -r classic --baseline 0ceac5e [--fights 20000] [--repeats 5] [--no-memo] \\
        examples/skeleton-guards.toml examples/classic-demon.toml examples/classic-robbers.toml
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
sys.path.insert(0, str(HERE))

from montecarlo import baseline_tree  # noqa: E402  (a sibling script, not a package)


def play_here(ruleset: str, encounter: str, fights: int, seed: int, memo: bool) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate of the rulebench on ``sys.path``."""
    from rulebench.analysis.round_memo import memo_of
    from rulebench.analysis.sampling import simulate
    from rulebench.core.assembly import configure
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter

    config = configure(load_encounter(encounter), ruleset, catalog=discover())
    if not memo:
        memo_of(config).switch_off()
    start = time.process_time()
    sampled = simulate(config, fights, seed)
    elapsed = time.process_time() - start
    return {"rate": fights / elapsed, "party_wins": float(sampled.outcomes["party_wins"])}


def _run(tree: Path, ruleset: str, encounter: Path, fights: int, seed: int, memo: bool) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", ruleset, str(encounter), str(fights), str(seed),
               "memo" if memo else "no-memo"]
    # Run from the tree's parent, so the checkout's own files cannot shadow the tree's.
    done = subprocess.run(command, env=env, cwd=tree.parent, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def measure(ruleset: str, encounter: Path, fights: int, repeats: int, baseline: Path, memo: bool) -> dict[str, object]:
    """Best fights per second of A (this tree) and B (the baseline) on one encounter."""
    best = {"A": 0.0, "B": 0.0}
    wins: dict[str, float] = {}
    for seed in range(1, repeats + 1):
        sides = [("A", HERE.parent), ("B", baseline)]
        if seed % 2 == 0:
            sides.reverse()
        for side, tree in sides:
            played = _run(tree, ruleset, encounter, fights, seed, memo)
            best[side] = max(best[side], played["rate"])
            wins[side] = played["party_wins"]
    return {"encounter": encounter.name, "A": round(best["A"]), "B": round(best["B"]),
            "ratio": round(best["A"] / best["B"], 2), "wins_A": round(wins["A"], 4), "wins_B": round(wins["B"], 4)}


def main() -> None:
    """Measure each encounter given and print a table, or JSON with ``--json``."""
    if len(sys.argv) == 7 and sys.argv[1] == "--worker":
        json.dump(play_here(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "memo"), sys.stdout)
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("encounters", nargs="+", type=Path)
    parser.add_argument("-r", "--ruleset", required=True)
    parser.add_argument("--baseline", required=True, help="the commit to compare with")
    parser.add_argument("--fights", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-memo", action="store_true", help="play every round: time the rules, not the round memo")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    baseline = baseline_tree(args.baseline)
    rows = [measure(args.ruleset, e.resolve(), args.fights, args.repeats, baseline, not args.no_memo) for e in args.encounters]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return
    print(f"{'encounter':<26}{'A fights/s':>12}{'B fights/s':>12}{'A/B':>7}{'wins A':>9}{'wins B':>9}")
    for row in rows:
        print(f"{row['encounter']:<26}{row['A']:>12,}{row['B']:>12,}{row['ratio']:>7.2f}{row['wins_A']:>9.4f}{row['wins_B']:>9.4f}")


if __name__ == "__main__":
    main()
