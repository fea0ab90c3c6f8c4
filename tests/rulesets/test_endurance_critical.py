"""endurance's optional critical-hit rule, a plugin of its own (docs/rules/endurance.md: a damage die at its maximum is rolled once more and
added, right after it, no chains): discovery, off by default, endurance only, the dice it rolls and
what it leaves to the ruleset."""

from __future__ import annotations

import ast
import inspect
from typing import Any

import pytest

import rulebench.rulesets.endurance.critical as critical
from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.discovery import MODIFIER, discover
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.loop import play_round

# A foe that rolls no die (unarmed: damage 1, below any avoidance here); avoidance 1, endurance 8.
BAG = {"name": "Bag", "armour": 0, "body": 1, "speed": 0, "life": 6, "weapon": "none"}


def fight_of(hero: dict[str, Any], foe: dict[str, Any], script: str, plugins: tuple[str, ...] = ("critical",),
             **fields: Any) -> Fight:
    data = {"name": "crit", "party": [{"name": "Hero", "speed": 5, **hero}], "enemy": {"members": [foe]}, **fields}
    config = configure(encounter_from_dict(data), "endurance", plugins=plugins)
    fight = config.new_fight(ScriptedRoller(parse_dice_script(script)), record=True)
    play_round(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return fight


def first_damage(fight: Fight) -> int:
    assert fight.log is not None
    return int(next(e["amount"] for e in fight.log if e["kind"] == "damage"))


def crits(fight: Fight) -> list[tuple[str, int, int]]:
    assert fight.log is not None
    return [(e["who"], e["sides"], e["extra"]) for e in fight.log if e["kind"] == "critical"]


def test_discovered_as_an_optional_modifier_for_endurance() -> None:
    record = discover().of_kind(MODIFIER)["critical"]
    assert record.info.default is False and record.info.rulesets == ("endurance",)  # type: ignore[union-attr]
    assert "rulebench_damage" in record.hooks


def test_off_unless_chosen() -> None:
    fight = fight_of({"weapon": "1d8"}, BAG, "8", plugins=())
    assert first_damage(fight) == 8 and crits(fight) == []


def test_refused_by_other_rulesets() -> None:
    data = {"name": "x", "party": [{"name": "Hero"}], "enemy": {"members": [{"name": "Orc"}]}}
    with pytest.raises(BadInput, match="critical"):
        configure(encounter_from_dict(data), "dsa", plugins=("critical",))


def test_a_maximum_rolls_once_more_and_the_second_maximum_does_not() -> None:
    fight = fight_of({"weapon": "1d8", "melee": 4}, BAG, "8 8")
    assert first_damage(fight) == 8 + 8 + 2
    assert crits(fight) == [("Hero", 8, 8)]


def test_the_extra_die_follows_the_die_that_crit() -> None:
    fight = fight_of({"weapon": "2d6", "melee": 6}, BAG, "6 2 3")  # first d6, its crit die, second d6
    assert first_damage(fight) == 6 + 2 + 3 + 3
    assert crits(fight) == [("Hero", 6, 2)]


def test_a_subtracted_die_never_crits() -> None:
    fight = fight_of({}, BAG, "6 2 4", overrides={"endurance": {"Hero": {"damage": "1d6-1d4"}}})
    assert first_damage(fight) == 6 + 2 - 4
    assert crits(fight) == [("Hero", 6, 2)]


def test_no_die_no_crit_unarmed_or_against_a_ghost() -> None:
    unarmed = fight_of({"weapon": "none", "body": 3, "melee": 2}, BAG, "")
    assert first_damage(unarmed) == 4 and crits(unarmed) == []
    ghost = fight_of({"weapon": "1d8"}, {**BAG, "name": "Ghost", "traits": ["ghost"]}, "")
    assert first_damage(ghost) == 0 and crits(ghost) == []


def test_modifiers_and_the_demon_rule_still_apply() -> None:
    silver = fight_of({"weapon": "1d6", "traits": ["silver_weapon"]}, {**BAG, "traits": ["undead"]}, "6 1")
    assert first_damage(silver) == 6 + 1 + 1  # the crit die, then +1 silver vs undead
    hero = {"weapon": "none", "body": 1, "armour": 4, "speed": 0, "life": 6}
    demon = {"name": "Demon", "weapon": "1d4", "speed": 5, "traits": ["demon"]}
    fight = fight_of(hero, demon, "4 1")
    assert fight.log is not None
    blow = next(e for e in fight.log if e["kind"] == "damage")
    assert (blow["amount"], blow["avoidance"]) == (5, 1)  # armour 4 does not count against the demon


def test_uses_only_the_public_api_and_endurances_own_words() -> None:
    # Of rulebench only the public API; its words are endurance's (the ruleset's renderer and catalog).
    tree = ast.parse(inspect.getsource(critical))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert modules <= {"__future__", "rulebench", "rulebench.rulesets.endurance.narration"}
