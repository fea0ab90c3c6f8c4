"""dsa's narration (rulebench/rulesets/dsa/narration.py): one line per attack, each mechanic
explained once at its first appearance, nothing built when nobody records, and German in DSA's terms.
"""

from __future__ import annotations

import inspect
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from rich.console import Console

from rulebench.api.narrated_fight import FightRecord, fight
from rulebench.cli.narrate import narrate
from rulebench.core.assembly import configure
from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import load_encounter
from rulebench.core.i18n import set_language
from rulebench.core.loop import play
from rulebench.rulesets.dsa import narration


def german_dice(notation: str) -> str:
    """Dice notation as a German narration writes it: ``1d20`` is ``1W20``."""
    return re.sub(r"(\d*)d(\d+)", r"\1W\2", notation)


ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TOPICS = {"attack and parry", "initiative", "surprise", "free attack", "damage", "critical"}


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def kinds(record: FightRecord, kind: str) -> list[dict[str, Any]]:
    return [e for e in record.events if e["kind"] == kind]


def full_text(record: FightRecord, width: int = 200) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    narrate(record, console)
    return console.file.getvalue().splitlines()  # type: ignore[attr-defined, no-any-return]


# -- explanations -----------------------------------------------------------------------------------
def test_each_mechanic_is_explained_once_before_it_first_appears() -> None:
    record = fight(EXAMPLES / "dsa-troll-ambush.toml", "dsa", seed=1)
    log = record.events
    topics = [e["topic"] for e in log if e["kind"] == "explain"]
    assert len(topics) == len(set(topics)) and set(topics) >= TOPICS  # every one, each once
    at = {e["topic"]: i for i, e in enumerate(log) if e["kind"] == "explain"}

    def first(test: Any) -> int:
        return next(i for i, e in enumerate(log) if test(e))

    assert at["surprise"] < first(lambda e: e["kind"] == "initiative" and e.get("surprise"))
    assert at["initiative"] < first(lambda e: e["kind"] == "initiative")
    assert at["attack and parry"] < first(lambda e: e["kind"] == "attack" and not e["free"])
    assert at["free attack"] < first(lambda e: e["kind"] == "attack" and e["free"])
    assert at["damage"] < first(lambda e: e["kind"] == "roll" and e["label"] == "TP")
    assert at["critical"] < first(lambda e: e["kind"] == "roll" and e["label"] == "critical")


@pytest.mark.parametrize("example, seed", [("skeleton-guards.toml", 1), ("goblin-ambush.toml", 2), ("ogre-duel.toml", 1)])
def test_a_long_fight_explains_nothing_twice(example: str, seed: int) -> None:
    record = fight(EXAMPLES / example, "dsa", seed=seed)
    topics = [e["topic"] for e in kinds(record, "explain")]
    assert len(topics) == len(set(topics)) and set(topics) <= TOPICS | {"flight"}
    assert {"attack and parry", "initiative"} <= set(topics)


def test_a_fight_nobody_records_builds_no_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    """The renderer (which words the fates' conditions too) and every narration function fail if
    called: a silent fight still plays to its end."""

    def refuse(*_: object, **__: object) -> None:
        raise AssertionError("narration called in a fight nobody records")

    for name, function in inspect.getmembers(narration, inspect.isfunction):
        if function.__module__ == narration.__name__ and name != "N_":
            monkeypatch.setattr(narration, name, refuse)
    for example in ("dsa-troll-ambush.toml", "skeleton-guards.toml", "goblin-ambush.toml"):
        config = configure(load_encounter(EXAMPLES / example), "dsa")
        config.rules.narrate = refuse
        for seed in range(5):
            play(config.new_fight(RandomRoller(seed)))


def test_a_flight_is_explained_before_its_unparryable_attacks() -> None:
    record = fight(EXAMPLES / "dsa-troll-ambush.toml", "dsa", seed=0)  # the Priest flees in exchange 16
    log = record.events
    [explained] = [i for i, e in enumerate(log) if e["kind"] == "explain" and e["topic"] == "flight"]
    attacks = [i for i, e in enumerate(log) if e["kind"] == "flight" and "attacker" in e]
    assert attacks and explained < attacks[0]


# -- one line per attack ----------------------------------------------------------------------------
def test_an_attack_line_gives_its_die_the_parry_and_the_result() -> None:
    record = fight(EXAMPLES / "skeleton-guards.toml", "dsa", seed=1)
    log = record.events
    for i, event in enumerate(log):
        if event["kind"] != "attack" or event["roll"] is None:
            continue
        assert not event.get("told") and f"d20 {event['roll']}" in event["text"]
        after = log[i + 1] if i + 1 < len(log) else {}
        if event["success"] and after.get("kind") == "parry":  # the parry is told in the attack's line
            assert after["told"]
            assert after["roll"] is None or f"d20 {after['roll']} " in event["text"]
            assert event["text"].endswith(("hit.", "parried."))
    for hit in kinds(record, "hit"):
        assert hit["told"] or hit.get("harmless")


def test_only_the_critical_die_keeps_a_roll_line_and_the_json_keeps_every_die() -> None:
    script = "30 60 8 8 9 5 3 7 10 6 12 11 7 15 16 2 17 9 9 5 10 4 6 1 2 10 1 95"  # DS-4 (test_dsa.py)
    record = fight(ROOT / "tests" / "rulesets" / "data" / "dsa" / "ds-4.toml", "dsa", dice=script)
    rolls = kinds(record, "roll")
    assert sum(len(e["faces"]) for e in rolls) == len(script.split()) == record.dice_used
    assert {e["label"] for e in rolls if not e.get("told")} == {"critical"}
    assert all(e["text"] for e in record.events)


