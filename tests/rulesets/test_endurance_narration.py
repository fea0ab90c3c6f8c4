"""endurance's narration (docs/rules/endurance.md): avoidance, bleeding out and flight explained once,
at their first appearance, and a German fight told in the German source's terms (Vermeidung,
Ausdauer, Wunde, Ausbluten) through endurance's catalog.

The English sentences themselves are pinned by test_endurance_rules.py; here the same fights are
told in German, and a silent fight is checked to keep the English condition names the analysis
tallies.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.i18n import set_language
from rulebench.core.kernel import configure, play
from rulebench.core.outcome import FightResult
from rulebench.rulesets.endurance.narration import CONDITIONS
from rulebench.rulesets.endurance.stats import rulebench_ruleset

EXAMPLES = Path(__file__).parents[2] / "examples"
OGRE = "ambermarch-ogre.toml"  # seed 0: blows soaked and through, three fall and bleed, the party flees


def fought(example: str, seed: int, record: bool = True) -> tuple[FightResult, Fight]:
    fight = configure(load_encounter(EXAMPLES / example), "endurance").new_fight(RandomRoller(seed), record=record)
    return play(fight), fight


def texts(fight: Fight) -> list[str]:
    return [e["text"] for e in fight.log or ()]


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def test_avoidance_bleeding_and_flight_are_explained_once_right_before_they_first_appear() -> None:
    _, fight = fought(OGRE, 0)
    log = fight.log or []
    explained = [(i, e["topic"]) for i, e in enumerate(log) if e["kind"] == "explain"]
    assert [topic for _, topic in explained] == ["avoidance", "bleeding", "flight"]
    first = {"avoidance": "damage", "bleeding": "condition", "flight": "flight"}
    for at, topic in explained:
        assert log[at + 1]["kind"] == first[topic]
        assert log.index(next(e for e in log if e["kind"] == first[topic])) == at + 1  # its first appearance
    assert log[explained[1][0] + 1]["condition"] == "bleeding"
    assert "nobody of his side is left standing to help" in log[explained[1][0]]["text"]


def test_a_fight_the_party_wins_explains_no_flight() -> None:
    data = {"name": "test", "party": [{"name": "Hero", "body": 3, "armour": 2, "melee": 4, "weapon": "1d10"}],
            "enemy": {"members": [{"name": "Rat", "body": 1, "weapon": "1d4"}]}}
    fight = configure(encounter_from_dict(data), "endurance").new_fight(RandomRoller(3), record=True)
    play(fight)
    assert [e["topic"] for e in fight.log or () if e["kind"] == "explain"] == ["avoidance", "bleeding"]


def test_a_silent_fight_tells_nothing() -> None:
    _, fight = fought(OGRE, 0, record=False)
    assert fight.log is None


def test_every_german_sentence_differs_from_the_english_one() -> None:
    set_language("en")
    try:
        _, english = fought(OGRE, 0)
        set_language("de")
        _, german = fought(OGRE, 0)
    finally:
        set_language(None)
    same = [en for en, de in zip(texts(english), texts(german), strict=True) if en == de]
    assert same == []


def test_a_german_fight_speaks_the_german_sources_terms(german: None) -> None:
    told = "\n".join(texts(fought(OGRE, 0)[1]))
    for term in ("Vermeidung", "Ausdauer", "erleidet eine Wunde", "auszubluten", "blutet aus", "trifft immer",
                 "Schaden", "Die Gruppe flieht", "Die Gruppe ist geflohen", "Die Räuber"):
        assert term in told, term


def test_a_harmless_blow_against_a_ghost_in_german(german: None) -> None:
    data = {"name": "test", "party": [{"name": "Hero", "melee": 2, "weapon": "1d6"}],
            "enemy": {"members": [{"name": "Wraith", "melee": 2, "weapon": "1d6", "traits": ["ghost"]}]}}
    fight = configure(encounter_from_dict(data), "endurance").new_fight(RandomRoller(1), record=True)
    play(fight)
    assert ("Hero greift Wraith an, kann einem Geist ohne magische Waffe aber nichts anhaben: Schaden 0, kein Wurf"
            in texts(fight))


def test_a_recorded_german_fight_names_conditions_in_german_a_silent_one_in_english(german: None) -> None:
    result, _ = fought(OGRE, 0)
    assert [f.condition for f in result.fates] == ["ausgeblutet"] * 4 + ["außer Atem", "frisch"]
    result, _ = fought(OGRE, 0, record=False)
    assert [f.condition for f in result.fates] == ["bled out"] * 4 + ["winded", "fresh"]


@pytest.mark.parametrize("example", ["ambermarch-ogre.toml", "endurance-wolves.toml", "skeleton-guards.toml", "wraith.toml"])
def test_every_condition_reported_is_in_the_catalog(example: str) -> None:
    for seed in range(30):
        result, _ = fought(example, seed, record=False)
        assert {f.condition for f in result.fates} <= CONDITIONS


def test_the_descriptor_speaks_german(german: None) -> None:
    info = rulebench_ruleset()
    assert info.title == "Endurance: jeder Angriff trifft, Vermeidung, Wunden" and "Vermeidung" in info.summary
