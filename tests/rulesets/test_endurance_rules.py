"""endurance unit tests: every rule of docs/rules/endurance.md (and its docs/rules/endurance.md cells) that the EN vectors
leave out. Fights whose blows are unarmed roll no die at all (damage = body + bonus), which keeps
long fights exact without a script."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebench.core.assembly import configure
from rulebench.core.dice import Dice, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.errors import BadInput
from rulebench.core.fight import Combatant, Fight
from rulebench.core.loop import fates, play, play_round
from rulebench.core.outcome import EndState, Fate, Outcome
from rulebench.core.values import Decision
from rulebench.rulesets.endurance import rulebench_decide
from rulebench.rulesets.endurance.ending import ROUND_CAP

# Unarmed, body 5, melee 8: damage 5 + 4 = 9, no die; armour 4: avoidance 9. Nobody harms him.
TANK = {"weapon": "none", "body": 5, "melee": 8, "armour": 4, "speed": 0}
# Unarmed, body 1: damage 1, no die; avoidance 1, endurance 2 + life 1 = 3. One blow of 9 fells him.
WEAKLING = {"weapon": "none", "body": 1, "armour": 0, "life": 1, "speed": 0}


def member(name: str, base: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    return {"name": name, **(base or {}), **fields}


def encounter(party: list[dict[str, Any]], enemies: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    return {"name": "test", "party": party, "enemy": {"members": enemies}, **fields}


def fight_of(data: dict[str, Any], script: str = "", plugins: tuple[str, ...] = ()) -> Fight:
    roller = ScriptedRoller(parse_dice_script(script))
    return configure(encounter_from_dict(data), "endurance", plugins=plugins).new_fight(roller, record=True)


def finish(fight: Fight) -> Fight:
    while fight.outcome is None:
        play_round(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return fight


def who(fight: Fight, name: str) -> Combatant:
    return next(c for c in fight.combatants if c.name == name)


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def strikes(fight: Fight) -> list[tuple[int, str, str]]:
    return [(e["round"], e["attacker"], e["defender"]) for e in events(fight, "hit")]


# -- docs/rules/endurance.md mapping, docs/rules/endurance.md ----------------------------------------------------------------------
def test_descriptor_names_the_stats_and_decisions() -> None:
    info = discover().rulesets()["endurance"].info
    assert info.stats == ("body", "speed", "mind", "armour", "avoidance", "damage", "endurance", "max_wounds")
    assert info.decisions == ("target", "retreat") and info.source == "docs/rules/endurance.md"


def test_skeleton_guard_row_of_the_mapping() -> None:
    guard = member("Skeleton guard", melee=2, armour=2, weapon="1d6", body=2, speed=2, mind=0, life=2,
                   traits=["undead"])
    fight = fight_of(encounter([member("Hero")], [guard]))
    stats = who(fight, "Skeleton guard").stats
    assert stats == {"body": 2, "speed": 2, "mind": 0, "armour": 2, "avoidance": 4, "damage": Dice.parse("1d6+1"),
                     "endurance": 6, "max_wounds": 1}


def test_damage_bonus_is_half_the_better_of_melee_and_ranged() -> None:
    fight = fight_of(encounter([member("Archer", melee=1, ranged=5, weapon="1d6+1")], [member("Orc")]))
    assert who(fight, "Archer").stats["damage"] == Dice.parse("1d6+3")


def test_unarmed_damage_is_body_plus_bonus_and_rolls_no_die() -> None:
    brawler = member("Brawler", weapon="none", body=3, melee=4, speed=3)
    fight = finish(fight_of(encounter([brawler], [member("Rat", armour=0, body=1, life=1, speed=5, weapon="1d4")]),
                            "1"))
    assert who(fight, "Brawler").stats["damage"] == Dice.constant(5)
    assert [(e["who"], e["amount"]) for e in events(fight, "damage")] == [("Brawler", 1), ("Rat", 5)]
    assert [e["who"] for e in events(fight, "roll")] == ["Rat"]


@pytest.mark.parametrize(
    ("speed", "mind", "skills", "avoidance"),
    [
        (4, 3, [], 2 + 1),  # body + armour
        (4, 3, ["dodge"], 4 + 1),  # speed for body
        (0, 3, ["dodge"], 2 + 1),  # speed 0: back to body + armour
        (4, 3, ["arcane_armour"], 2 + 3),  # mind for armour
        (4, 0, ["arcane_armour"], 2 + 1),  # mind 0: back to body + armour
        (4, 3, ["dodge", "arcane_armour"], 4 + 3),
    ],
)
def test_avoidance_with_dodge_and_magic_armour(speed: int, mind: int, skills: list[str], avoidance: int) -> None:
    hero = member("Hero", body=2, armour=1, speed=speed, mind=mind, skills=skills)
    assert who(fight_of(encounter([hero], [member("Orc")])), "Hero").stats["avoidance"] == avoidance


def test_robust_gives_a_second_wound() -> None:
    robust = who(fight_of(encounter([member("Hero", skills=["robust"])], [member("Orc")])), "Hero")
    assert robust.stats["max_wounds"] == 2
    # Two blows of 9 against avoidance 1: the first wound leaves him standing, the second fells him.
    fight = finish(fight_of(encounter([member("Hero", WEAKLING, skills=["robust"])], [member("Tank", TANK)])))
    assert [(e["round"], e["wounds"], e["max_wounds"]) for e in events(fight, "wound")] == [(1, 1, 2), (2, 2, 2)]
    assert fight.outcome is Outcome.ENEMY_WINS and fight.round == 2


def test_overrides_replace_the_formulas() -> None:
    data = encounter([member("Hero", weapon="1d6", speed=3)], [member("Orc", speed=1)])
    data["overrides"] = {"endurance": {"Orc": {"avoidance": 0, "endurance": 4, "damage": "2d4", "max_wounds": 2},
                                       "Hero": {"damage": "3"}}}
    fight = fight_of(data, "1 1")
    orc = who(fight, "Orc").stats
    assert (orc["avoidance"], orc["endurance"], orc["damage"], orc["max_wounds"]) == (0, 4, Dice.parse("2d4"), 2)
    play_round(fight)
    assert [(e["who"], e["amount"], e["net"]) for e in events(fight, "damage")][0] == ("Orc", 3, 3)


# -- docs/rules/endurance.md: turn order ---------------------------------------------------------------------------
def test_turn_order_by_speed_ties_party_first_then_list_order() -> None:
    party = [member("Slow", speed=1), member("Quick", speed=4), member("Even", speed=2)]
    enemies = [member("Orc", speed=2, count=2), member("Hare", speed=5)]
    fight = fight_of(encounter(party, enemies), "1 " * 6)
    play_round(fight)
    assert [a for _, a, _ in strikes(fight)] == ["Hare", "Quick", "Even", "Orc 1", "Orc 2", "Slow"]


def test_a_surprising_side_acts_first_in_round_one_only() -> None:
    party = [member("Hero", speed=5)]
    fight = fight_of(encounter(party, [member("Orc", speed=1)], surprise="enemy"), "1 1 1 1")
    play_round(fight)
    play_round(fight)
    assert [(r, a) for r, a, _ in strikes(fight)] == [(1, "Orc"), (1, "Hero"), (2, "Hero"), (2, "Orc")]


def test_an_ambush_from_behind_strikes_the_back_of_the_line_first() -> None:
    party = [member("Front", speed=1), member("Back", speed=1)]
    fight = fight_of(encounter(party, [member("Orc", speed=0)], ambush_from_behind=True), "1 1 1")
    play_round(fight)
    assert strikes(fight)[0] == (1, "Orc", "Back")  # the enemy surprises and hits the reversed damage order


# -- docs/rules/endurance.md: targets; docs/rules/endurance.md engaged and non-fighters --------------------------------------------------
def test_everyone_strikes_the_front_most_standing_opponent() -> None:
    party = [member("Hero", TANK, speed=5)]
    fight = finish(fight_of(encounter(party, [member("Rat", WEAKLING, count=2)])))
    assert strikes(fight) == [(1, "Hero", "Rat 1"), (1, "Rat 2", "Hero"), (2, "Hero", "Rat 2")]


def test_a_scripted_target_strikes_another_standing_foe() -> None:
    data = encounter([member("Hero", TANK, speed=5)], [member("Rat", WEAKLING, count=2)])
    data["tactics"] = {"round": [{"target": {"Hero": "Rat 2"}}]}
    fight = fight_of(data)
    play_round(fight)
    assert strikes(fight)[0] == (1, "Hero", "Rat 2")


def test_a_scripted_target_outside_the_options_is_bad_input() -> None:
    data = encounter([member("Hero", TANK, speed=5)], [member("Rat", WEAKLING, count=2)])
    data["tactics"] = {"round": [{"target": {"Hero": "Dragon"}}]}
    with pytest.raises(BadInput, match="target"):
        play_round(fight_of(data))


def test_a_wound_while_bleeding_kills() -> None:
    # Round 1 fells Rat 1; round 2 the script sends the Hero to finish him instead of striking Rat 2.
    data = encounter([member("Hero", TANK, speed=5)], [member("Rat", WEAKLING, count=2)])
    data["tactics"] = {"round": [{}, {"target": {"Hero": "Rat 1"}}, {}]}
    fight = finish(fight_of(data))
    assert strikes(fight)[2] == (2, "Hero", "Rat 1")
    rat = who(fight, "Rat 1")
    assert rat.vars["wounds"] == rat.stats["max_wounds"] + 1
    assert fates(fight)[1] == Fate(EndState.DEAD, "slain")
    [killed] = [e for e in events(fight, "condition") if e["condition"] == "slain"]
    assert killed["round"] == 2


def test_non_fighters_are_sheltered_until_no_fighter_of_theirs_stands() -> None:
    party = [member("Porter", WEAKLING, fighter=False, speed=1), member("Guard", WEAKLING, speed=0)]
    fight = finish(fight_of(encounter(party, [member("Tank", TANK, speed=3)])))
    # Round 1: the Tank strikes the Guard behind the Porter; the Porter steps up and acts at his turn.
    assert strikes(fight) == [(1, "Tank", "Guard"), (1, "Porter", "Tank"), (2, "Tank", "Porter")]
    assert fight.outcome is Outcome.ENEMY_WINS


def test_a_sheltered_non_fighter_whose_turn_has_passed_acts_next_round() -> None:
    party = [member("Porter", WEAKLING, fighter=False, speed=5), member("Guard", WEAKLING, speed=0)]
    fight = finish(fight_of(encounter(party, [member("Tank", TANK, speed=3)])))
    assert strikes(fight) == [(1, "Tank", "Guard"), (2, "Porter", "Tank"), (2, "Tank", "Porter")]
    assert fates(fight)[:2] == (Fate(EndState.DEAD, "bled out"), Fate(EndState.DEAD, "bled out"))


def test_an_enemy_non_fighter_steps_up_in_the_very_round_the_last_enemy_fighter_falls() -> None:
    enemies = [member("Guard", WEAKLING, speed=2), member("Cook", WEAKLING, fighter=False, speed=0)]
    fight = finish(fight_of(encounter([member("Hero", TANK, speed=0)], enemies)))
    # The Hero fells the Guard at his turn; the Cook, sheltered until then, acts at his turn of round 1.
    assert strikes(fight) == [(1, "Guard", "Hero"), (1, "Hero", "Guard"), (1, "Cook", "Hero"), (2, "Hero", "Cook")]
    assert fight.outcome is Outcome.PARTY_WINS


def test_party_members_not_engaged_neither_act_nor_are_struck() -> None:
    party = [member("Bystander", WEAKLING, speed=5), member("Hero", WEAKLING)]
    fight = finish(fight_of(encounter(party, [member("Tank", TANK)], engaged=["Hero"])))
    assert strikes(fight) == [(1, "Hero", "Tank"), (1, "Tank", "Hero")]
    assert fight.outcome is Outcome.ENEMY_WINS
    # The bystander is there to help the bleeding Hero (docs/rules/endurance.md).
    assert fates(fight) == (Fate(EndState.UNHURT, "absent"), Fate(EndState.OUT, "bleeding"),
                            Fate(EndState.UNHURT, "fresh"))


# -- docs/rules/endurance.md: bleeding ------------------------------------------------------------------------------
def test_the_bleeding_clock_runs_5_x_body_rounds_counting_the_round_of_the_fall() -> None:
    # Body 1: falls in round 1, dead at the end of round 5. The two tanks cannot harm each other.
    fight = finish(fight_of(encounter([member("Hero", TANK)], [member("Rat", WEAKLING), member("Tank", TANK)])))
    clock = [(e["round"], e["bleed"]) for e in events(fight, "condition") if e["who"] == "Rat"]
    assert clock == [(1, 5), (1, 4), (2, 3), (3, 2), (4, 1), (5, 0)]
    assert fight.outcome is Outcome.WITHDRAWN and fight.round == ROUND_CAP
    assert fates(fight)[1] == Fate(EndState.DEAD, "bled out")


def test_the_bleeding_are_out_while_someone_of_their_side_stands() -> None:
    sturdy = member("Rat", WEAKLING, body=5, armour=0)  # avoidance 5, clock 25: outlives the 20 rounds
    fight = finish(fight_of(encounter([member("Hero", TANK)], [sturdy, member("Tank", TANK)])))
    assert who(fight, "Rat").vars["status"] == "bleeding"
    assert fates(fight)[1:] == (Fate(EndState.OUT, "bleeding"), Fate(EndState.UNHURT, "fresh"))


# -- docs/rules/endurance.md: the end, flight, the cap --------------------------------------------------------------
def test_round_cap_is_20_and_withdraws() -> None:
    fight = finish(fight_of(encounter([member("Hero", TANK)], [member("Tank", TANK)])))
    assert fight.outcome is Outcome.WITHDRAWN and fight.round == 20
    assert fates(fight) == (Fate(EndState.UNHURT, "fresh"), Fate(EndState.UNHURT, "fresh"))


@pytest.mark.parametrize(
    ("standing", "engaged", "flee"),
    [(1, 1, False), (1, 2, False), (0, 2, True), (2, 3, False), (1, 3, True), (2, 4, False), (1, 4, True)],
)
def test_default_flight_when_fewer_than_half_rounded_up_stand(standing: int, engaged: int, flee: bool) -> None:
    decision = Decision("retreat", 1, None, (True, False), {"standing": standing, "engaged": engaged})
    assert rulebench_decide(fight_of(encounter([member("Hero")], [member("Orc")])), decision) is flee


def test_flight_by_default_and_each_standing_enemy_strikes_once() -> None:
    party = [member("A", WEAKLING), member("B", WEAKLING), member("Hero", TANK, speed=0, armour=0)]
    enemies = [member("Tank", TANK, speed=1, count=2)]  # they fell A, then B; the Hero (avoidance 5) is left
    fight = finish(fight_of(encounter(party, enemies)))
    assert fight.outcome is Outcome.PARTY_FLED and fight.round == 1
    flight = [e for e in fight.log if e["kind"] in ("flight", "hit")][-3:]  # type: ignore[union-attr]
    assert [e["kind"] for e in flight] == ["flight", "hit", "hit"]
    assert [(e["attacker"], e["defender"]) for e in flight[1:]] == [("Tank 1", "Hero"), ("Tank 2", "Hero")]
    # 9 − 5 = 4 twice: 13 → 9 → 5; A and B bleed, but the Hero stands to help them.
    assert who(fight, "Hero").vars["endurance"] == 5
    assert fates(fight)[:3] == (Fate(EndState.OUT, "bleeding"), Fate(EndState.OUT, "bleeding"),
                                Fate(EndState.HURT, "winded"))


def test_the_parting_blows_come_in_the_rounds_turn_order() -> None:
    party = [member("A", WEAKLING), member("B", WEAKLING), member("Hero", TANK, speed=0, armour=0)]
    enemies = [member("Slow", TANK, speed=0), member("Fast", TANK, speed=1)]  # listed slow first
    fight = finish(fight_of(encounter(party, enemies)))
    # Round 1: Fast fells A, Slow fells B; the Hero alone flees, and Fast strikes before Slow, by speed.
    assert fight.outcome is Outcome.PARTY_FLED and fight.round == 1
    flight = [e for e in fight.log if e["kind"] in ("flight", "hit")]  # type: ignore[union-attr]
    parting = flight[[e["kind"] for e in flight].index("flight") + 1:]
    assert [(e["attacker"], e["defender"]) for e in parting] == [("Fast", "Hero"), ("Slow", "Hero")]


def test_a_scripted_flight_can_be_refused() -> None:
    data = encounter([member("A", WEAKLING), member("B", WEAKLING), member("Hero", TANK, armour=0)],
                     [member("Tank", TANK, speed=1, count=2)])
    data["tactics"] = {"round": [{"retreat": False}]}
    fight = finish(fight_of(data))
    # The Hero stays: 13 → 9 → 5 → 1, and 4 > 1 fells him in round 3.
    assert fight.outcome is Outcome.ENEMY_WINS and fight.round == 3 and events(fight, "flight") == []


# -- docs/rules/endurance.md traits ------------------------------------------------------------------------------------
def test_silver_adds_one_damage_against_the_undead_only() -> None:
    party = [member("Hero", weapon="1d6", melee=0, speed=5, traits=["silver_weapon"])]
    fight = fight_of(encounter(party, [member("Skeleton", traits=["undead"]), member("Orc")]), "3 1 1")
    play_round(fight)
    first = events(fight, "damage")[0]
    assert (first["who"], first["amount"]) == ("Skeleton", 4)
    assert events(fight, "hit")[0]["modifiers"] == [{"value": 1, "reason": "silver vs undead"}]


def test_a_ghost_takes_no_damage_from_a_plain_weapon_and_no_die_is_rolled() -> None:
    party = [member("Plain", speed=5), member("Magic", speed=4, traits=["magic_weapon"])]
    fight = fight_of(encounter(party, [member("Ghost", traits=["ghost"], speed=0)]), "2 1")
    play_round(fight)
    assert [(e["who"], e["amount"]) for e in events(fight, "damage")][:2] == [("Ghost", 0), ("Ghost", 2)]
    assert [e["who"] for e in events(fight, "roll")] == ["Magic", "Ghost"]


def test_traits_apply_to_party_members_too() -> None:
    """A ghostly member takes no damage (and no die) from an enemy's plain weapon, only from a magic
    one; an enemy's silver weapon gains against an undead member (docs/rules/endurance.md, either side)."""
    enemies = [member("Plain", speed=5), member("Magic", speed=4, traits=["magic_weapon"])]
    fight = fight_of(encounter([member("Wisp", traits=["ghost"], speed=0)], enemies), "2 1")
    play_round(fight)
    assert [(e["who"], e["amount"]) for e in events(fight, "damage")][:2] == [("Wisp", 0), ("Wisp", 2)]
    assert [e["who"] for e in events(fight, "roll")] == ["Magic", "Wisp"]
    hunter = member("Hunter", weapon="1d6", melee=0, speed=5, traits=["silver_weapon"])
    fight = fight_of(encounter([member("Revenant", traits=["undead"], speed=0)], [hunter]), "3 1")
    play_round(fight)
    first = events(fight, "damage")[0]
    assert (first["who"], first["amount"]) == ("Revenant", 4)