def test_narration_shows_caps_initiative_armour_and_le() -> None:
    script = "40 70 | 12 | 9 5 3 8 7 5 15 | 2 2 1 1 4 | 10 13 8 7 | 11 | 12 9 10 4 20"  # DS-2 (test_dsa.py)
    record = fight(ROOT / "tests" / "rulesets" / "data" / "dsa" / "ds-2.toml", "dsa", dice=script)
    texts = [e["text"] for e in record.events if e["kind"] != "roll"]
    assert "Initiative: Knight 50 (reaction 10), Orc 75 (reaction 5): Orc holds it." in texts
    assert "Knight misses Orc at cap 1 (the parry roll) with d20 4; the initiative passes to Orc." in texts
    assert "Orc fails to parry (PA): d20 8 > cap 3 = min(attack roll 3, PA 7)." in texts
    assert "TP 12 against RS 3: Orc loses 9 LE, 25 → 16." in texts
    assert "Orc falls unconscious (LE 5 < 10)." in texts


def test_a_subfight_unchanged_since_the_last_exchange_is_not_told_again() -> None:
    record = fight(EXAMPLES / "ogre-duel.toml", "dsa", seed=1)
    subfights = kinds(record, "subfight")
    assert [e["round"] for e in subfights if not e.get("told")] == [1]
    assert len(subfights) == record.result.rounds  # the JSON still has every exchange's layout
    kept = [e for e in kinds(record, "initiative") if e.get("kept")]
    assert kept and all(e["told"] for e in kept)


def test_a_new_subfight_after_a_fall_is_told() -> None:
    record = fight(EXAMPLES / "skeleton-guards.toml", "dsa", seed=1)
    told_rounds = {e["round"] for e in kinds(record, "subfight") if not e.get("told")}
    fallen_rounds = {e["round"] for e in kinds(record, "condition")}
    assert 1 in told_rounds and fallen_rounds
    # A fall regroups at the exchange's end: the next exchange tells its sub-fights.
    assert {r + 1 for r in fallen_rounds if r < record.result.rounds} <= told_rounds


def test_the_long_ogre_duel_reads_in_half_the_lines_and_brief_stays_one_line_per_exchange() -> None:
    """ogre-duel under dsa, seed 1: 144 printed lines before narration.py, one per attack now."""
    record = fight(EXAMPLES / "ogre-duel.toml", "dsa", seed=1)
    lines = full_text(record, width=80)
    assert len(lines) <= 80
    assert not [line for line in lines if "attack/parry 1d20" in line or "initiative 1d100" in line]
    console = Console(file=io.StringIO(), width=200, color_system=None, force_terminal=False)
    narrate(record, console, brief=True)
    brief = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert sum(line.startswith("Exchange ") for line in brief) == record.result.rounds


# -- German -----------------------------------------------------------------------------------------
def test_german_fights_in_dsa_terms(german: None) -> None:
    record = fight(EXAMPLES / "dsa-troll-ambush.toml", "dsa", seed=1)
    text = "\n".join(e["text"] for e in record.events)
    for term in ("Attacke", "Parade", "Angriffsinitiative", "Trefferpunkte", "Lebensenergie", "Rüstungsschutz",
                 "freie Attacke", "kritischen Treffer", "W20"):
        assert term in text, term
    for english in ("attacks", "parry", "initiative passes", " hits ", "loses"):
        assert english not in text, english
    # A roll's label is a key, the same in every language; its sentence names the die in German.
    rolls = kinds(record, "roll")
    assert {e["label"] for e in rolls} <= narration.LABELS
    german = ("Attacke/Parade", "freie Attacke", "Parade", "TP", "Wurf auf kritischen Treffer",
              "Schwere des kritischen Treffers", "Initiativewurf", "unparierbare Attacke")
    # The dice as DSA players write them: 1W20, 1W8+2 (the event keeps 1d20).
    assert all(any(f"{label} {german_dice(e['dice'])} → " in e["text"] for label in german) for e in rolls)
    assert {f.condition for f in record.result.fates} <= {"unverletzt", "LE verloren", "bewusstlos", "LE unter 0",
                                                           "durch kritischen Treffer getötet"}


def test_analysis_counts_conditions_under_their_english_names_whatever_the_language(german: None) -> None:
    config = configure(load_encounter(EXAMPLES / "skeleton-guards.toml"), "dsa")
    fates = [f for seed in range(20) for f in play(config.new_fight(RandomRoller(seed))).fates]
    assert {f.condition for f in fates} <= set(narration.CONDITIONS.values())
    assert {"unconscious", "unhurt"} <= {f.condition for f in fates}


def test_the_german_golden_narration_uses_the_key_terms() -> None:
    golden = (ROOT / "tests" / "golden" / "narration" / "de" / "dsa.txt").read_text(encoding="utf-8")
    for term in ("Attacke", "Parade", "Angriffsinitiative", "Trefferpunkte", "Lebensenergie", "Rüstungsschutz",
                 "Mann gegen Mann"):
        assert term in golden, term
    assert "initiative passes" not in golden and "fails to parry" not in golden


def test_the_german_catalog_translates_every_message() -> None:
    locale = Path(narration.__file__).with_name("locale")
    with open(locale / "de" / "LC_MESSAGES" / "rulebench-dsa.po", "rb") as file:
        catalog = read_po(file)
    with open(locale / "rulebench-dsa.pot", "rb") as file:
        template = read_po(file)
    assert {m.id for m in template if m.id} == {m.id for m in catalog if m.id}
    assert [m.id for m in catalog if m.id and (not m.string or m.fuzzy)] == []
