"""A balance samples each value only until its side of the target is clear (issue #13).

A balance asks of each value of the varied number whether the party wins at least the target
share of the fights. A sampled value therefore stops at the precision, or as soon as its
``party_wins`` 95% interval lies wholly above or below the target (``stopped_by``: ``target``);
the fights it played are still the first fights of the seed, so ``-n`` reproduces it.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import rulebench
from rulebench.analysis.precision import simulate_to_precision, target_side
from rulebench.analysis.results import Tally, wilson
from rulebench.analysis.sampling import BLOCK, simulate
from rulebench.core.encounter import load_encounter
from rulebench.core.kernel import configure

GUARDS = Path(__file__).resolve().parent.parent / "examples" / "skeleton-guards.toml"
COUNT = "enemy.members[0].count"


def _tally(wins: int, losses: int) -> Tally:
    return Tally(("Hero",), outcomes=Counter({"party_wins": wins, "enemy_wins": losses}), total=wins + losses)


def test_the_side_is_decided_only_when_the_interval_leaves_the_target() -> None:
    decided = target_side(0.5)
    assert decided(_tally(900, 100)) and decided(_tally(100, 900))
    assert not decided(_tally(52, 48))  # 0.52 ± 0.10: could be either side
    low, high = wilson(520, 1000)
    assert low < 0.5 < high and not decided(_tally(520, 1000 - 520))


def test_a_run_stops_at_the_target_and_is_the_run_of_that_many_fights() -> None:
    config = configure(load_encounter(GUARDS).with_value(COUNT, 4), "endurance")  # party wins ~99.9%
    precise, _ = simulate_to_precision(config, 0.001, seed=3)
    sided, reached = simulate_to_precision(config, 0.001, seed=3, decided=target_side(0.5))
    assert sided.stopped_by == "target" and reached > 0.001
    assert sided.fights == BLOCK < precise.fights
    assert sided.tally.outcomes == simulate(config, sided.fights, seed=3).tally.outcomes


def test_a_balance_stops_far_values_early_and_keeps_its_bracket() -> None:
    found = rulebench.balance(GUARDS, f"{COUNT}=1..8", 0.5, ["endurance"], exact=False, seed=1, workers=1)
    points = found.evaluated["endurance"]
    assert {r.stopped_by for r in points.values()} <= {"precision", "target"}
    stopped = [r for r in points.values() if r.stopped_by == "target"]
    assert stopped, "values far from the crossing stop early"
    for result in stopped:
        ci = result.ci95
        assert ci is not None
        low, high = ci["party_wins"]
        assert high < 0.5 or low > 0.5
    # Each end of the bracket is known to lie on its side of the target.
    bracket = found.brackets["endurance"]
    assert bracket is not None
    low_ci, high_ci = (points[v].ci95 for v in bracket)
    assert low_ci is not None and high_ci is not None
    assert low_ci["party_wins"][0] > 0.5 > high_ci["party_wins"][1]
