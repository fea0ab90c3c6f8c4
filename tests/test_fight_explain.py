"""``Fight.explain``: a mechanic is explained once per fight, and only in a recorded one."""

from __future__ import annotations

from pathlib import Path

from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller
from rulebench.core.encounter import load_encounter
from rulebench.core.fight import Fight

OGRE_DUEL = Path(__file__).resolve().parents[1] / "examples" / "ogre-duel.toml"


def _fight(record: bool) -> Fight:
    return configure(load_encounter(OGRE_DUEL), "classic").new_fight(ScriptedRoller([]), record=record)


def test_a_topic_is_explained_at_its_first_appearance_only() -> None:
    fight = _fight(record=True)
    fight.explain("critical", "a critical hit doubles the damage")
    fight.explain("critical", "said again")
    fight.explain("armour", "armour absorbs points")
    assert fight.log is not None
    assert [(e["kind"], e["topic"], e["text"]) for e in fight.log] == [
        ("explain", "critical", "a critical hit doubles the damage"),
        ("explain", "armour", "armour absorbs points"),
    ]


def test_a_silent_fight_explains_nothing() -> None:
    fight = _fight(record=False)
    fight.explain("critical", "a critical hit doubles the damage")
    assert fight.log is None


def test_an_explanation_carries_its_facts_for_the_narration_to_render() -> None:
    fight = _fight(record=True)
    hero = fight.combatants[0]
    fight.explain("late", "explained late", who=hero, lives=2)
    fight.explain("late", "explained again", who=hero, lives=3)
    assert fight.log is not None
    (event,) = fight.log
    assert (event["kind"], event["topic"], event["who"], event["lives"]) == ("explain", "late", hero.name, 2)


def test_a_topic_the_ruleset_does_not_know_is_passed_on_to_the_next_renderer() -> None:
    """classic renders only its own topics: another plugin's falls through to the kernel's renderer
    (its kind) instead of failing the fight."""
    fight = _fight(record=True)
    fight.explain("a plugin's own topic")
    assert fight.log is not None and fight.log[0]["text"] == "explain"
