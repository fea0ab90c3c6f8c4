"""The early give-up of the exact solver (``Solver.early``) on fights that have ended some of
their fights by a tenth of the budget: it drops a growing tail (``TAIL``) and keeps the fights
that fit, on both sides of the margin ``TAIL`` was chosen with."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # the project supports 3.10, where tomli is its backport
    import tomli as tomllib

from rulebench.analysis.exact import TAIL, Solver, StateBudgetExceeded
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.i18n import set_language

EXAMPLES = Path(__file__).parent.parent / "examples"


def guards(count: int, ruleset: str) -> FightConfig:
    """The skeleton-guards example against ``count`` guards, as the README's sweep varies it."""
    data: dict[str, Any] = tomllib.loads((EXAMPLES / "skeleton-guards.toml").read_text(encoding="utf-8"))
    data["enemy"]["members"][0]["count"] = count
    return configure(encounter_from_dict(data), ruleset)


def in_play(solver: Solver) -> float:
    """The probability that has not reached a fight's end yet."""
    return 1 - float(sum(solver.finished.parts[1].values()))


def test_a_growing_tail_is_dropped_at_a_tenth_of_the_budget() -> None:
    """Endurance against one guard ends most fights in the first rounds, so the rule that no fight
    has ended does not fire; the rare long fights left keep meeting more new states every round
    up to the round cap (docs/rules/endurance.md), past the whole budget."""
    solver = Solver(guards(1, "endurance"), fractions=False, early=True)
    with pytest.raises(StateBudgetExceeded, match="less than a billionth of the probability was still in play") as raised:
        solver.run()
    assert raised.value.gist == (
        "predicted not to fit at a tenth of the budget of 1,000,000 fight states (--max-states): no fight had ended, or what "
        "was still in play (less than a billionth) met more new states every round; --exact tries the whole budget"
    )
    assert solver.max_states // 10 <= solver.handled < solver.max_states // 5
    assert solver.first_end == 1 and 0 <= in_play(solver) < TAIL
    (_, first), (_, second), (_, third) = solver.met_by_round[-3:]
    assert third - second > second - first > 0


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


@pytest.mark.usefixtures("german")
def test_the_prediction_is_said_in_german() -> None:
    with pytest.raises(StateBudgetExceeded, match="weniger als ein Milliardstel der Wahrscheinlichkeit") as raised:
        Solver(guards(1, "endurance"), fractions=False, early=True).run()
    assert raised.value.gist.startswith("passt voraussichtlich nicht") and "1.000.000 Kampfzuständen" in raised.value.gist


def test_both_early_give_ups_share_one_gist() -> None:
    """A sweep's note gives each different gist once: the points dropped because no fight had ended
    and those dropped for a growing tail read as one reason."""
    reasons = []
    for config in (guards(1, "endurance"), guards(4, "dsa")):
        with pytest.raises(StateBudgetExceeded) as raised:
            Solver(config, fractions=False, early=True).run()
        reasons.append(raised.value)
    assert "no fight had ended" in str(reasons[1]) and "billionth" in str(reasons[0])
    assert reasons[0].gist == reasons[1].gist


def test_fractions_find_the_same_tail_from_exact_integers() -> None:
    with pytest.raises(StateBudgetExceeded, match="less than a billionth"):
        Solver(guards(1, "endurance"), fractions=True, early=True).run()


def test_the_whole_budget_is_tried_without_early() -> None:
    """What ``--exact`` does: the same fight really does not fit."""
    solver = Solver(guards(1, "endurance"), fractions=False)
    with pytest.raises(StateBudgetExceeded, match="needs more fight states than the budget"):
        solver.run()
    assert solver.handled > solver.max_states


def test_a_duel_that_saturates_still_solves_in_auto_mode() -> None:
    """The dsa ogre duel, with nearly all of its probability in play at a tenth of the budget and
    its states still multiplying, fits (it handles about 990,000 of the 1,000,000)."""
    solver = Solver(configure(load_encounter(EXAMPLES / "ogre-duel.toml"), "dsa"), fractions=False, early=True)
    solver.run()
    assert solver.handled > solver.max_states // 2 and not solver.early  # went past the check
    assert abs(in_play(solver)) < 1e-12


def test_a_thin_tail_that_still_grows_but_fits_is_kept() -> None:
    """Talisman against one guard: the fit side of the margin, about 1e-6 in play at a tenth of
    the budget with more new states every round, and the whole solve well within the budget."""
    solver = Solver(guards(1, "talisman"), fractions=False, early=True)
    solver.run()
    assert not solver.early and solver.handled < solver.max_states // 4
    (_, first), (_, second), (_, third) = solver.met_by_round[-3:]
    assert third - second > second - first


def test_a_thin_tail_that_stopped_meeting_new_states_is_kept() -> None:
    """Ambermarch against seven guards: at a tenth of the budget its long fights go round the same
    states (nothing new per round) with far less than ``TAIL`` in play, and it fits."""
    solver = Solver(guards(7, "ambermarch"), fractions=False, early=True)
    solver.run()
    assert not solver.early and solver.handled < solver.max_states // 5
