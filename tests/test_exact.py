"""The exact solver (``analysis/exact/``) against Monte Carlo (issue 7).

Every built-in ruleset on every example encounter: either it fits the default budget, and then its
outcome probabilities are fractions summing to exactly 1 that each lie in the 99.9% Wilson
interval (z = 3.29) of the sampled fights; or it is one of ``TOO_BIG`` and the solver says so by
raising ``StateBudgetExceeded``, so the list is checked in both directions. Both solve as the
automatic choice does (``early``): one that fits is not dropped early, one that does not is found
out for a tenth of the budget where no fight has ended by then. The sample is as large as a
±0.01 interval (99.9%) at the exact probabilities needs, at most ``FIGHTS``: enough to see any
error of a percentage point, without 50,000 fights where a handful of outcomes is near 0 or 1.
The fights are played in the test's own process: the test runner's processes already fill the
machine, and a pool per test would only add its start-up and pickling. A solve other tests read
too comes from ``exact_solves.py``, solved once. The brute-force oracle comparison lives in
test_exact_oracle.py.
"""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from exact_solves import early_solve  # tests/ is on sys.path under pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # the project supports 3.10, where tomli is its backport
    import tomli as tomllib

from rulebench.analysis.exact import REPLAY_COST, Solver, StateBudgetExceeded, result_of, solve
from rulebench.analysis.results import wilson
from rulebench.analysis.sampling import CHUNK, simulate
from rulebench.core.assembly import configure
from rulebench.core.encounter import encounter_from_dict, load_encounter

EXAMPLES = sorted(Path(__file__).parent.parent.joinpath("examples").glob("*.toml"))
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")

TOO_BIG = {
    *(("dsa", e.stem) for e in EXAMPLES if e.stem not in ("dsa-orc-duel", "ogre-duel")),
    *(
        ("endurance", name)
        for name in (
            "am-1", "ambermarch-ogre", "bandit-raiders", "classic-robbers", "crypt-wights", "endurance-wolves",
            "goblin-ambush", "skeleton-guards", "talisman-rivals", "talisman-wolf-pack",
        )
    ),
}
"""Pairs beyond the default budget (``python bench/exact.py`` measures them all): dsa fights but
the two duels, and endurance's larger fights, whose states multiply with every combatant's
endurance, wounds and bleeding."""

FIGHTS = 50_000
Z999 = 3.2905
HALF_WIDTH = 0.01


def fights_for(probabilities: list[Fraction]) -> int:
    """The fights whose 99.9% interval is about ±``HALF_WIDTH`` at the widest of ``probabilities``
    (normal approximation), in whole chunks of the sampler, between one chunk and ``FIGHTS``."""
    widest = max(float(p * (1 - p)) for p in probabilities)
    needed = math.ceil(Z999 * Z999 * widest / HALF_WIDTH**2)
    return min(FIGHTS, max(CHUNK, math.ceil(needed / CHUNK) * CHUNK))


@pytest.mark.parametrize(
    ("ruleset", "example"), [(r, e) for r in RULESETS for e in EXAMPLES], ids=lambda v: getattr(v, "stem", v)
)
def test_exact_sums_to_one_and_lies_within_monte_carlo_interval(ruleset: str, example: Path) -> None:
    config = configure(load_encounter(example), ruleset)
    if (ruleset, example.stem) in TOO_BIG:
        with pytest.raises(StateBudgetExceeded):
            solve(config, early=True)
        return
    exact = result_of(early_solve(ruleset, example.stem))
    assert exact.tally.total == 1
    assert all(isinstance(p, Fraction) for p in exact.outcomes.values())
    assert sum(exact.outcomes.values()) == 1
    fights = fights_for(list(exact.outcomes.values()))  # type: ignore[arg-type]
    sampled = simulate(config, fights, seed=7, workers=1)
    for outcome, p in exact.outcomes.items():
        low, high = wilson(int(sampled.tally.outcomes.get(outcome, 0)), fights, Z999)
        assert low <= p <= high, f"{outcome}: exact {float(p):.5f} outside [{low:.5f}, {high:.5f}]"


def test_a_step_with_more_paths_than_the_budget_is_cut_off_while_it_is_played() -> None:
    """The party flees twelve skeleton guards under endurance, and each guard strikes once as it
    goes (docs/rules/endurance.md): 6^12 paths through one step, which would outgrow memory long before its
    outcomes could be merged, so they are counted against the budget as they are played."""
    data = tomllib.loads(Path("examples/skeleton-guards.toml").read_text(encoding="utf-8"))
    data["enemy"]["members"][0]["count"] = 12
    data["tactics"] = {"round": [{"retreat": True}]}
    # The steps before the flight's take some 140,000 states of the budget: 160,000 leaves the
    # flight's step about 2,000 paths before it is cut off (200,000 left 6,000, for the same proof).
    solver = Solver(configure(encounter_from_dict(data), "endurance"), max_states=160_000)
    with pytest.raises(StateBudgetExceeded, match="budget of 160,000"):
        solver.run()
    assert 1_000 <= solver.roller.paths <= 160_000 // REPLAY_COST  # cut off within the flight's step


def test_the_sample_size_follows_the_widest_interval() -> None:
    assert fights_for([Fraction(1, 2)]) == 28_000  # 3.29^2 / 4 / 0.01^2 = 27,068, in whole chunks
    assert fights_for([Fraction(0), Fraction(1)]) == CHUNK
    assert fights_for([Fraction(1, 10), Fraction(9, 10)]) == 10_000


def test_floating_point_agrees_with_fractions_within_its_bound() -> None:
    """The default of the commands: floating point, with a rounding bound far below what any
    table shows (the dsa duels, the longest solves, stay below 2e-13: bench/exact.py)."""
    config = configure(load_encounter(Path(__file__).parent.parent / "examples" / "skeleton-guards.toml"), "ambermarch")
    fractions, floating = result_of(early_solve("ambermarch", "skeleton-guards")), solve(config, fractions=False)
    assert floating.rounding is not None and 0 < floating.rounding < 1e-12
    tables: list[tuple[dict[Any, Any], dict[Any, Any]]] = [
        (floating.outcomes, fractions.outcomes), (floating.rounds_distribution, fractions.rounds_distribution)
    ]
    for mine, theirs in tables:
        assert mine.keys() == theirs.keys()
        assert all(abs(mine[k] - theirs[k]) <= floating.rounding for k in mine)
    for mine_fates, their_fates in zip(floating.fates(), fractions.fates()):
        assert all(abs(mine_fates[k] - their_fates[k]) <= floating.rounding for k in mine_fates if k != "name")


def test_an_early_solve_gives_up_for_a_tenth_of_the_budget() -> None:
    config = configure(load_encounter(Path(__file__).parent.parent / "examples" / "skeleton-guards.toml"), "dsa")
    solver = Solver(config, fractions=False, early=True)
    with pytest.raises(StateBudgetExceeded, match="no fight had ended"):
        solver.run()
    # Given up at the first step that took it past a tenth, long before the whole budget.
    assert solver.max_states // 10 <= solver.handled < solver.max_states // 5 and not solver.finished.parts
