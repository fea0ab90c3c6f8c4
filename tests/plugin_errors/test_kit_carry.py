"""The kit's ``carry-rest`` check (testing/carry_checks.py): a sound d20duel that carries its hit
points lost passes; each mistake in its carry, rest or setup of carried state is caught and named."""

from __future__ import annotations

from typing import Any

import pytest
from broken_rulesets import NAME, Duel, catalog

from rulebench import Combatant, EndState, Fate, Fight, Health, hookimpl
from rulebench.testing.conformance import Kit


class Carrying(Duel):
    """d20duel over a day: the hit points lost carry over; a short rest heals 1, a long one all."""

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        super().rulebench_setup(fight)
        for c in fight.party.members:
            c.vars["hp"] = max(0, c.stats["hp"] - fight.carried(c).get("lost", 0))

    @hookimpl
    def rulebench_carry(self, fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
        lost = combatant.stats["hp"] - combatant.vars["hp"]
        return {"lost": lost} if lost else None

    @hookimpl
    def rulebench_rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        lost = carried.get("lost", 0)
        healed = {"none": 0, "short": 1, "long": lost}[rest]
        return {"lost": lost - healed} if lost > healed else {}

    @hookimpl
    def rulebench_health(self, fight: Fight, combatant: Combatant) -> Health:
        return Health(standing=combatant.vars["hp"] > 0, left=combatant.vars["hp"] / combatant.stats["hp"])


class Wounding(Carrying):
    """A short rest that opens a wound instead of closing one."""

    @hookimpl
    def rulebench_rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        lost = carried.get("lost", 0)
        return {"lost": lost + 1} if rest == "short" and lost else super().rulebench_rest(fight, combatant, carried, rest)


class Counting(Carrying):
    """Counts how often it was asked, in its answer."""

    def __init__(self) -> None:
        self.asked = 0

    @hookimpl
    def rulebench_carry(self, fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
        self.asked += 1
        return {"lost": combatant.stats["hp"] - combatant.vars["hp"], "asked": self.asked}


class NotJson(Carrying):
    """Carries a set, which no JSON holds."""

    @hookimpl
    def rulebench_carry(self, fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
        return {"lost": combatant.stats["hp"] - combatant.vars["hp"], "foes": {f.name for f in fight.enemy.members}}


class Mutating(Carrying):
    """Heals the carried state it was given in place."""

    @hookimpl
    def rulebench_rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        if rest == "long":
            carried.clear()
        return dict(carried)


class Refusing(Carrying):
    """Carries a key its own setup refuses."""

    @hookimpl
    def rulebench_carry(self, fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
        return {"lost": combatant.stats["hp"] - combatant.vars["hp"], "mood": "grim"}

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        for c in fight.party.members:
            if "mood" in fight.carried(c):
                raise KeyError("mood")
        super().rulebench_setup(fight)


class Reviving(Carrying):
    """Whoever carries a whole body of hit points lost starts the next fight dead, unless a rest healed him."""

    @hookimpl
    def rulebench_end_state(self, fight: Fight, combatant: Combatant) -> Any:
        if fight.round == 0 and combatant.vars["hp"] == 0 and fight.carried(combatant):
            return Fate(EndState.DEAD, "gone")
        return super().rulebench_end_state(fight, combatant)


def carry_check(ruleset: Any, fights: int = 30) -> Any:
    [result] = Kit(NAME, catalog=catalog(ruleset), seconds=2, fights=fights).run(only=("carry-rest",)).results
    return result


def test_a_sound_carry_and_rest_pass() -> None:
    result = carry_check(Carrying())
    assert result.passed, result.detail
    assert "30 days of two fights" in result.detail and " 0 members" not in result.detail


def test_a_ruleset_that_carries_nothing_passes() -> None:
    result = carry_check(Duel(), fights=5)
    assert result.passed and "0 members carried something" in result.detail, result.detail


@pytest.mark.parametrize(("ruleset", "needles"), [
    (Wounding(), ["after a short rest", "a rest never"]),
    (Counting(), ["rulebench_carry answered", "when asked again"]),
    (NotJson(), ["rulebench_carry answered", "expected a JSON-ready dict"]),
    (Mutating(), ["rulebench_rest changed the carried state it was given", "after a long rest"]),
    (Refusing(), ["the next fight of the day did not set up from what rulebench_carry answered", "mood"]),
    (Reviving(), ["would start the next fight dead", "no rest revives the dead"]),
], ids=["wounding", "counting", "not-json", "mutating", "refusing", "reviving"])
def test_each_mistake_is_named(ruleset: Any, needles: list[str]) -> None:
    result = carry_check(ruleset)
    assert not result.passed
    assert "the day of seed" in result.detail
    for needle in needles:
        assert needle in result.detail, result.detail
