"""ambermarch's condition in neutral terms (``rulebench_health``): the wound ladder for a party
member, the group's steadfastness for an enemy (docs/rules/ambermarch.md)."""

from __future__ import annotations

from rulebench import ENEMY, Combatant, Fight, Health, hookimpl
from rulebench.rulesets.ambermarch.state import DOWN, LADDER, STEADFASTNESS, WOUNDED


@hookimpl
def rulebench_health(fight: Fight, combatant: Combatant) -> Health:
    """A member's place on the ladder: a third of his health per step, the last stand when wounded
    (the next step is down); an enemy stands as long as his group's steadfastness does."""
    if combatant.side == ENEMY:
        left = fight.vars[STEADFASTNESS] / fight.enemy.stats["steadfastness"]
        return Health(standing=left > 0, left=max(0.0, left))
    ladder = combatant.vars[LADDER]
    return Health(standing=ladder < DOWN, left=(DOWN - ladder) / DOWN, last_stand=ladder == WOUNDED)
