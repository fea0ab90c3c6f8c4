"""talisman (docs/rules/talisman.md): the docs/rules/talisman.md vectors TA-1 to TA-5 as golden tests, the stat mapping, conformance.

Every vector is played through scripted dice in the order docs/rules/talisman.md lists them (the member's d6,
then the opponent's) and must use up the whole script.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulebench import EndState, Outcome, load_encounter
from rulebench.api import configure
from rulebench.cli.app import app
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.loop import play, play_round
from rulebench.core.outcome import FightResult
from rulebench.testing import RulesetConformance

DATA = Path(__file__).parent / "data" / "talisman"
EXAMPLES = Path(__file__).parents[2] / "examples"


def scripted(encounter: Encounter, dice: str) -> Fight:
    """A recorded talisman fight at round 0 that takes ``dice`` in order."""
    return configure(encounter, "talisman").new_fight(ScriptedRoller(parse_dice_script(dice)), record=True)


def fought(encounter: Encounter, dice: str) -> tuple[FightResult, Fight]:
    """Play the whole fight on ``dice``, which it must use up exactly."""
    fight = scripted(encounter, dice)
    result = play(fight)
    assert fight._roller.remaining == ()
    return result, fight


def fates(result: FightResult, fight: Fight) -> dict[str, tuple[str, str]]:
    return {c.name: (f.state.value, f.condition) for c, f in zip(fight.combatants, result.fates)}


def duels(fight: Fight) -> list[tuple[int, int, int]]:
    """(round, member's combat power, opponent's combat power) of every duel."""
    return [(e["round"], e["member_power"], e["opponent_power"]) for e in fight.log if e["kind"] == "duel"]


def lives(fight: Fight) -> dict[str, int]:
    return {c.name: c.vars["lives"] for c in fight.combatants}


def encounter(party: list[dict[str, Any]], enemies: list[dict[str, Any]], **extra: Any) -> Encounter:
    enemy = {"members": enemies, **extra.pop("enemy", {})}
    return encounter_from_dict({"name": "test", "party": party, "enemy": enemy, **extra})


# -- docs/rules/talisman.md ---------------------------------------------------------------------------------
def test_ta1_hero_beats_the_ogre() -> None:
    result, fight = fought(encounter([{"name": "Hero", "melee": 4}], [{"name": "Ogre", "melee": 5}]), "5 | 3")
    assert duels(fight) == [(1, 9, 8)]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 1
    assert fates(result, fight) == {"Hero": ("unhurt", "full lives"), "Ogre": ("out", "defeated")}


def test_ta2_two_heroes_two_skeletons() -> None:
    fight = scripted(load_encounter(DATA / "ta-2.toml"), "1 | 6  3 | 3  4 | 2")
    play_round(fight)
    assert duels(fight) == [(1, 7, 8), (1, 8, 5)]
    assert lives(fight) == {"Warrior": 3, "Scout": 3, "X": 0, "Y": 1}
    result = play(fight)
    assert fight._roller.remaining == ()
    assert duels(fight)[2:] == [(2, 10, 4)]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 2
    assert lives(fight) == {"Warrior": 3, "Scout": 3, "X": 0, "Y": 0}
    assert fates(result, fight) == {
        "Warrior": ("hurt", "lives lost"),
        "Scout": ("unhurt", "full lives"),
        "X": ("out", "defeated"),
        "Y": ("out", "defeated"),
    }


def test_ta3_grouped_wolves_sum_their_strength() -> None:
    wolves = encounter(
        [{"name": "Warrior", "melee": 6, "life": 4}, {"name": "Scout", "melee": 5}],
        [{"name": "Wolf", "count": 2, "melee": 3}],
        enemy={"grouped": True},
    )
    result, fight = fought(wolves, "2 | 2  6 | 1")
    assert duels(fight) == [(1, 8, 8), (1, 11, 7)]
    assert [e["result"] for e in fight.log if e["kind"] == "duel"] == ["standoff", "member"]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 1
    assert fates(result, fight) == {
        "Warrior": ("unhurt", "full lives"),
        "Scout": ("unhurt", "full lives"),
        "Wolf 1": ("out", "defeated"),
        "Wolf 2": ("out", "defeated"),
    }


TA4_DICE = "6 | 1  5 | 3  2 | 2  6 | 1"


@pytest.mark.parametrize("source", ["dict", "examples/wraith.toml"])
def test_ta4_only_the_magic_weapon_harms_the_ghost(source: str) -> None:
    if source == "dict":
        ghost = encounter(
            [{"name": "Warrior", "melee": 6}, {"name": "Priest", "melee": 2, "traits": ["magic_weapon", "silver_weapon"]}],
            [{"name": "Wraith", "melee": 4, "traits": ["ghost"]}],
            overrides={"talisman": {"Wraith": {"lives": 2}}},
        )
    else:
        ghost = load_encounter(EXAMPLES / "wraith.toml")
    fight = scripted(ghost, TA4_DICE)
    play_round(fight)
    # Warrior 12 vs 5 is a win without a magic weapon: a standoff; Priest 5 + 2 + 1 silver = 8 vs 7.
    assert duels(fight) == [(1, 12, 5), (1, 8, 7)]
    assert [e["result"] for e in fight.log if e["kind"] == "duel"] == ["standoff", "member"]
    assert lives(fight)["Wraith"] == 1
    result = play(fight)
    assert fight._roller.remaining == ()
    assert duels(fight)[2:] == [(2, 8, 6), (2, 9, 5)]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 2
    assert fates(result, fight) == {
        "Warrior": ("unhurt", "full lives"),
        "Priest": ("unhurt", "full lives"),
        "Wraith": ("out", "defeated"),
    }


def test_ta5_a_lone_hero_evades() -> None:
    result, fight = fought(load_encounter(DATA / "ta-5.toml"), "")
    assert not [e for e in fight.log if e["kind"] in ("roll", "duel")]
    assert result.outcome is Outcome.PARTY_FLED and result.rounds == 1
    assert fates(result, fight) == {"Hero": ("unhurt", "full lives"), "Ogre": ("unhurt", "full lives")}


# -- the descriptor and the stat block (docs/rules/talisman.md) --------------------------------------
def test_descriptor_names_seed_stats_and_decisions() -> None:
    info = discover().rulesets()["talisman"].info
    assert info.source == "docs/rules/talisman.md"
    assert info.stats == ("strength", "lives")
    assert info.decisions == ("evade",)


def test_skeleton_guards_map_to_the_section_6_2_row() -> None:
    fight = configure(load_encounter(EXAMPLES / "skeleton-guards.toml"), "talisman").new_fight(ScriptedRoller([]))
    stats = {c.name: (c.stats["strength"], c.stats["lives"]) for c in fight.combatants}
    # strength = max(melee, ranged); party lives = life; an enemy has 1 life.
    assert stats == {
        "Warrior": (5, 4),
        "Scout": (4, 3),
        "Floodrunner": (3, 3),
        "Priest": (2, 3),
        **{f"Skeleton guard {i}": (2, 1) for i in range(1, 5)},
    }
    assert fight.vars["round_cap"] == 20


def test_overrides_replace_strength_and_lives_by_name_or_entry() -> None:
    guards = encounter(
        [{"name": "Hero", "melee": 3}],
        [{"name": "Guard", "count": 2, "melee": 2}],
        overrides={"talisman": {"Hero": {"strength": 9}, "Guard": {"lives": 3}}},
    )
    fight = scripted(guards, "")
    assert {c.name: (c.stats["strength"], c.vars["lives"]) for c in fight.combatants} == {
        "Hero": (9, 3),
        "Guard 1": (2, 3),
        "Guard 2": (2, 3),
    }


@pytest.mark.parametrize(("stat", "value"), [("lives", 0), ("strength", -1), ("round_cap", 0)])
def test_an_override_out_of_range_is_bad_input(stat: str, value: int) -> None:
    bad = encounter([{"name": "Hero"}], [{"name": "Ogre"}], overrides={"talisman": {"Ogre": {stat: value}}})
    with pytest.raises(BadInput, match=f"Ogre's {stat} must be at least"):
        scripted(bad, "")


@pytest.mark.parametrize(
    ("name", "stat", "value", "expected"),
    [
        ("Ogre", "strength", 0, "at least 1 and at most 10"),
        ("Ogre", "strength", 11, "at least 1 and at most 10"),
        ("Ogre", "lives", 7, "at least 1 and at most 6"),
        ("Hero", "lives", 0, "at least 1 and at most 6"),
    ],
)
def test_an_override_outside_the_section_3_range_names_the_override_and_the_range(
    name: str, stat: str, value: int, expected: str
) -> None:
    # docs/rules/talisman.md: strength 1–10, lives 1–6; an override of 0 strength used to be accepted.
    bad = encounter([{"name": "Hero"}], [{"name": "Ogre"}], overrides={"talisman": {name: {stat: value}}})
    with pytest.raises(BadInput) as raised:
        scripted(bad, "")
    assert str(raised.value) == f'overrides.talisman."{name}".{stat}: {name}\'s {stat} must be {expected}, got {value}'


def test_an_override_by_entry_name_is_named_as_written() -> None:
    bad = encounter([{"name": "Hero"}], [{"name": "Guard", "count": 2}], overrides={"talisman": {"Guard": {"strength": 11}}})
    with pytest.raises(BadInput, match=r'^overrides\.talisman\."Guard"\.strength: Guard 1\'s strength must be'):
        scripted(bad, "")


def test_the_unknown_stat_error_lists_the_round_cap_too() -> None:
    bad = encounter([{"name": "Hero"}], [{"name": "Ogre"}], overrides={"talisman": {"Ogre": {"armour": 2}}})
    with pytest.raises(BadInput, match="expected one of: strength, lives, round_cap$"):
        scripted(bad, "")


def test_an_unknown_override_is_bad_input() -> None:
    bad = encounter([{"name": "Hero"}], [{"name": "Ogre"}], overrides={"talisman": {"Ogre": {"armour": 2}}})
    with pytest.raises(BadInput, match="talisman has no such stat"):
        scripted(bad, "")


def test_the_ruleset_example_files_load() -> None:
    rivals = load_encounter(EXAMPLES / "talisman-rivals.toml")
    pack = load_encounter(EXAMPLES / "talisman-wolf-pack.toml")
    assert rivals.enemy.characters and pack.enemy.grouped
    for example in (rivals, pack):
        assert configure(example, "talisman").new_fight(ScriptedRoller([])).vars["round_cap"] >= 1


class TestConformance(RulesetConformance):
    ruleset = "talisman"


def test_end_states_use_the_neutral_vocabulary() -> None:
    result, _ = fought(encounter([{"name": "Hero", "melee": 4, "life": 1}], [{"name": "Ogre", "melee": 5}]), "1 | 6")
    assert result.outcome is Outcome.ENEMY_WINS
    assert [f.state for f in result.fates] == [EndState.DEAD, EndState.UNHURT]


def test_validate_takes_the_round_cap_the_rules_page_offers(tmp_path: Path) -> None:
    """``round_cap`` is a setting, not a stat (``RulesetInfo.settings``): validate accepts it as the
    fight does, and still refuses what talisman has neither of."""
    duel = (EXAMPLES / "ogre-duel.toml").read_text(encoding="utf-8")
    good, bad = tmp_path / "capped.toml", tmp_path / "armoured.toml"
    good.write_text(duel + '\n[overrides.talisman.Ogre]\nround_cap = 5\n', encoding="utf-8")
    bad.write_text(duel + '\n[overrides.talisman.Ogre]\narmour = 5\n', encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["validate", str(good)]).exit_code == 0
    refused = runner.invoke(app, ["validate", str(bad)])
    assert refused.exit_code == 2 and "expected one of: strength, lives, round_cap" in refused.output
