"""Narration of one fight: why it ended, every change of an end state, the one-line-per-round brief form."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from rulebench.api import narrated_fight
from rulebench.api.narrated_fight import FightRecord, fight
from rulebench.cli.narrate import narrate
from rulebench.core.errors import RulebenchError
from rulebench.core.outcome import EndState

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def told(record: FightRecord, brief: bool = False) -> str:
    """The narration as plain text, 100 columns wide."""
    console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    narrate(record, console, brief)
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


@pytest.fixture(scope="module")
def flight() -> FightRecord:
    """Under endurance the party flees the ogre chieftain; those left lying bleed out."""
    return fight(EXAMPLES / "ambermarch-ogre.toml", "endurance", seed=0)


def test_the_fallen_left_behind_are_explained(flight: FightRecord) -> None:
    assert flight.result.outcome.value == "party_fled"
    last = flight.changes_in(flight.result.rounds)
    bled = [c for c in last if c.after.state == EndState.DEAD]
    assert {flight.fight.combatants[c.index].name for c in bled} == {"Warrior", "Scout", "Priest", "Porter"}
    assert all("nobody was left standing to help the fallen" in c.reason for c in bled)
    porter = next(c for c in bled if flight.fight.combatants[c.index].name == "Porter")
    assert porter.reason.startswith("struck down during the flight") and porter.at_end
    text = told(flight)
    assert "Warrior, Scout and Priest: out → dead (bled out): nobody was left standing to help the fallen" in text
    assert "Outcome: party_fled after 4 rounds: the party fled the fight" in text


def test_every_change_of_end_state_is_narrated_once(flight: FightRecord) -> None:
    # Following the changes from unhurt reaches every combatant's final end state.
    state = {i: EndState.UNHURT for i in range(len(flight.fight.combatants))}
    for change in flight.changes:
        assert state[change.index] == change.before.state != change.after.state
        state[change.index] = change.after.state
    assert [state[i] for i in sorted(state)] == [f.state for f in flight.result.fates]


def test_brief_is_one_line_per_round_and_ends_with_why(flight: FightRecord) -> None:
    record = fight(EXAMPLES / "ogre-duel.toml", "dsa", seed=7)
    lines = told(record, brief=True).splitlines()
    exchanges = [line for line in lines if line.startswith("Exchange ")]
    assert len(exchanges) == record.result.rounds == 20
    assert any(line.startswith("Outcome: enemy_wins after 20 exchanges: nobody of the party is left standing") for line in lines)
    assert len(lines) < 40  # a 20-exchange duel fits a slide
    assert len([line for line in told(flight, brief=True).splitlines() if line.startswith("Round ")]) == 4


@pytest.mark.parametrize(
    ("example", "ruleset", "seed", "ending"),
    [
        ("ogre-duel.toml", "ambermarch", 3, "withdrawn after 4 rounds: both sides disengaged without a winner"),
        ("ogre-duel.toml", "dsa", 7, "enemy_wins after 20 exchanges: nobody of the party is left standing"),
        ("skeleton-guards.toml", "talisman", 1, "party_wins after 2 rounds: no foe is left standing"),
    ],
)
def test_every_fight_says_why_it_ended(example: str, ruleset: str, seed: int, ending: str) -> None:
    record = fight(EXAMPLES / example, ruleset, seed=seed)
    assert f"Outcome: {ending}" in " ".join(told(record).split())
    assert record.to_dict()["ending"] in ending


def test_a_rulesets_own_reason_comes_first(flight: FightRecord) -> None:
    outcome = next(e for e in flight.events if e["kind"] == "outcome")
    outcome["reason"] = "the party ran for the bridge"
    try:
        assert flight.ending() == "the party ran for the bridge"
    finally:
        del outcome["reason"]


def test_json_has_the_ending_and_the_changes(flight: FightRecord) -> None:
    document = flight.to_dict()
    assert document["ending"] == "the party fled the fight"
    last = document["changes"][-1]
    assert last == {"round": 4, "at_end": True, "name": "Porter", "before": "unhurt", "after": "dead",
                    "condition": "bled out",
                    "reason": "struck down during the flight, and nobody was left standing to help the fallen"}


def test_a_ruleset_without_fates_in_mid_fight_still_gets_its_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_fates(_fight: object) -> None:
        raise RulebenchError("no end state in mid-fight")

    monkeypatch.setattr(narrated_fight, "fates", no_fates)
    record = fight(EXAMPLES / "ogre-duel.toml", "dsa", seed=7)
    assert [(c.index, c.before.state, c.after.state) for c in record.changes] == [
        (0, EndState.UNHURT, EndState.OUT), (1, EndState.UNHURT, EndState.HURT)]
    assert all(c.round == 20 for c in record.changes)


def test_surprise_and_an_ambush_are_said_before_round_1() -> None:
    surprise = told(fight(EXAMPLES / "dsa-troll-ambush.toml", "ambermarch", seed=1), brief=True).splitlines()
    assert surprise[1].startswith("The party has surprise (rulebench explain surprise")
    ambush = told(fight(EXAMPLES / "classic-robbers.toml", "classic", seed=1))
    assert "The enemy strikes from behind: the party's damage order is reversed" in ambush.split("Round 1")[0]
