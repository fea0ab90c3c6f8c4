"""ambermarch unit tests: every rule of docs/rules/ambermarch.md (with its docs/rules/README.md, docs/encounters.md and docs/glossary.md parts) that the the worked examples
vectors leave out, each on a small scripted fight.

Many fights below face an "ogre" whose pool is overridden to 1d6+20: with the enemy die at 1 its total
is 21, so the party's loss, and the damage that walks down the line, is known in advance.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest

from rulebench import Combatant, Fight, Modifier, PluginInfo, Side, hookimpl
from rulebench.core.assembly import configure
from rulebench.core.dice import Dice, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.loop import fates, play, play_round
from rulebench.core.outcome import EndState, Fate, Outcome
from rulebench.rulesets.ambermarch.stats import rulebench_ruleset
from rulebench.rulesets.ambermarch.tactics import default_retreat

OGRE = {"name": "Ogre", "life": 6}
OGRE_POOL = {"Ogre": {"pool": "1d6+20"}}


def encounter(party: list[dict[str, Any]], enemy: list[dict[str, Any]] | None = None,
              tactics: list[dict[str, Any]] | None = None, raiders: bool = False, **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"name": "test", "party": party, **fields,
                            "enemy": {"members": enemy or [OGRE], "raiders": raiders}}
    if enemy is None:
        data["overrides"] = {"ambermarch": OGRE_POOL}
    if tactics:
        data["tactics"] = {"round": tactics}
    return data


def new_fight(data: dict[str, Any], script: str = "", plugins: tuple[str, ...] = (), catalog: Any = None) -> Fight:
    config = configure(encounter_from_dict(data), "ambermarch", plugins=plugins, catalog=catalog)
    return config.new_fight(ScriptedRoller(parse_dice_script(script)), record=True)


def fought(data: dict[str, Any], script: str, **options: Any) -> Fight:
    """Play to the end; every die of the script must be used."""
    fight = new_fight(data, script, **options)
    play(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return fight


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def fates_by_name(fight: Fight) -> dict[str, Fate]:
    return {c.name: fate for c, fate in zip(fight.combatants, fates(fight))}


def member(fight: Fight, name: str) -> Combatant:
    return next(c for c in fight.party.members if c.name == name)


def stances(fight: Fight, name: str) -> list[str]:
    return [e["stance"] for e in events(fight, "stance") if e["who"] == name]


# -- descriptor and stat blocks (docs/rules/ambermarch.md) ------------------------------------------------
def test_descriptor_names_stats_and_decisions() -> None:
    info = rulebench_ruleset()
    assert info.name == "ambermarch" and info.source == "docs/rules/ambermarch.md"
    assert set(info.stats) == {"melee", "ranged", "armour", "body", "speed", "mind", "pool", "steadfastness"}
    assert set(info.decisions) == {"decline", "stance", "momentum", "order", "retreat"}


def test_member_stats_cap_attributes_at_4_and_keep_skills() -> None:
    hero = {"name": "Hero", "melee": 8, "ranged": 7, "armour": 4, "body": 5, "speed": 5, "mind": 0}
    fight = new_fight(encounter([hero]))
    assert fight.party.members[0].stats == {"melee": 8, "ranged": 7, "armour": 4, "body": 4, "speed": 4, "mind": 0}


def test_enemy_pool_armour_and_steadfastness_and_a_mixed_group() -> None:
    enemy = [{"name": "Archer", "melee": 1, "ranged": 4, "armour": 3, "life": 6},
             {"name": "Brute", "count": 2, "melee": 2, "armour": 1, "life": 1}]
    fight = new_fight(encounter([{"name": "Hero"}], enemy))
    archer, brute, _ = fight.enemy.members
    assert (archer.stats["pool"], archer.stats["armour"], archer.stats["steadfastness"]) == (Dice.parse("1d6+4"), 3, 6)
    assert (brute.stats["pool"], brute.stats["armour"], brute.stats["steadfastness"]) == (Dice.parse("1d6+2"), 1, 1)
    # Group: pools summed, the lowest armour, highest steadfastness + floor((3 - 1) / 3).
    assert fight.enemy.stats == {"pool": Dice.parse("3d6+8"), "armour": 1, "steadfastness": 6}


def test_overrides_replace_the_derived_stats() -> None:
    data = encounter([{"name": "Hero", "mind": 1}], [{"name": "Guard", "count": 2, "life": 2}])
    data["overrides"] = {"ambermarch": {"Guard": {"steadfastness": 5, "pool": "2d6"}, "Hero": {"mind": 3}}}
    fight = new_fight(data)
    assert fight.enemy.stats["steadfastness"] == 5 and fight.enemy.stats["pool"] == Dice.parse("4d6")
    assert fight.party.members[0].stats["mind"] == 3


# -- the wound ladder, clamping at 0, cover (docs/rules/ambermarch.md) -----------------------
def two_heroes_fall(raiders: bool = False) -> Fight:
    """W and S (melee 0, armour 0) lose three rounds to the ogre's 21; nobody retreats.

    R1: 2 vs 21, damage 10: W battered (9 left), S battered (8 left), 8 lost. R2: battered, each die
    1 − 1 = 0: 0 vs 21, damage 11: both wounded. R3: both wounded take cover, no party dice;
    damage 11: W armour 0 + 2 (cover) → down, 8 left; S 0 + 2 → down, 5 lost.
    """
    party = [{"name": "W"}, {"name": "S"}]
    return fought(encounter(party, tactics=[{"retreat": False}], raiders=raiders), "1 1 1 | 1 1 1 | 1")


def test_the_ladder_penalties_clamp_cover_and_death() -> None:
    fight = two_heroes_fall()
    rolls = [(e["round"], e["dice"]) for e in events(fight, "roll")]
    # Unhurt: one roll of the sum; battered (bonus −1, a die could go below 0): die by die; wounded: none.
    assert rolls == [(1, "2d6"), (1, "1d6+20"), (2, "1d6"), (2, "1d6"), (2, "1d6+20"), (3, "1d6+20")]
    assert [(e["round"], e["party_total"]) for e in events(fight, "totals")] == [(1, 2), (2, 0), (3, 0)]
    assert [(e["round"], e["who"], e["armour"]) for e in events(fight, "absorbed")] == [
        (1, "W", 0), (1, "S", 0), (2, "W", 0), (2, "S", 0), (3, "W", 2), (3, "S", 2),
    ]  # fmt: skip
    assert [e["lost"] for e in events(fight, "note") if "lost" in e] == [8, 9, 5]
    assert stances(fight, "W") == ["attack", "attack", "cover"]
    assert [e["forced"] for e in events(fight, "stance") if e["round"] == 3] == [True, True]
    assert fight.outcome is Outcome.ENEMY_WINS
    # docs/rules/README.md stabilising: nobody of the party stands at the end, so both die.
    assert fates_by_name(fight) == {"W": Fate(EndState.DEAD, "down"), "S": Fate(EndState.DEAD, "down"),
                                    "Ogre": Fate(EndState.UNHURT, "steadfast")}


def test_a_wounded_member_takes_cover_whatever_the_script_says() -> None:
    party = [{"name": "W"}, {"name": "S"}]
    fight = fought(encounter(party, tactics=[{"retreat": False, "stance": {"W": "attack", "S": "attack"}}]),
                   "1 1 1 | 1 1 1 | 1")
    assert stances(fight, "W") == ["attack", "attack", "cover"]


def test_wounds_from_non_tireless_foes_are_not_tainted() -> None:
    fight = two_heroes_fall()
    assert not any(c.vars["tainted"] for c in fight.party.members)
    assert events(fight, "condition") == []


def test_raiders_plunder_those_left_down_on_a_defeat() -> None:
    fight = two_heroes_fall(raiders=True)
    assert [e["plundered"] for e in events(fight, "plunder")] == [["W", "S"]]


def test_raiders_plunder_nobody_when_the_party_wins() -> None:
    data = encounter([{"name": "Hero", "melee": 5}], [{"name": "Thief", "life": 1}], raiders=True)
    fight = fought(data, "6 | 1")
    assert fight.outcome is Outcome.PARTY_WINS and events(fight, "plunder") == []


def test_cover_is_not_cumulative_and_covers_the_one_behind() -> None:
    # Both cover: each has armour 1 + 2, not + 4. Damage ceil((21 − 0) / 2) = 11.
    party = [{"name": "A", "armour": 1}, {"name": "B", "armour": 1}, {"name": "C", "armour": 1}]
    data = encounter(party, tactics=[{"stance": {"A": "cover", "B": "cover", "C": "cover"}, "retreat": True}])
    fight = fought(data, "1")
    assert [(e["who"], e["armour"]) for e in events(fight, "absorbed")] == [("A", 3), ("B", 3), ("C", 3)]


def test_cover_only_reaches_the_member_directly_behind() -> None:
    # A covers: A and B get +2, C does not. Damage 10: A 3 → 6 left, B 3 → 2 left, C armour 1 → 0 left.
    party = [{"name": "A", "armour": 1}, {"name": "B", "armour": 1}, {"name": "C", "armour": 1, "melee": 0}]
    data = encounter(party, tactics=[{"stance": {"A": "cover", "B": "attack", "C": "attack"}, "retreat": True}])
    fight = fought(data, "1 1 | 1")  # B and C roll 1 + 0 each: 2 vs 21, damage 10
    assert [(e["who"], e["armour"], e.get("left")) for e in events(fight, "absorbed")] == [
        ("A", 3, 6), ("B", 3, 2), ("C", 1, 0),
    ]  # fmt: skip


# -- hold back and non-fighters (docs/rules/README.md) ------------------------------------------
def test_a_non_fighter_holds_back_until_nobody_stands_before_him() -> None:
    """W fights, P (non-fighter) holds back and is never hit while W stands; once W is down, P fights.

    R1: 1 vs 21, W battered, P holds back, 9 lost. R2: W 1 − 1 = 0, W wounded. R3: W covers, down.
    R4: P alone attacks: 1 vs 21, P battered. Round 4 ends it: withdrawn; W out (P stands), P hurt.
    """
    party = [{"name": "W"}, {"name": "P", "fighter": False}]
    fight = fought(encounter(party, tactics=[{"retreat": False}]), "1 | 1 | 1 | 1 | | 1 | 1 | 1")
    assert stances(fight, "P") == ["hold-back", "hold-back", "hold-back", "attack"]
    assert [(e["round"], e["who"]) for e in events(fight, "wound")] == [(1, "W"), (2, "W"), (3, "W"), (4, "P")]
    assert fight.outcome is Outcome.WITHDRAWN and fight.round == 4
    assert fates_by_name(fight)["W"] == Fate(EndState.OUT, "down")
    assert fates_by_name(fight)["P"] == Fate(EndState.HURT, "battered")


def test_a_non_fighter_stands_at_the_back_of_the_marching_order() -> None:
    fight = new_fight(encounter([{"name": "P", "fighter": False}, {"name": "W"}]))
    assert [fight.party.members[i].name for i in fight.vars["order"]] == ["W", "P"]


@pytest.mark.parametrize("holders", [{"W": "hold-back", "S": "attack"}, {"W": "hold-back", "S": "hold-back"}])
def test_holding_back_in_front_or_all_together_is_bad_input(holders: dict[str, str]) -> None:
    fight = new_fight(encounter([{"name": "W"}, {"name": "S"}], tactics=[{"stance": holders}]), "1 1 | 1")
    with pytest.raises(BadInput, match="round 1: .*cannot hold back"):
        play(fight)


def test_a_scripted_stance_outside_the_options_is_bad_input() -> None:
    fight = new_fight(encounter([{"name": "W"}], tactics=[{"stance": {"W": "charge"}}]), "1 | 1")
    with pytest.raises(BadInput, match="round 1.*'stance'.*W.*charge"):
        play(fight)


# -- momentum (docs/rules/ambermarch.md and 4) ---------------------------------------------------------
def test_momentum_grows_by_one_per_won_round_to_at_most_3() -> None:
    # Hero 6 + 2 = 8 vs the skeleton's 1d6 = 1: lead 7, armour 4 swallows 4, loss 1 a round.
    data = encounter([{"name": "Hero", "melee": 2}], [{"name": "Skeleton", "armour": 4, "life": 6,
                                                       "traits": ["undead"]}], tactics=[{"momentum": 0}])
    fight = new_fight(data, "6 1 " * 4)
    for _ in range(4):
        play_round(fight)
    assert (fight.vars["momentum"], fight.vars["steadfastness"]) == (3, 2)


def test_spent_momentum_adds_2_a_point_and_leaves_the_rest_held() -> None:
    data = encounter([{"name": "Hero", "melee": 2}], [{"name": "Skeleton", "armour": 4, "life": 6,
                                                       "traits": ["undead"]}],
                     tactics=[{"momentum": 0}, {"momentum": 0}, {"momentum": 2}])
    fight = new_fight(data, "6 1 " * 3)
    for _ in range(3):
        play_round(fight)
    assert [e["party_total"] for e in events(fight, "totals")] == [8, 8, 12]
    assert fight.vars["momentum"] == 1  # 2 held, 2 spent, 1 gained


@pytest.mark.parametrize("spent", [4, -1, "all", True])
def test_spending_momentum_that_can_never_be_held_is_bad_input(spent: Any) -> None:
    fight = new_fight(encounter([{"name": "Hero"}], tactics=[{"momentum": spent}]), "1 | 1")
    with pytest.raises(BadInput, match=rf"round 1 spends {re.escape(repr(spent))} momentum; expected a whole number from 0 to 3"):
        play(fight)


def test_scripted_momentum_above_what_is_held_spends_all_that_is_held() -> None:
    fight = new_fight(encounter([{"name": "Hero", "melee": 1}], tactics=[{"momentum": 2}]), "1 | 1")
    play_round(fight)  # a tie: nothing held, nothing spent
    assert fight.vars["momentum"] == 0
    notes = [e for e in fight.log if e["kind"] == "note" and e.get("decision") == "momentum"]
    assert notes and notes[0]["asked"] == 2 and notes[0]["held"] == 0


# -- ties and the marching order (docs/rules/ambermarch.md) ---------------------------------------------
def test_a_tie_lets_the_party_reorder_and_the_damage_follows_the_new_order() -> None:
    # R1 2 vs 2, a tie: S goes to the front. R2 2 vs 6, damage 2: S (armour 0) battered, W absorbs 1.
    party = [{"name": "W", "armour": 2}, {"name": "S"}]
    data = encounter(party, [{"name": "Rat", "life": 6}], tactics=[{"order": ["S", "W"], "retreat": False}])
    fight = new_fight(data, "1 1 | 2 | 1 1 | 6")
    play_round(fight)
    play_round(fight)
    assert [e["value"] for e in events(fight, "decision")] == [["S", "W"]]
    assert [(e["who"], e["absorbed"]) for e in events(fight, "absorbed")] == [("S", 0), ("W", 1)]
    assert [e["who"] for e in events(fight, "total") if "who" in e] == ["W", "S", "S", "W"]


def test_the_order_is_asked_only_on_a_tie() -> None:
    party = [{"name": "W", "armour": 2}, {"name": "S"}]
    data = encounter(party, [{"name": "Rat", "life": 6}], tactics=[{"order": ["S", "W"], "retreat": False}])
    fight = new_fight(data, "1 1 | 6")
    play_round(fight)
    assert [fight.party.members[i].name for i in fight.vars["order"]] == ["W", "S"]


def test_a_new_order_that_is_not_the_party_is_bad_input() -> None:
    data = encounter([{"name": "W"}, {"name": "S"}], [{"name": "Rat"}], tactics=[{"order": ["W", "W"]}])
    fight = new_fight(data, "1 1 | 2")
    with pytest.raises(BadInput, match="round 1 answers the 'order' decision"):
        play(fight)


# -- the end of a fight (docs/rules/ambermarch.md and 6) ------------------------------------------
def test_tireless_foes_have_no_four_round_limit_but_a_cap_of_50() -> None:
    data = encounter([{"name": "Hero"}], [{"name": "Zombie", "traits": ["undead"]}])
    fight = fought(data, "1 1 " * 50)
    assert fight.outcome is Outcome.WITHDRAWN and fight.round == 50


def test_default_retreat_when_fewer_than_half_rounded_up_are_unhurt_or_battered() -> None:
    fight = new_fight(encounter([{"name": n} for n in "ABCDE"]))
    ladder = [2, 3, 1, 0, 2]  # 2 of 5 fit, and ceil(5 / 2) = 3
    for hero, step in zip(fight.party.members, ladder):
        hero.vars["ladder"] = step
    assert default_retreat(fight) is True
    fight.party.members[0].vars["ladder"] = 1
    assert default_retreat(fight) is False


def test_a_retreat_wounds_the_first_two_standing_even_through_cover() -> None:
    party = [{"name": "A", "armour": 4}, {"name": "B", "armour": 4}, {"name": "C", "armour": 4}]
    data = encounter(party, [{"name": "Rat", "life": 6}],
                     tactics=[{"retreat": True, "stance": {"A": "cover", "B": "cover", "C": "cover"}}])
    fight = fought(data, "1")
    assert [(e["who"], e["condition"]) for e in events(fight, "wound")] == [("A", "battered"), ("B", "battered")]
    assert fight.outcome is Outcome.PARTY_FLED


def test_a_retreat_that_fells_the_last_standing_leaves_them_dead_and_plundered() -> None:
    # R1 both battered; R2 both wounded; the retreat then takes both down: nobody stands.
    data = encounter([{"name": "W"}, {"name": "S"}], tactics=[{"retreat": False}, {"retreat": True}],
                     raiders=True)
    fight = fought(data, "1 1 1 | 1 1 1")
    assert fight.outcome is Outcome.PARTY_FLED
    assert [e["plundered"] for e in events(fight, "plunder")] == [["W", "S"]]
    assert fates_by_name(fight)["W"] == Fate(EndState.DEAD, "down")


def test_an_ambush_from_behind_reverses_damage_and_retreat() -> None:
    party = [{"name": "W", "armour": 2}, {"name": "S"}]
    data = encounter(party, [{"name": "Rat", "life": 6}], tactics=[{"retreat": True}], ambush_from_behind=True)
    fight = fought(data, "1 1 | 6")  # 2 vs 6: damage 2 hits S first (battered, 1 left), W absorbs 1
    assert [(e["who"], e["absorbed"]) for e in events(fight, "absorbed")] == [("S", 0), ("W", 1)]
    assert [(e["who"], e["condition"]) for e in events(fight, "wound")] == [
        ("S", "battered"), ("S", "wounded"), ("W", "battered"),
    ]  # fmt: skip


def test_only_engaged_members_act_or_are_harmed() -> None:
    party = [{"name": "W", "melee": 6}, {"name": "S"}, {"name": "P"}]
    fight = fought(encounter(party, tactics=[{"retreat": True}], engaged=["S"]), "1 | 1")
    assert [e["who"] for e in events(fight, "stance")] == ["S"]
    assert [e["who"] for e in events(fight, "wound")] == ["S", "S"]  # the loss, then the retreat
    assert fates_by_name(fight)["W"] == Fate(EndState.UNHURT, "unhurt")


# -- alertness and voluntary fights (docs/rules/ambermarch.md) ----------------------------------------
def test_alertness_makes_a_forced_fight_voluntary_and_it_can_be_declined() -> None:
    party = [{"name": "W"}, {"name": "S", "skills": ["alertness"]}]
    fight = fought(encounter(party, tactics=[{"decline": True}], forced=True), "")
    assert fight.vars["voluntary"] is True and fight.vars["declined"] is True
    assert [e["alert"] for e in events(fight, "note") if e.get("voluntary")] == [["S"]]
    assert fight.outcome is Outcome.PARTY_FLED and fight.round == 1
    assert set(fates_by_name(fight).values()) == {Fate(EndState.UNHURT, "unhurt"), Fate(EndState.UNHURT, "steadfast")}


def test_a_forced_fight_without_alertness_cannot_be_declined() -> None:
    fight = new_fight(encounter([{"name": "W"}], tactics=[{"decline": True, "retreat": True}], forced=True), "1 | 1")
    play(fight)
    assert fight.vars["voluntary"] is False and fight.vars["declined"] is False
    assert [e["round"] for e in events(fight, "totals")] == [1]


def test_a_voluntary_fight_is_taken_by_default() -> None:
    fight = new_fight(encounter([{"name": "W"}], tactics=[{"retreat": True}], forced=False), "1 | 1")
    play(fight)
    assert fight.vars["voluntary"] is True and fight.vars["declined"] is False
    assert [e["value"] for e in events(fight, "decision") if e["decision"] == "decline"] == [False]


# -- traits (docs/encounters.md) ------------------------------------------------------------------------
def test_against_a_demon_armour_without_magic_is_0_but_cover_still_counts() -> None:
    # W covers: 0 + 2. S has magic armour 2, + 2 for W's cover; S's plain weapon adds 0 and rolls no die.
    party = [{"name": "W", "armour": 3}, {"name": "S", "armour": 2, "traits": ["magic_armour"]}]
    data = encounter(party, [{"name": "Imp", "traits": ["demon"]}],
                     tactics=[{"stance": {"W": "cover", "S": "attack"}, "retreat": True}])
    data["overrides"] = {"ambermarch": {"Imp": {"pool": "1d6+20"}}}
    fight = fought(data, "1")  # 0 vs 21: damage 11
    assert [(e["who"], e["armour"], e.get("left")) for e in events(fight, "absorbed")] == [("W", 2, 8), ("S", 4, 3)]
    assert all(c.vars["tainted"] for c in fight.party.members)  # demons are tireless: tainted


# -- techniques (docs/rules/ambermarch.md) -------------------------------------------------------------
class FireBolt:
    """A skill plugin: a member with the skill fire_bolt puts 4 on the scale with his technique."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the fire bolt."""
        return PluginInfo(name="fire-bolt", kind="modifier", title="Fire bolt", rulesets=("ambermarch",))

    @hookimpl
    def rulebench_modifiers(self, fight: Fight, combatant: Combatant, purpose: str,
                            against: Combatant | Side | None) -> Iterable[Modifier] | None:
        """+4 for the technique of a member with the fire_bolt skill."""
        return [Modifier(4, "fire bolt")] if purpose == "technique" and combatant.has_skill("fire_bolt") else None


