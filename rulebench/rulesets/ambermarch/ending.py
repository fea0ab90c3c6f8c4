"""How an ambermarch fight ends (docs/rules/ambermarch.md).

After each round: the enemy's steadfastness at 0 wins, no engaged member standing loses, round 4
ends in withdrawal (round 50 against tireless foes), and otherwise the party may retreat. The
outcome, the retreat, plunder and tainted wounds are reported as events, which ``narration`` renders.
"""

from __future__ import annotations

from rulebench import ENEMY, Combatant, EndState, Fate, Fight, Outcome, hookimpl
from rulebench.rulesets.ambermarch.damage import ghostly, step_up, unharmed
from rulebench.rulesets.ambermarch.state import (
    BATTERED,
    CONDITIONS,
    DECLINED,
    DOWN,
    LADDER,
    ORDER,
    SPENT,
    STANCE,
    STEADFASTNESS,
    TAINTED,
    TIRELESS,
    UNHURT,
    WOUNDED,
    damage_line,
)
from rulebench.rulesets.ambermarch.tactics import default_retreat, fit_members

ROUND_LIMIT = 4  # seed: "nach höchstens vier Runden"
TIRELESS_CAP = 50  # docs/rules/ambermarch.md (reading: a safety cap where the seed has none)
RETREAT_COST = 2  # docs/rules/ambermarch.md (reading: "die Vordersten" has no number)


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Check the verdict, the round limit, then ask whether the party retreats."""
    state = fight.vars
    if state[DECLINED]:
        return Outcome.PARTY_FLED
    outcome = _verdict(fight)
    if outcome is None and _retreats(fight):
        _retreat(fight)
        outcome = Outcome.PARTY_FLED
    # Round-local values are cleared so that equal states between rounds compare equal.
    for member in fight.party.members:
        member.vars[STANCE] = ""
    state[SPENT] = 0
    if outcome is not None:
        fight.emit("outcome", outcome=outcome.value)
    return outcome


def _verdict(fight: Fight) -> Outcome | None:
    state = fight.vars
    if state[STEADFASTNESS] == 0:
        return Outcome.PARTY_WINS
    members = fight.party.members
    for i in state[ORDER]:
        if members[i].vars[LADDER] < DOWN:
            break
    else:
        return Outcome.ENEMY_WINS
    limit = _round_limit(fight)
    if fight.round >= limit:
        fight.explain("withdrawn", limit=limit, tireless=state[TIRELESS])
        return Outcome.WITHDRAWN
    return None


def _round_limit(fight: Fight) -> int:
    """The round after which both sides withdraw: 4, or the safety cap against tireless foes."""
    return TIRELESS_CAP if fight.vars[TIRELESS] else ROUND_LIMIT


def _retreats(fight: Fight) -> bool:
    """Whether the party retreats (the decision ``retreat``); a retreat is reported as a
    ``decision`` event with the counts the default tactics go by, the kernel naming who decided."""
    retreats: bool = default_retreat(fight) if fight.default_tactics else fight.decide("retreat", None, options=(True, False))
    if retreats:
        fit, engaged = fit_members(fight)
        fight.emit("decision", decision="retreat", value=True, fit=fit, engaged=engaged)
    return retreats


def _retreat(fight: Fight) -> None:
    """Retreat (abbrechen): the foremost standing members in damage order take one wound each,
    armour does not help (seed: "der Rückzug kostet die Vordersten je eine Wunde").

    The wounds are the enemy's blows, so a ghost or demon among the foremost whom the enemy cannot
    harm (``damage.unharmed``) gets away unhurt, and nobody takes his wound instead (reading: the
    cost falls on the foremost, whoever they are).
    """
    fight.emit("flight", retreat=True, cost=RETREAT_COST)
    tainted = fight.vars[TIRELESS]
    for member in damage_line(fight)[:RETREAT_COST]:
        if not unharmed(fight, member):
            step_up(fight, member, tainted, in_retreat=True)
        else:
            fight.emit("note", who=member, trait=ghostly(member))


_LEFT_DOWN = frozenset({Outcome.PARTY_FLED, Outcome.ENEMY_WINS})
"""The outcomes after which the raiders find members left down: a retreat and a defeat."""


@hookimpl
def rulebench_fight_end(fight: Fight) -> None:
    """Raiders plunder the members left down on a retreat or a defeat; tainted wounds are reported.

    Both are events only (docs/rules/ambermarch.md: plunder is an event, taint a flag already set by
    each wound). Only raiders plunder, and only tireless foes taint.
    """
    members = fight.party.members
    order = fight.vars[ORDER]
    if fight.outcome in _LEFT_DOWN and fight.encounter.enemy.raiders:
        # Seed: "wer räuberisch ist, plündert die Liegengebliebenen" (on retreat); on a defeat they
        # lie there too (docs/rules/ambermarch.md, reading).
        down = [members[i] for i in order if members[i].vars[LADDER] == DOWN]
        if down:
            fight.emit("plunder", plundered=down)
    if fight.vars[TIRELESS]:
        tainted = [members[i] for i in order if members[i].vars[TAINTED]]
        if tainted:
            fight.emit("condition", tainted=tainted)



# Fates are immutable values, built once rather than once per combatant per fight.
_BROKEN = Fate(EndState.OUT, "broken")
_SHAKEN = Fate(EndState.HURT, "shaken")
_STEADFAST = Fate(EndState.UNHURT, "steadfast")
_BY_STEP = (
    Fate(EndState.UNHURT, CONDITIONS[UNHURT]),
    Fate(EndState.HURT, CONDITIONS[BATTERED]),
    Fate(EndState.HURT, CONDITIONS[WOUNDED]),
)
_DOWN_OUT = Fate(EndState.OUT, CONDITIONS[DOWN])
_DOWN_DEAD = Fate(EndState.DEAD, CONDITIONS[DOWN])


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """Party: unhurt; battered, wounded → hurt; down → out if someone still stands, else dead.
    Enemy group: broken (steadfastness 0) → out; lost steadfastness → hurt (docs/glossary.md)."""
    if combatant.side == ENEMY:
        left = fight.vars[STEADFASTNESS]
        if left == 0:
            fate = _BROKEN
        else:
            fate = _SHAKEN if left < fight.enemy.stats["steadfastness"] else _STEADFAST
    elif not combatant.engaged:
        fate = _BY_STEP[UNHURT]
    elif combatant.vars[LADDER] < DOWN:
        fate = _BY_STEP[combatant.vars[LADDER]]
    else:
        # docs/rules/README.md: no help roll is given; someone of his side still standing
        # stabilises him, a member who sat the fight out included (he is there to help; endurance
        # reads docs/rules/README.md the same way).
        someone_stands = any(not m.engaged or m.vars[LADDER] < DOWN for m in fight.party.members)
        fate = _DOWN_OUT if someone_stands else _DOWN_DEAD
    # The English names analysis counts; a recorded fight's narration words them (the ``fate`` request).
    return fate
