"""ambermarch's narration: each mechanic explained once, where it first appears; the fight told in
German in the rules' own terms (Haltung, Schwung, Standhaftigkeit, Wundenleiter, Probe); English
unchanged; and a silent fight untouched by any of it (docs/rules/ambermarch.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from test_ambermarch_rules import FireBolt, encounter, events, fought, two_heroes_fall

import rulebench.rulesets.ambermarch as ambermarch
import rulebench.rulesets.ambermarch.narration as narration
from rulebench import Fight, set_language
from rulebench.core.assembly import configure
from rulebench.core.dice import RandomRoller, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.loop import fates, play
from rulebench.core.outcome import EndState, Fate, Outcome

ROOT = Path(__file__).resolve().parents[2]
AM1 = ROOT / "examples" / "am-1.toml"
AM1_DICE = "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"
LOCALE = ROOT / "rulebench" / "rulesets" / "ambermarch" / "locale"


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


@pytest.fixture
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language(None)


def thick(name: str) -> dict[str, dict[str, int]]:
    """Armour 20 for enemy ``name``: every won round costs it exactly one steadfastness."""
    return {name: {"armour": 20}}


def am1(record: bool = True) -> Fight:
    """The worked example of docs/rules/ambermarch.md, replayed with its dice."""
    config = configure(load_encounter(AM1), "ambermarch")
    fight = config.new_fight(ScriptedRoller(parse_dice_script(AM1_DICE)), record=record)
    play(fight)
    return fight


def explained(fight: Fight) -> dict[str, int]:
    """Each explained topic and where its explanation stands in the log."""
    assert fight.log is not None
    found = [(e["topic"], i) for i, e in enumerate(fight.log) if e["kind"] == "explain"]
    topics = [topic for topic, _ in found]
    assert len(topics) == len(set(topics)), f"a topic explained twice: {topics}"
    return dict(found)


def first(fight: Fight, kind: str) -> int:
    """Where the first event of ``kind`` stands in the log."""
    assert fight.log is not None
    return next(i for i, e in enumerate(fight.log) if e["kind"] == kind)


def next_after(fight: Fight, index: int) -> dict[str, Any]:
    """The first event after ``index`` that is not itself an explanation."""
    assert fight.log is not None
    return next(e for e in fight.log[index + 1:] if e["kind"] != "explain")


# -- explanations at first appearance -------------------------------------------------------------


def test_each_mechanic_of_the_worked_example_is_explained_once_right_before_it_first_appears(english: None) -> None:
    fight = am1()
    where = explained(fight)
    assert set(where) == {"stances", "exchange", "group armour", "steadfastness", "momentum", "damage",
                          "wound ladder"}
    assert next_after(fight, where["stances"])["kind"] == "stance"
    assert where["stances"] < first(fight, "stance")
    assert next_after(fight, where["exchange"])["kind"] == "totals"
    assert where["exchange"] < first(fight, "totals")
    # Round 1 is won: the group's armour, its steadfastness and the party's momentum come together.
    won = first(fight, "damage")
    for topic in ("group armour", "steadfastness", "momentum"):
        assert next_after(fight, where[topic]) is fight.log[won]  # type: ignore[index]
        assert fight.log[where[topic]]["round"] == 1  # type: ignore[index]
    # Round 2 is lost: the damage flow before the damage, the ladder before the Warrior's wound.
    lost = next(i for i, e in enumerate(fight.log or []) if e["kind"] == "damage" and "amount" in e)
    assert next_after(fight, where["damage"]) is fight.log[lost]  # type: ignore[index]
    assert next_after(fight, where["wound ladder"])["kind"] == "wound"
    assert where["wound ladder"] < first(fight, "wound")


def test_the_explanations_say_what_the_rules_say(english: None) -> None:
    texts = {e["topic"]: e["text"] for e in events(am1(), "explain")}
    assert "Haltung" in texts["stances"] and "cover adds nothing but gives +2 armour" in texts["stances"]
    assert "its members' armour, 2" in texts["group armour"]
    assert "not its life" in texts["steadfastness"] and "(it started at 3)" in texts["steadfastness"]
    assert "Schwung" in texts["momentum"] and "at most 3" in texts["momentum"]
    assert "half the enemy's lead, rounded up" in texts["damage"]
    assert "Wundenleiter" in texts["wound ladder"] and "exactly one step" in texts["wound ladder"]


def test_a_mixed_group_says_its_armour_is_its_weakest_members() -> None:
    # A Manticore with armour 3 among goblins without armour: the group has armour 0, and says why.
    enemy = [{"name": "Manticore", "melee": 4, "armour": 3, "life": 6}, {"name": "Goblin", "count": 2, "life": 2}]
    data = encounter([{"name": "W", "melee": 6}], enemy, tactics=[{"retreat": True}])
    fight = fought(data, "6 | 1 1 1")
    text = next(e["text"] for e in events(fight, "explain") if e["topic"] == "group armour")
    assert text == ("The enemy fights as one group, and a group's armour is its weakest member's: 0 (Manticore 3, "
                    "Goblin 0); it swallows that much of every lead the party wins.")


def test_a_lone_enemy_says_its_own_armour() -> None:
    fight = fought(encounter([{"name": "W", "melee": 6}], [{"name": "Troll", "armour": 1, "life": 6}],
                             tactics=[{"retreat": True}]), "6 | 1")
    texts = {e["topic"]: e["text"] for e in events(fight, "explain")}
    assert texts["group armour"] == "The enemy's armour 1 swallows that much of every lead the party wins."


def test_a_techniques_test_is_explained_before_its_first_result() -> None:
    party = [{"name": "W", "melee": 1}, {"name": "Mage", "mind": 1, "skills": ["fire_bolt"]}]
    tactics = [{"stance": {"W": "attack", "Mage": "technique"}, "retreat": False}]
    # A rat in armour 20 loses one steadfastness a round whatever the lead: four rounds, four tests.
    data = encounter(party, [{"name": "Rat", "life": 6}], tactics=tactics, overrides={"ambermarch": thick("Rat")})
    fight = fought(data, "3 2 | 1 | 1 | 4 3 | 1 | 1 | 1 1 | 1 | 1 | 6 6 | 1 | 1", plugins=("fire-bolt",),
                   catalog=discover(extra=[("fire-bolt", FireBolt())]))
    where = explained(fight)
    technique = next(i for i, e in enumerate(fight.log or []) if e.get("tier"))
    assert next_after(fight, where["probe"]) is (fight.log or [])[technique]
    probe = (fight.log or [])[where["probe"]]["text"]
    assert "test (Probe): 2d6 + mind against 7" in probe and "8 or more a success" in probe
    assert "5 to 7 a partial success (half of it)" in probe
    assert len([e for e in events(fight, "total") if e.get("tier")]) == 4  # four tests, one explanation


def test_a_withdrawal_says_why_right_before_the_fight_ends() -> None:
    data = encounter([{"name": "W", "melee": 8}], [{"name": "Troll", "life": 6}], tactics=[{"retreat": False}],
                     overrides={"ambermarch": thick("Troll")})
    fight = fought(data, "1 | 1 " * 4)  # 9 against 1 each round, all of it swallowed: one point a round
    assert fight.outcome is Outcome.WITHDRAWN
    where = explained(fight)
    assert next_after(fight, where["withdrawn"])["kind"] == "outcome"
    assert (fight.log or [])[where["withdrawn"]]["text"] == (
        "After at most 4 rounds both sides let go of each other, exhausted: the fight ends without a winner "
        "(withdrawn).")


def test_a_withdrawal_from_tireless_foes_names_the_safety_cap() -> None:
    fight = fought(encounter([{"name": "Hero"}], [{"name": "Zombie", "traits": ["undead"]}]), "1 1 " * 50)
    text = next(e["text"] for e in events(fight, "explain") if e["topic"] == "withdrawn")
    assert "no round limit" in text and "after round 50" in text


def test_other_endings_and_silent_fights_explain_nothing_of_a_withdrawal() -> None:
    assert "withdrawn" not in explained(am1())
    silent = am1(record=False)
    assert silent.log is None and silent.outcome is Outcome.PARTY_WINS


# -- German ---------------------------------------------------------------------------------------


def test_the_german_fight_speaks_the_rules_terms(german: None) -> None:
    fight = am1()
    told = "\n".join(e["text"] for e in fight.log or [])
    for term in ("Haltung", "Angriff (Nahkampf)", "Deckung", "Schwung", "Standhaftigkeit", "Wundenleiter",
                 "Würfelpool", "Vorsprung", "Rückstand", "Gesellschaft", "angeschlagen", "verdorben",
                 "Der Kampf endet nach Runde 3"):
        assert term in told, term


def test_every_german_event_differs_from_its_english_text(german: None) -> None:
    german_log = am1().log or []
    set_language("en")
    english_log = am1().log or []
    assert [e["kind"] for e in german_log] == [e["kind"] for e in english_log]
    same = [e["text"] for e, g in zip(english_log, german_log) if e["text"] == g["text"]]
    assert same == []


def test_a_german_technique_is_a_probe(german: None) -> None:
    party = [{"name": "W", "melee": 1}, {"name": "Mage", "mind": 1, "skills": ["fire_bolt"]}]
    data = encounter(party, [{"name": "Rat", "life": 6}],
                     tactics=[{"stance": {"W": "attack", "Mage": "technique"}, "retreat": True}])
    fight = fought(data, "3 2 | 1 | 6", plugins=("fire-bolt",), catalog=discover(extra=[("fire-bolt", FireBolt())]))
    technique = next(e for e in events(fight, "total") if e.get("tier"))
    assert technique["text"] == "Kunstgriff von Mage (+4 fire bolt): Probe 3+2 + Verstand 1 gegen 7: Teilerfolg, bringt 2"
    assert technique["tier"] == "partial"  # the data stays English: it is an interface
    rolls = events(fight, "roll")[:2]
    assert [e["label"] for e in rolls] == ["technique test"] * 2  # the label is data too; its sentence is German
    assert [e["text"] for e in rolls] == ["Mage: Probe für den Kunstgriff 1W6 → 3", "Mage: Probe für den Kunstgriff 1W6 → 2"]
    assert "Probe" in next(e["text"] for e in events(fight, "explain") if e["topic"] == "probe")


def test_german_conditions_in_a_recorded_fight_and_english_ones_in_a_silent_fight(german: None) -> None:
    told = fates(am1())
    assert told[0] == Fate(EndState.HURT, "angeschlagen") and told[-1] == Fate(EndState.OUT, "gebrochen")
    silent = am1(record=False)
    assert fates(silent)[0] == Fate(EndState.HURT, "battered")  # analysis counts the English names


def test_a_silent_fight_rolls_the_same_dice_in_either_language(german: None) -> None:
    config = configure(load_encounter(ROOT / "examples" / "skeleton-guards.toml"), "ambermarch")
    results = []
    for language in ("de", "en"):
        set_language(language)
        fight = config.new_fight(RandomRoller(7))
        results.append((play(fight), fight.round))
    assert results[0] == results[1]


def test_descriptor_errors_and_test_results_in_german(german: None) -> None:
    info = ambermarch.rulebench_ruleset()
    assert info.title == "Ambermarch: Haltung, Schwung, Standhaftigkeit"
    assert "Wundenleiter" in info.summary
    assert [narration.tier_name(t) for t in ("triumph", "success", "partial", "failure", "doom")] == [
        "Triumph", "Erfolg", "Teilerfolg", "Fehlschlag", "Verhängnis"]


def test_the_german_catalog_is_complete_and_compiled() -> None:
    po_path = LOCALE / "de" / "LC_MESSAGES" / "rulebench-ambermarch.po"
    with po_path.open("rb") as handle:
        catalog = read_po(handle)
    with (LOCALE / "rulebench-ambermarch.pot").open("rb") as handle:
        template = read_po(handle)
    with po_path.with_suffix(".mo").open("rb") as handle:
        compiled = read_mo(handle)
    wanted = {(m.context, m.id) for m in template if m.id}
    assert wanted and wanted <= {(m.context, m.id) for m in catalog if m.id and m.string and not m.fuzzy}
    # A plural message's forms come as a list from the .po and a tuple from the .mo: compared as tuples.
    assert {(m.context, forms(m.id)): forms(m.string) for m in compiled if m.id} == {
        (m.context, forms(m.id)): forms(m.string) for m in catalog if m.id and m.string}


def forms(string: object) -> object:
    """A message's translation, its plural forms (a list or tuple) as one tuple."""
    return tuple(string) if isinstance(string, (list, tuple)) else string