@pytest.mark.parametrize(
    ("fields", "avoidance"),
    [
        ({}, 2),  # body 2; armour 3 does not count
        ({"traits": ["magic_armour"]}, 5),  # magic armour counts
        ({"skills": ["arcane_armour"], "mind": 4}, 6),  # the spell is magic armour: body 2 + mind 4
        ({"skills": ["arcane_armour"], "mind": 0}, 2),  # mind 0: plain armour again, and not magic armour
    ],
)
def test_a_demon_ignores_armour_that_is_not_magic(fields: dict[str, Any], avoidance: int) -> None:
    hero = member("Hero", body=2, armour=3, speed=0, **fields)
    fight = fight_of(encounter([hero], [member("Demon", traits=["demon"], speed=5)]), "6")
    play_round(fight)  # the demon's 6 against the Hero; the Hero's plain weapon rolls nothing
    assert [(e["who"], e["avoidance"]) for e in events(fight, "damage")][0] == ("Hero", avoidance)


def test_raiders_plunder_the_fallen_when_the_party_loses_or_flees() -> None:
    party = [member("A", WEAKLING), member("B", WEAKLING), member("Hero", TANK, speed=0, armour=0)]
    data = encounter(party, [member("Tank", TANK, speed=1, count=2)])
    data["enemy"]["raiders"] = True
    fight = finish(fight_of(data))
    assert fight.outcome is Outcome.PARTY_FLED
    assert [e["who"] for e in events(fight, "plunder")] == ["A", "B"]
    won = finish(fight_of(encounter([member("Hero", TANK)], [member("Rat", WEAKLING)])))
    assert won.outcome is Outcome.PARTY_WINS and events(won, "plunder") == []


