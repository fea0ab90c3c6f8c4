"""dsa golden tests: every docs/rules/dsa.md vector (DS-1 to DS-4) through scripted dice.

Each vector's dice are fed in consumption order and every number the vector states is checked:
the caps and rolls of the chain, initiative, TP, critical severity, LE after each hit, the
outcome and every combatant's end state and condition.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.encounter import load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import play
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome

DATA = Path(__file__).parent / "data" / "dsa"


def run(name: str, script: str) -> tuple[FightResult, Fight, ScriptedRoller]:
    roller = ScriptedRoller(parse_dice_script(script))
    fight = configure(load_encounter(DATA / name), "dsa").new_fight(roller, record=True)
    return play(fight), fight, roller


def checks(fight: Fight) -> list[tuple[int, str, str, int | None, int | None, bool]]:
    """Every attack and parry as (exchange, kind, who, cap, roll, success), in order."""
    assert fight.log is not None
    return [
        (e["round"], e["kind"], e["who"], e["cap"], e["roll"], e["success"])
        for e in fight.log
        if e["kind"] in ("attack", "parry")
    ]


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def le_after_hits(fight: Fight) -> list[tuple[int, str, int]]:
    return [(e["round"], e["who"], e["le"]) for e in events(fight, "damage")]


def test_ds1_igor_kills_the_orc_with_a_critical() -> None:
    result, fight, roller = run("ds-1.toml", "6 6 6 14 4 7 2 10 9 1 3 2 6 1 100")
    assert roller.remaining == ()
    # Igor surprises: no initiative roll, he holds it.
    assert [(e["holder"], e.get("surprise")) for e in events(fight, "initiative")] == [("Igor", True)]
    assert checks(fight) == [
        (1, "attack", "Igor", 11, 6, True),
        (1, "parry", "Orc", 6, 6, True),  # min(6, 7)
        (1, "attack", "Igor", 6, 6, True),
        (1, "parry", "Orc", 6, 14, False),
    ]
    [tp] = [e for e in events(fight, "roll") if e["label"] == "TP"]
    assert tp["total"] == 44 and tp["faces"] == [4, 7, 2, 10, 9, 1, 3, 2, 6]
    [crit] = events(fight, "critical")
    assert (crit["tp"], crit["d100"], crit["severity"], crit["lethal"]) == (44, 100, 144, True)
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 1
    assert result.fates == (Fate(EndState.UNHURT, "unhurt"), Fate(EndState.DEAD, "slain by a critical hit"))


def test_ds2_knight_and_orc_trade_the_initiative() -> None:
    result, fight, roller = run("ds-2.toml", "40 70 | 12 | 9 5 3 8 7 5 15 | 2 2 1 1 4 | 10 13 8 7 | 11 | 12 9 10 4 20")
    assert roller.remaining == ()
    first = events(fight, "initiative")[0]
    assert first["totals"] == {"Knight": 50, "Orc": 75} and first["holder"] == "Orc"
    assert checks(fight) == [
        (1, "attack", "Orc", 10, 12, False),
        (2, "attack", "Knight", 12, 9, True),
        (2, "parry", "Orc", 7, 5, True),
        (2, "attack", "Knight", 5, 3, True),
        (2, "parry", "Orc", 3, 8, False),
        (3, "attack", "Knight", 12, 2, True),
        (3, "parry", "Orc", 2, 2, True),
        (3, "attack", "Knight", 2, 1, True),
        (3, "parry", "Orc", 1, 1, True),
        (3, "attack", "Knight", 1, 4, False),  # the knight misses at cap 1
        (4, "attack", "Orc", 10, 10, True),
        (4, "parry", "Knight", 9, 13, False),
        (5, "attack", "Orc", 10, 11, False),
        (6, "attack", "Knight", 12, 12, True),
        (6, "parry", "Orc", 7, 9, False),
    ]
    assert [e["holder"] for e in events(fight, "initiative")] == ["Orc", "Knight", "Knight", "Orc", "Orc", "Knight"]
    assert le_after_hits(fight) == [(2, "Orc", 16), (4, "Knight", 22), (6, "Orc", 5)]
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 6
    assert result.fates == (Fate(EndState.HURT, "injured"), Fate(EndState.OUT, "unconscious"))


def test_ds3_critical_ignores_armour_then_flight() -> None:
    result, fight, roller = run("ds-3.toml", "4 5 3 2 1 30 9 6 5 8")
    assert roller.remaining == ()
    assert checks(fight) == [(1, "attack", "Troll", 11, 4, True), (1, "parry", "Squire", 4, 5, False)]
    [crit] = events(fight, "critical")
    assert (crit["tp"], crit["severity"], crit["lethal"]) == (7, 37, False)
    [flight] = events(fight, "flight")
    assert (flight["attacker"], flight["cap"], flight["roll"], flight["success"]) == ("Troll", 11, 9, True)
    # The critical ignores RS 1 (20 - 7); the flight blow's 13 TP meet it (13 - 12).
    assert le_after_hits(fight) == [(1, "Squire", 13), (1, "Squire", 1)]
    assert result.outcome is Outcome.PARTY_FLED and result.rounds == 1
    assert result.fates == (Fate(EndState.OUT, "unconscious"), Fate(EndState.UNHURT, "unhurt"))


def test_ds4_two_against_one_with_free_attacks() -> None:
    script = "30 60 | 8 8 9 5 3 | 7 10 6 12 11 7 | 15 16 | 2 17 9 9 5 | 10 4 6 1 2 10 1 95"
    result, fight, roller = run("ds-4.toml", script)
    assert roller.remaining == ()
    [subfight] = {(e["single"], e["primary"], tuple(e["secondaries"])) for e in events(fight, "subfight")}
    assert subfight == ("Ogre", "Warrior", ("Scout",))
    assert events(fight, "subfight")[0]["penalties"] == {"Ogre": 1, "Warrior": 1, "Scout": 1}
    first = events(fight, "initiative")[0]
    assert first["totals"] == {"Warrior": 50, "Ogre": 70} and first["holder"] == "Ogre"
    assert checks(fight) == [
        (1, "attack", "Ogre", 11, 8, True),
        (1, "parry", "Warrior", 8, 8, True),  # min(8, PA 10 - 1)
        (1, "attack", "Ogre", 8, 9, False),  # the ogre misses at cap 8
        (1, "attack", "Scout", 11, 5, True),
        (1, "parry", "Ogre", 5, 3, True),  # min(5, PA 8 - 1)
        (2, "attack", "Warrior", 12, 7, True),
        (2, "parry", "Ogre", 7, 10, False),
        (2, "attack", "Scout", 11, 11, True),
        (2, "parry", "Ogre", 7, 7, True),
        (3, "attack", "Warrior", 12, 15, False),
        (3, "attack", "Scout", 11, 16, False),
        (4, "attack", "Ogre", 11, 2, True),
        (4, "parry", "Warrior", 2, 17, False),
        (5, "attack", "Ogre", 11, 10, True),
        (5, "parry", "Warrior", 9, 4, True),
        (5, "attack", "Ogre", 4, 6, False),
        (5, "attack", "Scout", 11, 1, True),
        (5, "parry", "Ogre", 1, 2, False),
    ]
    assert [(e["round"], e["who"]) for e in events(fight, "skip")] == [(4, "Scout")]
    assert le_after_hits(fight) == [(2, "Ogre", 35), (4, "Warrior", 14)]
    [crit] = events(fight, "critical")
    assert (crit["tp"], crit["d100"], crit["severity"], crit["lethal"]) == (10, 95, 105, True)
    assert result.outcome is Outcome.PARTY_WINS and result.rounds == 5
    assert result.fates == (
        Fate(EndState.HURT, "injured"),
        Fate(EndState.UNHURT, "unhurt"),
        Fate(EndState.DEAD, "slain by a critical hit"),
    )


def test_the_examples_show_a_duel_and_several_against_one() -> None:
    examples = Path(__file__).parents[2] / "examples"
    duel = configure(load_encounter(examples / "dsa-orc-duel.toml"), "dsa").new_fight(ScriptedRoller([]))
    assert [[duel.combatants[i].name for i in g] for g in duel.vars["subfights"]] == [["Knight", "Orc"]]
    troll = configure(load_encounter(examples / "dsa-troll-ambush.toml"), "dsa").new_fight(ScriptedRoller([]))
    assert [[troll.combatants[i].name for i in g] for g in troll.vars["subfights"]] == [
        ["Troll", "Warrior", "Scout", "Priest"]
    ]
    assert {c.name: c.vars["penalty"] for c in troll.combatants} == {"Warrior": 1, "Scout": 2, "Priest": 2, "Troll": 2}
