"""The exact solver started from a state (``Solver(start=...)``, ``exact.solve(start=...)``).

Started from a fight's own start it is the solve it always was; started from the end of a fight
it gives that fight's result for certain; and by the law of total probability, the states after
round 1, each weighted by its chance (found by brute force, every die face by face, with
``exact_oracle.OracleRoller``), and each solved from there, add up to the solve from the start,
exactly, in fractions.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from exact_oracle import OracleRoller  # tests/ is on sys.path under pytest

from rulebench.analysis.exact import solve
from rulebench.analysis.results import RulesetResult
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import load_encounter
from rulebench.core.fight import Snapshot
from rulebench.core.loop import play_round

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

MAX_PATHS = 10_000
"""Round 1 of the duels below has at most a few hundred paths through its dice."""


def _config(example: str, ruleset: str) -> FightConfig:
    return configure(load_encounter(EXAMPLES / f"{example}.toml"), ruleset)


def _after_round_one(config: FightConfig) -> dict[Snapshot, Fraction]:
    """Every state round 1 can end in, with its probability: each die face by face, depth first."""
    roller = OracleRoller(10**30)  # no cut-off: every path of these rounds is walked
    fight = config.new_fight(roller)
    start = fight._snapshot()
    found: defaultdict[Snapshot, Fraction] = defaultdict(Fraction)
    stack: list[tuple[tuple[int, int], ...]] = [()]
    while stack:
        assert len(found) < MAX_PATHS
        prefix = stack.pop()
        fight._restore(start)
        roller.begin(prefix)
        play_round(fight)
        stack.extend(roller.siblings())
        found[fight._snapshot()] += roller.probability
    assert sum(found.values()) == 1
    return dict(found)


def _weighted(parts: list[tuple[Fraction, RulesetResult]]) -> tuple[dict[str, Fraction], dict[int, Fraction], list[dict[str, Fraction]]]:
    """Outcomes, lengths and each combatant's fates of results mixed with the given weights."""
    outcomes: defaultdict[str, Fraction] = defaultdict(Fraction)
    rounds: defaultdict[int, Fraction] = defaultdict(Fraction)
    fates: list[defaultdict[str, Fraction]] = []
    for weight, result in parts:
        for outcome, p in result.outcomes.items():
            outcomes[outcome] += weight * Fraction(p)
        for length, p in result.rounds_distribution.items():
            rounds[length] += weight * Fraction(p)
        for i, row in enumerate(result.fates()):
            if i == len(fates):
                fates.append(defaultdict(Fraction))
            for state, p in row.items():
                if state != "name":
                    fates[i][state] += weight * Fraction(p)
    return dict(outcomes), {k: v for k, v in rounds.items() if v}, [dict(f) for f in fates]


@pytest.mark.parametrize(("example", "ruleset"), [
    ("ogre-duel", "talisman"), ("ogre-duel", "ambermarch"), ("ogre-duel", "classic"), ("ogre-duel", "endurance"),
    ("dsa-orc-duel", "talisman"), ("dsa-orc-duel", "classic"),
])
def test_the_states_after_round_one_add_up_to_the_start(example: str, ruleset: str) -> None:
    config = _config(example, ruleset)
    whole = solve(config)
    states = _after_round_one(config)
    parts = [(p, solve(config, start=state)) for state, p in states.items()]
    assert _weighted(parts) == _weighted([(Fraction(1), whole)])
    # A fight still going after round 1 lasts two rounds at least, counted from round 1.
    going = [result for state, (_, result) in zip(states, parts) if state[1] is None]
    assert going and all(min(result.rounds_distribution) >= 2 for result in going)


@pytest.mark.parametrize("ruleset", ["dsa", "talisman", "endurance"])
def test_from_the_fights_own_start_it_is_the_plain_solve(ruleset: str) -> None:
    config = _config("dsa-orc-duel", ruleset)
    start = config.new_fight(RandomRoller(1))._snapshot()
    plain = solve(config, fractions=False)
    assert solve(config, fractions=False, start=start).to_dict() == plain.to_dict()


@pytest.mark.parametrize("ruleset", ["dsa", "talisman", "classic"])
def test_from_a_finished_fight_its_result_is_certain(ruleset: str) -> None:
    config = _config("ogre-duel", ruleset)
    fight = config.new_fight(RandomRoller(7))
    while fight.outcome is None:
        play_round(fight)
    result = solve(config, start=fight._snapshot())
    assert result.outcomes[fight.outcome.value] == 1
    assert result.rounds_distribution == {fight.round: 1}


def test_from_mid_fight_the_lengths_go_on_from_its_round() -> None:
    config = _config("ogre-duel", "dsa")
    fight = config.new_fight(RandomRoller(7))
    for _ in range(5):
        play_round(fight)
    assert fight.outcome is None
    result = solve(config, fractions=False, start=fight._snapshot())
    assert min(result.rounds_distribution) == 6
    assert sum(result.outcomes.values()) == pytest.approx(1, abs=1e-12)
