"""The silver plugin against a side (rulebench/plugins/silver.py): a group ruleset's party counts
as undead only through members who are in the fight, engaged and standing (docs/rules/ambermarch.md,
docs/rules/classic.md, "Traits and special cases")."""

from __future__ import annotations

from typing import Any

from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.fight import Fight
from rulebench.core.loop import play
from rulebench.core.outcome import Outcome

HUNTER = {"name": "Hunter", "life": 6, "traits": ["silver_weapon"]}
UNDEAD = {"name": "U", "traits": ["undead"]}


def fought(ruleset: str, party: list[dict[str, Any]], dice: str, **extra: Any) -> Fight:
    """The whole fight, told, on ``dice``, which it must use up exactly."""
    data = {"name": "test", "party": party, "enemy": {"members": [HUNTER]}, **extra}
    fight = configure(encounter_from_dict(data), ruleset).new_fight(ScriptedRoller(parse_dice_script(dice)), record=True)
    play(fight)
    assert fight._roller.remaining == ()  # type: ignore[attr-defined]
    return fight


def silver_by_round(fight: Fight) -> list[int]:
    """The rounds in which the hunter's silver added to the enemy's total."""
    assert fight.log is not None
    return [e["round"] for e in fight.log if e["kind"] == "modifier" and e.get("who") == "Hunter"]


def test_silver_stops_counting_an_undead_member_once_he_is_down() -> None:
    # ambermarch: U (front, armour 0) takes one step a round: battered (2 vs 1 + 1 silver),
    # wounded (1 vs 1 + 1), down (W's 1 vs 5 + 1: damage 3, U's cover 2 absorbs 2). In round 4
    # only W stands against the hunter: no silver, 1 vs 1 is a tie, and round 4 ends the fight.
    fight = fought("ambermarch", [UNDEAD, {"name": "W"}], "1 1 | 2  1 1 | 1  1 | 5  1 | 1",
                   tactics={"round": [{"retreat": False}]})
    assert fight.outcome is Outcome.WITHDRAWN
    assert silver_by_round(fight) == [1, 2, 3]
    assert fight.log is not None
    assert [e["text"] for e in fight.log if e["kind"] == "totals"][-1] == "party 1 vs enemy 1"


def test_silver_ignores_an_undead_member_who_is_not_engaged() -> None:
    # classic: only A fights (1 + 3 against the hunter's 1); U, undead, is not engaged.
    fight = fought("classic", [{"name": "A", "melee": 3}, UNDEAD], "1 | 1", mode="melee", engaged=["A"])
    assert fight.outcome is Outcome.PARTY_WINS
    assert silver_by_round(fight) == []
    assert fight.log is not None
    assert [(e["party_total"], e["enemy_total"]) for e in fight.log if e["kind"] == "totals"] == [(4, 1)]


def test_silver_counts_an_engaged_undead_member_who_stands() -> None:
    fight = fought("classic", [{"name": "A", "melee": 3}, UNDEAD], "1 1 | 1", mode="melee")
    assert silver_by_round(fight) == [1]
    assert fight.log is not None
    assert [(e["party_total"], e["enemy_total"]) for e in fight.log if e["kind"] == "totals"] == [(5, 2)]
