"""talisman properties over generated encounters (issue 4): lives never go up, a defeated enemy
never acts again, every fight ends by the round cap, and the same seed gives the same result."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebench.api import configure
from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.fight import ENEMY, Fight
from rulebench.core.loop import play, play_round
from rulebench.rulesets.talisman import ROUND_CAP
from rulebench.testing import encounter_dicts

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def talisman_encounters(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    """A generated encounter with talisman's own knobs (rival characters, a round cap override,
    scripted evading) and the round cap it should end by."""
    data = draw(encounter_dicts())
    data["enemy"]["characters"] = draw(st.booleans())
    cap = draw(st.none() | st.integers(1, 25))
    if cap is not None:
        data["overrides"] = {"talisman": {data["enemy"]["members"][0]["name"]: {"round_cap": cap}}}
    names = [m["name"] for m in data["party"]]
    tables = draw(st.lists(st.lists(st.sampled_from(names), unique=True), max_size=3))
    if tables:
        data["tactics"] = {"round": [{"evade": evaders} for evaders in tables]}
    return data, ROUND_CAP if cap is None else cap


def new_fight(data: dict[str, Any], seed: int) -> Fight:
    return configure(encounter_from_dict(data), "talisman").new_fight(RandomRoller(seed), record=True)


@SETTINGS
@given(case=talisman_encounters(), seed=st.integers(0, 2**32))
def test_lives_never_go_up(case: tuple[dict[str, Any], int], seed: int) -> None:
    fight = new_fight(case[0], seed)
    before = {c.name: c.stats["lives"] for c in fight.combatants}
    assert before == {c.name: c.vars["lives"] for c in fight.combatants}
    while fight.outcome is None:
        play_round(fight)
        now = {c.name: c.vars["lives"] for c in fight.combatants}
        assert all(0 <= now[name] <= before[name] for name in now)
        before = now


@SETTINGS
@given(case=talisman_encounters(), seed=st.integers(0, 2**32))
def test_a_defeated_enemy_never_acts_again(case: tuple[dict[str, Any], int], seed: int) -> None:
    fight = new_fight(case[0], seed)
    play(fight)
    enemies = {c.name for c in fight.combatants if c.side == ENEMY}
    defeated: set[str] = set()
    for event in fight.log or ():
        if event["kind"] == "duel":
            assert not set(event["defender"].split(" + ")) & defeated, event["text"]
        elif event["kind"] == "condition" and event["who"] in enemies:
            defeated.add(event["who"])
    assert defeated == {c.name for c in fight.combatants if c.side == ENEMY and c.vars["lives"] == 0}


@SETTINGS
@given(case=talisman_encounters(), seed=st.integers(0, 2**32))
def test_every_fight_ends_by_the_round_cap(case: tuple[dict[str, Any], int], seed: int) -> None:
    data, cap = case
    result = play(new_fight(data, seed))
    assert 1 <= result.rounds <= cap


@SETTINGS
@given(case=talisman_encounters(), seed=st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_result(case: tuple[dict[str, Any], int], seed: int) -> None:
    first, again = new_fight(case[0], seed), new_fight(case[0], seed)
    assert play(first) == play(again)
    assert first.log == again.log
