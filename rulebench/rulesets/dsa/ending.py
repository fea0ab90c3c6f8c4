"""The end of an exchange: the verdict, the exchange cap, flight; and the fates (docs/rules/dsa.md)."""

from __future__ import annotations

from rulebench import Combatant, EndState, Fate, Fight, Outcome, hookimpl
from rulebench.rulesets.dsa.hits import struck
from rulebench.rulesets.dsa.narration import CONDITIONS, FLIGHT_ATTACK
from rulebench.rulesets.dsa.stats import UNCONSCIOUS_BELOW
from rulebench.rulesets.dsa.subfights import anyone_stands, build_subfights, report_subfights
from rulebench.rulesets.dsa.tactics import flees, party_standing

EXCHANGE_CAP = 100
"""docs/rules/dsa.md: at most 100 exchanges (reading: the text counts seconds; a cap ends stalemates)."""


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Decide the fight, or stop it at the cap, or let the party flee; then clear the exchange's state.

    docs/rules/dsa.md: no enemy standing → party_wins; no engaged member standing → enemy_wins;
    exchange 100 → withdrawn (checked before flight: at the cap both sides part anyway); the
    party may flee after any exchange (decision ``flee``, side-wide) → party_fled.
    """
    outcome = _verdict(fight)
    if outcome is None and fight.round >= EXCHANGE_CAP:
        outcome = Outcome.WITHDRAWN
        fight.emit("outcome", outcome=outcome.value, cap=EXCHANGE_CAP)
    if outcome is None and flees(fight, *party_standing(fight)):
        _flee(fight)
        outcome = Outcome.PARTY_FLED
    if outcome is None:
        _close_exchange(fight)
    return outcome


def _verdict(fight: Fight) -> Outcome | None:
    for side, outcome in ((fight.enemy, Outcome.PARTY_WINS), (fight.party, Outcome.ENEMY_WINS)):
        if not anyone_stands(side):
            fight.emit("outcome", outcome=outcome.value, side=side)
            return outcome
    return None


def _flee(fight: Fight) -> None:
    """Each fleeing member's opponent gets one unparryable attack at full AT (docs/rules/dsa.md).

    The opponent is his primary if he is a single, the single if he attacks one, in the sub-fights
    as they stand now: flight comes between exchanges, and sub-fights are rebuilt each exchange
    (docs/rules/dsa.md), so a single whose primary fell faces the attacker who takes that place. Members
    who face nobody (non-fighters behind their fighters) get away untouched. Members flee in
    damage order (reading: the text gives no order). Rebuilt sub-fights are reported, so a reader
    sees why a pursuer is not the one a member fought in the exchange.
    """
    fight.explain("flight")  # before the first pursuer's die, which the flight's line then tells
    if fight.vars["regroup"]:
        build_subfights(fight)
        report_subfights(fight, for_flight=True)
    by_name = {c.name: c for c in fight.combatants}
    members = fight.party.members
    if fight.encounter.ambush_from_behind:
        members = members[::-1]
    for member in members:
        if not member.vars["standing"]:
            continue
        foe_name: str = member.vars["foe"]
        foe = by_name.get(foe_name)
        if foe is None or not foe.vars["standing"]:
            fight.emit("flight", who=member)
            continue
        at = foe.stats["at"]
        roll = fight.die(20, FLIGHT_ATTACK, foe) if at >= 1 else None
        hit = roll is not None and roll <= at
        fight.emit("flight", who=member, attacker=foe, cap=at, value=at, roll=roll, success=hit)
        if not hit:
            continue
        fight.strike(foe, member, struck(fight, foe, member, {"flight": True}))


def _close_exchange(fight: Fight) -> None:
    """Give the singles their parry back and regroup after a fall.

    A missed free attack is not aged here: it costs his next free attack, however many exchanges
    that takes (docs/rules/dsa.md, ``initiative.rulebench_turn``).
    """
    combatants = fight.combatants
    subfights: tuple[tuple[int, ...], ...] = fight.vars["subfights"]
    for group in subfights:
        combatants[group[0]].vars["parried"] = False
    if fight.vars["regroup"]:
        build_subfights(fight)
        fight.vars["regroup"] = False


@hookimpl
def rulebench_fight_end(fight: Fight) -> None:
    """Raiders plunder the party members left out or dead on a loss or a flight (docs/rules/dsa.md)."""
    if not fight.encounter.enemy.raiders or fight.outcome not in (Outcome.ENEMY_WINS, Outcome.PARTY_FLED):
        return
    for c in fight.party.members:
        if c.engaged and not c.vars["standing"]:
            fight.emit("plunder", who=c)


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """docs/rules/dsa.md: full LE unhurt, ≥ 10 hurt, 0–9 out (unconscious), < 0 or a lethal critical dead."""
    v = combatant.vars
    le = v["le"]
    if v["slain"]:
        key = "slain"
    elif le < 0:
        key = "dead"
    elif le < UNCONSCIOUS_BELOW:
        key = "unconscious"
    elif le == combatant.stats["le"]:
        key = "unhurt"
    else:
        key = "injured"
    # Under their English names, which analysis counts and a recorded fight's narration words (the
    # ``fate`` request); asked for every combatant of nearly every sampled fight, so made once.
    return _FATES[key]


_STATES = {
    "slain": EndState.DEAD, "dead": EndState.DEAD, "unconscious": EndState.OUT, "unhurt": EndState.UNHURT,
    "injured": EndState.HURT,
}
"""The end state of each condition of ``narration.CONDITIONS``."""

_FATES = {key: Fate(state, CONDITIONS[key]) for key, state in _STATES.items()}
"""Each condition's fate, the condition under its English name."""
