"""classic (docs/rules/classic.md): the the worked examples vectors CL-1 to CL-6 as golden tests, and the conformance kit.

Every vector is played through scripted dice in the order docs/rules/ gives (the fighters' KS dice in
marching order, then the enemy group's, then flight or robbery dice) and must use up the script.
A = 1W6+3 RW 2, B = 1W6+2 RW 1, C = 1W6+1 RW 0 (the worked examples), i.e. melee 3, 2, 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebench import Outcome
from rulebench.api import configure
from rulebench.core.dice import RandomRoller, ScriptedRoller, parse_dice_script
from rulebench.core.encounter import Encounter, encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import play
from rulebench.core.outcome import FightResult
from rulebench.testing import RulesetConformance

DATA = Path(__file__).parent / "data" / "classic"
EXAMPLES = Path(__file__).parents[2] / "examples"

A = {"name": "A", "melee": 3, "armour": 2}
B = {"name": "B", "melee": 2, "armour": 1}
C = {"name": "C", "melee": 1, "armour": 0}


def encounter(party: list[dict[str, Any]], enemies: list[dict[str, Any]], **extra: Any) -> Encounter:
    enemy = {"members": enemies, **extra.pop("enemy", {})}
    return encounter_from_dict({"name": "test", "mode": "melee", "party": party, "enemy": enemy, **extra})


def fought(enc: Encounter, dice: str) -> tuple[FightResult, Fight]:
    """Play the whole fight on ``dice``, which it must use up exactly."""
    fight = configure(enc, "classic").new_fight(ScriptedRoller(parse_dice_script(dice)), record=True)
    result = play(fight)
    assert fight._roller.remaining == ()
    return result, fight


def fates(result: FightResult, fight: Fight) -> dict[str, tuple[str, str]]:
    return {c.name: (f.state.value, f.condition) for c, f in zip(fight.combatants, result.fates)}


def totals(fight: Fight) -> list[tuple[int, int]]:
    return [(e["party_total"], e["enemy_total"]) for e in fight.log if e["kind"] == "totals"]


def walk(fight: Fight) -> list[tuple[str, str, int]]:
    """The party's damage walk: (kind, who, points left after the step)."""
    return [(e["kind"], e.get("who", ""), e["left"]) for e in fight.log
            if e["kind"] in ("wound", "absorbed", "wrap") and e.get("side") != "enemy"]


def kinds(fight: Fight, kind: str) -> list[dict[str, Any]]:
    return [e for e in fight.log if e["kind"] == kind]


def test_cl1_albrav_damage_walks_the_line_and_wraps() -> None:
    result, fight = fought(load_encounter(DATA / "cl-1.toml"), "1 2 1 1 | 4 4 4 4")
    assert totals(fight) == [(11, 20)]
    assert kinds(fight, "damage")[0]["amount"] == 9
    assert walk(fight) == [
        ("wound", "Albrav", 6), ("wound", "Brann", 4), ("wound", "Cira", 3), ("wound", "Dorn", 2),
        ("wrap", "", 2), ("absorbed", "Albrav", 0),
    ]
    assert kinds(fight, "absorbed")[0]["amount"] == 2
    assert (result.outcome, result.rounds) == (Outcome.ENEMY_WINS, 1)
    assert fates(result, fight) == {
        **{name: ("out", "wounded") for name in ("Albrav", "Brann", "Cira", "Dorn")},
        **{f"Goblin {i}": ("unhurt", "unhurt") for i in range(1, 5)},
    }


def test_cl2_flight_after_a_drawn_round() -> None:
    enc = encounter([A, B], [{"name": "Orc", "count": 2, "melee": 1}], tactics={"round": [{"retreat": True}]})
    result, fight = fought(enc, "2 3 | 5 5 | 2")
    assert totals(fight) == [(10, 12)]
    assert walk(fight) == [("absorbed", "A", 0)]
    assert kinds(fight, "flight")[0]["wounded"] == ["A"]
    assert (result.outcome, result.rounds) == (Outcome.PARTY_FLED, 1)
    assert fates(result, fight) == {"A": ("out", "wounded"), "B": ("unhurt", "unhurt"),
                                    "Orc 1": ("unhurt", "unhurt"), "Orc 2": ("unhurt", "unhurt")}


