"""A balance samples each value only until its side of the target is clear (issue #13).

A balance asks of each value of the varied number whether the party wins at least the target
share of the fights. A value is therefore sampled until the precision, or only until its
``party_wins`` interval lies wholly above or below the target (``stopped_by``: ``target``; an
interval wide enough for the repeated looks), even where it would fit exact analysis; the
fights it played are still the first fights of the seed, so ``-n`` reproduces it. The bracket's
two values are then analysed in full.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

import rulebench
from rulebench.analysis.precision import half_width, looks, simulate_to_precision, target_side
from rulebench.analysis.results import Tally, wilson
from rulebench.analysis.sampling import BLOCK, simulate
from rulebench.core.assembly import configure
from rulebench.core.encounter import load_encounter

GUARDS = Path(__file__).resolve().parent.parent / "examples" / "skeleton-guards.toml"
COUNT = "enemy.members[0].count"


def _tally(wins: int, losses: int) -> Tally:
    return Tally(("Hero",), outcomes=Counter({"party_wins": wins, "enemy_wins": losses}), total=wins + losses)


def test_the_side_is_decided_only_when_the_interval_leaves_the_target() -> None:
    decided = target_side(0.5, 0.01)
    assert decided(_tally(900, 100)) and decided(_tally(100, 900))
    assert not decided(_tally(52, 48))  # 0.52 ± 0.10: could be either side
    low, high = wilson(520, 1000)
    assert low < 0.5 < high and not decided(_tally(520, 1000 - 520))
    # Outside the 95% interval is not enough: the rule is looked at after every block.
    low, high = wilson(540, 1000)
    assert low > 0.5 and not decided(_tally(540, 1000 - 540)) and decided(_tally(560, 1000 - 560))


@pytest.mark.parametrize("precision", [0.005, 0.01, 0.02, 0.1])
def test_a_run_to_the_precision_looks_at_most_looks_times(precision: float) -> None:
    fights = looks(precision) * BLOCK  # the widest interval (p = 1/2) is narrow enough by then
    assert half_width(_tally(fights // 2, fights - fights // 2)) <= precision


def test_a_run_stops_at_the_target_and_is_the_run_of_that_many_fights() -> None:
    config = configure(load_encounter(GUARDS).with_value(COUNT, 4), "endurance")  # party wins ~99.9%
    precise, _ = simulate_to_precision(config, 0.001, seed=3)
    sided, reached = simulate_to_precision(config, 0.001, seed=3, decided=target_side(0.5, 0.001))
    assert sided.stopped_by == "target" and reached > 0.001
    assert precise.fights is not None and sided.fights == BLOCK < precise.fights
    assert sided.tally.outcomes == simulate(config, sided.fights, seed=3).tally.outcomes


def test_a_balance_stops_far_values_early_and_analyses_its_bracket_in_full() -> None:
    # To ±2 points rather than the default ±1: the bracket is still sampled to the run's precision
    # (1,750 and 2,500 fights instead of 6,500 and 9,750), and 8 guards still stop at the target.
    precision = 0.02
    found = rulebench.balance(GUARDS, f"{COUNT}=1..8", 0.5, ["endurance"], exact=False, precision=precision, seed=1, workers=1)
    points = found.evaluated["endurance"]
    bracket = found.brackets["endurance"]
    assert bracket is not None
    away = [r for v, r in points.items() if v not in bracket]
    assert {r.stopped_by for r in away} <= {"precision", "target"}
    stopped = [r for r in away if r.stopped_by == "target"]
    assert stopped, "values away from the crossing stop early"
    for result in stopped:
        ci = result.ci95
        assert ci is not None
        low, high = ci["party_wins"]
        assert high < 0.5 or low > 0.5
    # The bracket's values are sampled to the precision, and lie on their sides of the target.
    low_end, high_end = (points[v] for v in bracket)
    assert low_end.stopped_by == high_end.stopped_by == "precision"
    assert half_width(low_end.tally) <= precision and half_width(high_end.tally) <= precision
    assert float(low_end.outcomes["party_wins"]) >= 0.5 > float(high_end.outcomes["party_wins"])
    document = found.to_dict()["results"][0]
    assert [p["stopped_by"] for p in document["bracket"]] == ["precision", "precision"]


def test_in_the_automatic_choice_only_the_bracket_is_solved_exactly() -> None:
    found = rulebench.balance(GUARDS, f"{COUNT}=1..8", 0.5, ["classic"], seed=1, workers=1)
    points, bracket = found.evaluated["classic"], found.brackets["classic"]
    assert bracket is not None
    assert all(points[v].method == "exact" for v in bracket)
    others = [r for v, r in points.items() if v not in bracket]
    assert others and all(r.method == "monte-carlo" for r in others)
    assert "target" in {r.stopped_by for r in others} and {r.stopped_by for r in others} <= {"precision", "target"}
    exact = rulebench.balance(GUARDS, f"{COUNT}=1..8", 0.5, ["classic"], exact=True, workers=1)
    assert exact.brackets["classic"] == bracket  # the sampled looks found the bracket exact analysis finds
