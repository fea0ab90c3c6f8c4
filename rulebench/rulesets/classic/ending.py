"""How a fight ends: verdicts, flight, exhaustion, robbers and each combatant's fate (docs/rules/classic.md)."""

from __future__ import annotations

from rulebench import Combatant, EndState, Fate, Fight, Outcome, hookimpl
from rulebench.rulesets.classic.info import (
    BY_FLIGHT,
    DEAD,
    ENEMY_WON,
    EQUIPMENT_LINE,
    FLEE,
    FLIGHT_ROLL,
    FORCED_FLIGHT,
    MAX_ROUNDS,
    PARTY_WON,
    UNHARMED,
    UNHURT,
    WOUNDED,
    WOUNDED_CURSED,
    WOUNDED_WITHDREW,
    YES_NO,
)
from rulebench.rulesets.classic.line import damage_line, unharmed, wound


def _flight(fight: Fight, forced: bool) -> Outcome:
    """The first d3 − 1 (flight) or d3 (forced flight) living engaged members in damage order take a wound.

    "First" counts non-fighters too, behind the fighters (reading: the seed counts adventurers). The
    wounds are the enemy's blows, so ghosts and demons curse them too, and a ghostly or demonic
    member the enemy cannot harm (``line.unharmed``) among the first gets away unwounded, nobody
    taking his wound instead (reading).

    The d3 is rolled only when its result can change who is wounded (docs/rules/README.md: a die
    whose result cannot matter is not rolled): only if a member the enemy can harm stands where
    some results reach him and others do not. A forced flight wounds the first member whatever it
    shows, so one member left, or only ghostly ones behind the first, make it moot; a voluntary
    flight with nobody it could harm among the first two likewise. Unrolled, the flight reaches as
    far as the die could: the members it might call for are named, and those it could not harm
    get away as they would under any result.
    """
    fighters, others = damage_line(fight)
    line = [m for m in fighters + others if m.vars["wounds"] < 2]
    fewest, most = (1, 3) if forced else (0, 2)
    rolled = None
    if any(not unharmed(fight, m) for m in line[fewest:most]):
        rolled = fight.die(3, FORCED_FLIGHT if forced else FLIGHT_ROLL)
        count = rolled - (0 if forced else 1)
    else:
        count = min(most, len(line))
    hit = line[:count]
    cursed = fight.enemy.stats["cursed"]
    harmed = [m for m in hit if not unharmed(fight, m)]
    fight.emit("flight", forced=forced, count=count, wounded=hit, harmed=harmed, rolled=rolled)
    for member in hit:
        if unharmed(fight, member):
            fight.emit("note", who=member, note=UNHARMED)
            continue
        wound(fight, member, cursed, BY_FLIGHT)
    return Outcome.PARTY_FLED


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """One wound ends the fight; after a drawn round the party may flee, after the third it must end.

    After a drawn round 3 both sides are exhausted (``withdrawn``), unless the enemy is tireless
    (undead, ghosts, demons): then the party is forced to flee. After a drawn round 1 or 2 the
    ``flee`` decision is asked (default: no voluntary flight, so nothing is asked when the default
    tactics are the only source).
    """
    verdict = fight.vars["verdict"]
    outcome: Outcome
    if verdict == PARTY_WON:
        outcome = Outcome.PARTY_WINS
    elif verdict == ENEMY_WON:
        outcome = Outcome.ENEMY_WINS
    else:
        fight.explain("drawn rounds")
        if fight.round >= MAX_ROUNDS:
            outcome = _flight(fight, forced=True) if fight.enemy.stats["tireless"] else Outcome.WITHDRAWN
        elif not fight.default_tactics and fight.decide(FLEE, None, options=YES_NO, drawn=True):
            fight.emit("decision", decision=FLEE, value=True)
            outcome = _flight(fight, forced=False)
        else:
            return None
    fight.emit("outcome", outcome=outcome.value)
    return outcome


@hookimpl
def rulebench_fight_end(fight: Fight) -> None:
    """Robbers (Räuber): each wounded member, in damage order, loses equipment line d10.

    The line only names the lost item: no outcome, fate or later state depends on it, so it is
    rolled only when the fight is narrated (docs/rules/README.md: a die whose result cannot matter is not
    rolled). It is the fight's last roll, so a narrated and a silent fight agree on every die
    before it; exact analysis is spared 10^k branches that all end in the same state.
    """
    # A die only a reader needs, the one thing a told fight does that a silent one does not.
    if not fight.recording or not fight.encounter.enemy.raiders:
        return
    fighters, others = damage_line(fight)
    for member in fighters + others:
        if member.vars["wounds"]:
            fight.emit("robbed", who=member, line=fight.die(10, EQUIPMENT_LINE, member))


_PARTY_FATES = (
    Fate(EndState.UNHURT, UNHURT),
    Fate(EndState.OUT, WOUNDED),
    Fate(EndState.DEAD, DEAD),
)
_CURSED_OUT = Fate(EndState.OUT, WOUNDED_CURSED)
_ENEMY_BEATEN = Fate(EndState.OUT, WOUNDED_WITHDREW)
_ENEMY_UNHURT = Fate(EndState.UNHURT, UNHURT)
_PARTY_WINS = Outcome.PARTY_WINS  # a module constant: asked of every enemy after every fight


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """0 wounds unhurt, 1 out (cursed or not), 2 dead; enemies out when the party won, else unhurt.

    The condition is its English name, the key analysis tallies; a recorded fight's narration
    words it when the kernel asks it to render the ``fate``."""
    if combatant.side == "enemy":
        fate = _ENEMY_BEATEN if fight.outcome is _PARTY_WINS else _ENEMY_UNHURT
    else:
        wounds = combatant.vars["wounds"]
        fate = _CURSED_OUT if wounds == 1 and combatant.vars["cursed"] else _PARTY_FATES[wounds]
    return fate
