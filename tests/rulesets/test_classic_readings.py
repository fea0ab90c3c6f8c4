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
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
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


ZOMBIES = [{"name": "Zombie", "count": 2, "traits": ["undead"]}]
GHOST_BEHIND = {**GHOST, "fighter": False}


@pytest.mark.parametrize("record", [True, False])
def test_a_forced_flight_rolls_no_d3_when_only_a_ghost_stands_behind_the_first(record: bool) -> None:
    # Three drawn rounds (W 6 + 1 against the zombies' 3 + 4); the forced flight wounds W whatever
    # the d3 shows, and G behind him cannot be harmed: the script holds no d3.
    result, fight = fought([{**W, "melee": 1}, GHOST_BEHIND], ZOMBIES, "6 | 3 4  6 | 3 4  6 | 3 4", record)
    assert result.outcome is Outcome.PARTY_FLED and wounds(fight) == {"W": 1, "G": 0}
    if record:
        assert [e["text"] for e in events(fight, "flight")] == [
            "the tireless enemy forces the party to flee: no die: whatever the d3 shows, of W, G only W can be wounded"]
        assert [e["text"] for e in events(fight, "note")] == ["G cannot be harmed without a magic weapon: he flees unwounded"]


def test_a_voluntary_flight_of_a_lone_ghost_rolls_no_d3() -> None:
    # Only G is engaged, so the non-fighter fights; the drawn round (1 against the orc's 1) and the
    # scripted flight would call for d3 − 1 of [G], whom the orc cannot harm: no d3.
    result, fight = fought([{**W, "melee": 5}, {**GHOST_BEHIND, "melee": 0}], [{"name": "Orc"}], "1 | 1",
                           engaged=["G"], tactics={"round": [{"retreat": True}]})
    assert result.outcome is Outcome.PARTY_FLED and wounds(fight) == {"W": 0, "G": 0}
    assert [(e["rolled"], e["wounded"], e["harmed"]) for e in events(fight, "flight")] == [(None, ["G"], [])]
    assert [e["text"] for e in events(fight, "flight")] == [
        "the party flees (Flucht): no die: whatever the d3 shows, the enemy can harm none of G"]


def test_a_forced_flight_rolls_its_d3_when_a_member_it_can_harm_stands_within_reach() -> None:
    # G in front, W behind (3 + 1 and 3 against 3 + 4, three times): d3 1 wounds nobody the
    # zombies can harm, 2 or 3 wounds W, so it is rolled.
    result, fight = fought([{**GHOST, "melee": 1}, W], ZOMBIES, "3 3 | 3 4  3 3 | 3 4  3 3 | 3 4 | 1")
    assert result.outcome is Outcome.PARTY_FLED and wounds(fight) == {"G": 0, "W": 0}



# -- a demon's blows ignore armour without magic, on either side ----------------------------------
KNIGHT = {"name": "Knight", "melee": 0, "armour": 4}


def test_a_demonic_fighter_leaves_the_enemy_only_its_magic_armour() -> None:
    # D 4 + 0 against the knight's 1: 3 points, past the RW 0 a demon's blows meet.
    result, fight = fought([{"name": "D", "melee": 0, "traits": ["demon"]}], [KNIGHT], "4 | 1")
    assert result.outcome is Outcome.PARTY_WINS
    assert [(e["rw"], e["demon"]) for e in events(fight, "wound")] == [(0, "D")]
    assert [e["text"] for e in events(fight, "wound")] == [
        "damage 3 beats the enemy's RW 0 against D's demonic blows: the enemy is wounded and withdraws"]
    assert "demon blows" in [e["topic"] for e in events(fight, "explain")]


def test_a_plain_fighter_meets_the_enemys_armour() -> None:
    # The same dice without the trait: RW 4 absorbs the 3 points, three drawn rounds.
    result, fight = fought([{"name": "D", "melee": 0}], [KNIGHT], "4 | 1  4 | 1  4 | 1")
    assert result.outcome is Outcome.WITHDRAWN
    assert [(e["rw"], e["demon"]) for e in events(fight, "absorbed")] == [(4, None)] * 3


def test_magic_armour_holds_against_a_demonic_fighter() -> None:
    enemy = [{**KNIGHT, "traits": ["magic_armour"]}]
    result, fight = fought([{"name": "D", "melee": 0, "traits": ["demon"]}], enemy, "4 | 1  4 | 1  4 | 1")
    assert result.outcome is Outcome.WITHDRAWN
    assert [e["rw"] for e in events(fight, "absorbed")] == [4, 4, 4]


def test_a_demon_who_stays_out_strikes_no_demonic_blow() -> None:
    # D does not fight (fighter = false), W does: the knight keeps its RW 4.
    party = [{"name": "W", "melee": 0}, {"name": "D", "traits": ["demon"], "fighter": False}]
    result, fight = fought(party, [KNIGHT], "4 | 1  4 | 1  4 | 1")
    assert result.outcome is Outcome.WITHDRAWN
    assert [e["demon"] for e in events(fight, "absorbed")] == [None, None, None]


@pytest.mark.parametrize("record", [True, False])
def test_a_demonic_fighter_wins_silent_as_told(record: bool) -> None:
    result, _ = fought([{"name": "D", "melee": 0, "traits": ["demon"]}], [KNIGHT], "4 | 1", record)
    assert result.outcome is Outcome.PARTY_WINS
