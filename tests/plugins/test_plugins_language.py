"""The built-in plugins speak through their own catalog (the domain ``rulebench-plugins``; endurance's
critical hits through endurance's), as a third-party plugin would: their descriptions in the chosen
language, silver's reason and critical's narration in a recorded fight, English constants in a silent
one, and a complete, compiled catalog."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import rulebench.plugins.silver as silver
import rulebench.rulesets.endurance.narration as endurance_words
from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.fight import Fight
from rulebench.core.i18n import set_language
from rulebench.core.loop import play_round
from rulebench.core.values import PluginInfo

PLUGINS = ("cautious", "critical", "reckless", "silver")

ENGLISH = {
    "cautious": "Cautious party",
    "critical": "Critical hits (endurance, optional rule)",
    "reckless": "Reckless party",
    "silver": "Silver against undead",
}
GERMAN = {
    "cautious": "Vorsichtige Gruppe",
    "critical": "Kritische Treffer (endurance, optionale Regel)",
    "reckless": "Tollkühne Gruppe",
    "silver": "Silber gegen Untote",
}


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def infos() -> dict[str, PluginInfo]:
    records = discover().records
    found = {name: records[name].info for name in PLUGINS}
    assert all(isinstance(info, PluginInfo) for info in found.values())
    return found  # type: ignore[return-value]


def test_descriptions_in_english_by_default() -> None:
    assert {name: info.title for name, info in infos().items()} == ENGLISH


def test_descriptions_in_german(german: None) -> None:
    found = infos()
    assert {name: info.title for name, info in found.items()} == GERMAN
    assert "Deckung" in found["cautious"].summary and "Umgehungsmanöver" in found["reckless"].summary
    assert "Schadenswürfel" in found["critical"].summary and "Untote" in found["silver"].summary


# -- silver: its reason, read in a recorded fight ------------------------------------------------
def endurance_fight(hero: dict[str, Any], foe: dict[str, Any], script: str, record: bool,
                    plugins: tuple[str, ...] = ()) -> Fight:
    data = {"name": "x", "party": [{"name": "Hero", "speed": 5, **hero}], "enemy": {"members": [foe]}}
    config = configure(encounter_from_dict(data), "endurance", plugins=plugins)
    fight = config.new_fight(ScriptedRoller(parse_dice_script(script)), record=record)
    play_round(fight)
    return fight


SKELETON = {"name": "Skeleton", "armour": 0, "body": 1, "speed": 0, "life": 6, "weapon": "none", "traits": ["undead"]}


def test_silvers_reason_is_translated_in_a_recorded_fight(german: None) -> None:
    fight = endurance_fight({"weapon": "1d6", "traits": ["silver_weapon"]}, SKELETON, "3", record=True)
    hero, skeleton = fight.combatants
    assert [m.reason for m in fight.modifiers(hero, "weapon", skeleton)] == ["Silber gegen Untote"]


def test_a_silent_fight_keeps_silvers_english_constant(german: None) -> None:
    fight = endurance_fight({"weapon": "1d6", "traits": ["silver_weapon"]}, SKELETON, "3", record=False)
    hero, skeleton = fight.combatants
    assert fight.modifiers(hero, "weapon", skeleton) == silver.BONUS
    assert silver.BONUS[0].reason == "silver vs undead"


# -- critical: its narration and its explanation -------------------------------------------------
BAG = {"name": "Bag", "armour": 0, "body": 1, "speed": 0, "life": 6, "weapon": "none"}


def test_a_critical_hit_is_explained_once_before_it_is_told() -> None:
    # 2d6: the first die crits (6, then 2), the second die crits too (6, then 1).
    fight = endurance_fight({"weapon": "2d6", "melee": 6}, BAG, "6 2 6 1", record=True, plugins=("critical",))
    assert fight.log is not None
    told = [e["kind"] for e in fight.log if e["kind"] == "critical" or e.get("topic") == "critical hit"]
    assert told == ["explain", "critical", "critical"]
    assert [e["text"] for e in fight.log if e["kind"] == "critical"] == [
        "Hero's d6 shows its maximum 6: a critical hit, rolled once more for +2",
        "Hero's d6 shows its maximum 6: a critical hit, rolled once more for +1",
    ]


def test_a_critical_hit_in_german(german: None) -> None:
    fight = endurance_fight({"weapon": "1d8", "melee": 4}, BAG, "8 3", record=True, plugins=("critical",))
    assert fight.log is not None
    crit = next(e for e in fight.log if e["kind"] == "critical")
    assert crit["text"] == "Der W8 von Hero zeigt seinen höchsten Wert 8: ein kritischer Treffer, noch einmal geworfen für +3"
    assert (crit["sides"], crit["extra"]) == (8, 3)  # the data stays as it was
    rolls = [e for e in fight.log if e["kind"] == "roll"][-2:]
    assert [e["label"] for e in rolls] == ["damage", "critical"]  # keys, as every ruleset logs them
    assert [e["text"] for e in rolls] == ["Hero: Schaden 1W8 → 8", "Hero: kritischer Treffer 1W8 → 3"]
    explained = next(e["text"] for e in fight.log if e["kind"] == "explain" and e["topic"] == "critical hit")
    assert explained.startswith("Kritische Treffer (eine optionale Regel von endurance):")


# -- the catalog -----------------------------------------------------------------------------------
def test_the_catalog_is_complete() -> None:
    """Every message translated and the catalog found; tests/i18n/test_catalogs.py checks that the .mo says what the .po says."""
    po = Path(silver.__file__).with_name("locale") / "de" / "LC_MESSAGES" / "rulebench-plugins.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    assert [m.id for m in catalog if m.id and not m.string] == []
    assert silver.MESSAGES.speaks("de") and endurance_words.MESSAGES.speaks("de")