# -- docs/rules/endurance.md end states, narration -----------------------------------------------------------------------
def test_wounded_but_standing_is_hurt() -> None:
    # Hero avoid 2, endurance 7, robust; Orc avoid 1, endurance 3. R1: 2 − 1 = 1 (orc 3 → 2); the orc's
    # 10 − 2 = 8 > 7, a wound, 1 of 2. R2: 10 − 1 = 9 > 2, the orc falls.
    hero = member("Hero", body=2, armour=0, weapon="1d10", speed=3, skills=["robust"])
    orc = member("Orc", body=1, armour=0, life=1, weapon="1d10", speed=2)
    fight = finish(fight_of(encounter([hero], [orc]), "2 10 | 10"))
    assert fight.outcome is Outcome.PARTY_WINS
    assert fates(fight) == (Fate(EndState.HURT, "wounded"), Fate(EndState.DEAD, "bled out"))


def test_the_events_report_roll_avoidance_endurance_wounds_and_clock() -> None:
    # Fighter 1d8+2 against Bandit's avoidance 3 (endurance 6), Bandit 1d6+1 against Fighter's 5
    # (endurance 10). R1: 7 − 3 = 4 (6 → 2), 7 − 5 = 2 (10 → 8); R2: 4 − 3 = 1 (2 → 1), 4 stopped;
    # R3: 6 − 3 = 3 > 1, a wound, the Bandit's last: he falls, 10 rounds, 9 after the tick.
    data = encounter([member("Fighter", melee=4, armour=2, weapon="1d8", body=3, speed=3, life=4)],
                     [member("Bandit", melee=2, armour=1, weapon="1d6", body=2, speed=2, life=2)])
    fight = finish(fight_of(data, "5 6 2 3 4"))
    first = events(fight, "hit")[0]
    assert (first["attacker"], first["defender"], first["dice"], first["modifiers"]) == ("Fighter", "Bandit", "1d8+2", [])
    assert [(e["who"], e["label"], e["total"]) for e in events(fight, "roll")] == [
        ("Fighter", "damage", 7), ("Bandit", "damage", 7), ("Fighter", "damage", 4), ("Bandit", "damage", 4),
        ("Fighter", "damage", 6)]
    assert [(e["who"], e["amount"], e["avoidance"], e["net"], e["endurance_before"], e["endurance_after"])
            for e in events(fight, "damage")] == [
        ("Bandit", 7, 3, 4, 6, 2), ("Fighter", 7, 5, 2, 10, 8), ("Bandit", 4, 3, 1, 2, 1), ("Fighter", 4, 5, 0, 8, 8),
        ("Bandit", 6, 3, 3, 1, 0)]
    assert [(e["who"], e["net"], e["endurance_before"], e["wounds"], e["max_wounds"]) for e in events(fight, "wound")] == [
        ("Bandit", 3, 1, 1, 1)]
    assert [(e["who"], e["condition"], e["bleed"], e.get("fell", False)) for e in events(fight, "condition")] == [
        ("Bandit", "bleeding", 10, True), ("Bandit", "bleeding", 9, False)]
    assert [e["outcome"] for e in events(fight, "outcome")] == ["party_wins"]


