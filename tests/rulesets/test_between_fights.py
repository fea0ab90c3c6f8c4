"""Between the fights of a day, per built-in ruleset: what carries over (``rulebench_carry``), what
each rest heals (``rulebench_rest``), how a member starts the next fight from it (``fight.carried``
read in setup), and when a party is finished (``rulebench_party_finished``), against hand-worked
examples (docs/rules/<ruleset>.md, "Between fights")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import RandomRoller, ScriptedRoller, parse_dice_script
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import fates, play, play_round
from rulebench.core.outcome import EndState, Fate, Outcome

ROOT = Path(__file__).parents[2]
DATA = Path(__file__).parent / "data"
RESTS = ("none", "short", "long")


def played(config: FightConfig, script: str) -> Fight:
    """The configuration's fight on scripted dice, recorded, every die of the script used."""
    roller = ScriptedRoller(parse_dice_script(script))
    fight = config.new_fight(roller, record=True)
    play(fight)
    assert roller.remaining == ()
    return fight


def carried(config: FightConfig, fight: Fight) -> dict[str, Any]:
    """Each party member's carried state after ``fight``, by name (None: nothing)."""
    return {m.name: config.rules.carry(fight, m) for m in fight.party.members}


def rests(config: FightConfig, fight: Fight, name: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    """What no rest, a short and a long rest leave of ``name``'s carried ``state``."""
    member = next(m for m in fight.party.members if m.name == name)
    return [config.rules.rest(fight, member, state, rest) for rest in RESTS]


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    return [e for e in fight.log or () if e["kind"] == kind]


# -- ambermarch ------------------------------------------------------------------------------------

AM1 = ROOT / "examples" / "am-1.toml"
AM1_DICE = "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"


def test_ambermarch_carries_the_warriors_tainted_step_which_no_rest_heals() -> None:
    """AM-1: the skeleton guards batter the Warrior (one step, tainted: they are undead); the others
    are unhurt and carry nothing. His tainted step survives every rest."""
    config = configure(load_encounter(AM1), "ambermarch")
    fight = played(config, AM1_DICE)
    assert carried(config, fight) == {"Warrior": {"ladder": 1, "tainted": 1}, "Scout": None, "Floodrunner": None, "Priest": None}
    assert rests(config, fight, "Warrior", {"ladder": 1, "tainted": 1}) == [{"ladder": 1, "tainted": 1}] * 3


def test_ambermarch_rests_heal_untainted_steps_one_or_all() -> None:
    """Wounded (step 2), one step tainted: a short rest heals the clean step, leaving the tainted
    one; down (step 3), nothing tainted: a short rest heals one step, a long rest all three."""
    config = configure(load_encounter(AM1), "ambermarch")
    fight = config.new_fight(RandomRoller(1))
    assert rests(config, fight, "Scout", {"ladder": 2, "tainted": 1}) == [
        {"ladder": 2, "tainted": 1}, {"ladder": 1, "tainted": 1}, {"ladder": 1, "tainted": 1}]
    assert rests(config, fight, "Scout", {"ladder": 3, "tainted": 0}) == [
        {"ladder": 3, "tainted": 0}, {"ladder": 2, "tainted": 0}, {}]


def test_ambermarch_a_battered_member_starts_the_next_fight_battered() -> None:
    """The Warrior carried battered rolls AM-1's first die with his −1: 4 + 6 − 1 = 9, the party
    25 against the guards' 24 in round 1."""
    config = configure(load_encounter(AM1), "ambermarch").carrying({"Warrior": {"ladder": 1, "tainted": 1}})
    fight = config.new_fight(ScriptedRoller(parse_dice_script(AM1_DICE)), record=True)
    warrior = fight.party.members[0]
    assert (warrior.vars["ladder"], warrior.vars["tainted"]) == (1, 1)
    health = fight.health(warrior)
    assert health is not None and health.left == pytest.approx(2 / 3)
    play_round(fight)
    first = next(e for e in events(fight, "total") if e.get("who") == "Warrior")
    assert (first["total"], first["penalty"]) == (9, -1)
    assert next(e for e in events(fight, "total") if e.get("side") == "party")["total"] == 25


# -- classic ---------------------------------------------------------------------------------------

CL1 = DATA / "classic" / "cl-1.toml"


def test_classic_carries_each_wound_and_only_a_long_rest_heals_a_plain_one() -> None:
    """CL-1: the goblins' 9 points wound all four adventurers, none cursed (goblins are no ghosts).
    A short rest heals no wound, a long rest the plain ones; a cursed wound no rest heals."""
    config = configure(load_encounter(CL1), "classic")
    fight = played(config, "1,2,1,1,4,4,4,4")
    wounded = {"wounds": 1, "cursed": False}
    assert carried(config, fight) == dict.fromkeys(("Albrav", "Brann", "Cira", "Dorn"), wounded)
    assert rests(config, fight, "Albrav", wounded) == [wounded, wounded, {}]
    cursed = {"wounds": 1, "cursed": True}
    assert rests(config, fight, "Albrav", cursed) == [cursed] * 3
    assert not config.rules.party_finished(fight)  # four adventurers alive, wounded or not


def test_classic_the_wounded_do_not_fight_until_healed() -> None:
    """Albrav and Brann come in wounded: only Cira (1W6+1) and Dorn (1W6) roll, 6 + 1 and 6, 13
    against the goblins' 4 × 1 + 4 = 8; 5 beats the goblins' RW 0 and the party wins. The two
    wounded stay out of it and end as they came, wounded."""
    wounded = {"wounds": 1, "cursed": False}
    config = configure(load_encounter(CL1), "classic").carrying({"Albrav": wounded, "Brann": wounded})
    fight = played(config, "6,6,1,1,1,1")
    assert [e["who"] for e in events(fight, "total")] == ["Cira", "Dorn"]
    assert fight.outcome is Outcome.PARTY_WINS
    assert [f for f in fates(fight)[:4]] == [Fate(EndState.OUT, "wounded")] * 2 + [Fate(EndState.UNHURT, "unhurt")] * 2


def test_classic_a_wounded_member_dies_of_the_first_wound_the_fighters_fall_brings() -> None:
    """Albrav, Brann and Cira come in wounded; Dorn alone fights and rolls 1 against the goblins'
    16 + 4: 19 points, his RW 0, a wound and a second in the walk: Dorn dead, every fighter fallen,
    so each adventurer behind takes his wounds: the three wounded die of the first."""
    wounded = {"wounds": 1, "cursed": False}
    config = configure(load_encounter(CL1), "classic").carrying(dict.fromkeys(("Albrav", "Brann", "Cira"), wounded))
    fight = played(config, "1,4,4,4,4")
    assert fight.outcome is Outcome.ENEMY_WINS
    assert [m.vars["wounds"] for m in fight.party.members] == [2, 2, 2, 2]


def test_classic_a_party_with_one_adventurer_alive_is_finished() -> None:
    config = configure(load_encounter(CL1), "classic")
    fight = played(config, "1,2,1,1,4,4,4,4")
    for wounds, finished in (((2, 2, 2, 1), True), ((2, 2, 2, 2), True), ((2, 2, 1, 1), False), ((2, 2, 0, 1), False)):
        for member, count in zip(fight.party.members, wounds):
            member.vars["wounds"] = count
        assert config.rules.party_finished(fight) is finished, wounds


# -- talisman --------------------------------------------------------------------------------------

def party_of(ruleset: str, **member: Any) -> FightConfig:
    """A two-member party (``Hero`` with ``member``'s fields, then ``Squire``) against one ogre."""
    data = {
        "name": "between fights",
        "party": [{"name": "Hero", **member}, {"name": "Squire", "melee": 3}],
        "enemy": {"members": [{"name": "Ogre", "melee": 5, "body": 4, "life": 4}]},
    }
    return configure(encounter_from_dict(data), ruleset)


def test_talisman_lives_lost_are_missing_until_a_rest_gives_them_back() -> None:
    """Life 3, one life left: no rest gives nothing back, a short rest one (2 of 3), a long rest all;
    he starts the next fight with the lives carried, never more than his own."""
    config = party_of("talisman", melee=4, life=3)
    fight = config.new_fight(RandomRoller(1))
    hero = fight.party.members[0]
    hero.vars["lives"] = 1
    assert config.rules.carry(fight, hero) == {"lives": 1}
    assert config.rules.carry(fight, fight.party.members[1]) is None
    assert rests(config, fight, "Hero", {"lives": 1}) == [{"lives": 1}, {"lives": 2}, {}]
    assert rests(config, fight, "Hero", {"lives": 2}) == [{"lives": 2}, {}, {}]
    again = config.carrying({"Hero": {"lives": 2}}).new_fight(RandomRoller(1))
    assert (again.party.members[0].vars["lives"], again.party.members[0].stats["lives"]) == (2, 3)


# -- dsa -------------------------------------------------------------------------------------------

def test_dsa_carries_le_and_a_short_rest_gives_back_a_quarter() -> None:
    """Body 3, life 4: LE 10 + 12 + 8 = 30. Knocked out at LE 5 he carries 5; a short rest gives back
    30 // 4 = 7 (LE 12, awake again), a long rest all 30. At LE 5 he starts the next fight
    unconscious, not standing; at 12 he stands."""
    config = party_of("dsa", melee=4, body=3, life=4)
    fight = config.new_fight(RandomRoller(1))
    hero = fight.party.members[0]
    assert hero.stats["le"] == 30
    hero.vars["le"] = 5
    assert config.rules.carry(fight, hero) == {"le": 5}
    assert rests(config, fight, "Hero", {"le": 5}) == [{"le": 5}, {"le": 12}, {}]
    assert rests(config, fight, "Hero", {"le": 27}) == [{"le": 27}, {}, {}]
    out = config.carrying({"Hero": {"le": 5}}).new_fight(RandomRoller(1)).party.members[0]
    up = config.carrying({"Hero": {"le": 12}}).new_fight(RandomRoller(1)).party.members[0]
    assert (out.vars["le"], out.vars["standing"], up.vars["le"], up.vars["standing"]) == (5, False, 12, True)


# -- endurance -------------------------------------------------------------------------------------

EN2 = DATA / "endurance" / "en-2.toml"


def test_endurance_the_knight_carries_his_wound_and_his_spent_endurance() -> None:
    """EN-2: the robust Knight wins with one wound of two and his endurance at 0. A short rest brings
    his 9 endurance back but not his wound; a long rest heals both."""
    config = configure(load_encounter(EN2), "endurance")
    fight = played(config, "10,6,6,1,1,1,3,2,2,9")
    assert carried(config, fight) == {"Knight": {"endurance": 0, "wounds": 1}}
    assert rests(config, fight, "Knight", {"endurance": 0, "wounds": 1}) == [{"endurance": 0, "wounds": 1}, {"wounds": 1}, {}]
    again = config.carrying({"Knight": {"wounds": 1}}).new_fight(RandomRoller(1)).party.members[0]
    assert (again.vars["endurance"], again.vars["wounds"], again.vars["status"]) == (9, 1, "standing")


def test_endurance_a_member_who_fell_and_was_helped_lies_stabilised_until_his_wounds_heal() -> None:
    """The Hero fell (one wound, his most) and was helped: he comes in stabilised, neither acting
    nor struck. While the Squire stands he ends ``out`` (stabilised); alone he dies, nobody left to
    help him. A short rest leaves him fallen, a long rest puts him back on his feet."""
    config = party_of("endurance", melee=4, body=3)
    fight = config.new_fight(RandomRoller(1))
    assert rests(config, fight, "Hero", {"endurance": 2, "wounds": 1}) == [{"endurance": 2, "wounds": 1}, {"wounds": 1}, {}]
    down = config.carrying({"Hero": {"wounds": 1}}).new_fight(RandomRoller(2))
    hero, squire = down.party.members
    assert hero.vars["status"] == "stabilised"
    health = down.health(hero)
    assert health is not None and not health.standing
    play(down)
    assert all(e.get("who") != "Hero" for e in events(down, "hit"))
    expected = Fate(EndState.OUT, "stabilised") if squire.vars["status"] == "standing" else Fate(EndState.DEAD, "bled out")
    assert fates(down)[0] == expected
    alone = configure(load_encounter(EN2), "endurance").carrying({"Knight": {"wounds": 2}})
    lonely = alone.new_fight(RandomRoller(1))
    result = play(lonely)
    assert (result.outcome, result.rounds, result.fates[0]) == (Outcome.ENEMY_WINS, 1, Fate(EndState.DEAD, "bled out"))


# -- a party that comes in with nobody able to fight -------------------------------------------------

GUARDS = ROOT / "examples" / "skeleton-guards.toml"
HELPLESS = {
    "ambermarch": ({"ladder": 3, "tainted": 0}, "dead"),  # down, and nobody standing to help
    "dsa": ({"le": 3}, "out"),  # unconscious: dsa's enemy leaves them lying
    "endurance": ({"wounds": 1, "endurance": 0}, "dead"),  # stabilised, and nobody standing to help
}


@pytest.mark.parametrize("ruleset", sorted(HELPLESS))
def test_a_party_that_comes_in_unable_to_fight_loses_at_once_without_a_die(ruleset: str) -> None:
    """Everyone carried down, unconscious or fallen: nobody acts, no die is rolled, and round 1
    ends with the enemy's win (the fallen as each ruleset leaves them with nobody standing)."""
    state, fate = HELPLESS[ruleset]
    encounter = load_encounter(GUARDS)
    config = configure(encounter, ruleset).carrying({m.name: state for m in encounter.party})
    result = play(config.new_fight(ScriptedRoller([])))
    assert (result.outcome, result.rounds) == (Outcome.ENEMY_WINS, 1)
    assert {f.state.value for f in result.fates[: len(encounter.party)]} == {fate}


def test_classic_a_party_of_wounded_cannot_fight_and_the_enemys_whole_total_falls_on_them() -> None:
    """Everyone wounded: nobody rolls, the guards' total is all damage, and with no fighter to take
    it every wounded adventurer takes his second wound."""
    encounter = load_encounter(GUARDS)
    wounded = {"wounds": 1, "cursed": False}
    config = configure(encounter, "classic").carrying({m.name: wounded for m in encounter.party})
    fight = played(config, "1,1,1,1")  # the guards' 4W6+8 (the party rolls nothing)
    assert fight.outcome is Outcome.ENEMY_WINS and not [e for e in events(fight, "total") if e.get("who")]
    assert [m.vars["wounds"] for m in fight.party.members] == [2, 2, 2, 2]


# -- what a ruleset carries, its setup reads back ------------------------------------------------------

ENCOUNTERS = ["crypt-wights.toml", "goblin-ambush.toml", "wraith.toml", "endurance-wolves.toml", "bandit-raiders.toml"]


@settings(max_examples=40, deadline=None)
@given(ruleset=st.sampled_from(["ambermarch", "classic", "dsa", "endurance", "talisman"]),
       encounter=st.sampled_from(ENCOUNTERS), seed=st.integers(0, 10_000))
def test_what_a_ruleset_carries_its_next_fight_starts_from(ruleset: str, encounter: str, seed: int) -> None:
    """After any fight, each living member's carried state, fed to the next fight's setup, is what
    that fight would carry on at once: setup reads back exactly what carry wrote, and JSON can
    carry it."""
    config = configure(load_encounter(ROOT / "examples" / encounter), ruleset)
    fight = config.new_fight(RandomRoller(seed))
    result = play(fight)
    living = [m for m, f in zip(fight.party.members, result.fates) if f.state != EndState.DEAD]
    states = {m.name: config.rules.carry(fight, m) or {} for m in living}
    assert json.loads(json.dumps(states)) == states
    again = config.carrying(states).new_fight(RandomRoller(seed))
    assert {m.name: again._rules.carry(again, m) or {} for m in again.party.members if m.name in states} == states
