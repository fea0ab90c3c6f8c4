"""talisman's condition in neutral terms (``rulebench_health``): lives (docs/rules/talisman.md)."""

from __future__ import annotations

from rulebench import Combatant, Fight, Health, hookimpl


@hookimpl
def rulebench_health(fight: Fight, combatant: Combatant) -> Health:
    """The share of his lives left; the last stand on his last life."""
    lives = combatant.vars["lives"]
    return Health(standing=lives > 0, left=max(lives, 0) / combatant.stats["lives"], last_stand=lives == 1)
