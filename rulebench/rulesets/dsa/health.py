"""dsa's condition in neutral terms (``rulebench_health``): Lebensenergie (docs/rules/dsa.md)."""

from __future__ import annotations

from rulebench import Combatant, Fight, Health, hookimpl


@hookimpl
def rulebench_health(fight: Fight, combatant: Combatant) -> Health:
    """Standing as the rules say (conscious, engaged), the share of LE left; LE is no count of
    steps, so there is no last stand."""
    le, most = combatant.vars["le"], combatant.stats["le"]
    return Health(standing=bool(combatant.vars["standing"]), left=max(le, 0) / most if most > 0 else 0.0)
