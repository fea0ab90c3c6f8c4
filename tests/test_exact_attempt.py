"""The automatic choice's exact attempt gives up early on what will not fit (issue #13).

Besides "no fight had ended after a tenth of the budget", an attempt gives up when less than a
tenth of the probability has reached the fights' ends by then. Whenever it does, the whole budget
would not have been enough either; a fight that fits is solved.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebench.analysis import exact
from rulebench.analysis.analyse import AnalysisOptions, attempt
from rulebench.core.encounter import load_encounter
from rulebench.core.kernel import FightConfig, configure

GUARDS = Path(__file__).resolve().parent.parent / "examples" / "skeleton-guards.toml"


def _config(ruleset: str, count: int) -> FightConfig:
    return configure(load_encounter(GUARDS).with_value("enemy.members[0].count", count), ruleset)


def test_an_attempt_that_gives_up_would_not_have_fitted() -> None:
    dropped = 0
    for ruleset, count, budget in [("endurance", 2, 200_000), ("endurance", 4, 100_000)]:
        reason = attempt(_config(ruleset, count), AnalysisOptions.make(max_states=budget))
        assert isinstance(reason, str)
        if "had reached the fights' ends" in reason:
            dropped += 1
            with pytest.raises(exact.StateBudgetExceeded):
                exact.solve(_config(ruleset, count), max_states=budget, fractions=False)
    assert dropped, "the examples chosen give up by the share of probability that has ended"


def test_an_attempt_that_fits_is_solved_as_exact_solves_it() -> None:
    solved = attempt(_config("ambermarch", 1), AnalysisOptions.make(max_states=50_000))
    assert not isinstance(solved, str) and solved.method == "exact"
    assert solved.outcomes == exact.solve(_config("ambermarch", 1), max_states=50_000, fractions=False).outcomes
