"""endurance properties over generated encounters (rulebench.testing.encounter_dicts, issue 6), with and
without the critical-hit plugin, under the default tactics and under a "finisher" that strikes the
bleeding whenever it can (so killing wounds happen too):

endurance never rises, wounds never exceed the maximum plus the killing one, a bleeding combatant dies
by its clock unless the fight ends first, every sentence renders again from its event alone, and
the same seed gives the same fight. Also the conformance kit, with and without critical hits.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebench import Decision, Fight, PluginInfo, hookimpl
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import RandomRoller
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.loop import play, play_round
from rulebench.rulesets.endurance.narration import rulebench_narrate
from rulebench.rulesets.endurance.state import BLED_OUT, BLEEDING, SLAIN
from rulebench.testing import RulesetConformance, encounter_dicts

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


class Finisher:
    """A tactics plugin that strikes the last target offered: a bleeding foe whenever there is one."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the finisher."""
        return PluginInfo(name="finisher", kind="tactics", title="Finish the fallen", rulesets=("endurance",))

    @hookimpl
    def rulebench_decide(self, fight: Fight, decision: Decision) -> Any:
        """The last of the target options (the bleeding are listed after the standing)."""
        return decision.options[-1] if decision.kind == "target" else None


CATALOG = discover(extra=[("finisher", Finisher())])

variants = st.fixed_dictionaries({"critical": st.booleans(), "finisher": st.booleans()})


def new_fight(data: dict[str, Any], seed: int, variant: dict[str, bool]) -> Fight:
    config = configure(
        encounter_from_dict(data),
        "endurance",
        catalog=CATALOG,
        plugins=("critical",) if variant["critical"] else (),
        tactics="finisher" if variant["finisher"] else None,
    )
    return config.new_fight(RandomRoller(seed), record=True)


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), variant=variants)
def test_endurance_never_rises(data: dict[str, Any], seed: int, variant: dict[str, bool]) -> None:
    fight = new_fight(data, seed, variant)
    last = {c.name: c.vars["endurance"] for c in fight.combatants}
    assert all(last[c.name] == c.stats["endurance"] for c in fight.combatants)
    while fight.outcome is None:
        play_round(fight)
        for c in fight.combatants:
            assert 0 <= c.vars["endurance"] <= last[c.name]
            last[c.name] = c.vars["endurance"]
    assert fight.log is not None
    assert all(e["endurance_after"] <= e["endurance_before"] for e in fight.log if e["kind"] == "damage")


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), variant=variants)
def test_wounds_never_exceed_the_maximum_plus_the_killing_one(
    data: dict[str, Any], seed: int, variant: dict[str, bool]
) -> None:
    fight = new_fight(data, seed, variant)
    while fight.outcome is None:
        play_round(fight)
        for c in fight.combatants:
            wounds, most = c.vars["wounds"], c.stats["max_wounds"]
            assert wounds <= most + 1
            if wounds == most + 1:
                assert c.vars["status"] == SLAIN
            if wounds == most:
                assert c.vars["status"] in (BLEEDING, BLED_OUT, SLAIN)


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), variant=variants)
def test_the_bleeding_die_by_their_clock_unless_the_fight_ends_first(
    data: dict[str, Any], seed: int, variant: dict[str, bool]
) -> None:
    fight = new_fight(data, seed, variant)
    fell: dict[str, int] = {}  # name -> round of the fall
    while fight.outcome is None:
        play_round(fight)
        for c in fight.combatants:
            status = c.vars["status"]
            if status in (BLEEDING, BLED_OUT, SLAIN) and c.name not in fell:
                fell[c.name] = fight.round
            if c.name not in fell or status == SLAIN:
                continue
            last_round = fell[c.name] + 5 * c.stats["body"] - 1  # the clock ticks in the round of the fall
            if fight.round < last_round:
                assert status == BLEEDING, (c.name, fight.round, last_round)
            else:
                assert status == BLED_OUT, (c.name, fight.round, last_round)


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), variant=variants)
def test_every_sentence_renders_again_from_its_event_alone(data: dict[str, Any], seed: int, variant: dict[str, bool]) -> None:
    """Once the fight is over, each of endurance's events renders to the sentence it was logged
    with; the critical-hit plugin's own events (which come with their sentence) are not endurance's."""
    fight = new_fight(data, seed, variant)
    play(fight)
    assert fight.log is not None
    for event in fight.log:
        rendered = rulebench_narrate(fight, {key: value for key, value in event.items() if key != "text"})
        assert rendered == event["text"] or (rendered is None and event.get("topic", event["kind"]).startswith("critical"))


@SETTINGS
@given(data=encounter_dicts(), seed=st.integers(0, 2**32), variant=variants)
def test_same_seed_same_fight(data: dict[str, Any], seed: int, variant: dict[str, bool]) -> None:
    first = new_fight(data, seed, variant)
    again = new_fight(data, seed, variant)
    assert play(first) == play(again)
    assert first.log == again.log


class TestConformance(RulesetConformance):
    ruleset = "endurance"


class TestConformanceWithCriticalHits(RulesetConformance):
    ruleset = "endurance"

    def _config(self, encounter: Encounter) -> FightConfig:
        return configure(encounter, self.ruleset, plugins=("critical",))
