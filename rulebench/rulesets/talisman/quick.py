"""A whole round of duels at once, for Monte Carlo: the same dice, the same lives (docs/rules/talisman.md).

A duel's result depends on the two duellists' combat powers before the dice, their traits, the
loser's protection and the dice. When nobody records, talisman's own turn, attack, damage and
wounds hooks are the only ones and every plugin's modifiers are static
(``Fight.static_modifiers``), all but the dice are fixed for the fight: a ``Plan`` works them out
once per fight, for every member and foe (``stakes``), as the one result no face can change or as
a table over the 11 differences of the two dice. A round then costs two random numbers and a look-up per duel
instead of a turn hook, two modifier look-ups, a roll and a payment each. The random numbers are
the ones ``fight.roll(DUEL)`` draws, in the same order, so a seeded fight is the fight played
turn by turn. Only a plain ``RandomRoller`` is read this way: a scripted, remembering or
enumerating roller (exact analysis) gets the turns, one duel each.

Under a script or a tactics plugin, each member is asked whether he evades where his turn would
ask it, after the checks before it and before his dice, so a source that rolls dice of its own
draws them in the same place (the defaults never evade, and are not asked).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rulebench import Combatant, Fight, fast_plan
from rulebench.rulesets.talisman.lives import shields
from rulebench.rulesets.talisman.stakes import NOBODY, certain, result_of, stakes

Duel = int | tuple[int, ...]
"""A duel's result (``stakes.FOE_PAYS``, ``NOBODY`` or ``MEMBER_PAYS``, protection taken into
account) fixed before the dice, or the result per difference of the two dice at index
member's face − foe's face + 5. The round compares results with 0 rather than with these names,
one global look-up fewer per duel."""


class Plan:
    """What a fight's duels can end in, worked out once per fight (see the module)."""

    __slots__ = ("asks", "fighters", "front", "turns")

    def __init__(self, fight: Fight) -> None:
        members, foes = fight.party.members, fight.enemy.members
        turns = []
        for i in fight.party.stats["turn_order"]:
            duels = [_duel(fight, members[i], foe) for foe in foes]
            tables = tuple(None if isinstance(duel, int) else duel for duel in duels)
            fixed = tuple(duel if isinstance(duel, int) else NOBODY for duel in duels)
            turns.append((members[i], not members[i].spec.fighter, tables, fixed))
        self.turns: tuple[tuple[Combatant, bool, tuple[tuple[int, ...] | None, ...], tuple[int, ...]], ...] = tuple(turns)
        """Per turn in damage order: the member, whether he sits out while an engaged fighter of
        the party stands, and his duel against each foe (by the foe's index): the table over the
        dice's differences, or None and the fixed result."""
        self.fighters = tuple(m for m in members if m.engaged and m.spec.fighter)
        self.front = tuple(f for f in foes if f.spec.fighter) + tuple(f for f in foes if not f.spec.fighter)
        """The foes in the order a member faces them: the first standing one is ``duel.front_foe``."""
        self.asks = not fight.default_tactics
        """Whether a script or a tactics plugin takes part, so each member is asked whether he evades."""


def _plan_of(fight: Fight, own_hooks: Callable[[Fight], bool]) -> Plan | Literal[False]:
    """The fight's plan when its rounds may be played at once, else False."""
    allowed = (
        own_hooks(fight)
        and fight.static_modifiers
        and not fight.recording
        and not fight.encounter.enemy.grouped
    )
    return Plan(fight) if allowed else False


def _duel(fight: Fight, member: Combatant, foe: Combatant) -> Duel:
    """The member's duel against ``foe``, as ``duel._duel_at_once`` plays it and ``lives.pay`` pays it."""
    base, won, lost = stakes(fight, member, foe)
    fixed = certain(base, won, lost)  # before protection, which is asked after the dice
    if won and shields(fight, foe):
        won = NOBODY
    if lost and shields(fight, member):
        lost = NOBODY
    if fixed is not None:
        return won if fixed > 0 else lost if fixed < 0 else NOBODY
    return tuple(result_of(base + difference, won, lost) for difference in range(-5, 6))


def play_round(
    fight: Fight, own_hooks: Callable[[Fight], bool], evades: Callable[[Fight, Combatant, Combatant], bool]
) -> bool:
    """Play every duel of the round as the turns of ``duel.rulebench_initiative`` would; False,
    with nothing played, when they must be played turn by turn.

    The fight's plan is worked out the first time (False when its rounds may not be played at
    once) and kept in ``fight.cache``; ``own_hooks(fight)``: talisman's own hooks are the only ones;
    ``evades(fight, member, foe)``: the tactics sources' answer, asked as the member's turn asks it.
    """
    ready = fast_plan(fight, "talisman", _plan_of, own_hooks)
    if ready is None:
        return False
    plan, roller = ready
    uniform = roller.uniform
    front, asks = plan.front, plan.asks
    for member, sheltered, tables, fixed in plan.turns:
        mvars = member.vars
        if mvars["lives"] <= 0:
            continue
        if sheltered and any(m.vars["lives"] > 0 for m in plan.fighters):
            continue
        for foe in front:
            if foe.vars["lives"] > 0:
                break
        else:
            break  # nobody is left to duel, this round or later
        if asks and evades(fight, member, foe):
            mvars["evaded"] = True
            continue
        table = tables[foe.index]
        if table is None:
            result = fixed[foe.index]
        else:  # the member's die first, then the foe's: the order fight.roll(DUEL) draws them in
            result = table[int(uniform() * 6) - int(uniform() * 6) + 5]
        if result > 0:
            foe.vars["lives"] -= 1
        elif result < 0:
            mvars["lives"] -= 1
    return True
