"""ambermarch readings pinned (docs/rules/ambermarch.md, "Readings"): traits for party members
too, the merged order of a mixed pool, non-fighters at the tail, stabilising by any standing member."""

from __future__ import annotations

from typing import Any

import pytest

from rulebench import Fight
from rulebench.core.assembly import configure
from rulebench.core.dice import DiceScriptError, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.loop import fates, play, play_round
from rulebench.core.outcome import EndState, Fate, Outcome


def new_fight(party: list[dict[str, Any]], enemy: list[dict[str, Any]], script: str, record: bool = True,
              **fields: Any) -> Fight:
    data = {"name": "test", "party": party, "enemy": {"members": enemy}, **fields}
    config = configure(encounter_from_dict(data), "ambermarch", catalog=discover())
    return config.new_fight(ScriptedRoller(parse_dice_script(script)), record=record)


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def ladders(fight: Fight) -> dict[str, int]:
    return {m.name: m.vars["ladder"] for m in fight.party.members}


OGRE = {"name": "Ogre", "life": 6}
BIG_POOL = {"ambermarch": {"Ogre": {"pool": "1d6+20"}}}


# -- traits apply to party members too ----------------------------------------------------------
def test_a_ghostly_member_is_passed_by_blows_without_magic_and_the_next_takes_them() -> None:
    # 1 vs 21: damage 10. G (a ghost) is not harmed; the damage walks on to W (armour 0).
    party = [{"name": "G", "traits": ["ghost"]}, {"name": "W"}]
    fight = new_fight(party, [OGRE], "1 1 | 1", overrides=BIG_POOL, tactics={"round": [{"retreat": False}]})
    play_round(fight)
    assert ladders(fight) == {"G": 0, "W": 1}
    assert [(e["who"], e["absorbed"]) for e in events(fight, "absorbed")] == [("G", 0), ("W", 0)]


def test_a_magic_weapon_in_the_group_harms_a_ghostly_member() -> None:
    party = [{"name": "G", "traits": ["ghost"]}, {"name": "W"}]
    ogre = {**OGRE, "traits": ["magic_weapon"]}
    fight = new_fight(party, [ogre], "1 1 | 1", overrides=BIG_POOL, tactics={"round": [{"retreat": False}]})
    play_round(fight)
    assert ladders(fight) == {"G": 1, "W": 1}


def test_a_demonic_member_gets_away_from_a_retreat_unhurt() -> None:
    party = [{"name": "D", "traits": ["demon"]}, {"name": "W"}, {"name": "S"}]
    fight = new_fight(party, [{"name": "Rat", "life": 6}], "1 1 1 | 1", tactics={"round": [{"retreat": True}]})
    play(fight)
    assert fight.outcome is Outcome.PARTY_FLED
    assert ladders(fight) == {"D": 0, "W": 1, "S": 0}  # the first two pay; D's wound falls on nobody


@pytest.mark.parametrize(("traits", "enemy_total"), [(["undead"], 1 + 1), ([], 1)])
def test_an_enemys_silver_weapon_adds_to_the_pool_against_an_undead_party(traits: list[str], enemy_total: int) -> None:
    party = [{"name": "W", "melee": 3}, {"name": "U", "traits": traits}]
    hunter = {"name": "Hunter", "life": 6, "traits": ["silver_weapon"]}
    fight = new_fight(party, [hunter], "1 1 | 1", tactics={"round": [{"retreat": True}]})
    play_round(fight)
    assert [(e["party_total"], e["enemy_total"]) for e in events(fight, "totals")] == [(5, enemy_total)]


def test_silver_against_an_undead_party_plays_the_same_silent_and_narrated() -> None:
    party = [{"name": "W", "melee": 3}, {"name": "U", "traits": ["undead"]}]
    hunter = {"name": "Hunter", "melee": 4, "life": 6, "traits": ["silver_weapon"]}
    # W 1 + 3, U 1: 5 against 1 + 4 + 1 silver = 6: the enemy leads by 1, W takes the 1 damage
    # (armour 0) and the retreat costs W and U a step each; without the silver it would be a tie.
    narrated = new_fight(party, [hunter], "1 1 | 1", tactics={"round": [{"retreat": True}]})
    silent = new_fight(party, [hunter], "1 1 | 1", record=False, tactics={"round": [{"retreat": True}]})
    play(narrated)
    play(silent)
    assert ladders(narrated) == ladders(silent) == {"W": 2, "U": 1}


# -- a mixed pool is rolled with equal dice merged ------------------------------------------------
MIXED = [{"name": "Brute", "life": 2}, {"name": "Archer", "life": 2}, {"name": "Brute 2", "life": 2}]
EIGHT_SIDED = {"ambermarch": {"Archer": {"pool": "1d8"}}}


