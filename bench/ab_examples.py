"""Monte Carlo speed of one ruleset on several example encounters: this tree (A) against a baseline commit (B).

For each encounter, plays ``--fights`` fights under the ruleset's default setup on one worker
(``simulate``), once per side and turn, the sides alternating ``--repeats`` times so both see the
same machine load; each side's best rate counts. Each side runs in its own subprocess with
``PYTHONPATH`` at its tree (the baseline exported with ``git archive``, as ``bench/montecarlo.py``
does). Rates are fights per second of the process's own CPU time. Both sides play the same seeds,
so equal win rates say they played the same fights.

    python bench/ab_examples.py -r ambermarch --baseline 0ceac5e examples/skeleton-guards.toml examples/am-1.toml
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

from montecarlo import baseline_tree  # noqa: E402  (bench/ is no package)


def play_here(ruleset: str, encounter: str, fights: int, seed: int) -> dict[str, float]:
    """In a worker process: fights per second and the party's win rate of the rulebench on ``sys.path``."""
    from rulebench.analysis.sampling import simulate
    from rulebench.core.assembly import configure
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import load_encounter

    config = configure(load_encounter(Path(encounter)), ruleset, catalog=discover())
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


def main() -> None:
    """Measure, alternating the sides, and print one row per encounter."""
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        ruleset, encounter, fights, seed = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        print(json.dumps(play_here(ruleset, encounter, fights, seed)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("encounters", nargs="+", type=Path)
    parser.add_argument("-r", "--ruleset", required=True)
    parser.add_argument("--baseline", required=True, help="the commit to compare with")
    parser.add_argument("--fights", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    base = baseline_tree(args.baseline)
    print(f"{'encounter':32} {'A fights/s':>11} {'B fights/s':>11} {'A/B':>6}  wins A  wins B")
    for encounter in args.encounters:
        path = encounter.resolve()
        best: dict[str, dict[str, float]] = {}
        for _ in range(args.repeats):
            for side, tree in (("A", TREE), ("B", base)):
                result = _in_subprocess(tree, args.ruleset, path, args.fights, args.seed)
                if side not in best or result["rate"] > best[side]["rate"]:
                    best[side] = result
        a, b = best["A"], best["B"]
        print(f"{encounter.name:32} {a['rate']:11,.0f} {b['rate']:11,.0f} {a['rate'] / b['rate']:5.2f}x"
              f"  {a['party_wins']:.4f}  {b['party_wins']:.4f}")


if __name__ == "__main__":
    main()