def test_a_technique_without_a_plugin_adds_nothing_and_rolls_no_die() -> None:
    data = encounter([{"name": "Mage", "mind": 4}], tactics=[{"stance": {"Mage": "technique"}, "retreat": True}])
    fight = fought(data, "1")
    assert [e["dice"] for e in events(fight, "roll")] == ["1d6+20"]
    assert [e["party_total"] for e in events(fight, "totals")] == [0]


@pytest.mark.parametrize(
    ("faces", "tier", "adds"),
    [("6 6", "triumph", 4), ("4 3", "success", 4), ("3 2", "partial", 2), ("2 1", "failure", 0), ("1 1", "doom", 0)],
)
def test_a_technique_from_a_plugin_is_a_test_rolled_before_the_attacks(faces: str, tier: str, adds: int) -> None:
    # Mage mind 1 vs 7: 4+3+1 = 8 success, 3+2+1 = 6 partial (half of 4), 2+1+1 = 4 failure.
    party = [{"name": "W", "melee": 1}, {"name": "Mage", "mind": 1, "skills": ["fire_bolt"]}]
    data = encounter(party, [{"name": "Rat", "life": 6}],
                     tactics=[{"stance": {"W": "attack", "Mage": "technique"}, "retreat": True}])
    catalog = discover(extra=[("fire-bolt", FireBolt())])
    fight = fought(data, f"{faces} | 1 | 6", plugins=("fire-bolt",), catalog=catalog)
    assert [e["label"] for e in events(fight, "roll")] == ["technique test", "technique test",
                                                           "party attack dice", "enemy pool"]
    technique = next(e for e in events(fight, "total") if e.get("who") == "Mage")
    assert (technique["tier"], technique["total"]) == (tier, adds)
    assert [e["party_total"] for e in events(fight, "totals")] == [2 + adds]


