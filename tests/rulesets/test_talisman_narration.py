"""talisman's narration (rulebench/rulesets/talisman/narration.py): each mechanic explained once, at
its first appearance; the German fight in the rulebook's terms; the English texts and every result's
keys unchanged by the language.

Scripts give the member's d6, then the opponent's, duel by duel (docs/rules/talisman.md).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from babel.messages.pofile import read_po

from rulebench import Combatant, Fight, Modifier, Outcome, PluginInfo, Side, hookimpl
from rulebench.api import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.i18n import set_language
from rulebench.core.loop import play
from rulebench.core.outcome import FightResult
from rulebench.rulesets.talisman import narration

HERO = {"name": "Hero", "melee": 4, "life": 2}
OGRE = {"name": "Ogre", "melee": 4}
MANTICORE = {"name": "Manticore", "melee": 4, "life": 6}


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def encounter(party: list[dict[str, Any]], enemies: list[dict[str, Any]], **extra: Any) -> Encounter:
    enemy = {"members": enemies, **extra.pop("enemy", {})}
    return encounter_from_dict({"name": "test", "party": party, "enemy": enemy, **extra})


def fought(encounter: Encounter, dice: str, record: bool = True, **configured: Any) -> tuple[FightResult, Fight]:
    """Play the fight on ``dice``, which it must use up exactly."""
    fight = configure(encounter, "talisman", **configured).new_fight(ScriptedRoller(parse_dice_script(dice)), record=record)
    result = play(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return result, fight


def events(fight: Fight) -> list[dict[str, Any]]:
    assert fight.log is not None
    return fight.log


def explained(fight: Fight) -> list[str]:
    """The topics explained, in order."""
    return [e["topic"] for e in events(fight) if e["kind"] == "explain"]


def explanation(fight: Fight, topic: str) -> str:
    return next(str(e["text"]) for e in events(fight) if e["kind"] == "explain" and e["topic"] == topic)


def before(fight: Fight, topic: str) -> dict[str, Any]:
    """The first event after the explanation of ``topic`` that is not itself an explanation."""
    log = events(fight)
    at = next(i for i, e in enumerate(log) if e["kind"] == "explain" and e["topic"] == topic)
    return next(e for e in log[at + 1:] if e["kind"] != "explain")


def one_sentence(text: str) -> bool:
    """A single sentence: one full stop, at the end (colons and semicolons join its clauses)."""
    return text.endswith(".") and not re.search(r"[.!?]\s", text)


# -- each mechanic explained once, at its first appearance ---------------------------------------
def test_a_duel_is_explained_once_before_the_first_dice() -> None:
    _, fight = fought(encounter([HERO], [OGRE]), "2 | 5  6 | 1")
    assert explained(fight).count("duel") == 1
    assert events(fight)[0]["topic"] == "duel" and before(fight, "duel")["kind"] == "roll"
    text = explanation(fight, "duel")
    assert one_sentence(text)
    assert all(word in text for word in ("1d6", "strength", "Kampfkraft", "one life", "Unentschieden"))


def test_lives_not_wounds_are_explained_once_at_the_first_life_given_up() -> None:
    _, fight = fought(encounter([HERO, {"name": "Squire", "melee": 4, "life": 3}], [OGRE]), "1 | 6  1 | 6  6 | 1")
    assert explained(fight).count("lives") == 1
    assert before(fight, "lives")["kind"] == "wound"
    assert one_sentence(explanation(fight, "lives")) and "not wounds" in explanation(fight, "lives")


def test_a_monster_whose_life_is_6_says_why_one_lost_duel_defeats_it() -> None:
    # The Manticore's encounter life is 6; talisman gives a monster card one life unless overridden.
    result, fight = fought(encounter([HERO], [MANTICORE, MANTICORE | {"name": "Chimera"}]), "6 | 1  6 | 1")
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 2
    assert explained(fight).count("monster lives") == 1
    event = before(fight, "monster lives")
    assert (event["kind"], event["who"], event["condition"]) == ("condition", "Manticore", "defeated")
    text = explanation(fight, "monster lives")
    assert one_sentence(text)
    assert text.startswith("Manticore has only 1 life here, not 6:") and "first lost duel defeats it" in text


def test_a_monster_given_more_lives_by_the_encounter_is_explained_by_its_override() -> None:
    overrides = {"talisman": {"Manticore": {"lives": 2}}}
    _, fight = fought(encounter([HERO], [MANTICORE], overrides=overrides), "6 | 1  6 | 1")
    assert explanation(fight, "monster lives").startswith("Manticore has 2 lives here, not 6:")


def test_a_monster_with_the_life_it_has_in_the_encounter_needs_no_explanation() -> None:
    _, fight = fought(encounter([HERO], [OGRE | {"life": 1}]), "6 | 1")
    assert "monster lives" not in explained(fight)


def test_ghosts_and_demons_are_explained_at_the_first_win_that_cannot_harm_them() -> None:
    spirits = encounter([HERO], [{"name": "Spirit", "melee": 1, "traits": ["ghost"]}, {"name": "Imp", "melee": 1, "traits": ["demon"]}],
                        overrides={"talisman": {"Spirit": {"round_cap": 2}}})
    _, fight = fought(spirits, "6 | 1  6 | 2")
    assert explained(fight).count("ghosts and demons") == 1
    assert before(fight, "ghosts and demons")["kind"] == "duel"
    assert one_sentence(explanation(fight, "ghosts and demons"))


def test_a_magic_weapon_beating_a_ghost_is_explained_too() -> None:
    _, fight = fought(encounter([HERO | {"traits": ["magic_weapon"]}], [{"name": "Spirit", "melee": 1, "life": 1, "traits": ["ghost"]}]), "6 | 1")
    assert explained(fight) == ["duel", "ghosts and demons", "lives"]
    assert before(fight, "ghosts and demons")["result"] == "member"


def test_a_duel_decided_before_the_dice_is_explained_once() -> None:
    # Strength 8 against 2 and 1: 9–14 never loses to 3–8, so no die is rolled in either duel.
    giant = encounter([{"name": "Giant", "melee": 8, "life": 2}], [OGRE | {"melee": 2}, {"name": "Rat", "melee": 1}])
    _, fight = fought(giant, "")
    assert explained(fight).count("certain duel") == 1
    assert before(fight, "certain duel")["kind"] == "duel"


def test_a_weapon_bonus_and_a_grouped_enemy_are_explained_before_their_first_duel() -> None:
    silver = {**HERO, "traits": ["silver_weapon", "magic_weapon"]}
    pack = encounter([silver], [{"name": "Ghoul", "melee": 1, "traits": ["undead"]}, {"name": "Wight", "melee": 1, "traits": ["undead"]}],
                     enemy={"grouped": True})
    _, fight = fought(pack, "6 | 1")
    assert explained(fight) == ["duel", "grouped", "weapon bonus", "lives", "monster lives"]
    assert one_sentence(explanation(fight, "grouped")) and one_sentence(explanation(fight, "weapon bonus"))
    assert before(fight, "weapon bonus")["kind"] == "roll"


def test_a_non_fighter_who_duels_at_last_is_explained() -> None:
    party = [{"name": "Guard", "melee": 3, "life": 1}, {"name": "Scribe", "melee": 2, "fighter": False}]
    _, fight = fought(encounter(party, [OGRE]), "1 | 6  6 | 1")
    assert explanation(fight, "non-fighter").startswith("Scribe duels only now:")
    assert explained(fight).count("non-fighter") == 1


def test_evading_protection_and_raiders_are_explained_once() -> None:
    class Amulet:
        @hookimpl
        def rulebench_plugin(self) -> PluginInfo:
            return PluginInfo("amulet", "modifier", "Amulet", "protects the Squire", default=False)

        @hookimpl
        def rulebench_modifiers(
            self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
        ) -> Iterable[Modifier] | None:
            return (Modifier(1, "amulet"),) if purpose == "protection" and combatant.name == "Squire" else None

    party = [HERO | {"life": 1}, {"name": "Squire", "melee": 4, "life": 1}]
    raid = encounter(party, [OGRE], enemy={"raiders": True}, tactics={"round": [{"evade": []}, {"evade": ["Squire"]}]})
    result, fight = fought(raid, "1 | 6  1 | 6", catalog=discover(extra=[("amulet", Amulet())]), plugins=["amulet"])
    assert result.outcome is Outcome.PARTY_FLED
    for topic, kind in (("protection", "absorbed"), ("evade", "decision"), ("raiders", "plunder")):
        assert explained(fight).count(topic) == 1
        assert before(fight, topic)["kind"] == kind
        assert one_sentence(explanation(fight, topic))


def test_a_silent_fight_builds_no_text_and_keeps_the_english_conditions(german: None) -> None:
    result, fight = fought(encounter([HERO], [MANTICORE]), "1 | 6  6 | 1", record=False)
    assert fight.log is None
    assert [f.condition for f in result.fates] == ["lives lost", "defeated"]


# -- the sentences, rendered from the events' facts ---------------------------------------------
def test_each_duel_is_narrated_with_both_dice_both_powers_the_winner_and_the_cost() -> None:
    _, fight = fought(encounter([HERO], [OGRE]), "2 | 5  6 | 1")
    texts = [e["text"] for e in events(fight) if e["kind"] in ("duel", "wound", "condition", "outcome")]
    assert texts == [
        "Hero 1d6 2 + strength 4 = 6 against Ogre 1d6 5 + strength 4 = 9: Ogre wins.",
        "Hero gives up a life: 1 of 2 left.",
        "Hero 1d6 6 + strength 4 = 10 against Ogre 1d6 1 + strength 4 = 5: Hero wins.",
        "Ogre loses its life and is defeated (besiegt).",
        "Every enemy is defeated: the party wins.",
    ]
    first = next(e for e in events(fight) if e["kind"] == "duel")
    assert (first["member_die"], first["opponent_die"], first["winner"]) == (2, 5, "Ogre")


def duel_texts(fight: Fight) -> list[str]:
    return [str(e["text"]) for e in events(fight) if e["kind"] == "duel"]


def test_a_duel_decided_before_the_dice_tells_both_ranges_and_why() -> None:
    _, fight = fought(encounter([{"name": "Hero", "melee": 8}], [{"name": "Rat", "melee": 1}]), "")
    assert duel_texts(fight) == [
        "Hero strength 8 (9–14 with 1d6) against Rat strength 1 (2–7 with 1d6): "
        "no dice are rolled, no roll can change the result: Hero always wins."
    ]
    hunter = {"name": "Hunter", "melee": 5, "traits": ["silver_weapon"]}
    _, fight = fought(encounter([hunter], [{"name": "Skeleton", "traits": ["undead"]}]), "")
    assert "Hunter strength 5 +1 silver vs undead (7–12 with 1d6)" in duel_texts(fight)[0]


@pytest.mark.parametrize(
    ("member", "opponent", "told"),
    [
        ({"name": "Warrior", "melee": 8}, {"name": "Wraith", "melee": 3, "traits": ["ghost"]},
         "Wraith never wins, and Warrior cannot harm Wraith (ghost) without a magic weapon: a standoff, nobody is hurt."),
        ({**HERO, "traits": ["ghost"]}, {"name": "Demon", "melee": 4, "traits": ["demon"]},
         "neither can harm the other without a magic weapon (Hero: ghost, Demon: demon): a standoff, nobody is hurt."),
        ({"name": "Shade", "melee": 0, "traits": ["ghost"]}, {"name": "Troll", "melee": 5},
         "Shade never wins, and Troll cannot harm Shade (ghost) without a magic weapon: a standoff, nobody is hurt."),
    ],
)
def test_a_certain_standoff_says_who_cannot_harm_whom(member: dict[str, Any], opponent: dict[str, Any], told: str) -> None:
    capped = encounter([member], [opponent], overrides={"talisman": {opponent["name"]: {"round_cap": 1}}})
    _, fight = fought(capped, "")
    assert duel_texts(fight)[0].endswith("no dice are rolled, no roll can change the result: " + told)


def test_a_win_that_cannot_harm_a_ghost_or_demon_says_so() -> None:
    spirit = encounter([HERO | {"traits": ["silver_weapon"]}], [{"name": "Spirit", "melee": 1, "traits": ["ghost"]}],
                       overrides={"talisman": {"Spirit": {"round_cap": 1}}})
    _, fight = fought(spirit, "6 | 1")
    assert duel_texts(fight) == [
        "Hero 1d6 6 + strength 4 +1 silver vs undead = 11 against Spirit 1d6 1 + strength 1 = 2: Hero wins, "
        "but without a magic weapon cannot harm Spirit (ghost): a standoff, nobody is hurt."
    ]


def test_a_protected_loser_names_what_protects_him() -> None:
    class Charms:
        @hookimpl
        def rulebench_plugin(self) -> PluginInfo:
            return PluginInfo("charms", "modifier", "Charms", "protect the Hero", default=False)

        @hookimpl
        def rulebench_modifiers(
            self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
        ) -> Iterable[Modifier] | None:
            return (Modifier(1, "amulet"), Modifier(1, "ring")) if purpose == "protection" else None

    capped = encounter([HERO], [OGRE], overrides={"talisman": {"Ogre": {"round_cap": 1}}})
    _, fight = fought(capped, "1 | 6", catalog=discover(extra=[("charms", Charms())]), plugins=["charms"])
    assert [e["text"] for e in events(fight) if e["kind"] == "absorbed"] == [
        "Hero loses the duel but is protected (amulet, ring): no life lost."
    ]


def test_every_sentence_is_rendered_from_its_event_alone(german: None) -> None:
    """The renderer reads the event and nothing else: the facts as JSON carries them, without the
    fight, give every sentence again."""
    party = [HERO | {"traits": ["silver_weapon"]}, {"name": "Thief", "melee": 3, "life": 3}, {"name": "Scribe", "fighter": False}]
    foes = [MANTICORE, {"name": "Wraith", "melee": 2, "traits": ["ghost"]}]
    told = encounter(party, foes, enemy={"raiders": True}, tactics={"round": [{"evade": ["Thief"]}, {"evade": []}]},
                     overrides={"talisman": {"Wraith": {"round_cap": 8}}})
    # Round 1 a standoff, the Thief evades; 2: the Hero loses, the Thief beats the Manticore; then
    # the Wraith wins every duel until the Scribe, who duels at last, is dead too: the raiders plunder.
    result, fight = fought(told, "3 | 3  1 | 6  6 | 1" + "  1 | 6" * 7)
    assert result.outcome is Outcome.ENEMY_WINS
    assert {e["kind"] for e in events(fight)} == {"explain", "roll", "duel", "decision", "wound", "condition", "outcome", "plunder"}
    for event in events(fight):
        facts = json.loads(json.dumps({key: value for key, value in event.items() if key != "text"}))
        assert narration.rulebench_narrate(cast(Fight, None), facts) == event["text"]


# -- ending reasons ------------------------------------------------------------------------------
def reason(fight: Fight) -> str:
    """Why the fight ended, as talisman's narration answers the ``reason`` request for its outcome event."""
    outcome = next(e for e in events(fight) if e["kind"] == "outcome")
    return fight._rules.narrate(fight, {**outcome, "kind": "reason", "text": None})


