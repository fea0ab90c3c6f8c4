"""The exact solver (``core/exact.py``) against Monte Carlo and against a slow oracle (issue 7).

- Every built-in ruleset on every example encounter that fits the default budget (all but
  ``TOO_BIG``): outcome probabilities are fractions summing to exactly 1.
- Agreement with 50,000 sampled fights: each exact outcome probability lies in the sample's 99.9%
  Wilson interval (z = 3.29). Sampling every pair would take far longer than CI allows, so the
  default run samples a representative set per ruleset (``AGREEMENT``): skeleton-guards (a group
  fight, or for dsa and endurance a second duel) and a duel, every ruleset, both fight shapes.
- Equality with ``tests/exact_oracle.py`` on tiny encounters chosen by hypothesis: 1-2 members a
  side (duels for dsa, whose oracle is slowest), low lives, LE or endurance through overrides
  so that fights stay short.
- The third-party ruleset ``skirmish`` solves exactly on a tiny encounter, equal to the oracle.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.exact import solve
from rulebench.core.kernel import configure
from rulebench.core.montecarlo import simulate
from rulebench.core.outcome import FightResult
from rulebench.core.results import RulesetResult, wilson

from exact_oracle import oracle  # tests/ is on sys.path under pytest's default import mode

EXAMPLES = sorted(Path(__file__).parent.parent.joinpath("examples").glob("*.toml"))
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")

TOO_BIG = {
    *(("dsa", e.stem) for e in EXAMPLES if e.stem != "dsa-orc-duel"),
    *(
        ("endurance", name)
        for name in (
            "am-1", "ambermarch-ogre", "bandit-raiders", "classic-robbers", "crypt-wights",
            "endurance-wolves", "skeleton-guards", "talisman-rivals",
        )
    ),
}
"""Pairs beyond the default budget (bench/exact.py measures them all): dsa fights but the orc
duel, and endurance's larger fights, whose states multiply with every combatant's LE or endurance."""

AGREEMENT = {
    "ambermarch": ("skeleton-guards", "ogre-duel"),
    "classic": ("skeleton-guards", "ogre-duel"),
    "dsa": ("dsa-orc-duel",),
    "endurance": ("ogre-duel", "dsa-orc-duel"),
    "talisman": ("skeleton-guards", "ogre-duel"),
}

FIGHTS = 50_000
Z999 = 3.2905


def _solvable() -> list[tuple[str, Path]]:
    return [(r, e) for r in RULESETS for e in EXAMPLES if (r, e.stem) not in TOO_BIG]


@pytest.mark.parametrize(("ruleset", "example"), _solvable(), ids=lambda v: getattr(v, "stem", v))
def test_exact_probabilities_sum_to_one(ruleset: str, example: Path) -> None:
    result = solve(configure(load_encounter(example), ruleset))
    assert result.tally.total == 1
    assert all(isinstance(p, Fraction) for p in result.outcomes.values())
    assert sum(result.outcomes.values()) == 1


@pytest.mark.parametrize(
    ("ruleset", "example"), [(r, e) for r, names in AGREEMENT.items() for e in names], ids=str
)
def test_exact_lies_within_monte_carlo_interval(ruleset: str, example: str) -> None:
    config = configure(load_encounter(f"examples/{example}.toml"), ruleset)
    exact = solve(config).outcomes
    sampled = simulate(config, FIGHTS, seed=7, workers=2)
    for outcome, p in exact.items():
        low, high = wilson(int(sampled.tally.outcomes.get(outcome, 0)), FIGHTS, Z999)
        assert low <= p <= high, f"{outcome}: exact {float(p):.5f} outside [{low:.5f}, {high:.5f}]"


def _tally_of(results: dict[FightResult, Fraction]) -> tuple[dict[str, Fraction], dict[int, Fraction], list[dict[tuple[str, str], Fraction]]]:
    """Outcomes, fight lengths and each combatant's end states of an oracle's results."""
    outcomes: defaultdict[str, Fraction] = defaultdict(Fraction)
    rounds: defaultdict[int, Fraction] = defaultdict(Fraction)
    fates: list[defaultdict[tuple[str, str], Fraction]] = []
    for result, p in results.items():
        outcomes[result.outcome.value] += p
        rounds[result.rounds] += p
        fates += [defaultdict(Fraction) for _ in range(len(result.fates) - len(fates))]
        for counts, fate in zip(fates, result.fates):
            counts[("state", fate.state.value)] += p
            counts[("condition", fate.condition)] += p
    return dict(outcomes), dict(rounds), [dict(f) for f in fates]


def _tally_of_solve(result: RulesetResult) -> tuple[dict[str, Fraction], dict[int, Fraction], list[dict[tuple[str, str], Fraction]]]:
    t = result.tally
    fates = [
        {**{("state", k): Fraction(v) for k, v in s.items() if v}, **{("condition", k): Fraction(v) for k, v in c.items() if v}}
        for s, c in zip(t.fates, t.conditions)
    ]
    return (
        {k: Fraction(v) for k, v in t.outcomes.items() if v},
        {k: Fraction(v) for k, v in t.rounds.items() if v},
        fates,
    )


def assert_agrees_with_oracle(encounter: Any, ruleset: str) -> None:
    config = configure(encounter, ruleset)
    assert _tally_of_solve(solve(config)) == _tally_of(oracle(config))


def _member(draw: st.DrawFn, name: str, enemy: bool) -> dict[str, Any]:
    member = {
        "name": name,
        "melee": draw(st.integers(1, 5)),
        "armour": draw(st.integers(0, 2)),
        "weapon": draw(st.sampled_from(["1d6", "1d8", "2d6"])),
        "body": draw(st.integers(1, 4)),
        "speed": draw(st.integers(1, 4)),
        "mind": draw(st.integers(0, 3)),
        "life": draw(st.integers(1, 4)),
    }
    if enemy:
        member["count"] = 1
    else:
        member["ranged"] = 0
    return member


LOW = {
    "ambermarch": {},
    "classic": {"rw": (1, 2)},
    "dsa": {"le": (10, 12), "at": (14, 18), "pa": (0, 4)},  # sure hits: exchanges do not drag on
    "endurance": {"endurance": (1, 3)},
    "talisman": {"lives": (1, 2)},
    "skirmish": {"hp": (1, 2)},
}
"""Per ruleset, the stat that decides how long a fight lasts and the low range drawn for it."""


@st.composite
def tiny_encounters(draw: st.DrawFn, ruleset: str) -> Any:
    most = 1 if ruleset == "dsa" else 2  # dsa's oracle replays whole rounds of sub-fights: duels only
    party = [_member(draw, f"P{i}", False) for i in range(draw(st.integers(1, most)))]
    enemy = [_member(draw, f"E{i}", True) for i in range(draw(st.integers(1, most + 1 - len(party))))]
    overrides = {
        m["name"]: {stat: draw(st.integers(*bounds)) for stat, bounds in LOW[ruleset].items()} for m in party + enemy
    }
    data = {"name": "tiny", "mode": "melee", "party": party, "enemy": {"members": enemy}}
    if LOW[ruleset]:
        data["overrides"] = {ruleset: overrides}
    return encounter_from_dict(data)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_solver_equals_oracle_on_tiny_encounters(ruleset: str) -> None:
    @given(tiny_encounters(ruleset))
    @settings(max_examples=2 if ruleset == "dsa" else 6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def check(encounter: Any) -> None:
        assert_agrees_with_oracle(encounter, ruleset)

    check()


def test_third_party_skirmish_solves_exactly() -> None:
    encounter = load_encounter("examples/ogre-duel.toml")
    data = {
        "name": "tiny skirmish",
        "mode": "melee",
        "party": [{"name": "Hero", "melee": 4, "ranged": 0, "armour": 1, "weapon": "1d6", "body": 3, "speed": 3, "mind": 1, "life": 2}],
        "enemy": {"members": [{"name": "Ogre", "melee": 3, "armour": 1, "weapon": "1d6", "body": 4, "speed": 1, "mind": 0, "life": 2}]},
        "overrides": {"skirmish": {"Hero": {"hp": 2}, "Ogre": {"hp": 2}}},
    }
    result = solve(configure(encounter, "skirmish"))
    assert result.tally.total == 1
    assert_agrees_with_oracle(encounter_from_dict(data), "skirmish")
