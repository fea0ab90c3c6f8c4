"""Armour modifiers where the rules read armour: dsa's RS, endurance's avoidance (docs/rules/dsa.md
and docs/rules/endurance.md, "Traits and special cases"), each pinned with scripted dice; and what
each ruleset declares it asks (``RulesetInfo.purposes``), checked against what its fights ask."""

from __future__ import annotations

from typing import Any

import pytest

from rulebench import Combatant, Fight, Modifier, PluginInfo, hookimpl
from rulebench.core.assembly import configure
from rulebench.core.dice import RandomRoller, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.loop import play_round
from rulebench.testing.purposes import asked_purposes

NAME = "plated"


class Plated:
    """+``bonus`` armour to every party member, declared as an armour modifier."""

    def __init__(self, bonus: int) -> None:
        self.bonus = (Modifier(bonus, "plated"),)

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name=NAME, kind="modifier", title="Plated", summary="armour for the party", purposes=("armour",))

    @hookimpl
    def rulebench_modifiers(self, fight: Fight, combatant: Combatant, purpose: str, against: Any) -> Any:
        return self.bonus if purpose == "armour" and combatant.side == "party" else None


def catalog(bonus: int) -> Catalog:
    return discover(extra=[(NAME, Plated(bonus))])


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


# -- dsa: an armour modifier is RS ---------------------------------------------------------------------
def dsa_struck(script: str, bonus: int | None, hero: dict[str, Any] | None = None, orc: dict[str, Any] | None = None) -> Fight:
    """One exchange: the Orc (AT 20) strikes the Hero (RS 3, no parry) at once; ``bonus`` None: no plugin."""
    overrides = {"Orc": {"at": 20, "tp": "1d6", **(orc or {})}, "Hero": {"rs": 3, "pa": 0, "dodge": 0, "at": 0, "le": 30}}
    data = {"name": "test", "party": [{"name": "Hero", **(hero or {})}], "enemy": {"members": [{"name": "Orc"}]},
            "overrides": {"dsa": overrides}, "surprise": "enemy"}
    plugins = () if bonus is None else (NAME,)
    config = configure(encounter_from_dict(data), "dsa", catalog=catalog(bonus or 0), plugins=plugins)
    fight = config.new_fight(ScriptedRoller(parse_dice_script(script)), record=True)
    play_round(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return fight


@pytest.mark.parametrize(("bonus", "loss", "rs"), [(None, 3, 3), (1, 2, 4), (-2, 5, 1), (-5, 6, 0)])
def test_dsa_an_armour_modifier_adds_to_rs_against_tp(bonus: int | None, loss: int, rs: int) -> None:
    # attack 4 hits (AT 20), TP 6, critical d20 9: TP 6 − RS (3 + bonus, not below 0).
    fight = dsa_struck("4 6 9", bonus)
    [damage] = events(fight, "damage")
    assert (damage["loss"], damage["rs"]) == (loss, rs)
    assert [e["reason"] for e in events(fight, "modifier")] == ([] if bonus is None else ["plated"])


def test_dsa_the_modifier_raises_the_rs_a_critical_must_exceed_tenfold() -> None:
    # TP 6, critical 1, d100 96: severity 102 ≥ 100 kills above 10 × RS 3 = 30, not above 10 × RS 11 = 110.
    assert events(dsa_struck("4 6 1 96", None), "critical")[0]["lethal"] is True
    critical = events(dsa_struck("4 6 1 96", 8), "critical")[0]
    assert (critical["lethal"], critical["rs"]) == (False, 11)
    assert events(dsa_struck("4 6 1 96", 8), "damage")[0]["loss"] == 6  # a critical that does not kill ignores RS


@pytest.mark.parametrize(("hero", "loss"), [({}, 6), ({"traits": ["magic_armour"]}, 2)])
def test_dsa_a_demons_blow_meets_no_rs_bonus_on_armour_that_is_not_magic(hero: dict[str, Any], loss: int) -> None:
    overrides = {"Orc": {"at": 20, "tp": "1d6"}, "Hero": {"rs": 3, "pa": 0, "dodge": 0, "at": 0, "le": 30}}
    data = {"name": "test", "party": [{"name": "Hero", **hero}], "enemy": {"members": [{"name": "Orc", "traits": ["demon"]}]},
            "overrides": {"dsa": overrides}, "surprise": "enemy"}
    config = configure(encounter_from_dict(data), "dsa", catalog=catalog(1), plugins=(NAME,))
    fight = config.new_fight(ScriptedRoller(parse_dice_script("4 6 9")), record=True)
    play_round(fight)
    assert events(fight, "damage")[0]["loss"] == loss  # TP 6 − 0, or − (RS 3 + 1)


# -- endurance: an armour modifier feeds avoidance ---------------------------------------------------------
def endurance_struck(bonus: int | None, hero: dict[str, Any] | None = None, traits: tuple[str, ...] = ()) -> Fight:
    """The Troll's 1d10 blow of 7 against the Hero (body 2, armour 3: avoidance 5); the Hero rolls nothing."""
    party = [{"name": "Hero", "body": 2, "armour": 3, "speed": 0, "weapon": "none", "melee": 0, **(hero or {})}]
    enemy = [{"name": "Troll", "weapon": "1d10", "speed": 5, "traits": list(traits)}]
    data = {"name": "test", "party": party, "enemy": {"members": enemy}}
    plugins = () if bonus is None else (NAME,)
    config = configure(encounter_from_dict(data), "endurance", catalog=catalog(bonus or 0), plugins=plugins)
    fight = config.new_fight(ScriptedRoller(parse_dice_script("7")), record=True)
    play_round(fight)
    return fight


@pytest.mark.parametrize(("bonus", "avoidance", "net"), [(None, 5, 2), (1, 6, 1), (3, 8, 0), (-6, 0, 7)])
def test_endurance_an_armour_modifier_adds_to_avoidance(bonus: int | None, avoidance: int, net: int) -> None:
    damage = next(e for e in events(endurance_struck(bonus), "damage") if e["who"] == "Hero")
    assert (damage["amount"], damage["avoidance"], damage["net"]) == (7, avoidance, net)


@pytest.mark.parametrize(("hero", "avoidance"), [({}, 2), ({"traits": ["magic_armour"]}, 6)])
def test_endurance_a_demons_blow_ignores_the_bonus_with_armour_that_is_not_magic(hero: dict[str, Any], avoidance: int) -> None:
    fight = endurance_struck(1, hero, ("demon",))
    damage = next(e for e in events(fight, "damage") if e["who"] == "Hero")
    assert damage["avoidance"] == avoidance  # body 2 alone, or body 2 + armour 3 + 1


def test_the_unmodified_rulesets_answer_as_before() -> None:
    """A plugin that is asked but adds nothing changes no number: the ogre duel's exact answer under
    endurance is the same with the armour modifier at +0 as without the plugin, to the fraction."""
    from rulebench.analysis.exact import solve

    encounter = load_encounter("examples/ogre-duel.toml")
    plain = solve(configure(encounter, "endurance"), fractions=True)
    zero = solve(configure(encounter, "endurance", catalog=catalog(0), plugins=(NAME,)), fractions=True)
    assert plain.outcomes == zero.outcomes and plain.outcomes["party_wins"] > 0


# -- what each ruleset declares it asks ------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", ["ambermarch", "classic", "dsa", "endurance", "talisman", "skirmish"])
def test_every_purpose_the_fights_ask_is_declared(ruleset: str) -> None:
    found = discover()
    info = found.rulesets()[ruleset].info
    encounter = load_encounter("examples/skeleton-guards.toml")
    config = configure(encounter, ruleset, catalog=found)
    asked = asked_purposes(config.new_fight(RandomRoller(seed)) for seed in range(20))
    assert asked and info.purposes is not None and asked <= set(info.purposes), (asked, info.purposes)


def test_a_plugin_whose_purposes_are_never_asked_is_noted_once_naming_plugin_and_rulesets() -> None:
    from rulebench.api.analyses import compare

    comparison = compare("examples/ogre-duel.toml", ["talisman", "dsa", "ambermarch"], catalog=catalog(1), plugins=[NAME],
                         fights=200, workers=1)
    unasked = [line for line in comparison.notes if NAME in line]
    assert unasked == ["--plugin plated's armour modifiers change nothing under rulesets that never ask them: talisman"]



class Counting:
    """Counts the purposes it is asked for; declares ``purposes`` (empty: none)."""

    def __init__(self, name: str, purposes: tuple[str, ...]) -> None:
        self.name, self.purposes, self.asked = name, purposes, set[str]()

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name=self.name, kind="modifier", title=self.name, purposes=self.purposes)

    @hookimpl
    def rulebench_modifiers(self, fight: Fight, combatant: Combatant, purpose: str, against: Any) -> Any:
        self.asked.add(purpose)
        return None


def test_a_modifier_is_asked_only_for_the_purposes_it_declares() -> None:
    """The kernel skips a plugin for a purpose it does not declare; one that declares none is asked for all."""
    armour, anything = Counting("armour-only", ("armour",)), Counting("anything", ())
    found = discover(extra=[(armour.name, armour), (anything.name, anything)])
    encounter = load_encounter("examples/skeleton-guards.toml")
    config = configure(encounter, "dsa", catalog=found, plugins=(armour.name, anything.name))
    fight = config.new_fight(RandomRoller(1))
    for _ in range(3):
        play_round(fight)
    assert anything.asked >= {"weapon", "armour"}
    assert armour.asked == {"armour"}