def test_a_withdrawn_fight_says_the_round_cap_ended_it() -> None:
    capped = encounter([HERO], [OGRE], overrides={"talisman": {"Ogre": {"round_cap": 1}}})
    result, fight = fought(capped, "3 | 3")
    assert result.outcome is Outcome.WITHDRAWN
    outcome = next(e for e in events(fight) if e["kind"] == "outcome")
    assert outcome["text"] == "Round cap 1 reached: both sides withdraw."
    assert reason(fight) == "after 1 round without a winner both sides withdraw (the round cap)"
    assert "reason" not in outcome  # a sentence of the narration, not a fact of the log


def test_a_fled_party_says_everyone_evaded() -> None:
    fled = encounter([HERO], [OGRE], tactics={"round": [{"evade": ["Hero"]}]})
    result, fight = fought(fled, "")
    assert result.outcome is Outcome.PARTY_FLED
    assert reason(fight) == "every standing member evaded his foe in the same round"


# -- German --------------------------------------------------------------------------------------
GERMAN_TERMS = ("Kampfkraft", "Stärke", "Lebenspunkt", "Unentschieden", "besiegt", "Umgehungsmanöver")
ENGLISH_WORDS = re.compile(r"\b(against|wins|strength|life|lives|standoff|evades|defeated|gives up|round)\b")
FIELD_PATH = re.compile(r"tactics\.round\[\d+\]")