def test_cl3_wrap_around_kills_and_the_non_fighter_takes_two_wounds() -> None:
    ogre = {"name": "Ogre", "armour": 1}
    enc = encounter([A, {**B, "armour": 0}, C], [ogre], overrides={"classic": {"Ogre": {"melee_ks": "3d6+4"}}},
                    tactics={"round": [{"fight": {"C": "none"}}]})
    result, fight = fought(enc, "1 1 | 6 6 6")
    assert totals(fight) == [(7, 22)]
    assert walk(fight) == [("wound", "A", 12), ("wound", "B", 11), ("wrap", "", 11),
                           ("wound", "A", 8), ("wound", "B", 7)]
    assert kinds(fight, "lost")[0]["amount"] == 7
    assert result.outcome is Outcome.ENEMY_WINS
    assert fates(result, fight) == {"A": ("dead", "dead"), "B": ("dead", "dead"), "C": ("dead", "dead"),
                                    "Ogre": ("unhurt", "unhurt")}


def test_cl4_silver_against_undead_and_forced_flight_after_three_drawn_rounds() -> None:
    skeleton = {"name": "Skeleton", "count": 2, "melee": 2, "armour": 2, "traits": ["undead"]}
    enc = encounter([{**A, "traits": ["silver_weapon"]}, B], [skeleton])
    result, fight = fought(enc, "3 4 | 3 4  2 2 | 2 4  5 1 | 4 5  3")
    assert totals(fight) == [(13, 11), (10, 10), (12, 13)]
    assert [e["amount"] for e in kinds(fight, "absorbed")] == [2, 1]  # the enemy's RW 2, then A's RW
    assert kinds(fight, "absorbed")[1]["who"] == "A"
    assert kinds(fight, "flight")[0] == {**kinds(fight, "flight")[0], "forced": True, "wounded": ["A", "B"]}
    assert (result.outcome, result.rounds) == (Outcome.PARTY_FLED, 3)
    assert fates(result, fight) == {"A": ("out", "wounded"), "B": ("out", "wounded"),
                                    "Skeleton 1": ("unhurt", "unhurt"), "Skeleton 2": ("unhurt", "unhurt")}


def test_cl5_demon_needs_magic_weapons_and_ignores_plain_armour() -> None:
    enc = encounter([{**A, "armour": 2}, {**B, "traits": ["magic_weapon", "magic_armour"]}],
                    [{"name": "Demon", "traits": ["demon"]}],
                    overrides={"classic": {"Demon": {"melee_ks": "2d6+3"}}})
    result, fight = fought(enc, "4 | 3 5")
    assert totals(fight) == [(6, 11)]
    assert kinds(fight, "total")[0]["ks"] == 0  # A: KS 0, no die
    assert walk(fight) == [("wound", "A", 4), ("wound", "B", 2), ("wrap", "", 2), ("wound", "A", 1), ("absorbed", "B", 0)]
    assert [e["rw"] for e in kinds(fight, "wound")] == [0, 1, 0]
    assert all(e["cursed"] for e in kinds(fight, "wound"))
    assert result.outcome is Outcome.ENEMY_WINS
    assert fates(result, fight) == {"A": ("dead", "dead"), "B": ("out", "wounded, cursed"), "Demon": ("unhurt", "unhurt")}


def test_cl6a_robbers_rob_the_wounded_in_damage_order() -> None:
    enc = encounter([A, B], [{"name": "Robber", "count": 3, "melee": 1}], enemy={"raiders": True})
    result, fight = fought(enc, "1 1 | 4 4 4 | 7 3")
    assert totals(fight) == [(7, 15)]
    assert walk(fight) == [("wound", "A", 5), ("wound", "B", 3), ("wrap", "", 3), ("wound", "A", 0)]
    assert [(e["who"], e["line"]) for e in kinds(fight, "robbed")] == [("A", 7), ("B", 3)]
    assert result.outcome is Outcome.ENEMY_WINS
    assert fates(result, fight)["A"] == ("dead", "dead") and fates(result, fight)["B"] == ("out", "wounded")


