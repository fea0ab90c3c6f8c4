"""dsa unit tests: the rules of docs/rules/dsa.md that the docs/rules/dsa.md vectors do not reach.

Fights are built from small dicts whose stats are set through ``[overrides.dsa]`` so each test
names exactly the numbers its rule needs; scripted dice then force the case. An AT of 0 keeps a
side from rolling at all (a cap below 1 cannot be met, docs/rules/dsa.md), which keeps scripts short.
"""

from __future__ import annotations

from typing import Any

import pytest

from rulebench.core.assembly import configure
from rulebench.core.dice import Dice, ScriptedRoller, parse_dice_script
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import play, play_round
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
from rulebench.core.values import Decision
from rulebench.rulesets.dsa.stats import lowered
from rulebench.rulesets.dsa.subfights import build_subfights
from rulebench.rulesets.dsa.tactics import rulebench_decide


def encounter(party: list[Any], enemies: list[Any], overrides: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """An encounter dict; party and enemies are names or member dicts."""
    def as_member(m: Any) -> Any:
        return {"name": m} if isinstance(m, str) else m

    return {
        "name": "test",
        "party": [as_member(m) for m in party],
        "enemy": {"members": [as_member(m) for m in enemies], **extra.pop("enemy_extra", {})},
        "overrides": {"dsa": overrides or {}},
        **extra,
    }


def new_fight(data: dict[str, Any], script: str = "") -> Fight:
    roller = ScriptedRoller(parse_dice_script(script) if script else [])
    return configure(encounter_from_dict(data), "dsa").new_fight(roller, record=True)


def fight(data: dict[str, Any], script: str) -> tuple[FightResult, Fight]:
    f = new_fight(data, script)
    result = play(f)
    assert f._roller.remaining == (), "the script should be used up exactly"  # type: ignore[attr-defined]
    return result, f


def events(f: Fight, kind: str) -> list[dict[str, Any]]:
    assert f.log is not None
    return [e for e in f.log if e["kind"] == kind]


def names(f: Fight, group: tuple[int, ...]) -> list[str]:
    return [f.combatants[i].name for i in group]


NO_ATTACK = {"at": 0}


# -- stats (docs/rules/dsa.md) ----------------------------------------------------------------------
def test_stats_follow_the_mapping_for_the_reference_encounter() -> None:
    f = configure(load_encounter("examples/skeleton-guards.toml"), "dsa").new_fight(ScriptedRoller([]))
    warrior, scout, floodrunner, priest, skeleton = f.combatants[:5]
    assert warrior.stats == {"at": 12, "pa": 9, "dodge": 6, "reaction": 20, "le": 30, "rs": 2,
                             "tp": Dice.parse("1d8"), "coordination": 0}
    assert (scout.stats["at"], scout.stats["dodge"], scout.stats["reaction"], scout.stats["le"]) == (11, 8, 40, 24)
    assert (floodrunner.stats["pa"], priest.stats["at"]) == (7, 9)
    # The skeleton guard's row of docs/rules/dsa.md (9, 6, 6, 20; 22, 2, 1d6, 0), with the file's le = 20 override.
    assert skeleton.stats == {"at": 9, "pa": 6, "dodge": 6, "reaction": 20, "le": 20, "rs": 2,
                              "tp": Dice.parse("1d6"), "coordination": 0}
    assert skeleton.vars["le"] == 20


def test_formula_le_and_unarmed_tp_equal_to_body() -> None:
    f = new_fight(encounter([{"name": "Brawler", "weapon": "none", "body": 3, "life": 4}], ["Foe"]))
    brawler, foe = f.combatants
    assert brawler.stats["tp"] == Dice.constant(3)
    assert brawler.stats["le"] == 10 + 4 * 3 + 2 * 4
    assert foe.stats["le"] == 10 + 4 * 2 + 2 * 3


def test_dice_stat_overrides_take_notation() -> None:
    f = new_fight(encounter(["Hero"], ["Foe"], {"Hero": {"tp": "2d10+2", "coordination": 2}}))
    assert f.combatants[0].stats["tp"] == Dice.parse("2d10+2")
    assert f.combatants[0].stats["coordination"] == 2


# -- sub-fights and the coordination penalty (docs/rules/dsa.md) -----------------------------
def test_equal_sides_pair_man_against_man_with_the_party_as_singles() -> None:
    f = new_fight(encounter(["A", "B"], [{"name": "Orc", "count": 2}]))
    groups = build_subfights(f)
    assert [names(f, g) for g in groups] == [["A", "Orc 1"], ["B", "Orc 2"]]
    assert all(c.vars["penalty"] == 0 for c in f.combatants)


def test_the_larger_side_is_dealt_round_the_singles_from_the_front() -> None:
    f = new_fight(encounter(["A", "B"], [{"name": "Goblin", "count": 5}]))
    groups = build_subfights(f)
    assert [names(f, g) for g in groups] == [["A", "Goblin 1", "Goblin 3", "Goblin 5"], ["B", "Goblin 2", "Goblin 4"]]
    penalties = {c.name: c.vars["penalty"] for c in f.combatants}
    assert penalties == {"A": 2, "Goblin 1": 2, "Goblin 3": 2, "Goblin 5": 2, "B": 1, "Goblin 2": 1, "Goblin 4": 1}
    assert f.combatants[0].vars["foe"] == "Goblin 1" and f.combatants[4].vars["foe"] == "A"


def test_the_enemy_is_the_single_when_it_is_smaller_and_coordination_softens_the_penalty() -> None:
    f = new_fight(encounter(["A", "B", "C"], ["Ogre"], {"A": {"coordination": 1}, "Ogre": {"coordination": 3}}))
    [group] = build_subfights(f)
    assert names(f, group) == ["Ogre", "A", "B", "C"]
    assert {c.name: c.vars["penalty"] for c in f.combatants} == {"A": 1, "B": 2, "C": 2, "Ogre": 0}


def test_the_penalty_leaves_at_least_1_and_never_raises_a_value() -> None:
    assert lowered(12, 2) == 10
    assert lowered(2, 3) == 1
    assert lowered(0, 2) == 0
    assert lowered(7, 0) == 7


def test_a_lowered_at_caps_the_chain() -> None:
    data = encounter(["A", "B"], ["Ogre"], {"A": {"at": 2}, "B": NO_ATTACK, "Ogre": {"pa": 0, "dodge": 0}},
                     surprise="party")
    f = new_fight(data, "1 4 9")  # A's attack 1 ≤ cap 1; the ogre has no parry; TP 4; no critical
    play_round(f)
    attack = events(f, "attack")[0]
    assert (attack["who"], attack["cap"], attack["value"]) == ("A", 1, 1)
    assert events(f, "parry")[0]["roll"] is None  # defence 0: no parry die


def test_non_fighters_stay_out_while_a_fighter_stands_then_fight() -> None:
    data = encounter(["Warrior", {"name": "Priest", "fighter": False}], [{"name": "Orc", "count": 2}])
    f = new_fight(data)
    [group] = build_subfights(f)
    assert names(f, group) == ["Warrior", "Orc 1", "Orc 2"]
    f.combatants[0].vars["standing"] = False
    [group] = build_subfights(f)
    assert names(f, group) == ["Priest", "Orc 1", "Orc 2"]


def test_ambush_from_behind_turns_the_line_and_the_enemy_holds_the_initiative() -> None:
    data = encounter(["A", "B"], ["X", "Y"], {n: NO_ATTACK for n in "ABXY"}, ambush_from_behind=True)
    f = new_fight(data)
    play_round(f)
    assert [(e["single"], e["primary"]) for e in events(f, "subfight")] == [("B", "X"), ("A", "Y")]
    assert [(e["holder"], e["surprise"]) for e in events(f, "initiative")] == [("X", True), ("Y", True)]


def test_members_not_engaged_neither_act_nor_suffer() -> None:
    data = encounter(["A", "B"], ["Orc"], {"Orc": {"at": 20, "tp": "20"}, "A": NO_ATTACK}, engaged=["A"],
                     surprise="enemy")
    result, f = fight(data, "3 20 9")  # hit (A has a parry but rolls 20), TP 20, no critical
    assert [(e["single"], e["primary"]) for e in events(f, "subfight")] == [("A", "Orc")]
    assert result.outcome is Outcome.ENEMY_WINS
    assert result.fates[:2] == (Fate(EndState.OUT, "unconscious"), Fate(EndState.UNHURT, "unhurt"))


# -- initiative (docs/rules/dsa.md) ----------------------------------------------------------
def test_initiative_ties_reroll_both_party_member_first() -> None:
    f = new_fight(encounter(["A"], ["Orc"], {"A": NO_ATTACK, "Orc": NO_ATTACK}), "50 50 30 40")
    play_round(f)
    assert [e["total"] for e in events(f, "roll")] == [50, 50, 30, 40]
    tie, settled = events(f, "initiative")
    assert tie["tie"] == 70  # 50 + reaction 20 each
    # The party member's die comes first: A 30 + 20, Orc 40 + 20.
    assert (settled["totals"], settled["holder"]) == ({"A": 50, "Orc": 60}, "Orc")
    # The holder could not attack (AT 0): the initiative passed to A.
    assert f.vars["holders"] == frozenset({("A", "Orc")})


@pytest.mark.parametrize("surprise, first", [("none", "50 10 | "), ("party", "")])
def test_a_new_primary_pair_rolls_even_after_a_surprise(surprise: str, first: str) -> None:
    overrides = {"Hero": {"at": 20, "reaction": 0}, "Orc": {"pa": 1, "dodge": 1, "at": 0, "reaction": 0}}
    data = encounter(["Hero"], [{"name": "Orc", "count": 2}], overrides, surprise=surprise)
    # Exchange 1: Hero 5 ≤ 20; Orc 1's parry 20 > 1; TP 3, critical 1, d100 100: 103 kills.
    # Orc 2's free attack cannot hit (AT 0). Exchange 2: Hero and Orc 2 are a new pair and roll.
    result, f = fight(data, first + "5 20 3 1 100 | 60 10 | 5 20 3 1 100")
    rolled = [(e["round"], e["holder"], "totals" in e) for e in events(f, "initiative")]
    assert rolled == [(1, "Hero", surprise == "none"), (2, "Hero", True)]
    assert events(f, "initiative")[-1]["totals"] == {"Hero": 60, "Orc 2": 10}
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 2


# -- the chain (docs/rules/dsa.md) ---------------------------------------------------------
def test_a_chain_of_ones_goes_on_until_a_roll_misses_its_cap() -> None:
    data = encounter(["Knight"], ["Orc"], {"Orc": NO_ATTACK}, surprise="party")
    f = new_fight(data, "1 1 " * 40 + "2")
    play_round(f)
    chain = [(e["kind"], e["cap"], e["roll"]) for e in f.log if e["kind"] in ("attack", "parry")]  # type: ignore[union-attr]
    assert len(chain) == 81
    assert chain[0] == ("attack", f.combatants[0].stats["at"], 1)
    assert all(cap == 1 for _, cap, _ in chain[1:]) and chain[-1] == ("attack", 1, 2)
    assert f.vars["holders"] == frozenset({("Orc", "Knight")})


def test_a_hit_keeps_the_initiative_and_the_full_at_returns() -> None:
    data = encounter(["Knight"], ["Orc"], {"Knight": {"at": 12, "tp": "1"}, "Orc": {"pa": 7, "dodge": 3, "at": 0}},
                     surprise="party")
    f = new_fight(data, "9 5 3 8 15 | 12 20 9")
    play_round(f)
    play_round(f)
    caps = [(e["round"], e["kind"], e["cap"]) for e in events(f, "attack") + events(f, "parry")]
    assert (2, "attack", 12) in caps
    assert f.vars["holders"] == frozenset({("Knight", "Orc")})


# -- free attacks (docs/rules/dsa.md) --------------------------------------------------------
def test_the_single_parries_only_one_free_attack_per_exchange() -> None:
    # A ghost takes nothing from plain weapons, so no TP dice interleave (docs/rules/dsa.md).
    overrides = {"W": NO_ATTACK, "S": {"at": 12}, "F": {"at": 12}, "Ghost": {"pa": 9, "dodge": 0, "at": 0}}
    data = encounter(["W", "S", "F"], [{"name": "Ghost", "traits": ["ghost"]}], overrides, surprise="party")
    f = new_fight(data, "5 20 3 | 4 2 4")
    play_round(f)
    assert [(e["round"], e["who"], e["cap"], e["roll"], e["success"]) for e in events(f, "parry")] == [
        (1, "Ghost", 5, 20, False)  # min(5, PA 9 − 2)
    ]
    assert [e["who"] for e in events(f, "note")] == ["Ghost"]
    assert [e["attacker"] for e in events(f, "hit")] == ["S", "F"]
    play_round(f)  # a new exchange gives the parry back
    assert [(e["round"], e["cap"], e["roll"], e["success"]) for e in events(f, "parry")][1:] == [(2, 4, 2, True)]


def test_free_attacks_stop_when_the_single_falls() -> None:
    overrides = {"W": {"at": 20, "tp": "1d6"}, "Ogre": {"pa": 1, "dodge": 1, "rs": 0}}
    data = encounter(["W", "S", "F"], ["Ogre"], overrides, surprise="party")
    result, f = fight(data, "5 20 3 1 100")
    assert [e["who"] for e in events(f, "attack")] == ["W"]
    assert result.outcome is Outcome.PARTY_WINS


def test_a_missed_free_attack_costs_his_next_free_attack_however_many_exchanges_later() -> None:
    """docs/rules/dsa.md: the miss costs his *next free attack*, not the next exchange's.

    Orc 3 misses a free attack on Hero in exchange 1; Orc 1 falls, the sub-fights are rebuilt and
    Orc 3 is Squire's primary in exchanges 2 and 3 (chains, no free attack to lose); Squire falls
    in exchange 3, so in exchange 4 Orc 3 is a secondary on Hero again and lets that free attack pass.
    """
    overrides = {
        "Hero": {"at": 19, "tp": "1d6", "reaction": 0},
        "Squire": {"at": 0, "pa": 0, "dodge": 0, "le": 12, "rs": 0, "reaction": 0},
        "Orc 1": {"at": 0, "pa": 0, "dodge": 0, "le": 10, "rs": 0, "reaction": 0},
        "Orc 2": {"at": 0, "reaction": 0},
        "Orc 3": {"at": 10, "tp": "1d6", "reaction": 0},
    }
    data = encounter(["Hero", "Squire"], [{"name": "Orc", "count": 3}], overrides, surprise="party")
    orc3 = 4
    f = new_fight(data, "5 3 20 20 | 50 10 10 50 20 1 1 20 | 1 2 20 | 20")
    play_round(f)  # Hero fells Orc 1; Orc 3's free attack on Hero misses (d20 20 > AT 10 − 1)
    assert [(e["who"], e["roll"], e["success"]) for e in events(f, "attack") if e["free"]] == [("Orc 3", 20, False)]
    assert f.combatants[orc3].vars["lost"] is True
    play_round(f)  # exchange 2: Orc 3 is Squire's primary, wins the roll-off and hits him
    assert names(f, f.vars["subfights"][1]) == ["Squire", "Orc 3"]
    assert not events(f, "skip") and f.combatants[orc3].vars["lost"] is True
    play_round(f)  # exchange 3: he still holds the initiative and fells Squire
    assert not events(f, "skip") and f.combatants[orc3].vars["lost"] is True
    assert [(e["round"], e["success"]) for e in events(f, "attack") if e["who"] == "Orc 3" and not e["free"]] == [
        (2, True), (3, True)
    ]
    assert not f.combatants[1].vars["standing"]
    play_round(f)  # Hero alone against Orc 2 (primary) and Orc 3 (secondary)
    assert names(f, f.vars["subfights"][0]) == ["Hero", "Orc 2", "Orc 3"]
    assert [(e["round"], e["who"]) for e in events(f, "skip")] == [(4, "Orc 3")]
    assert f.combatants[orc3].vars["lost"] is False
    assert [e["who"] for e in events(f, "attack") if e["free"]] == ["Orc 3"]  # only exchange 1's miss
    assert f._roller.remaining == ()  # type: ignore[attr-defined]


# -- hits (docs/rules/dsa.md) ----------------------------------------------------------------
def hit_once(target: dict[str, Any], tp_and_crit: str, attacker: dict[str, Any] | None = None,
             traits: tuple[list[str], list[str]] = ([], [])) -> Fight:
    """One exchange: the hero hits at once (attack 1, no parry possible), then the tail of dice."""
    overrides = {"Hero": {"at": 20, **(attacker or {})}, "Foe": {"pa": 0, "dodge": 0, "at": 0, **target}}
    data = encounter([{"name": "Hero", "traits": traits[0]}], [{"name": "Foe", "traits": traits[1]}], overrides,
                     surprise="party", tactics={"round": [{"retreat": False}]})
    f = new_fight(data, "1 " + tp_and_crit)
    play_round(f)
    assert f._roller.remaining == ()  # type: ignore[attr-defined]
    return f


def test_armour_can_swallow_a_whole_hit() -> None:
    f = hit_once({"rs": 5, "le": 30}, "4 9", {"tp": "1d6"})
    [damage] = events(f, "damage")
    assert (damage["loss"], damage["le"]) == (0, 30)
    assert f._rules.end_state(f, f.combatants[1]) == Fate(EndState.UNHURT, "unhurt")


def test_a_critical_of_at_least_100_but_not_above_10_times_rs_only_ignores_armour() -> None:
    f = hit_once({"rs": 10, "le": 30}, "4 1 96", {"tp": "1d6"})
    [crit] = events(f, "critical")
    assert (crit["severity"], crit["lethal"]) == (100, False)
    assert events(f, "damage")[0]["le"] == 26
    assert f._rules.end_state(f, f.combatants[1]) == Fate(EndState.HURT, "injured")


@pytest.mark.parametrize("le, state", [(21, Fate(EndState.HURT, "injured")), (20, Fate(EndState.OUT, "unconscious")),
                                       (11, Fate(EndState.OUT, "unconscious")), (10, Fate(EndState.DEAD, "dead"))])
def test_le_below_10_is_unconscious_and_below_0_dead(le: int, state: Fate) -> None:
    f = hit_once({"rs": 0, "le": le}, "9", {"tp": "11"})  # TP 11 (no die), critical d20 9
    assert events(f, "damage")[0]["le"] == le - 11
    assert f._rules.end_state(f, f.combatants[1]) == state


def test_dice_order_is_attack_tp_then_critical() -> None:
    f = hit_once({"rs": 0, "le": 21}, "9", {"tp": "11"})
    assert [e["label"] for e in events(f, "roll")] == ["attack/parry", "TP", "critical"]


# -- traits (docs/rules/dsa.md) ---------------------------------------------------------------------
def test_silver_adds_1_tp_against_undead_only() -> None:
    f = hit_once({"rs": 0, "le": 30}, "3 9", {"tp": "1d6"}, (["silver_weapon"], ["undead"]))
    assert events(f, "modifier")[0]["reason"] == "silver vs undead"
    assert events(f, "damage")[0]["loss"] == 4
    f = hit_once({"rs": 0, "le": 30}, "3 9", {"tp": "1d6"}, (["silver_weapon"], []))
    assert not events(f, "modifier") and events(f, "damage")[0]["loss"] == 3


def test_a_ghost_takes_nothing_from_a_plain_weapon_and_no_dice_are_rolled() -> None:
    f = hit_once({"le": 30}, "", {"tp": "1d6"}, ([], ["ghost"]))
    assert events(f, "hit")[0]["harmless"] is True and not events(f, "damage")
    f = hit_once({"le": 30, "rs": 0}, "3 9", {"tp": "1d6"}, (["magic_weapon"], ["demon"]))
    assert events(f, "damage")[0]["loss"] == 3


def party_member_struck(member_traits: list[str], orc_traits: list[str], script: str) -> Fight:
    """One exchange in which the Orc strikes the Hero at once (no parry possible), then the tail of dice."""
    overrides = {"Orc": {"at": 20, "tp": "1d6"}, "Hero": {"rs": 0, "pa": 0, "dodge": 0, "at": 0, "le": 30}}
    data = encounter([{"name": "Hero", "traits": member_traits}], [{"name": "Orc", "traits": orc_traits}],
                     overrides, surprise="enemy")
    f = new_fight(data, script)
    play_round(f)
    assert f._roller.remaining == ()  # type: ignore[attr-defined]
    return f


def test_traits_apply_to_party_members_too() -> None:
    """A ghostly member takes nothing from an enemy's plain weapon (no TP die), and an enemy's silver
    weapon gains against an undead member (docs/rules/dsa.md: the same creature means the same on either side)."""
    f = party_member_struck(["ghost"], [], "4")
    assert events(f, "hit")[0]["harmless"] is True and not events(f, "damage")
    f = party_member_struck(["ghost"], ["magic_weapon"], "4 3 9")
    assert events(f, "damage")[0]["loss"] == 3
    f = party_member_struck(["undead"], ["silver_weapon"], "4 3 9")
    assert events(f, "modifier")[0]["reason"] == "silver vs undead" and events(f, "damage")[0]["loss"] == 4


@pytest.mark.parametrize("armour, loss", [([], 5), (["magic_armour"], 2)])
def test_a_demon_meets_rs_0_unless_the_armour_is_magic(armour: list[str], loss: int) -> None:
    overrides = {"Imp": {"at": 20, "tp": "5"}, "Hero": {"rs": 3, "pa": 0, "dodge": 0, "at": 0, "le": 30}}
    data = encounter([{"name": "Hero", "traits": armour}], [{"name": "Imp", "traits": ["demon"]}], overrides,
                     surprise="enemy")
    f = new_fight(data, "4 9")
    play_round(f)
    assert events(f, "damage")[0]["loss"] == loss


@pytest.mark.parametrize("raiders, plundered", [(True, ["Hero"]), (False, [])])
def test_raiders_plunder_the_fallen_after_a_loss(raiders: bool, plundered: list[str]) -> None:
    overrides = {"Orc": {"at": 20, "tp": "30"}, "Hero": {"pa": 0, "dodge": 0, "at": 0}}
    data = encounter(["Hero"], ["Orc"], overrides, surprise="enemy", enemy_extra={"raiders": raiders})
    result, f = fight(data, "4 9")
    assert result.outcome is Outcome.ENEMY_WINS
    assert [e["who"] for e in events(f, "plunder")] == plundered


# -- the end: flight, the cap (docs/rules/dsa.md) ---------------------------------------------
@pytest.mark.parametrize("engaged, standing, flee", [(4, 1, True), (4, 2, False), (3, 1, True), (3, 2, False),
                                                     (1, 1, False), (2, 1, False)])
def test_default_tactics_flee_when_fewer_than_half_rounded_up_stand(engaged: int, standing: int, flee: bool) -> None:
    f = new_fight(encounter(["Hero"], ["Orc"]))
    decision = Decision("retreat", 1, None, (True, False), {"engaged": engaged, "standing": standing})
    assert rulebench_decide(f, decision) is flee
    assert rulebench_decide(f, Decision("stance", 1)) is None


def test_default_flight_counts_the_fallen_and_the_foes_strike_the_fleeing() -> None:
    # Two of three start below 10 LE (fallen): 1 < ceil(3/2) stands, so the party flees after exchange 1.
    overrides = {"A": NO_ATTACK, "B": {"le": 5}, "C": {"le": 5}, "Orc": {"at": 10}}
    data = encounter(["A", "B", "C"], ["Orc"], overrides, surprise="party")
    result, f = fight(data, "15")
    [flight] = events(f, "flight")
    assert (flight["who"], flight["attacker"], flight["roll"], flight["success"]) == ("A", "Orc", 15, False)
    assert result.outcome is Outcome.PARTY_FLED and result.rounds == 1


def test_a_member_with_no_opponent_gets_away_untouched() -> None:
    overrides = {"Warrior": NO_ATTACK, "Orc": {"at": 10}}
    data = encounter(["Warrior", {"name": "Priest", "fighter": False}], ["Orc"], overrides, surprise="party",
                     tactics={"round": [{"retreat": True}]})
    result, f = fight(data, "15")
    assert [(e["who"], e.get("attacker")) for e in events(f, "flight")] == [("Warrior", "Orc"), ("Priest", None)]
    assert result.outcome is Outcome.PARTY_FLED


def test_flight_is_scriptable_per_exchange() -> None:
    data = encounter(["A"], ["Orc"], {"A": NO_ATTACK, "Orc": NO_ATTACK}, surprise="party",
                     tactics={"round": [{"retreat": False}, {"retreat": False}, {"retreat": True}]})
    result, _f = fight(data, "")
    assert result.outcome is Outcome.PARTY_FLED and result.rounds == 3


def test_the_exchange_cap_ends_a_stalemate_as_withdrawn() -> None:
    result, _f = fight(encounter(["A"], ["Orc"], {"A": NO_ATTACK, "Orc": NO_ATTACK}), "50 40")
    assert result.outcome is Outcome.WITHDRAWN and result.rounds == 100
    assert result.fates == (Fate(EndState.UNHURT, "unhurt"), Fate(EndState.UNHURT, "unhurt"))


def test_a_fleeing_single_whose_primary_fell_faces_the_attacker_who_takes_its_place() -> None:
    # docs/rules/dsa.md rebuilds sub-fights each exchange; step 6 gives "each fleeing member's opponent"
    # one unparryable attack. X falls in exchange 1, so Y is A's opponent when A flees.
    data = encounter(["A"], ["X", "Y"], {"X": {"le": 10, "rs": 0}}, surprise="party", tactics={"round": [{"retreat": True}]})
    result, f = fight(data, "1 2 6 5  20 15")
    assert result.outcome is Outcome.PARTY_FLED and f.log is not None
    [flight] = [e for e in f.log if e["kind"] == "flight"]
    assert (flight["attacker"], flight["roll"], flight["cap"], flight["success"]) == ("Y", 15, 7, False)
