"""classic's condition in neutral terms (``rulebench_health``): a party member's wounds
(docs/rules/classic.md); the enemy fights as one group and has no health of its own."""

from __future__ import annotations

from rulebench import PARTY, Combatant, Fight, Health, hookimpl

OUT = 2
"""Wounds that put a member out of the fight (docs/rules/classic.md)."""


@hookimpl
def rulebench_health(fight: Fight, combatant: Combatant) -> Health | None:
    """Half his health per wound, the last stand on the first; None for an enemy."""
    if combatant.side != PARTY:
        return None
    wounds = combatant.vars["wounds"]
    return Health(standing=wounds < OUT, left=(OUT - min(wounds, OUT)) / OUT, last_stand=wounds == OUT - 1)
