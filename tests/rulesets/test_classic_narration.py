"""classic's narration (docs/rules/classic.md): each sentence rendered from its event alone, each
mechanic explained once, at its first appearance, and a German fight told in the German rules' own
terms through classic's catalog.

test_classic_rules.py checks the facts the events report; here the English sentences rendered from
them are pinned, the same fights are told in German, and a silent fight is checked to keep the
English condition names the analysis tallies.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rulebench.api import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.i18n import set_language
from rulebench.core.loop import play
from rulebench.core.outcome import FightResult
from rulebench.rulesets.classic.info import rulebench_ruleset
from rulebench.rulesets.classic.narration import rulebench_narrate

A = {"name": "A", "melee": 3, "armour": 2}
B = {"name": "B", "melee": 2, "armour": 1}
C = {"name": "C", "melee": 1, "armour": 0}
WOLVES = [{"name": "Wolf", "count": 3}]  # 3W6, RW 0
GHOST = [{"name": "Ghost", "melee": 4, "traits": ["ghost"]}]


def encounter(party: list[dict[str, Any]], enemies: list[dict[str, Any]], **extra: Any) -> Encounter:
    return encounter_from_dict({"name": "test", "mode": "melee", "party": party, "enemy": {"members": enemies}, **extra})


def fought(enc: Encounter, dice: str, record: bool = True) -> tuple[FightResult, Fight]:
    """Play the whole fight on ``dice``, which it must use up exactly."""
    fight = configure(enc, "classic").new_fight(ScriptedRoller(parse_dice_script(dice)), record=record)
    result = play(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return result, fight


def explained(fight: Fight) -> list[str]:
    """The topics explained, in order."""
    return [e["topic"] for e in fight.log or () if e["kind"] == "explain"]


def texts(fight: Fight) -> list[str]:
    return [e["text"] for e in fight.log or ()]


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


# Fights that show each mechanic, on scripted dice (as in test_classic_rules.py).
WALK = (encounter([A, B], WOLVES), "1 1 | 6 6 6")  # 7 vs 18: 11 walks the line twice, A and B dead
DRAWN = (encounter([A, B], WOLVES), "1 1 | 2 2 3  1 1 | 2 2 3  1 1 | 2 2 3")  # three drawn rounds: exhausted
POTION = (encounter([A, B], WOLVES, tactics={"round": [{"potion": {"A": True}}]}), "1 1 | 6 6 6")
CURSED = (encounter([A, {**B, "traits": ["magic_weapon"]}, C], GHOST), "1 | 6")  # 3 vs 10: 7 = A 3, B 2, C 1, 1 on A
ENEMY_RW = (encounter([A, B], [{"name": "Skeleton", "count": 2, "armour": 2}]), "1 1 | 2 3  1 1 | 1 1")  # drawn, then won


ZOMBIES = [{"name": "Zombie", "count": 3, "traits": ["undead"]}]
FORCED_FLIGHT = (encounter([A, B], ZOMBIES), "1 1 | 2 2 3  1 1 | 2 2 3  1 1 | 2 2 3 | 3")
SILVER = (encounter([{**A, "traits": ["silver_weapon"]}, B], [{"name": "Skeleton", "count": 2, "traits": ["undead"]}]),
          "3 4 | 6 6")  # 12 + 1 silver vs 12: the party wins


@pytest.mark.parametrize("fight_of", [WALK, DRAWN, POTION, CURSED, ENEMY_RW, FORCED_FLIGHT, SILVER])
def test_each_sentence_is_rendered_from_its_event_alone(fight_of: tuple[Encounter, str]) -> None:
    # The renderer reads the event's facts and nothing of the fight, whose state has moved on.
    _, fight = fought(*fight_of)
    for event in fight.log or ():
        facts = {key: value for key, value in event.items() if key != "text"}
        assert rulebench_narrate(None, facts) == event["text"]  # type: ignore[arg-type]


def test_the_english_sentences_of_a_walk_down_the_line() -> None:
    told = texts(fought(*WALK)[1])
    assert "A fights melee: KS 1d6+3, rolled 1 = 4" in told
    assert "party 7 vs enemy 18 (KS 3d6): the enemy wins the round by 11" in told
    assert "damage 11 to the party, down the line A, B" in told
    assert "A's RW 2 absorbs 2, the next point is a wound; 8 left" in told
    assert "past the last fighter with 6 left: back to the front, RW protects again" in told
    assert "every fighter is dead; the last 1 points are lost" in told


def test_the_english_verdicts_follow_the_armour() -> None:
    told = texts(fought(*ENEMY_RW)[1])  # 7 vs 5 against RW 2: drawn; then 7 vs 2: won
    assert "party 7 vs enemy 5 (KS 2d6): the party's total is higher by 2" in told
    assert "damage 2: the enemy's RW 2 absorbs it all, the round is drawn" in told
    assert "party 7 vs enemy 2 (KS 2d6): the party wins the round by 5" in told
    told = texts(fought(encounter([A, B], WOLVES), "1 1 | 2 3 4  1 1 | 1 1 1")[1])  # 7 vs 9: 2 ≤ A's RW 2
    assert "party 7 vs enemy 9 (KS 3d6): the enemy's total is higher by 2" in told
    assert "A's RW 2 absorbs the last 2: nobody is wounded, the round is drawn" in told


def test_the_english_silver_line_and_flights() -> None:
    told = texts(fought(*SILVER)[1])
    assert "A +1 silver vs undead: party 12 + 1 = 13" in told
    assert "A fights melee: KS 1d6+3 +1 silver vs undead, rolled 3 = 7" in told
    [flight] = [e["text"] for e in fought(*FORCED_FLIGHT)[1].log or () if e["kind"] == "flight"]
    assert flight == "the tireless enemy forces the party to flee: d3 3: the first 3 take a wound, and there are only 2: A, B"
    enc = encounter([A, B], WOLVES, tactics={"round": [{"retreat": True}]})
    for dice, told_flight in (("1 1 | 2 2 3 | 1", "the party flees (Flucht): d3 1 − 1 = 0: nobody takes a wound"),
                              ("1 1 | 2 2 3 | 3", "the party flees (Flucht): d3 3 − 1 = 2: the first 2 take a wound: A, B")):
        assert [e["text"] for e in fought(enc, dice)[1].log or () if e["kind"] == "flight"] == [told_flight]


@pytest.mark.parametrize(("fight_of", "topics"), [
    (WALK, ["damage line"]),
    (DRAWN, ["drawn rounds"]),
    (POTION, ["damage line", "potion"]),
    (CURSED, ["damage line", "cursed damage"]),
    (ENEMY_RW, ["enemy rw", "drawn rounds"]),
])
def test_each_mechanic_is_explained_once_at_its_first_appearance(fight_of: tuple[Encounter, str], topics: list[str]) -> None:
    _, fight = fought(*fight_of)
    assert explained(fight) == topics  # once each, though the walk, the drawn round and the RW recur
    # Right before the event it explains (the drawn round: as the round ends, see below).
    first = {"damage line": "damage", "potion": "potion", "cursed damage": "cursed", "enemy rw": "absorbed"}
    kinds = [e["kind"] for e in fight.log or ()]
    for topic in set(topics) & set(first):
        at = next(i for i, e in enumerate(fight.log or ()) if e.get("topic") == topic)
        assert kinds[at + 1] == first[topic], topic


def test_the_drawn_rounds_rule_is_explained_after_the_first_drawn_round() -> None:
    _, fight = fought(*DRAWN)
    log = fight.log or []
    at = next(i for i, e in enumerate(log) if e["kind"] == "explain")
    assert log[at]["round"] == 1 and "three" in log[at]["text"] and "exhausted" in log[at]["text"]
    assert [e["round"] for e in log if e["kind"] == "outcome"] == [3]


def test_a_silent_fight_explains_nothing() -> None:
    _, fight = fought(*WALK, record=False)
    assert fight.log is None


@pytest.mark.parametrize("fight_of", [WALK, DRAWN, POTION, CURSED, ENEMY_RW])
def test_every_german_sentence_differs_from_the_english_one(fight_of: tuple[Encounter, str]) -> None:
    set_language("en")
    try:
        _, english = fought(*fight_of)
        set_language("de")
        _, german = fought(*fight_of)
    finally:
        set_language(None)
    same = [en for en, de in zip(texts(english), texts(german), strict=True) if en == de]
    assert same == []


def test_a_german_fight_speaks_the_german_rules_terms(german: None) -> None:
    told = "\n".join(texts(fought(*WALK)[1]) + texts(fought(*DRAWN)[1]) + texts(fought(*POTION)[1])
                     + texts(fought(*CURSED)[1]) + texts(fought(*ENEMY_RW)[1]))
    for term in ("Gruppen-KS", "KS der Gegner", "Rüstungswert (RW)", "Verletzung", "unentschieden", "erschöpft",
                 "Lebenstrank", "verfluchten Schaden", "der Reihe nach", "Nahkampf", "Die Gruppe gewinnt",
                 "Die Gegner gewinnen"):
        assert term in told, term


def test_a_recorded_german_fight_names_conditions_in_german_a_silent_one_in_english(german: None) -> None:
    result, _ = fought(*CURSED)
    assert [f.condition for f in result.fates] == ["verletzt, verflucht"] * 3 + ["unverletzt"]
    result, _ = fought(*CURSED, record=False)
    assert [f.condition for f in result.fates] == ["wounded, cursed"] * 3 + ["unhurt"]


def test_german_flight_says_how_many_the_die_calls_for_and_who_is_wounded(german: None) -> None:
    _, fight = fought(*FORCED_FLIGHT)
    [flight] = [e["text"] for e in fight.log or () if e["kind"] == "flight"]
    assert flight == ("Die Gegner werden nie erschöpft und zwingen die Gruppe zur Flucht: W3 zeigt 3: "
                      "Die ersten 3 erhalten eine Verletzung, es sind aber nur noch 2 übrig: A, B")
    enc = encounter([A, B], WOLVES, tactics={"round": [{"retreat": True}]})
    _, fight = fought(enc, "1 1 | 2 2 3 | 2")
    assert [e["text"] for e in fight.log or () if e["kind"] == "flight"] == [
        "Die Gruppe flieht: W3 zeigt 2, minus 1 ergibt 1: Der Erste erhält eine Verletzung: A"]


def test_a_bad_script_is_refused_in_german(german: None) -> None:
    enc = encounter([A, B], WOLVES, tactics={"round": [{"fight": {"A": "none", "B": "none"}}]})
    with pytest.raises(BadInput, match="In Runde 1 kämpft niemand"):
        fought(enc, "")


def test_the_descriptor_speaks_german(german: None) -> None:
    info = rulebench_ruleset()
    assert info.title == "Classic: der Gruppenkampf über drei Kampfrunden" and "Rüstungswerte (RW)" in info.summary
