"""The start of a round (docs/rules/ambermarch.md): declining a voluntary fight, stances, momentum.

Every choice is asked through ``fight.decide`` so an encounter can script it per round (or, when the
default tactics are the only source, of them directly: ``fight.default_tactics``); the answers live in
``combatant.vars[STANCE]`` and ``fight.vars[SPENT]`` until the round ends, and are reported as
events (``stance``, ``decision``, ``note``) for ``narration`` to render.
"""

from __future__ import annotations

import rulebench.rulesets.ambermarch.narration as narration
from rulebench import BadInput, Combatant, Fight, hookimpl
from rulebench.rulesets.ambermarch.state import (
    ALERT,
    COVER,
    DECLINED,
    HOLD_BACK,
    LADDER,
    MAX_MOMENTUM,
    MOMENTUM,
    SPENT,
    STANCE,
    STANCES,
    VOLUNTARY,
    WOUNDED,
    damage_line,
    marching_line,
)
from rulebench.rulesets.ambermarch.tactics import better_attack, default_stance


@hookimpl
def rulebench_round_start(fight: Fight) -> None:
    """Ask this round's decisions: declining (round 1 of a voluntary fight), stances, momentum."""
    if fight.round == 1 and fight.vars[VOLUNTARY] and _declines(fight):
        return
    if fight.round == 1 and not marching_line(fight):
        return  # everyone engaged came in down (a day's earlier fight): nobody decides, the verdict follows
    defaults = fight.default_tactics
    _choose_stances(fight, defaults)
    _spend_momentum(fight, defaults)


def _declines(fight: Fight) -> bool:
    """A voluntary fight ("?") may be declined before round 1: the party does not go (seed: "ihr
    entscheidet, ob ihr hingeht"). Alertness turns a forced fight ("!") into a voluntary one."""
    fight.emit("note", voluntary=True, alert=fight.cache[ALERT], forced=fight.encounter.forced)
    declined: bool = fight.decide("decline", None, options=(True, False))
    fight.vars[DECLINED] = declined
    fight.emit("decision", decision="decline", value=declined)
    return declined


def _holdable(line: list[Combatant]) -> frozenset[str]:
    """Members whom default tactics may hold back: the non-fighters at the tail of the damage line
    who are not wounded, keeping at least one member in front of them (docs/rules/ambermarch.md).

    Non-fighters march at the back (docs/rules/README.md), so an ambush from behind puts them at the front of
    the damage line, where nobody may hold back: then they fight like everyone else.
    """
    tail: list[str] = []
    for member in reversed(line):
        if member.spec.fighter or member.vars[LADDER] >= WOUNDED:
            break
        tail.append(member.name)
    if len(tail) == len(line):
        tail.pop()
    return frozenset(tail)


_NOBODY: frozenset[str] = frozenset()


def _choose_stances(fight: Fight, defaults: bool) -> None:
    line = damage_line(fight)
    holdable = _NOBODY if line[-1].spec.fighter else _holdable(line)
    holding = False
    for member in line:
        state = member.vars
        if state[LADDER] >= WOUNDED:
            # docs/rules/ambermarch.md wound ladder: a wounded member may only take cover, so nothing is asked.
            stance = COVER
        elif defaults:
            stance = default_stance(member, member.name in holdable)
        else:
            stance = fight.decide("stance", member, options=STANCES, may_hold_back=member.name in holdable,
                                  attack=better_attack(member))
        state[STANCE] = stance
        if stance == HOLD_BACK:
            holding = True
    fight.explain("stances")
    for member in reversed(line) if fight.encounter.ambush_from_behind else line:  # in marching order
        fight.emit("stance", who=member, stance=member.vars[STANCE], forced=member.vars[LADDER] >= WOUNDED)
    if holding:
        _check_holders(fight, line)


def _check_holders(fight: Fight, line: list[Combatant]) -> None:
    """Hold back "only behind all others" (seed): holders are the tail of the damage line, and at
    least one member in front of them does not hold back (docs/rules/ambermarch.md, reading)."""
    holding = [m.vars[STANCE] == HOLD_BACK for m in line]
    if not any(holding):
        return
    first = holding.index(True)
    if first == 0 or not all(holding[first:]):
        holders = [m.name for m, held in zip(line, holding) if held]
        raise BadInput(narration.bad_hold_back(fight.round, holders, [m.name for m in line]))


def _spend_momentum(fight: Fight, defaults: bool) -> None:
    """docs/rules/ambermarch.md: momentum is declared before the dice, 0..held, each point +2.

    A scripted amount above what the party holds spends all it holds, with a note (reading: a
    script states intent, and random dice may have left less momentum than the replayed book
    fight had, so ``compare`` can still run a replay file); an amount that can never be held
    (not a whole number, negative, above the maximum of 3) is bad input.
    """
    state = fight.vars
    held = state[MOMENTUM]
    if defaults:
        spent = held  # default tactics spend all they hold
    else:
        spent = fight.decide("momentum", None, held=held)
        if isinstance(spent, bool) or not isinstance(spent, int) or not 0 <= spent <= MAX_MOMENTUM:
            raise BadInput(narration.bad_momentum(fight.round, spent, held, MAX_MOMENTUM))
        if spent > held:
            fight.emit("note", decision="momentum", asked=spent, held=held)
            spent = held
    state[MOMENTUM] = held - spent
    state[SPENT] = spent
    if spent:
        fight.emit("decision", decision="momentum", value=spent, held=held)
