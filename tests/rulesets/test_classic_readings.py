"""classic readings pinned (docs/rules/classic.md, "Readings"): the trait rules hold for party
members too, and the flight d3 is not rolled where it cannot matter."""

from __future__ import annotations

from typing import Any

import pytest

from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.fight import Fight
from rulebench.core.loop import play
from rulebench.core.outcome import FightResult, Outcome


def fought(party: list[dict[str, Any]], enemies: list[dict[str, Any]], dice: str, record: bool = True,
           **extra: Any) -> tuple[FightResult, Fight]:
    """Play the whole fight on ``dice``, which it must use up exactly."""
    data = {"name": "test", "mode": "melee", "party": party, "enemy": {"members": enemies}, **extra}
    fight = configure(encounter_from_dict(data), "classic").new_fight(ScriptedRoller(parse_dice_script(dice)), record)
    result = play(fight)
    assert fight.roller.remaining == ()  # type: ignore[attr-defined]
    return result, fight


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def wounds(fight: Fight) -> dict[str, int]:
    return {m.name: m.vars["wounds"] for m in fight.party.members}


GHOST = {"name": "G", "melee": 0, "armour": 0, "traits": ["ghost"]}
W = {"name": "W", "melee": 0, "armour": 0}


# -- traits apply to party members too ----------------------------------------------------------
@pytest.mark.parametrize("record", [True, False])
def test_blows_without_magic_pass_through_a_ghostly_member_to_the_next(record: bool) -> None:
    # 1 + 1 = 2 against 6 + 6 = 12: 10 damage; G is passed by, W (RW 0) takes a wound and 9 go on.
    result, fight = fought([GHOST, W], [{"name": "Orc", "count": 2}], "1 1 | 6 6", record)
    assert result.outcome is Outcome.ENEMY_WINS
    assert wounds(fight) == {"G": 0, "W": 2}  # W takes the wrap-around too; G never


def test_a_magic_weapon_wounds_a_ghostly_member() -> None:
    result, fight = fought([GHOST, W], [{"name": "Orc", "count": 2, "traits": ["magic_weapon"]}], "1 1 | 6 6")
    assert result.outcome is Outcome.ENEMY_WINS
    assert wounds(fight)["G"] >= 1


def test_a_party_the_enemy_cannot_harm_loses_no_round() -> None:
    # Only ghosts: the damage passes through all of them and is lost; three drawn rounds.
    result, fight = fought([GHOST], [{"name": "Orc"}], "1 | 6  1 | 6  1 | 6")
    assert result.outcome is Outcome.WITHDRAWN and wounds(fight) == {"G": 0}
    assert [e["amount"] for e in events(fight, "lost")] == [5, 5, 5]


def test_a_ghostly_member_flees_unwounded() -> None:
    # Three drawn rounds against tireless zombies: the forced flight's d3 = 2 calls for G and W.
    zombies = [{"name": "Zombie", "traits": ["undead"]}]
    result, fight = fought([GHOST, {**W, "melee": 1}, {**W, "name": "S", "melee": 1}], zombies,
                           "1 1 1 | 5  1 1 1 | 5  1 1 1 | 5 | 2")  # 5 vs 5 three times
    assert result.outcome is Outcome.PARTY_FLED
    assert wounds(fight) == {"G": 0, "W": 1, "S": 0}


@pytest.mark.parametrize(("traits", "enemy_total"), [(["undead"], 1 + 1), ([], 1)])
def test_an_enemys_silver_weapon_adds_to_its_ks_against_an_undead_party(traits: list[str], enemy_total: int) -> None:
    party = [{"name": "A", "melee": 3, "armour": 4}, {"name": "U", "melee": 0, "armour": 4, "traits": traits}]
    hunter = [{"name": "Hunter", "melee": 0, "traits": ["silver_weapon"]}]
    # A 1 + 3, U 1: 5 against the hunter's 1 (+1 silver against an undead party member): the party
    # wins by 4 or 3, beyond the hunter's RW 0.
    result, fight = fought(party, hunter, "1 1 | 1")
    assert [(e["party_total"], e["enemy_total"]) for e in events(fight, "totals")] == [(5, enemy_total)]
    assert result.outcome is Outcome.PARTY_WINS


# -- dice that cannot matter are not rolled -------------------------------------------------------
def test_the_forced_flight_of_the_last_member_standing_rolls_no_d3() -> None:
    # Three drawn rounds (7 vs 7) against tireless zombies; one member, so the d3 cannot matter.
    zombies = [{"name": "Zombie", "count": 2, "traits": ["undead"]}]
    result, fight = fought([{"name": "Solo", "melee": 1}], zombies, "6 | 3 4  6 | 3 4  6 | 3 4", record=False)
    assert result.outcome is Outcome.PARTY_FLED and wounds(fight) == {"Solo": 1}


def test_a_voluntary_flight_of_one_member_still_rolls_its_d3() -> None:
    # d3 − 1 can be 0 (nobody hurt) or more, so the die matters and is rolled.
    result, fight = fought([{"name": "Solo", "melee": 1}], [{"name": "Orc", "count": 2}], "6 | 3 4 | 1",
                           tactics={"round": [{"retreat": True}]})
    assert result.outcome is Outcome.PARTY_FLED and wounds(fight) == {"Solo": 0}