# -- review fixes: stabilising by a member who sat out, non-fighters under an ambush -------------
def test_a_member_who_sat_the_fight_out_stabilises_the_fallen() -> None:
    # docs/rules/README.md: someone of his side still standing; P was not engaged but stands.
    data = {"name": "test", "engaged": ["W"], "party": [{"name": "W", "melee": 1}, {"name": "P", "melee": 2}],
            "enemy": {"members": [{"name": "Ogre", "melee": 6, "life": 4}]}}
    fight = fought(data, "1 | 6 1 | 6")
    assert fight.outcome is Outcome.PARTY_FLED
    assert fates(fight) == (Fate(EndState.OUT, "down"), Fate(EndState.UNHURT, "unhurt"), Fate(EndState.UNHURT, "steadfast"))


def test_non_fighters_stay_behind_all_others_when_ambushed_from_behind() -> None:
    # Classic seed on staying out: "Wenn die Gruppe von hinten angegriffen wird, ist es natürlich
    # andersherum": the damage order starts at the back, so the non-fighter marches at the front.
    party = [{"name": "Warrior", "melee": 6, "armour": 2}, {"name": "Scout", "melee": 5, "armour": 1},
             {"name": "Priest", "melee": 2, "fighter": False}]
    data = encounter(party, [{"name": "Skel", "count": 4, "melee": 2, "armour": 2, "life": 2}],
                     tactics=[{"retreat": True}], ambush_from_behind=True)
    fight = fought(data, "1 1 | 6 6 6 6")
    stances = {e["who"]: e["stance"] for e in fight.log if e["kind"] == "stance"}
    assert stances["Priest"] == "hold-back"
    assert [m.name for m in fight.party.members if m.vars["ladder"] > 0] == ["Warrior", "Scout"]
