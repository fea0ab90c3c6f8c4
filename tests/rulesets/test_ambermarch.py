"""ambermarch golden tests: every worked example (AM-1 to AM-5) through scripted dice.

AM-1 is the seed's worked example ("Eine Runde, ausgerechnet", docs/rules/ambermarch.md), played from
examples/am-1.toml with the dice of issue 2. Each vector's dice are fed in consumption order, as
``--dice`` would, and every number the vector states is checked: the totals per round, the derived
group values, steadfastness and momentum, each absorption and wound, the outcome and every
combatant's end state and condition.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebench.core.assembly import configure
from rulebench.core.dice import Dice, ScriptedRoller, parse_dice_script
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import fates, play
from rulebench.core.outcome import EndState, Fate, Outcome
from rulebench.rulesets.ambermarch.probe import probe_result
from rulebench.rulesets.ambermarch.stats import group_steadfastness
from rulebench.testing import RulesetConformance

ROOT = Path(__file__).parents[2]
DATA = Path(__file__).parent / "data" / "ambermarch"
AM1_DICE = "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"

UNHURT = Fate(EndState.UNHURT, "unhurt")
BATTERED = Fate(EndState.HURT, "battered")
WOUNDED = Fate(EndState.HURT, "wounded")


class TestConformance(RulesetConformance):
    ruleset = "ambermarch"


def run(path: Path, script: str) -> Fight:
    """Play the encounter to its end on scripted dice; every die of the script must be used."""
    roller = ScriptedRoller(parse_dice_script(script))
    fight = configure(load_encounter(path), "ambermarch").new_fight(roller, record=True)
    play(fight)
    assert roller.remaining == ()
    return fight


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def totals(fight: Fight) -> list[tuple[int, int, int]]:
    return [(e["round"], e["party_total"], e["enemy_total"]) for e in events(fight, "totals")]


def fates_by_name(fight: Fight) -> dict[str, Fate]:
    return {c.name: fate for c, fate in zip(fight.combatants, fates(fight))}


def test_am1_the_seed_example() -> None:
    fight = run(ROOT / "examples" / "am-1.toml", AM1_DICE)
    group = fight.enemy.stats
    assert (str(group["pool"]), group["armour"], group["steadfastness"]) == ("4d6+8", 2, 3)
    assert all(
        (str(e.stats["pool"]), e.stats["armour"], e.stats["steadfastness"]) == ("1d6+2", 2, 2)
        for e in fight.enemy.members
    )
    assert totals(fight) == [(1, 26, 24), (2, 21, 26), (3, 30, 18)]
    attacks = [(e["round"], e["who"], e["total"]) for e in events(fight, "total") if "who" in e]
    assert attacks == [
        (1, "Warrior", 10), (1, "Scout", 11), (1, "Floodrunner", 5),
        (2, "Warrior", 8), (2, "Scout", 6), (2, "Floodrunner", 7),
        (3, "Warrior", 10), (3, "Scout", 11), (3, "Floodrunner", 7),
    ]  # fmt: skip
    # R1: lead 2 all in armour, loss 1 → 2, momentum 1; R3: lead 12, 10 past armour, loss 3 → 0.
    wear = [(e["round"], e["lead"], e["past"], e["loss"], e["steadfastness"], e["momentum"])
            for e in events(fight, "damage") if "lead" in e]
    assert wear == [(1, 2, 0, 1, 2, 1), (3, 12, 10, 3, 0, 1)]
    # R2: damage 3, the Warrior's armour 2 absorbs 2, 1 → battered; the damage is used up.
    assert [e["amount"] for e in events(fight, "damage") if "amount" in e] == [3]
    assert [(e["who"], e["armour"], e["absorbed"], e["left"]) for e in events(fight, "absorbed")] == [
        ("Warrior", 2, 2, 0)
    ]
    assert [(e["round"], e["who"], e["condition"]) for e in events(fight, "wound")] == [(2, "Warrior", "battered")]
    assert [e["value"] for e in events(fight, "decision")] == [1]  # the momentum point, spent in round 3
    assert fight.outcome is Outcome.PARTY_WINS and fight.round == 3
    assert fates_by_name(fight) == {
        "Warrior": BATTERED, "Scout": UNHURT, "Floodrunner": UNHURT, "Priest": UNHURT,
        **{f"Skeleton guard {k}": Fate(EndState.OUT, "broken") for k in range(1, 5)},
    }  # fmt: skip


def test_am1_asks_the_attack_dice_as_one_roll() -> None:
    fight = run(ROOT / "examples" / "am-1.toml", AM1_DICE)
    rolls = [(e["round"], e["dice"], e["faces"]) for e in events(fight, "roll")]
    assert rolls == [
        (1, "3d6+14", [4, 6, 2]), (1, "4d6+8", [3, 5, 2, 6]),
        (2, "3d6+14", [2, 1, 4]), (2, "4d6+8", [5, 4, 6, 3]),
        (3, "3d6+13", [5, 6, 4]), (3, "4d6+8", [1, 2, 3, 4]),
    ]  # fmt: skip


def test_am1_marks_the_warriors_wound_tainted() -> None:
    fight = run(ROOT / "examples" / "am-1.toml", AM1_DICE)
    warrior = fight.party.members[0]
    assert warrior.vars["tainted"] == 1  # one of his ladder steps is a tainted wound
    assert [e["tainted"] for e in events(fight, "condition")] == [["Warrior"]]


def test_am2_cover_flow_and_retreat() -> None:
    fight = run(DATA / "am-2.toml", "1 1 | 6 6 5 5")
    assert totals(fight) == [(1, 13, 30)]
    assert [e["amount"] for e in events(fight, "damage") if "amount" in e] == [9]
    # W absorbs 2 → battered, 6 left; P armour 3 (covers) → battered, 2 left; S armour 3 (P covers) absorbs.
    assert [(e["who"], e["armour"], e["absorbed"], e.get("left")) for e in events(fight, "absorbed")] == [
        ("Warrior", 2, 2, 6), ("Priest", 3, 3, 2), ("Scout", 3, 2, None),
    ]  # fmt: skip
    assert [(e["who"], e["condition"]) for e in events(fight, "wound")] == [
        ("Warrior", "battered"), ("Priest", "battered"), ("Warrior", "wounded"), ("Priest", "wounded"),
    ]  # fmt: skip
    assert len(events(fight, "flight")) == 1
    assert fight.outcome is Outcome.PARTY_FLED
    assert fates_by_name(fight) == {
        "Warrior": WOUNDED, "Priest": WOUNDED, "Scout": UNHURT,
        **{f"Skeleton guard {k}": Fate(EndState.UNHURT, "steadfast") for k in range(1, 5)},
    }  # fmt: skip


def test_am3_ties_and_the_four_round_limit() -> None:
    fight = run(DATA / "am-3.toml", "3 4 | 4 4 4 | 5 6 | 2 3 4 | 1 2 | 3 3 4 | 2 2 | 5 5 1")
    assert str(fight.enemy.stats["pool"]) == "3d6+6"
    assert (fight.enemy.stats["armour"], fight.enemy.stats["steadfastness"]) == (3, 4)
    assert totals(fight) == [(1, 18, 18), (2, 22, 15), (3, 14, 16), (4, 17, 17)]
    assert [(e["round"], e["loss"], e["steadfastness"], e["momentum"]) for e in events(fight, "damage")
            if "lead" in e] == [(2, 2, 2, 1)]
    assert [(e["round"], e["who"], e["absorbed"]) for e in events(fight, "absorbed")] == [(3, "Warrior", 1)]
    assert [e["round"] for e in events(fight, "note") if e.get("tie")] == [1, 4]
    assert fight.vars["momentum"] == 0
    assert fight.outcome is Outcome.WITHDRAWN and fight.round == 4
    assert fates_by_name(fight) == {"Warrior": UNHURT, "Scout": UNHURT, "Ogre": Fate(EndState.HURT, "shaken")}


def test_am4_ghost_needs_a_magic_weapon() -> None:
    fight = run(DATA / "am-4.toml", "4 | 1 2")
    assert [e["who"] for e in events(fight, "modifier") if e.get("contribution") == 0] == ["Warrior"]
    priest = [e for e in events(fight, "total") if e.get("who") == "Priest"]
    assert [(e["die"], e["bonus"], e["total"]) for e in priest] == [(4, 3, 7)]  # 4 + 2 + 1 silver
    assert priest[0]["modifiers"] == [{"value": 1, "reason": "silver vs undead"}]
    assert totals(fight) == [(1, 7, 5)]
    assert fight.vars["steadfastness"] == 0
    assert fight.outcome is Outcome.PARTY_WINS
    assert fates_by_name(fight) == {"Warrior": UNHURT, "Priest": UNHURT, "Wraith": Fate(EndState.OUT, "broken")}


@pytest.mark.parametrize(("members", "expected"), [(1, 2), (3, 2), (4, 3), (7, 4), (10, 5), (13, 6)])
def test_am5_group_steadfastness_of_members_of_two(members: int, expected: int) -> None:
    assert group_steadfastness([2] * members) == expected


def test_am5_group_steadfastness_is_at_most_six() -> None:
    assert group_steadfastness([5] * 4) == 6


def test_am5_group_steadfastness_through_setup() -> None:
    data = {"name": "AM-5", "party": [{"name": "Hero"}],
            "enemy": {"members": [{"name": "Guard", "count": 7, "melee": 2, "life": 2}]}}
    fight = configure(encounter_from_dict(data), "ambermarch").new_fight(ScriptedRoller([]))
    assert fight.enemy.stats["steadfastness"] == 4
    assert fight.enemy.stats["pool"] == Dice.parse("7d6+14")


@pytest.mark.parametrize(
    ("dice", "tier"),
    [((6, 6), "triumph"), ((1, 1), "doom"), ((5, 4), "success"), ((4, 3), "partial"), ((2, 1), "failure")],
)
def test_am5_tests_attribute_2_modifier_minus_1_target_9(dice: tuple[int, int], tier: str) -> None:
    assert probe_result(dice, 2, 9, (-1,)) == tier


def test_am5_double_one_is_doom_even_for_attribute_4_vs_7() -> None:
    assert probe_result((1, 1), 4, 7) == "doom"