# -- English unchanged ----------------------------------------------------------------------------


def test_english_event_texts_are_the_recorded_ones_the_explanations_aside(english: None) -> None:
    # The README's recorded fight JSON of the worked example, written before the narration moved.
    recorded = json.loads((ROOT / "tests" / "golden" / "readme" / "fight-am1.json").read_text(encoding="utf-8"))
    before = [e["text"] for row in recorded["rounds"] for e in row["events"] if e["kind"] != "explain"]
    now = [e["text"] for e in am1().log or [] if e["kind"] != "explain"]
    assert now == before


# -- the renderer reads the event and nothing else --------------------------------------------------


def ogre_toll_bridge(seed: int) -> Fight:
    """The ambermarch showcase: alertness, a non-fighter holding back, raiders, retreats."""
    config = configure(load_encounter(ROOT / "examples" / "ambermarch-ogre.toml"), "ambermarch")
    fight = config.new_fight(RandomRoller(seed), record=True)
    play(fight)
    return fight


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_sentence_is_rendered_from_its_event_alone(language: str) -> None:
    # The renderer gets no fight at all here: each event's facts must carry its whole sentence.
    set_language(language)
    try:
        fights = [am1(), two_heroes_fall(raiders=True), *(ogre_toll_bridge(seed) for seed in range(6))]
        logged = [e for fight in fights for e in fight.log or []]
        assert {e["kind"] for e in logged} >= {"note", "decision", "stance", "total", "damage", "wound", "plunder"}
        for event in logged:
            assert ambermarch.rulebench_narrate(None, {**event, "text": None}) == event["text"], event  # type: ignore[arg-type]
    finally:
        set_language(None)
