"""A whole round of duels at once, for Monte Carlo: the same dice, the same lives (docs/rules/talisman.md).

A duel's result depends on the two duellists' combat powers before the dice, their traits, the
loser's protection and the dice. When nobody records, the default tactics answer, talisman's own
turn, attack, damage and wounds hooks are the only ones and every plugin's modifiers are static
(``Fight.static_modifiers``), all but the dice are fixed for the fight: a ``Plan`` works them out
once per fight, for every member and foe, as the one result no face can change or as a table over
the 36 face pairs of the two dice. A round then costs two random numbers and a look-up per duel
instead of a turn hook, two modifier look-ups, a roll and a payment each. The random numbers are
the ones ``fight.roll(DUEL)`` draws, in the same order, so a seeded fight is the fight played
turn by turn. Only a plain ``RandomRoller`` is read this way: a scripted, remembering or
enumerating roller (exact analysis) gets the turns, one duel each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rulebench import Combatant, Fight, RandomRoller
from rulebench.rulesets.talisman.stats import is_character
from rulebench.rulesets.talisman.traits import spared_by

FOE_PAYS = 1
NOBODY = 0
MEMBER_PAYS = -1
"""A duel's result: who gives up a life (protection taken into account). The round compares
with 0 rather than with these names, one global look-up fewer per duel."""

Duel = int | tuple[int, ...]
"""A result fixed before the dice, or the result per face pair at index
6 × (member's face − 1) + (foe's face − 1)."""


class Plan:
    """What a fight's duels can end in, worked out once per fight (see the module)."""

    __slots__ = ("fighters", "front", "turns")

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
        face pairs, or None and the fixed result."""
        self.fighters = tuple(m for m in members if m.engaged and m.spec.fighter)
        self.front = tuple(f for f in foes if f.spec.fighter) + tuple(f for f in foes if not f.spec.fighter)
        """The foes in the order a member faces them: the first standing one is ``duel.front_foe``."""


def _plan_of(fight: Fight, own_hooks: Callable[[Fight], bool]) -> Plan | Literal[False]:
    """The fight's plan when its rounds may be played at once, else False."""
    allowed = (
        own_hooks(fight)
        and fight.default_tactics
        and fight.static_modifiers
        and not fight.recording
        and not fight.encounter.enemy.grouped
    )
    return Plan(fight) if allowed else False


def _duel(fight: Fight, member: Combatant, foe: Combatant) -> Duel:
    """The member's duel against ``foe``, as ``duel._duel_at_once`` plays it."""
    modifiers = fight.modifiers
    base = member.stats["strength"] - foe.stats["strength"]
    base += sum(m.value for m in modifiers(member, "weapon", foe))
    base -= sum(m.value for m in modifiers(foe, "weapon", member))
    member_traits, foe_traits = member.spec.traits, foe.spec.traits
    foe_spared = spared_by(foe_traits) is not None and "magic_weapon" not in member_traits
    member_spared = spared_by(member_traits) is not None and "magic_weapon" not in foe_traits
    foe_pays = FOE_PAYS if not foe_spared and not _shielded(fight, foe) else NOBODY
    member_pays = MEMBER_PAYS if not member_spared and not _shielded(fight, member) else NOBODY
    if not -5 < base < 5 or foe_spared:
        # As ``duel._certain``: no die is rolled when only one of {foe pays, member pays, nobody}
        # can happen (protection does not enter: it is asked after the dice).
        can_foe = base + 5 > 0 and not foe_spared
        can_member = base - 5 < 0 and not member_spared
        can_nobody = base - 5 <= 0 <= base + 5 or (base + 5 > 0 and foe_spared) or (base - 5 < 0 and member_spared)
        if can_foe + can_member + can_nobody == 1:
            return foe_pays if can_foe else member_pays if can_member else NOBODY
    return tuple(
        foe_pays if base + own - theirs > 0 else member_pays if base + own - theirs < 0 else NOBODY
        for own in range(6)
        for theirs in range(6)
    )


def _shielded(fight: Fight, combatant: Combatant) -> bool:
    """Whether an item or spell spares the combatant the life a lost duel costs (``lives.pay``)."""
    if not is_character(fight, combatant):
        return False
    return sum(s.value for s in fight.modifiers(combatant, "protection", None)) > 0


def play_round(fight: Fight, own_hooks: Callable[[Fight], bool]) -> bool:
    """Play every duel of the round as the turns of ``duel.rulebench_initiative`` would; False,
    with nothing played, when they must be played turn by turn.

    The fight's plan is worked out the first time (False when its rounds may not be played at
    once) and kept in ``fight.cache``; ``own_hooks(fight)``: talisman's own hooks are the only ones.
    """
    plan: Plan | Literal[False] | None = fight.cache.get("talisman")
    if plan is None:
        plan = fight.cache["talisman"] = _plan_of(fight, own_hooks)
    roller = fight.roller
    if plan is False or type(roller) is not RandomRoller:
        return False
    uniform = roller.uniform
    front = plan.front
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
        table = tables[foe.index]
        if table is None:
            result = fixed[foe.index]
        else:  # the member's die first, then the foe's: the order fight.roll(DUEL) draws them in
            result = table[int(uniform() * 6) * 6 + int(uniform() * 6)]
        if result > 0:
            foe.vars["lives"] -= 1
        elif result < 0:
            mvars["lives"] -= 1
    return True
