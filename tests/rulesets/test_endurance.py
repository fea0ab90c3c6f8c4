"""endurance golden tests: every docs/rules/endurance.md vector (EN-1 to EN-4) through scripted dice, and EN-1 again
with the optional critical hits on (``--plugin critical``).

Each vector's dice are fed in consumption order, as ``--dice`` would; every number the vector states is
checked: the derived stats, each blow's damage, avoidance, net and endurance before and after, wounds,
the bleeding clock, the outcome and every combatant's end state and condition.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench.core.assembly import configure
from rulebench.core.dice import ScriptedRoller, parse_dice_script
from rulebench.core.encounter import load_encounter
from rulebench.core.fight import Fight
from rulebench.core.loop import fates, play_round
from rulebench.core.outcome import EndState, Fate, Outcome

DATA = Path(__file__).parent / "data" / "endurance"


def run(name: str, script: str, plugins: tuple[str, ...] = ()) -> Fight:
    """Play the vector to its end on scripted dice; every die of the script must be used."""
    roller = ScriptedRoller(parse_dice_script(script))
    fight = configure(load_encounter(DATA / name), "endurance", plugins=plugins).new_fight(roller, record=True)
    while fight.outcome is None:
        play_round(fight)
    assert roller.remaining == ()
    return fight


def events(fight: Fight, kind: str) -> list[dict[str, Any]]:
    assert fight.log is not None
    return [e for e in fight.log if e["kind"] == kind]


def blows(fight: Fight) -> list[tuple[int, str, int, int, int, int, int]]:
    """Every blow as (round, target, damage, avoidance, net, endurance before, after)."""
    return [
        (e["round"], e["who"], e["amount"], e["avoidance"], e["net"], e["endurance_before"], e["endurance_after"])
        for e in events(fight, "damage")
    ]


def stats(fight: Fight, name: str) -> dict[str, Any]:
    combatant = next(c for c in fight.combatants if c.name == name)
    return {key: str(value) if key == "damage" else value for key, value in combatant.stats.items()}


def test_en1_fighter_fells_the_bandit() -> None:
    fight = run("en-1.toml", "5 6 | 2 3 | 4")
    assert stats(fight, "Fighter") == {
        "body": 3, "speed": 3, "mind": 1, "armour": 2, "avoidance": 5, "damage": "1d8+2", "endurance": 10,
        "max_wounds": 1,
    }
    assert stats(fight, "Bandit")["avoidance"] == 3 and stats(fight, "Bandit")["endurance"] == 6
    assert stats(fight, "Bandit")["damage"] == "1d6+1"
    assert blows(fight) == [
        (1, "Bandit", 7, 3, 4, 6, 2),
        (1, "Fighter", 7, 5, 2, 10, 8),
        (2, "Bandit", 4, 3, 1, 2, 1),
        (2, "Fighter", 4, 5, 0, 8, 8),
        (3, "Bandit", 6, 3, 3, 1, 0),
    ]
    [wound] = events(fight, "wound")
    assert (wound["round"], wound["who"], wound["wounds"], wound["max_wounds"]) == (3, "Bandit", 1, 1)
    falls = [e for e in events(fight, "condition") if e["condition"] == "bleeding"]
    assert (falls[0]["who"], falls[0]["bleed"]) == ("Bandit", 10)  # 5 × body 2
    assert fight.outcome is Outcome.PARTY_WINS and fight.round == 3
    # Nobody of the bandit's side stands to help him (docs/rules/endurance.md, "Outcomes and end states").
    assert fates(fight) == (Fate(EndState.HURT, "winded"), Fate(EndState.DEAD, "bled out"))


def test_en2_robust_knight_takes_a_wound_and_fights_on() -> None:
    fight = run("en-2.toml", "10 6 6 | 1 1 1 | 3 2 2 | 9")
    knight, troll = stats(fight, "Knight"), stats(fight, "Troll")
    assert (knight["avoidance"], knight["endurance"], knight["damage"], knight["max_wounds"]) == (6, 9, "1d10+2", 2)
    assert (troll["avoidance"], troll["endurance"], troll["damage"], troll["speed"]) == (5, 12, "2d6+3", 1)
    assert blows(fight) == [
        (1, "Troll", 12, 5, 7, 12, 5),
        (1, "Knight", 15, 6, 9, 9, 0),  # 9 = 9: no wound
        (2, "Troll", 3, 5, 0, 5, 5),
        (2, "Knight", 5, 6, 0, 0, 0),
        (3, "Troll", 5, 5, 0, 5, 5),
        (3, "Knight", 7, 6, 1, 0, 0),  # 1 > 0: a wound
        (4, "Troll", 11, 5, 6, 5, 0),  # 6 > 5: a wound
    ]
    assert [(e["round"], e["who"], e["wounds"], e["max_wounds"]) for e in events(fight, "wound")] == [
        (3, "Knight", 1, 2),
        (4, "Troll", 1, 1),
    ]
    falls = [e for e in events(fight, "condition") if e["condition"] == "bleeding"]
    assert [(e["round"], e["who"], e["bleed"]) for e in falls] == [(4, "Troll", 20), (4, "Troll", 19)]
    assert fight.outcome is Outcome.PARTY_WINS and fight.round == 4
    assert fates(fight) == (Fate(EndState.HURT, "wounded"), Fate(EndState.DEAD, "bled out"))


def test_en3_dodging_scout_flees_from_two_wolves() -> None:
    fight = run("en-3.toml", "3 6 5 | 1 6 6 | 4 3")
    scout, wolf = stats(fight, "Scout"), stats(fight, "Wolf 1")
    assert (scout["avoidance"], scout["endurance"], scout["damage"]) == (5, 7, "1d8+2")  # dodge: speed 4 + armour 1
    assert (wolf["avoidance"], wolf["endurance"], wolf["damage"], wolf["speed"]) == (2, 5, "1d6+1", 3)
    assert blows(fight) == [
        (1, "Wolf 1", 5, 2, 3, 5, 2),
        (1, "Scout", 7, 5, 2, 7, 5),
        (1, "Scout", 6, 5, 1, 5, 4),
        (2, "Wolf 1", 3, 2, 1, 2, 1),
        (2, "Scout", 7, 5, 2, 4, 2),
        (2, "Scout", 7, 5, 2, 2, 0),  # 2 = 2: no wound
        (2, "Scout", 5, 5, 0, 0, 0),  # flight: each standing wolf strikes once
        (2, "Scout", 4, 5, 0, 0, 0),
    ]
    assert events(fight, "wound") == []
    [flight] = events(fight, "flight")
    assert flight["round"] == 2
    assert fight.outcome is Outcome.PARTY_FLED and fight.round == 2
    scout_wolf_1_wolf_2 = (Fate(EndState.HURT, "winded"), Fate(EndState.HURT, "winded"), Fate(EndState.UNHURT, "fresh"))
    assert fates(fight) == scout_wolf_1_wolf_2


def test_en4_only_the_magic_weapon_harms_the_imp() -> None:
    fight = run("en-4.toml", "4 3 | 1 1")
    imp = stats(fight, "Imp")
    assert (imp["avoidance"], imp["endurance"], imp["damage"], imp["speed"]) == (1, 3, "1d4+1", 3)
    assert blows(fight) == [
        (1, "Warrior", 5, 3, 2, 10, 8),  # the demon's blow: avoidance 3 + 2 without the armour
        (1, "Imp", 0, 1, 0, 3, 3),  # the plain weapon: damage 0, no die
        (1, "Imp", 4, 1, 3, 3, 0),  # 3 = 3: no wound
        (2, "Warrior", 2, 3, 0, 8, 8),
        (2, "Imp", 0, 1, 0, 0, 0),
        (2, "Imp", 2, 1, 1, 0, 0),  # 1 > 0: a wound
    ]
    assert [e["who"] for e in events(fight, "roll")] == ["Imp", "Priest", "Imp", "Priest"]
    harmless = [e for e in events(fight, "hit") if e.get("harmless")]
    assert [(e["round"], e["attacker"]) for e in harmless] == [(1, "Warrior"), (2, "Warrior")]
    [wound] = events(fight, "wound")
    assert (wound["who"], wound["wounds"]) == ("Imp", 1)
    assert fight.outcome is Outcome.PARTY_WINS and fight.round == 2
    warrior_priest_imp = (Fate(EndState.HURT, "winded"), Fate(EndState.UNHURT, "fresh"),
                          Fate(EndState.DEAD, "bled out"))
    assert fates(fight) == warrior_priest_imp


def test_en1_with_critical_hits() -> None:
    """EN-1's bout with ``--plugin critical``: R1 Fighter 5 (7 − 3 = 4, bandit 6 → 2); the bandit's 6 is
    its maximum, rolled once more: 6, giving 6 + 6 + 1 = 13 − 5 = 8 (Fighter 10 → 2); that second 6 is
    not rolled again (no chains). R2 Fighter 8, critical +1: 8 + 1 + 2 = 11 − 3 = 8 > 2, the bandit falls."""
    fight = run("en-1.toml", "5 | 6 6 | 8 1", plugins=("critical",))
    assert [(e["round"], e["who"], e["sides"], e["extra"]) for e in events(fight, "critical")] == [
        (1, "Bandit", 6, 6),
        (2, "Fighter", 8, 1),
    ]
    assert blows(fight) == [
        (1, "Bandit", 7, 3, 4, 6, 2),
        (1, "Fighter", 13, 5, 8, 10, 2),
        (2, "Bandit", 11, 3, 8, 2, 0),
    ]
    [wound] = events(fight, "wound")
    assert (wound["round"], wound["who"]) == (2, "Bandit")
    assert fight.outcome is Outcome.PARTY_WINS and fight.round == 2
    assert fates(fight) == (Fate(EndState.HURT, "winded"), Fate(EndState.DEAD, "bled out"))