@pytest.mark.parametrize("record", [True, False])
def test_a_mixed_pool_takes_its_merged_dice_in_order(record: bool) -> None:
    # Brute 1d6, Archer 1d8, Brute 2 1d6: the pool is 2d6+1d8, so the script gives d6, d6, d8.
    fight = new_fight([{"name": "W"}], MIXED, "1 | 6 6 8", record=record, overrides=EIGHT_SIDED,
                      tactics={"round": [{"retreat": True}]})
    assert str(fight.enemy.stats["pool"]) == "2d6+1d8"
    play(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    if record:
        assert [e["faces"] for e in events(fight, "roll") if e["label"] == "enemy pool"] == [[6, 6, 8]]


@pytest.mark.parametrize("record", [True, False])
def test_a_mixed_pool_in_list_order_does_not_fit_the_script(record: bool) -> None:
    fight = new_fight([{"name": "W"}], MIXED, "1 | 6 8 6", record=record, overrides=EIGHT_SIDED,
                      tactics={"round": [{"retreat": True}]})
    with pytest.raises(DiceScriptError, match="position 3: 8 is not a result of a d6"):
        play(fight)


# -- non-fighters stand at the back; the whole tail may hold back --------------------------------
def test_the_whole_tail_of_non_fighters_holds_back() -> None:
    party = [{"name": "P", "fighter": False}, {"name": "W"}, {"name": "Q", "fighter": False}]
    fight = new_fight(party, [{"name": "Rat", "life": 6}], "1 | 1", tactics={"round": [{"retreat": True}]})
    play_round(fight)
    stances = {e["who"]: e["stance"] for e in events(fight, "stance")}
    assert stances == {"W": "attack", "P": "hold-back", "Q": "hold-back"}
    assert [fight.party.members[i].name for i in fight.vars["order"]] == ["W", "P", "Q"]


def test_a_non_fighter_who_cannot_hold_back_fights() -> None:
    # Nobody stands in front of the front-most non-fighter, so he fights; the one behind holds back.
    party = [{"name": "P", "fighter": False}, {"name": "Q", "fighter": False}]
    fight = new_fight(party, [{"name": "Rat", "life": 6}], "1 | 1", tactics={"round": [{"retreat": True}]})
    play_round(fight)
    assert {e["who"]: e["stance"] for e in events(fight, "stance")} == {"P": "attack", "Q": "hold-back"}


# -- stabilising counts every standing member of the side ------------------------------------------
@pytest.mark.parametrize("engaged", [["W", "S"], ["W"]])
def test_a_fallen_member_is_stabilised_by_anyone_still_standing_engaged_or_not(engaged: list[str]) -> None:
    party = [{"name": "W", "armour": 0}, {"name": "S", "armour": 4}]
    fight = new_fight(party, [OGRE], "", overrides=BIG_POOL, engaged=engaged)
    fight.party.members[0].vars["ladder"] = 3  # W is down, S stands
    fight.outcome = Outcome.ENEMY_WINS
    assert fates(fight)[0] == Fate(EndState.OUT, "down")
    fight.party.members[1].vars["ladder"] = 3 if "S" in engaged else 0
    expected = Fate(EndState.DEAD, "down") if "S" in engaged else Fate(EndState.OUT, "down")
    assert fates(fight)[0] == expected


# -- a demon's blows ignore armour without magic, on either side ----------------------------------
ARMOURED = {"name": "Knight", "melee": 0, "armour": 4, "life": 6}


@pytest.mark.parametrize(("traits", "armour", "past"), [(["demon"], 0, 8), ([], 4, 4)])
def test_a_demonic_attacker_leaves_the_enemy_only_its_magic_armour(traits: list[str], armour: int, past: int) -> None:
    # D 6 + 3 against the knight's 1: lead 8; a demon's blows meet armour 0 (8 past it: −3), a
    # plain attacker's armour 4 (4 past it: −2).
    party = [{"name": "D", "melee": 3, "traits": traits}]
    fight = new_fight(party, [ARMOURED], "6 | 1", tactics={"round": [{"retreat": False}]})
    play_round(fight)
    [damage] = events(fight, "damage")
    assert (damage["armour"], damage["past"], damage["steadfastness"]) == (armour, past, 6 - 1 - past // 4)
    assert damage["demon"] == ("D" if traits else None)
    if traits:
        assert damage["text"] == ("lead 8: against D's demonic blows the enemy's armour is 0, it swallows 0, 8 past "
                                  "it: steadfastness −3, 6 → 3; momentum 1")
        assert "demon blows" in [e["topic"] for e in events(fight, "explain")]


def test_magic_armour_holds_against_a_demonic_attacker() -> None:
    party = [{"name": "D", "melee": 3, "traits": ["demon"]}]
    fight = new_fight(party, [{**ARMOURED, "traits": ["magic_armour"]}], "6 | 1", tactics={"round": [{"retreat": False}]})
    play_round(fight)
    assert [(e["armour"], e["past"]) for e in events(fight, "damage")] == [(4, 4)]


def test_a_demon_who_takes_cover_strikes_no_demonic_blow() -> None:
    # D covers, W attacks: 6 + 3 against 1, lead 8, and the knight keeps its armour 4.
    party = [{"name": "W", "melee": 3}, {"name": "D", "traits": ["demon"]}]
    fight = new_fight(party, [ARMOURED], "6 | 1", tactics={"round": [{"stance": {"D": "cover"}, "retreat": False}]})
    play_round(fight)
    assert [(e["armour"], e["demon"]) for e in events(fight, "damage")] == [(4, None)]


def test_a_demonic_attacker_counts_silent_as_told() -> None:
    party = [{"name": "D", "melee": 3, "traits": ["demon"]}]
    told = new_fight(party, [ARMOURED], "6 | 1", tactics={"round": [{"retreat": False}]})
    silent = new_fight(party, [ARMOURED], "6 | 1", record=False, tactics={"round": [{"retreat": False}]})
    play_round(told)
    play_round(silent)
    assert told.vars["steadfastness"] == silent.vars["steadfastness"] == 3