def test_the_german_fight_speaks_talismans_terms(german: None) -> None:
    party = [HERO | {"traits": ["silver_weapon"]}, {"name": "Thief", "melee": 3, "life": 3}]
    foes = [MANTICORE, {"name": "Wraith", "melee": 2, "traits": ["ghost"]}]
    fight_ = encounter(party, foes, tactics={"round": [{"evade": ["Thief"]}, {"evade": []}]},
                       overrides={"talisman": {"Wraith": {"round_cap": 4}}})
    # Round 1 a standoff, the Thief evades; 2: the Hero loses, the Thief beats the Manticore; 3: the
    # Wraith (with the Hero's silver +1 against it) kills the Hero and wounds the Thief; 4: again.
    result, fight = fought(fight_, "3 | 3  1 | 6  6 | 1  1 | 6  1 | 6  1 | 6")
    assert result.outcome is Outcome.WITHDRAWN
    told = "\n".join(str(e["text"]) for e in events(fight))
    for term in GERMAN_TERMS:
        assert term in told, term
    assert "Silber gegen Untote" in told  # the silver plugin's reason, from its own catalog
    # Not one English word of talisman's sentences is left (names, dice notation and the encounter
    # file's field paths, such as tactics.round[0], are no words).
    for line in told.splitlines():
        assert not ENGLISH_WORDS.search(FIELD_PATH.sub("", line)), line
    assert [(f.state.value, f.condition) for f in result.fates] == [
        ("dead", "keine Lebenspunkte mehr"),
        ("hurt", "Lebenspunkte verloren"),
        ("out", "besiegt"),
        ("unhurt", "alle Lebenspunkte"),
    ]


