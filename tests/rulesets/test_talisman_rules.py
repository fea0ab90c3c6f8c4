"""talisman (docs/rules/talisman.md): each rule the docs/rules/talisman.md vectors leave out, through scripted dice.

Scripts give the member's d6, then the opponent's, duel by duel (docs/rules/talisman.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from rulebench import Combatant, Fight, Modifier, Outcome, PluginInfo, Side, hookimpl
from rulebench.api import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.loop import play, play_round
from rulebench.core.outcome import FightResult


def encounter(party: list[dict[str, Any]], enemies: list[dict[str, Any]], **extra: Any) -> Encounter:
    enemy = {"members": enemies, **extra.pop("enemy", {})}
    return encounter_from_dict({"name": "test", "party": party, "enemy": enemy, **extra})


def fought(encounter: Encounter, dice: str, **configured: Any) -> tuple[FightResult, Fight]:
    """Play the fight on ``dice``, which it must use up exactly."""
    fight = configure(encounter, "talisman", **configured).new_fight(ScriptedRoller(parse_dice_script(dice)), record=True)
    result = play(fight)
    assert fight._roller.remaining == ()
    return result, fight


def fates(result: FightResult, fight: Fight) -> dict[str, tuple[str, str]]:
    return {c.name: (f.state.value, f.condition) for c, f in zip(fight.combatants, result.fates)}


def duels(fight: Fight) -> list[tuple[str, str, int, int, str]]:
    """(member, opponent, member's power, opponent's power, result) of every duel."""
    return [
        (e["attacker"], e["defender"], e["member_power"], e["opponent_power"], e["result"])
        for e in fight.log
        if e["kind"] == "duel"
    ]


def lives(fight: Fight) -> dict[str, int]:
    return {c.name: c.vars["lives"] for c in fight.combatants}


HERO = {"name": "Hero", "melee": 4, "life": 2}
OGRE = {"name": "Ogre", "melee": 4}


# -- the duel ------------------------------------------------------------------------------------
def test_strength_is_the_better_of_melee_and_ranged() -> None:
    archer = encounter([{"name": "Archer", "melee": 1, "ranged": 5}], [{"name": "Orc", "melee": 0, "ranged": 3}])
    _, fight = fought(archer, "1 | 1")
    assert duels(fight) == [("Archer", "Orc", 6, 4, "member")]


def test_the_opponent_wins_and_the_member_loses_a_life_then_dies_at_zero() -> None:
    result, fight = fought(encounter([HERO], [OGRE]), "1 | 2  3 | 5")
    assert [d[4] for d in duels(fight)] == ["opponent", "opponent"]
    assert result.outcome is Outcome.ENEMY_WINS and result.rounds == 2
    assert fates(result, fight) == {"Hero": ("dead", "no lives left"), "Ogre": ("unhurt", "full lives")}


def test_a_tie_is_a_standoff_that_hurts_nobody() -> None:
    fight = configure(encounter([HERO], [OGRE]), "talisman").new_fight(ScriptedRoller([3, 3]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Ogre", 7, 7, "standoff")]
    assert lives(fight) == {"Hero": 2, "Ogre": 1} and fight.outcome is None


def test_an_enemy_with_more_lives_loses_one_per_defeat() -> None:
    troll = encounter([HERO], [OGRE], overrides={"talisman": {"Ogre": {"lives": 3}}})
    fight = configure(troll, "talisman").new_fight(ScriptedRoller([6, 1] * 3), record=True)
    play_round(fight)
    assert lives(fight)["Ogre"] == 2
    result = play(fight)
    assert fight._roller.remaining == ()
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 3
    assert fates(result, fight)["Ogre"] == ("out", "defeated")


def test_each_member_duels_the_front_most_standing_enemy_in_turn() -> None:
    pair = encounter([HERO, {"name": "Squire", "melee": 1}], [{"name": "Goblin", "count": 2, "melee": 1}])
    result, fight = fought(pair, "6 | 1  1 | 6  6 | 1")
    # Round 1: Hero beats Goblin 1, the Squire loses to Goblin 2; round 2: Hero beats Goblin 2.
    assert [(d[0], d[1], d[4]) for d in duels(fight)] == [
        ("Hero", "Goblin 1", "member"),
        ("Squire", "Goblin 2", "opponent"),
        ("Hero", "Goblin 2", "member"),
    ]
    assert result.outcome is Outcome.PARTY_WINS and lives(fight)["Squire"] == 2


def test_no_duel_once_every_enemy_is_defeated() -> None:
    pair = encounter([HERO, {"name": "Squire"}], [OGRE])
    result, fight = fought(pair, "6 | 1")
    assert [d[0] for d in duels(fight)] == ["Hero"]
    assert result.outcome is Outcome.PARTY_WINS


# -- dice that cannot matter are not rolled (docs/rules/talisman.md) ---------------------------------------
def rolls(fight: Fight) -> list[dict[str, Any]]:
    return [e for e in fight.log if e["kind"] == "roll"]


def duel_events(fight: Fight) -> list[dict[str, Any]]:
    return [e for e in fight.log if e["kind"] == "duel"]


def spared(fight: Fight) -> list[tuple[str | None, str | None]]:
    """Per duel: the member's and his opponent's kind (ghost, demon) when the other cannot harm him."""
    return [(e["member_spared"], e["opponent_spared"]) for e in duel_events(fight)]


def test_a_certain_win_rolls_no_dice() -> None:
    # Reviewer: strength 8 against 1 (9–14 always beats 2–7) still rolled both dice.
    result, fight = fought(encounter([{"name": "Hero", "melee": 8}], [{"name": "Rat", "melee": 1}]), "")
    assert duels(fight) == [("Hero", "Rat", 8, 1, "member")]
    assert rolls(fight) == [] and result.outcome is Outcome.PARTY_WINS
    (duel,) = duel_events(fight)
    assert (duel["rolled"], duel["member_die"], duel["opponent_die"], duel["lead"], duel["winner"]) == (False, None, None, 7, "Hero")


def test_a_certain_loss_rolls_no_dice() -> None:
    result, fight = fought(encounter([{"name": "Squire", "life": 1}], [{"name": "Troll", "melee": 6}]), "")
    assert duels(fight) == [("Squire", "Troll", 0, 6, "opponent")]
    assert rolls(fight) == [] and result.outcome is Outcome.ENEMY_WINS


def test_a_lead_of_five_still_rolls_for_the_standoff() -> None:
    # 6 against 1: 7–12 against 2–7, so a 1 against a 6 ties; the dice matter.
    _, fight = fought(encounter([{"name": "Hero", "melee": 6}], [{"name": "Rat", "melee": 1}]), "1 | 6  6 | 1")
    assert [d[2:] for d in duels(fight)] == [(7, 7, "standoff"), (12, 2, "member")]


def test_a_silver_bonus_counts_toward_a_certain_win() -> None:
    hunter = {"name": "Hunter", "melee": 5, "traits": ["silver_weapon"]}
    _, fight = fought(encounter([hunter], [{"name": "Skeleton", "traits": ["undead"]}]), "")
    assert duels(fight) == [("Hunter", "Skeleton", 6, 0, "member")]
    (duel,) = duel_events(fight)
    assert (duel["member_strength"], duel["member_bonus"], duel["rolled"]) == (5, [{"value": 1, "reason": "silver vs undead"}], False)


def test_no_dice_against_a_ghost_that_can_never_win_a_plain_weapon_only_stands_off() -> None:
    # A plain weapon's win is a standoff, and 9–14 never loses to 4–9: nothing can happen, so
    # nothing is rolled, round after round, up to the round cap.
    ghost = encounter([{"name": "Warrior", "melee": 8}], [{"name": "Wraith", "melee": 3, "traits": ["ghost"]}])
    result, fight = fought(ghost, "")
    assert result.outcome is Outcome.WITHDRAWN and result.rounds == 20
    assert rolls(fight) == [] and {d[4] for d in duels(fight)} == {"standoff"}
    assert set(spared(fight)) == {(None, "ghost")}  # the Warrior cannot harm the Wraith; the Wraith never wins
    # One point less and the Wraith can win (4–9 against 8–13 ties or beats at 8 or 9): roll.
    closer = encounter([{"name": "Warrior", "melee": 7}], [{"name": "Wraith", "melee": 3, "traits": ["ghost"]}])
    fight = configure(closer, "talisman").new_fight(ScriptedRoller([1, 6]), record=True)
    play_round(fight)
    assert duels(fight) == [("Warrior", "Wraith", 8, 9, "opponent")] and fight._roller.remaining == ()


def test_no_dice_when_neither_can_harm_the_other() -> None:
    spirits = encounter([{**HERO, "traits": ["ghost"]}], [{"name": "Demon", "melee": 4, "traits": ["demon"]}])
    fight = configure(spirits, "talisman").new_fight(ScriptedRoller([]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Demon", 4, 4, "standoff")] and rolls(fight) == []
    assert spared(fight) == [("ghost", "demon")]


def test_no_dice_when_the_member_never_wins_and_his_opponent_cannot_harm_him() -> None:
    shade = encounter([{"name": "Shade", "melee": 0, "traits": ["ghost"]}], [{"name": "Rival", "melee": 5}],
                      enemy={"characters": True})
    fight = configure(shade, "talisman").new_fight(ScriptedRoller([]), record=True)
    play_round(fight)
    assert duels(fight) == [("Shade", "Rival", 0, 5, "standoff")] and rolls(fight) == []
    assert spared(fight) == [("ghost", None)]  # the Rival cannot harm the Shade, who never wins


# -- grouped enemies -----------------------------------------------------------------------------
def test_a_beaten_group_loses_one_life_each_and_the_rest_fight_on() -> None:
    pack = encounter(
        [HERO],
        [{"name": "Leader", "melee": 3}, {"name": "Wolf", "melee": 1}],
        enemy={"grouped": True},
        overrides={"talisman": {"Leader": {"lives": 2}}},
    )
    result, fight = fought(pack, "6 | 1  2 | 1")
    # Round 1: 10 vs 1 + 4 = 5, the Wolf is out and the Leader down to 1; round 2: 6 vs 1 + 3 = 4.
    assert duels(fight) == [("Hero", "Leader + Wolf", 10, 5, "member"), ("Hero", "Leader", 6, 4, "member")]
    assert result.outcome is Outcome.PARTY_WINS
    assert fates(result, fight) == {"Hero": ("unhurt", "full lives"), "Leader": ("out", "defeated"), "Wolf": ("out", "defeated")}


# -- order, engagement, non-fighters (docs/rules/talisman.md) ------------------------------------------------
def test_an_ambush_from_behind_reverses_the_duel_order() -> None:
    pair = encounter([HERO, {"name": "Squire", "melee": 1}], [OGRE, {"name": "Imp"}], ambush_from_behind=True)
    _, fight = fought(pair, "6 | 1  6 | 1")
    assert [(d[0], d[1]) for d in duels(fight)] == [("Squire", "Ogre"), ("Hero", "Imp")]


def test_only_engaged_members_duel_and_count() -> None:
    pair = encounter([HERO, {"name": "Squire", "life": 1}], [OGRE], engaged=["Squire"])
    result, fight = fought(pair, "1 | 6")
    assert [d[0] for d in duels(fight)] == ["Squire"]
    assert result.outcome is Outcome.ENEMY_WINS
    assert fates(result, fight)["Hero"] == ("unhurt", "full lives")


def test_a_non_fighter_sits_out_while_a_fighter_stands_then_fights() -> None:
    party = [{"name": "Scribe", "melee": 2, "fighter": False}, {"name": "Guard", "melee": 3, "life": 1}]
    result, fight = fought(encounter(party, [OGRE]), "1 | 6  6 | 1")
    assert [(d[0], d[4]) for d in duels(fight)] == [("Guard", "opponent"), ("Scribe", "member")]
    assert [e["round"] for e in fight.log if e["kind"] == "duel"] == [1, 1]
    assert result.outcome is Outcome.PARTY_WINS


def test_an_enemy_non_fighter_is_not_dueled_while_an_enemy_fighter_stands() -> None:
    foes = [{"name": "Servant", "fighter": False}, {"name": "Master", "melee": 2}]
    result, fight = fought(encounter([HERO], foes), "6 | 1  6 | 1")
    assert [d[1] for d in duels(fight)] == ["Master", "Servant"]
    assert result.outcome is Outcome.PARTY_WINS


def test_an_enemy_non_fighter_is_dueled_in_the_very_round_the_last_enemy_fighter_falls() -> None:
    foes = [{"name": "Servant", "fighter": False}, {"name": "Master", "melee": 2}]
    result, fight = fought(encounter([HERO, {"name": "Squire", "melee": 4}], foes), "6 | 1  6 | 1")
    assert [(e["round"], e["attacker"], e["defender"]) for e in fight.log if e["kind"] == "duel"] == [
        (1, "Hero", "Master"), (1, "Squire", "Servant")
    ]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 1


# -- evading (docs/rules/talisman.md, step 2) --------------------------------------------------------
def test_one_member_evades_the_other_fights_on() -> None:
    pair = encounter([HERO, {"name": "Squire", "melee": 1}], [OGRE], tactics={"round": [{"evade": ["Hero"]}, {}]})
    result, fight = fought(pair, "1 | 1  6 | 1")
    assert [(e["round"], e["attacker"]) for e in fight.log if e["kind"] == "duel"] == [(1, "Squire"), (2, "Hero")]
    assert [e["who"] for e in fight.log if e["kind"] == "decision"] == ["Hero"]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 2


def test_the_survivor_who_evaded_has_fled_when_the_other_dies() -> None:
    pair = encounter([HERO, {"name": "Squire", "life": 1}], [OGRE], tactics={"round": [{"evade": ["Hero"]}]})
    result, fight = fought(pair, "1 | 6")
    assert result.outcome is Outcome.PARTY_FLED
    assert fates(result, fight) == {
        "Hero": ("unhurt", "full lives"),
        "Squire": ("dead", "no lives left"),
        "Ogre": ("unhurt", "full lives"),
    }


def test_a_scripted_evade_that_is_not_yes_or_no_is_bad_input() -> None:
    bad = encounter([HERO], [OGRE], tactics={"round": [{"evade": {"Hero": "maybe"}}]})
    with pytest.raises(BadInput, match="'evade' decision for Hero"):
        fought(bad, "")


# -- the round cap (docs/rules/talisman.md, "End of the round") ---------------------------------------
def test_the_fight_is_withdrawn_at_round_20() -> None:
    result, fight = fought(encounter([HERO], [OGRE]), " ".join(["3 3"] * 20))
    assert result.outcome is Outcome.WITHDRAWN and result.rounds == 20
    assert fates(result, fight) == {"Hero": ("unhurt", "full lives"), "Ogre": ("unhurt", "full lives")}


@pytest.mark.parametrize(("caps", "rounds"), [({"Ogre": 3}, 3), ({"Hero": 25}, 25), ({"Hero": 5, "Ogre": 2}, 2)])
def test_an_override_sets_the_round_cap_and_the_smallest_counts(caps: dict[str, int], rounds: int) -> None:
    overrides = {"talisman": {name: {"round_cap": cap} for name, cap in caps.items()}}
    result, _ = fought(encounter([HERO], [OGRE], overrides=overrides), " ".join(["3 3"] * rounds))
    assert result.outcome is Outcome.WITHDRAWN and result.rounds == rounds


# -- traits (docs/rules/talisman.md) ----------------------------------------------------------------------
def test_silver_adds_one_against_the_undead_only() -> None:
    silver = {"name": "Hero", "melee": 4, "traits": ["silver_weapon"]}
    _, fight = fought(encounter([silver], [{"name": "Skeleton", "melee": 4, "traits": ["undead"]}]), "3 | 3")
    assert duels(fight) == [("Hero", "Skeleton", 8, 7, "member")]
    assert duel_events(fight)[0]["member_bonus"] == [{"value": 1, "reason": "silver vs undead"}]
    fight = configure(encounter([silver], [OGRE]), "talisman").new_fight(ScriptedRoller([3, 3]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Ogre", 7, 7, "standoff")]


def test_an_enemy_with_silver_gains_against_an_undead_member() -> None:
    revenant = {"name": "Revenant", "melee": 4, "life": 2, "traits": ["undead"]}
    _, fight = fought(encounter([revenant], [{"name": "Hunter", "melee": 4, "traits": ["silver_weapon"]}]), "3 | 3  3 | 3")
    assert [d[2:] for d in duels(fight)] == [(7, 8, "opponent"), (7, 8, "opponent")]


@pytest.mark.parametrize("kind", ["ghost", "demon"])
def test_a_plain_weapon_win_against_a_ghost_or_demon_is_a_standoff(kind: str) -> None:
    spirit = encounter([HERO], [{"name": "Spirit", "melee": 1, "traits": [kind]}])
    fight = configure(spirit, "talisman").new_fight(ScriptedRoller([6, 1]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Spirit", 10, 2, "standoff")]
    assert lives(fight)["Spirit"] == 1
    assert spared(fight) == [(None, kind)] and duel_events(fight)[0]["winner"] is None
    magic = encounter([{**HERO, "traits": ["magic_weapon"]}], [{"name": "Spirit", "melee": 1, "traits": [kind]}])
    result, _ = fought(magic, "6 | 1")
    assert result.outcome is Outcome.PARTY_WINS


def test_a_grouped_enemy_with_a_demon_among_it_cannot_be_harmed_by_a_plain_weapon() -> None:
    mixed = encounter([HERO], [{"name": "Imp", "traits": ["demon"]}, {"name": "Cultist"}], enemy={"grouped": True})
    fight = configure(mixed, "talisman").new_fight(ScriptedRoller([6, 1]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Imp + Cultist", 10, 1, "standoff")]


def test_raiders_plunder_the_dead_when_the_party_loses() -> None:
    raid = encounter([HERO], [OGRE], enemy={"raiders": True})
    result, fight = fought(raid, "1 | 6  1 | 6")
    assert result.outcome is Outcome.ENEMY_WINS
    assert fates(result, fight)["Hero"] == ("dead", "plundered")
    assert [e["who"] for e in fight.log if e["kind"] == "plunder"] == ["Hero"]


def test_raiders_plunder_the_dead_when_the_party_flees() -> None:
    raid = encounter(
        [HERO, {"name": "Squire", "life": 1}], [OGRE], enemy={"raiders": True}, tactics={"round": [{"evade": ["Hero"]}]}
    )
    result, fight = fought(raid, "1 | 6")
    assert result.outcome is Outcome.PARTY_FLED
    assert fates(result, fight)["Squire"] == ("dead", "plundered")
    assert fates(result, fight)["Hero"] == ("unhurt", "full lives")


def test_raiders_plunder_nobody_when_the_party_wins_or_withdraws() -> None:
    raid = encounter([HERO, {"name": "Squire", "life": 1}], [OGRE, OGRE | {"name": "Brute"}], enemy={"raiders": True})
    # Hero beats the Ogre, the Squire dies against the Brute, Hero beats the Brute in round 2.
    result, fight = fought(raid, "6 | 1  1 | 6  6 | 1")
    assert result.outcome is Outcome.PARTY_WINS
    assert fates(result, fight)["Squire"] == ("dead", "no lives left")
    assert not [e for e in fight.log if e["kind"] == "plunder"]
    capped = encounter(
        [HERO, {"name": "Squire", "life": 1}], [OGRE], enemy={"raiders": True}, overrides={"talisman": {"Ogre": {"round_cap": 1}}}
    )
    result, fight = fought(capped, "3 | 3  1 | 6")
    assert result.outcome is Outcome.WITHDRAWN
    assert fates(result, fight)["Squire"] == ("dead", "no lives left")


# -- character against character (docs/rules/talisman.md, "Traits and special cases") ---------------------------------------
def test_rival_characters_have_their_life_as_lives_and_die_at_zero() -> None:
    rivals = encounter([HERO], [{"name": "Rival", "melee": 4, "life": 2}], enemy={"characters": True})
    result, fight = fought(rivals, "6 | 1  1 | 6  6 | 1")
    assert [d[4] for d in duels(fight)] == ["member", "opponent", "member"]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 3
    assert fates(result, fight) == {"Hero": ("hurt", "lives lost"), "Rival": ("dead", "no lives left")}


def test_a_rival_without_a_magic_weapon_cannot_harm_a_ghostly_member() -> None:
    rivals = encounter([{**HERO, "traits": ["ghost"]}], [{"name": "Rival", "life": 2}], enemy={"characters": True})
    fight = configure(rivals, "talisman").new_fight(ScriptedRoller([1, 6]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Rival", 5, 6, "standoff")]
    assert lives(fight)["Hero"] == 2


def test_a_creature_without_a_magic_weapon_cannot_harm_a_ghostly_member() -> None:
    fight = configure(encounter([{**HERO, "traits": ["ghost"]}], [OGRE]), "talisman").new_fight(
        ScriptedRoller([1, 6]), record=True)
    play_round(fight)
    assert duels(fight) == [("Hero", "Ogre", 5, 10, "standoff")]
    assert lives(fight)["Hero"] == 2


# -- protection: an extension point, none by default (docs/rules/talisman.md) ------------------------
class Amulet:
    """A test modifier plugin: an amulet that would spare the Hero and the Rival every life."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="amulet", kind="modifier", title="Amulet of warding", summary="Protects the Hero.")

    @hookimpl
    def rulebench_modifiers(
        self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
    ) -> Iterable[Modifier] | None:
        if purpose == "protection" and combatant.name in ("Hero", "Rival"):
            return (Modifier(1, "amulet of warding"),)
        return None


