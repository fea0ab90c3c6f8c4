"""Who fights how (RULES.md §2.1 step 2) and the default choice (§2 "Default tactics")."""

from __future__ import annotations

import functools

from rulebench import Combatant, Dice, Fight
from rulebench.rulesets.classic.info import FIGHT_OPTIONS, MELEE, NONE, RANGED


@functools.lru_cache(maxsize=1024)
def stronger(melee: Dice, ranged: Dice) -> str:
    """Which KS is higher by its dice's mean, melee on a tie (RULES.md §2 default tactics, §6.2)."""
    return RANGED if ranged.mean > melee.mean else MELEE


def candidates(fight: Fight) -> list[Combatant]:
    """The engaged members who choose how to fight, in marching order.

    A member with ``fighter = false`` stays out unasked. If no engaged member is a fighter, they all
    choose (reading: at least one must fight, else there is no fight; §0 carries this over to the
    other rulesets).
    """
    members = fight.party.members
    engaged = [members[i] for i in fight.vars["order"] if members[i].engaged]
    return [m for m in engaged if m.spec.fighter] or engaged


def default_fight(member: Combatant, options: tuple[str, ...]) -> str:
    """The higher allowed KS by its dice's mean, melee on a tie."""
    if MELEE in options and RANGED in options:
        return stronger(member.stats["melee_ks"], member.stats["ranged_ks"])
    return options[0]


def default_modes(fight: Fight) -> tuple[str, ...]:
    """Every party member's default choice, by party index: melee, ranged or none."""
    options = FIGHT_OPTIONS[fight.encounter.mode]
    modes = [NONE] * len(fight.party.members)
    for member in candidates(fight):
        modes[member.index] = default_fight(member, options)
    return tuple(modes)