def test_german_ending_reasons_and_events_keep_their_english_data(german: None) -> None:
    capped = encounter([HERO], [OGRE], overrides={"talisman": {"Ogre": {"round_cap": 2}}})
    result, fight = fought(capped, "3 | 3  2 | 2")
    outcome = next(e for e in events(fight) if e["kind"] == "outcome")
    assert outcome["outcome"] == "withdrawn"
    assert reason(fight) == "nach 2 Runden ohne Sieger ziehen sich beide Seiten zurück (das Rundenlimit)"
    assert {e["result"] for e in events(fight) if e["kind"] == "duel"} == {"standoff"}
    assert result.outcome is Outcome.WITHDRAWN


def test_german_descriptor_and_errors(german: None) -> None:
    info = discover().rulesets()["talisman"].info
    assert info.title == "Talisman: Kämpfe mit 1W6 + Stärke"
    assert "Lebenspunkt" in info.summary
    with pytest.raises(BadInput, match=r'overrides\.talisman\."Ogre"\.lives: lives von Ogre muss zwischen 1 und 6 liegen, ist aber 9'):
        fought(encounter([HERO], [OGRE], overrides={"talisman": {"Ogre": {"lives": 9}}}), "")


def test_the_catalog_is_complete() -> None:
    """Every message translated and the catalog found; tests/i18n/test_catalogs.py checks that the .mo says what the .po says."""
    locale = Path(narration.__file__).with_name("locale")
    po = locale / "de" / "LC_MESSAGES" / "rulebench-talisman.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    assert [m.id for m in catalog if m.id and not m.string] == []
    assert narration.MESSAGES.speaks("de")
