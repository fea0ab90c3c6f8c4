"""Who took a decision (``Fight.decide`` and ``decision`` events, issue #28 item 2): a told fight's
``decision`` events name the source that answered (``by``: ``default``, ``script`` with its
``table``, a tactics plugin's name, or ``rules`` where a rule decided by itself); a silent fight
never asks for the name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebench.api import configure
from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import Encounter, encounter_from_dict, load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import play

ROOT = Path(__file__).resolve().parents[1]
TROLL_BRIDGE = ROOT / "tests" / "golden" / "decisions" / "troll-bridge.toml"


def flights(encounter: Encounter, seed: int = 5, tactics: str | None = None) -> list[dict[str, Any]]:
    """The decision events of a told dsa fight."""
    fight = configure(encounter, "dsa", tactics=tactics).new_fight(RandomRoller(seed), record=True)
    play(fight)
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == "decision"]


def scripted(rounds: list[dict[str, Any]]) -> Encounter:
    data = load_encounter(TROLL_BRIDGE).model_dump(mode="json", exclude_none=True)
    return encounter_from_dict({**data, "tactics": {"round": rounds}})


def test_the_default_tactics_taken_directly_are_named_default() -> None:
    [decision] = flights(load_encounter(TROLL_BRIDGE))
    assert (decision["decision"], decision["by"], decision["standing"], decision["engaged"]) == ("retreat", "default", 1, 3)
    assert "table" not in decision


def test_the_default_tactics_asked_through_decide_are_named_default_too() -> None:
    # An empty table sends every decision through fight.decide; the ruleset's own answer is the default's.
    assert [(e["decision"], e["by"]) for e in flights(scripted([{}]))] == [("retreat", "default")]


def test_a_script_is_named_with_the_table_that_answered() -> None:
    # Exchange 1 stays (table 0); exchange 2 flees by table 1, which would answer every later exchange too.
    [decision] = flights(scripted([{"retreat": False}, {"retreat": True}]))
    assert (decision["round"], decision["by"], decision["table"]) == (2, "script", 1)
    assert decision["text"] == "The party flees (Flucht): the encounter's script decides so (tactics.round[1])."


def test_a_tactics_plugin_is_named() -> None:
    decisions = flights(load_encounter(TROLL_BRIDGE), tactics="cautious")
    assert [(e["decision"], e["by"]) for e in decisions] == [("retreat", "cautious")]
    assert decisions[0]["text"] == "The party flees (Flucht): the tactics plugin cautious decides so."


def test_a_rule_that_decides_by_itself_keeps_its_own_name() -> None:
    # endurance: the Porter, a non-fighter, steps up once no fighter of his side stands (seed 0).
    fight = configure(load_encounter(ROOT / "examples" / "ambermarch-ogre.toml"), "endurance").new_fight(
        RandomRoller(0), record=True)
    play(fight)
    assert fight.log is not None
    steps = [e for e in fight.log if e["kind"] == "decision" and e["decision"] == "step up"]
    assert [(e["who"], e["by"]) for e in steps] == [("Porter", "rules")]


class Unnamed:
    """A fight's hooks whose ``decide_by`` must not be asked: a silent fight has nobody to tell."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def decide_by(self, fight: Fight, decision: Any) -> Any:
        raise AssertionError("a silent fight asked who answered")


@pytest.mark.parametrize("seed", range(5))
def test_a_silent_fight_never_asks_who_answered(seed: int) -> None:
    fight = configure(scripted([{"retreat": False}, {}]), "dsa").new_fight(RandomRoller(seed))
    fight._rules = Unnamed(fight._rules)  # type: ignore[assignment]
    assert play(fight).outcome is not None
