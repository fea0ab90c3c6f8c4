"""The exact solver (``core/exact.py``) against Monte Carlo (issue 7).

Every built-in ruleset on every example encounter: either it fits the default budget, and then its
outcome probabilities are fractions summing to exactly 1 that each lie in the 99.9% Wilson
interval (z = 3.29) of 50,000 sampled fights; or it is one of ``TOO_BIG`` and the solver says so
by raising ``StateBudgetExceeded``, so the list is checked in both directions. The brute-force
oracle comparison lives in test_exact_oracle.py.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # the project supports 3.10, where tomli is its backport
    import tomli as tomllib

from rulebench.analysis.exact import REPLAY_COST, Solver, StateBudgetExceeded, solve
from rulebench.analysis.results import wilson
from rulebench.analysis.sampling import simulate
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.kernel import configure

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


@pytest.mark.parametrize(
    ("ruleset", "example"), [(r, e) for r in RULESETS for e in EXAMPLES], ids=lambda v: getattr(v, "stem", v)
)
def test_exact_sums_to_one_and_lies_within_monte_carlo_interval(ruleset: str, example: Path) -> None:
    config = configure(load_encounter(example), ruleset)
    if (ruleset, example.stem) in TOO_BIG:
        with pytest.raises(StateBudgetExceeded):
            solve(config)
        return
    exact = solve(config)
    assert exact.tally.total == 1
    assert all(isinstance(p, Fraction) for p in exact.outcomes.values())
    assert sum(exact.outcomes.values()) == 1
    sampled = simulate(config, FIGHTS, seed=7, workers=2)
    for outcome, p in exact.outcomes.items():
        low, high = wilson(int(sampled.tally.outcomes.get(outcome, 0)), FIGHTS, Z999)
        assert low <= p <= high, f"{outcome}: exact {float(p):.5f} outside [{low:.5f}, {high:.5f}]"


def test_a_step_with_more_paths_than_the_budget_is_cut_off_while_it_is_played() -> None:
    """The party flees twelve skeleton guards under endurance, and each guard strikes once as it
    goes (RULES.md §5): 6^12 paths through one step, which would outgrow memory long before its
    outcomes could be merged, so they are counted against the budget as they are played."""
    data = tomllib.loads(Path("examples/skeleton-guards.toml").read_text(encoding="utf-8"))
    data["enemy"]["members"][0]["count"] = 12
    data["tactics"] = {"round": [{"retreat": True}]}
    solver = Solver(configure(encounter_from_dict(data), "endurance"), max_states=200_000)
    with pytest.raises(StateBudgetExceeded, match="budget of 200,000"):
        solver.run()
    assert solver.roller.paths <= 200_000 // REPLAY_COST
