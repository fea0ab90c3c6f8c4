"""What the exact attempts of the odds through one fight cost, state by state (``fight --odds``).

Every state the fight passes through (after setup and after each round) is attempted exactly with
compare's budget, in this process, and the table gives each attempt's time and answer: ``exact``,
``predicted`` (the early give-up at a tenth of the budget) or ``budget`` (the whole budget spent).
The last lines compare attempting every state, as the odds once did, with the search the odds make
(``api/odds.py``, ``exact_suffix``): from the last state backwards up to the first give-up.

    python bench/odds.py [ENCOUNTER] [-r dsa] [--seed 1] [--tactics cautious]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from rulebench.analysis.analyse import AnalysisOptions, Dropped, attempt
from rulebench.analysis.from_state import play_states
from rulebench.api.narrated_fight import fight

ENCOUNTER = Path(__file__).resolve().parents[1] / "examples" / "skeleton-guards.toml"


def main() -> None:
    """Attempt every state of one fight and print what each cost."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("encounter", nargs="?", default=str(ENCOUNTER))
    parser.add_argument("-r", "--ruleset", default="dsa")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tactics", default=None)
    args = parser.parse_args()
    record = fight(args.encounter, args.ruleset, seed=args.seed, tactics=args.tactics)
    states = play_states(record.config, record.new_roller()).states
    costs: list[tuple[float, bool]] = []
    print(f"{'state':>5}  {'seconds':>7}  answer")
    for number, state in enumerate(states):
        began = time.perf_counter()
        answer = attempt(record.config, AnalysisOptions(), state)
        spent = time.perf_counter() - began
        dropped = isinstance(answer, Dropped)
        costs.append((spent, dropped))
        # Both give-ups are over budget; the early one's gist says it was a prediction.
        said = (("predicted" if "predicted" in answer.gist else "budget") if isinstance(answer, Dropped)
                else f"exact ({answer.states:,} states)")
        print(f"{number:>5}  {spent:>7.2f}  {said}")
    searched = 0.0
    for spent, dropped in reversed(costs):
        searched += spent
        if dropped:
            break
    print(f"every state attempted: {sum(s for s, _ in costs):.2f} s; from the end to the first give-up: {searched:.2f} s")


if __name__ == "__main__":
    main()