def test_cl6b_ambush_from_behind_hits_the_back_first() -> None:
    enc = encounter([A, B, C], [{"name": "Wolf", "count": 3}], ambush_from_behind=True)
    result, fight = fought(enc, "1 1 1 | 4 4 3")
    assert totals(fight) == [(9, 11)]
    assert walk(fight) == [("wound", "C", 1), ("absorbed", "B", 0)]
    assert result.outcome is Outcome.ENEMY_WINS
    assert fates(result, fight) == {"A": ("unhurt", "unhurt"), "B": ("unhurt", "unhurt"), "C": ("out", "wounded"),
                                    **{f"Wolf {i}": ("unhurt", "unhurt") for i in (1, 2, 3)}}


def test_cl6c_one_wound_to_the_enemy_wins() -> None:
    result, fight = fought(encounter([A, B, C], [{"name": "Wolf", "count": 3}]), "1 1 1 | 2 2 2")
    assert totals(fight) == [(9, 6)]
    assert kinds(fight, "wound")[0]["side"] == "enemy"
    assert (result.outcome, result.rounds) == (Outcome.PARTY_WINS, 1)
    assert fates(result, fight) == {**{n: ("unhurt", "unhurt") for n in "ABC"},
                                    **{f"Wolf {i}": ("out", "wounded, withdrew") for i in (1, 2, 3)}}


# -- the examples ---------------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.stem)
def test_every_example_fights_under_classic(path: Path) -> None:
    fight = configure(load_encounter(path), "classic").new_fight(RandomRoller(7), record=True)
    result = play(fight)
    assert result.rounds <= 3 and len(totals(fight)) == result.rounds


def test_demon_example_magic_weapons_and_magic_armour() -> None:
    # Paladin 1W6+4 and Witch 1W6+1 roll; the Warrior's silver blade is KS 0 against the demon.
    result, fight = fought(load_encounter(EXAMPLES / "classic-demon.toml"), "3 2 | 6 6")
    assert totals(fight) == [(10, 17)]
    assert [(e["who"], e["ks"]) for e in kinds(fight, "total")] == [("Paladin", 7), ("Warrior", 0), ("Witch", 3)]
    # 7: the Paladin's magic armour keeps RW 3, plain armour is RW 0 against a demon.
    assert walk(fight) == [("wound", "Paladin", 3), ("wound", "Warrior", 2), ("wound", "Witch", 1),
                           ("wrap", "", 1), ("absorbed", "Paladin", 0)]
    assert [e["who"] for e in kinds(fight, "cursed")] == ["Paladin", "Warrior", "Witch"]
    assert fates(result, fight)["Torchbearer"] == ("unhurt", "unhurt")
    assert fates(result, fight)["Paladin"] == ("out", "wounded, cursed")


def test_robbers_example_ambush_non_fighters_and_robbery() -> None:
    result, fight = fought(load_encounter(EXAMPLES / "classic-robbers.toml"), "1 1 1 | 6 6 6 6 | 1 2 3 4 5")
    assert totals(fight) == [(14, 32)]
    assert [who for kind, who, _ in walk(fight) if kind == "wound"] == ["Captain", "Bowman", "Guard"] * 2
    assert kinds(fight, "lost")[0]["amount"] == 2
    assert [(e["who"], e["line"]) for e in kinds(fight, "robbed")] == [
        ("Captain", 1), ("Bowman", 2), ("Guard", 3), ("Carter", 4), ("Pilgrim", 5)]
    assert {state for state, _ in fates(result, fight).values()} == {"dead", "unhurt"}


class TestConformance(RulesetConformance):
    ruleset = "classic"
