"""ambermarch properties over generated encounters (rulebench.testing.encounter_dicts, issue 2), under
the default tactics and under a "restless" tactics plugin that cycles every stance and spends momentum
a point at a time (so cover, techniques and held momentum all happen):

a member never moves down the wound ladder, no value goes negative (ladder, steadfastness, momentum
within 0–3), the enemy's steadfastness never rises, and every fight ends by round 4, or by round 50
against tireless foes. Also: the two shortcuts of the hot path change nothing. Asking the default
tactics directly plays the same fights as asking them through ``fight.decide``, and an unrecorded
fight (one margin roll a round) plays the same fights as a narrated one (attack dice and pool apart).
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebench import Decision, Fight, PluginInfo, hookimpl
from rulebench.core.assembly import configure
from rulebench.core.dice import RandomRoller
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.loop import play, play_round
from rulebench.testing import encounter_dicts

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CYCLE = ("attack", "attack-ranged", "cover", "technique")


class Restless:
    """Cycles the stances by round and member, spends one momentum point at a time, never retreats."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the restless tactics."""
        return PluginInfo(name="restless", kind="tactics", title="Restless", rulesets=("ambermarch",))

    @hookimpl
    def rulebench_decide(self, fight: Fight, decision: Decision) -> Any:
        """Stances in turn, one point of momentum, no retreat; the rest to the defaults."""
        if decision.kind == "stance":
            return CYCLE[(decision.round + decision.who.index) % len(CYCLE)]
        if decision.kind == "momentum":
            return min(1, decision.context["held"])
        if decision.kind == "retreat":
            return False
        return None


class Silent:
    """Answers nothing, so every decision goes through ``fight.decide`` down to the default tactics."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the silent tactics."""
        return PluginInfo(name="silent", kind="tactics", title="Silent", rulesets=("ambermarch",))

    @hookimpl
    def rulebench_decide(self, fight: Fight, decision: Decision) -> Any:
        """No answer: the next tactics source decides."""
        return None


CATALOG = discover(extra=[("restless", Restless()), ("silent", Silent())])


def rounds_of(data: dict[str, Any], seed: int, tactics: str | None) -> list[tuple[Any, ...]]:
    """Play the fight; after every round record (round, ladder steps, steadfastness, momentum)."""
    config = configure(encounter_from_dict(data), "ambermarch", catalog=CATALOG, tactics=tactics)
    fight = config.new_fight(RandomRoller(seed))
    states = [(0, tuple(m.vars["ladder"] for m in fight.party.members), fight.vars["steadfastness"],
               fight.vars["momentum"])]
    while fight.outcome is None:
        assert fight.round < 50
        play_round(fight)
        states.append((fight.round, tuple(m.vars["ladder"] for m in fight.party.members),
                       fight.vars["steadfastness"], fight.vars["momentum"]))
    return states


def tireless(data: dict[str, Any]) -> bool:
    return any(t in ("undead", "ghost", "demon") for m in data["enemy"]["members"] for t in m["traits"])


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), tactics=st.sampled_from((None, "restless")))
def test_the_ladder_only_goes_up_and_steadfastness_only_down(data: dict[str, Any], seed: int,
                                                              tactics: str | None) -> None:
    states = rounds_of(data, seed, tactics)
    for (_, ladder, steadfastness, _), (_, later, later_steadfastness, _) in zip(states, states[1:]):
        assert all(0 <= before <= after <= 3 for before, after in zip(ladder, later))
        assert 0 <= later_steadfastness <= steadfastness


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), tactics=st.sampled_from((None, "restless")))
def test_no_value_goes_negative_and_momentum_stays_within_3(data: dict[str, Any], seed: int,
                                                             tactics: str | None) -> None:
    for _, ladder, steadfastness, momentum in rounds_of(data, seed, tactics):
        assert min(ladder) >= 0 and steadfastness >= 0 and 0 <= momentum <= 3


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), tactics=st.sampled_from((None, "restless")))
def test_every_fight_ends_by_round_4_or_50_against_tireless_foes(data: dict[str, Any], seed: int,
                                                                 tactics: str | None) -> None:
    last_round = rounds_of(data, seed, tactics)[-1][0]
    assert 1 <= last_round <= (50 if tireless(data) else 4)


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32))
def test_defaults_asked_directly_or_through_decide_play_the_same_fight(data: dict[str, Any], seed: int) -> None:
    encounter = encounter_from_dict(data)
    direct = configure(encounter, "ambermarch", catalog=CATALOG).new_fight(RandomRoller(seed))
    asked = configure(encounter, "ambermarch", catalog=CATALOG, tactics="silent").new_fight(RandomRoller(seed))
    assert play(direct) == play(asked)


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), tactics=st.sampled_from((None, "restless")))
def test_recorded_and_unrecorded_fights_are_the_same(data: dict[str, Any], seed: int, tactics: str | None) -> None:
    config = configure(encounter_from_dict(data), "ambermarch", catalog=CATALOG, tactics=tactics)
    recorded = config.new_fight(RandomRoller(seed), record=True)
    assert play(config.new_fight(RandomRoller(seed))) == play(recorded)