def test_a_protection_modifier_spares_the_loser_a_life() -> None:
    catalog = discover(extra=[("amulet", Amulet())])
    result, fight = fought(
        encounter([HERO], [OGRE], overrides={"talisman": {"Ogre": {"round_cap": 2}}}),
        "1 | 6  1 | 6",
        catalog=catalog,
        plugins=["amulet"],
    )
    assert result.outcome is Outcome.WITHDRAWN
    assert lives(fight)["Hero"] == 2
    assert [(e["who"], e["reasons"]) for e in fight.log if e["kind"] == "absorbed"] == [("Hero", ["amulet of warding"])] * 2


def test_protection_is_asked_of_characters_only() -> None:
    catalog = discover(extra=[("amulet", Amulet())])
    creature = encounter([{"name": "Knight", "melee": 4}], [{"name": "Rival"}])
    result, _ = fought(creature, "6 | 1", catalog=catalog, plugins=["amulet"])
    assert result.outcome is Outcome.PARTY_WINS
    rival = encounter(
        [{"name": "Knight", "melee": 4}],
        [{"name": "Rival", "life": 1}],
        enemy={"characters": True},
        overrides={"talisman": {"Rival": {"round_cap": 1}}},
    )
    result, fight = fought(rival, "6 | 1", catalog=catalog, plugins=["amulet"])
    assert result.outcome is Outcome.WITHDRAWN and lives(fight)["Rival"] == 1
