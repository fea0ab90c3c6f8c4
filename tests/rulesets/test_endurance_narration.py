"""endurance's narration (docs/rules/endurance.md): avoidance, bleeding out and flight explained once,
at their first appearance, every sentence rendered from its event alone (``narration.rulebench_narrate``),
and a German fight told in the German source's terms (Vermeidung, Ausdauer, Wunde, Ausbluten)
through endurance's catalog.

The rules' facts are pinned by test_endurance_rules.py; here their sentences, in English and
German, and a silent fight is checked to keep the English condition names the analysis tallies.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebench.core.assembly import configure
from rulebench.core.dice import RandomRoller, ScriptedRoller
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.i18n import set_language
from rulebench.core.loop import play
from rulebench.core.outcome import FightResult
from rulebench.rulesets.endurance.narration import CONDITIONS, rulebench_narrate
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


def test_the_sentences_of_roll_avoidance_endurance_wounds_and_clock() -> None:
    data = {"name": "test",
            "party": [{"name": "Fighter", "melee": 4, "armour": 2, "weapon": "1d8", "body": 3, "speed": 3, "life": 4}],
            "enemy": {"members": [{"name": "Bandit", "melee": 2, "armour": 1, "weapon": "1d6", "body": 2, "speed": 2,
                                   "life": 2}]}}
    fight = configure(encounter_from_dict(data), "endurance").new_fight(ScriptedRoller([5, 6, 2, 3, 4]), record=True)
    play(fight)
    told = texts(fight)
    assert "Fighter strikes Bandit (always a hit): damage 1d8+2" in told
    assert "Fighter: damage 1d8+2 → 7" in told
    assert "damage 7 − Bandit's avoidance 3 = 4 gets through: endurance 6 → 2" in told
    assert "damage 4: Fighter's avoidance 5 stops it all, endurance stays 8" in told
    assert "3 > endurance 1: Bandit takes a wound (1 of 1)" in told
    assert "Bandit falls and bleeds out (Ausbluten): dead in 10 rounds without help" in told
    assert "Bandit bleeds: 9 rounds left" in told
    assert "Every enemy has fallen: the party wins." in told


# Ghosts and demons (harmless blows, armour that does not count), non-fighters stepping up,
# raiders, flight; test_endurance_properties.py renders generated fights too (killing wounds,
# bleeding out, critical hits).
RENDERED = ["ambermarch-ogre.toml", "crypt-wights.toml", "endurance-wolves.toml", "imp-summoning.toml", "wraith.toml",
            "bandit-raiders.toml"]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("example", RENDERED)
def test_every_sentence_is_rendered_from_its_event_alone(example: str, language: str) -> None:
    """Rendering an event again once the fight is over (its state long moved on) gives the sentence
    it was logged with: the renderer reads nothing but the event."""
    set_language(language)
    try:
        for seed in range(8):
            _, fight = fought(example, seed)
            for event in fight.log or ():
                facts = {key: value for key, value in event.items() if key != "text"}
                assert rulebench_narrate(fight, facts) == event["text"], event
    finally:
        set_language(None)


def test_a_withdrawal_and_a_demons_blow_are_rendered_from_their_facts() -> None:
    demon = {"kind": "damage", "round": 3, "who": "Hero", "amount": 5, "avoidance": 1, "armour_ignored": 2, "net": 4,
             "endurance_before": 6, "endurance_after": 2}
    assert rulebench_narrate(None, demon) == (  # type: ignore[arg-type]
        "damage 5 − Hero's avoidance 1 (armour does not count against a demon) = 4 gets through: endurance 6 → 2")
    stopped = {**demon, "amount": 1, "net": 0, "endurance_after": 6}
    assert rulebench_narrate(None, stopped) == (  # type: ignore[arg-type]
        "damage 1: Hero's avoidance 1 (armour does not count against a demon) stops it all, endurance stays 6")
    withdrawn = {"kind": "outcome", "round": 20, "outcome": "withdrawn"}
    assert rulebench_narrate(None, withdrawn) == "Round 20 is over and both sides still stand: they withdraw."  # type: ignore[arg-type]
    assert rulebench_narrate(None, {"kind": "taunt", "round": 1}) is None  # type: ignore[arg-type]  # another plugin's kind
    critical = {"kind": "critical", "round": 1, "who": "Hero", "sides": 8, "extra": 3}  # the optional rule's event
    assert rulebench_narrate(None, critical) == "Hero's d8 shows its maximum 8: a critical hit, rolled once more for +3"  # type: ignore[arg-type]


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