# -- the example ------------------------------------------------------------------------------------
def test_the_wolves_example_shows_dodge_magic_armour_robust_and_a_non_fighter() -> None:
    path = Path(__file__).resolve().parents[2] / "examples" / "endurance-wolves.toml"
    fight = configure(load_encounter(path), "endurance").new_fight(ScriptedRoller([]))
    assert who(fight, "Ranger").stats["avoidance"] == 4 + 1  # dodge: speed for body
    assert who(fight, "Hedge-witch").stats["avoidance"] == 1 + 4  # magic armour: mind for armour
    assert who(fight, "Warden").stats["max_wounds"] == 2
    assert who(fight, "Herbalist").vars["status"] == "sheltered"


def test_the_round_cap_comes_before_flight_as_in_dsa() -> None:
    # docs/rules/endurance.md: dsa withdraws at its cap before asking flight.
    data = encounter([member("Hero", armour=4, body=5)], [member("Orc", armour=4, body=5)])
    data["tactics"] = {"round": [{"retreat": False}] * (ROUND_CAP - 1) + [{"retreat": True}]}
    fight = fight_of(data, " ".join(["1 1"] * ROUND_CAP))
    play(fight)
    assert fight.outcome is Outcome.WITHDRAWN and fight.round == ROUND_CAP
    assert not [e for e in fight.log if e["kind"] == "flight"]
