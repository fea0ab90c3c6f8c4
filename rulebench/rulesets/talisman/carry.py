"""Between the fights of a day (docs/rules/talisman.md, "Between fights"): what carries over and
what a rest heals.

A character carries the lives he has left: a life given up in one fight is missing in the next
(seed: "muß der Charakter einen Lebenspunkt abgeben"; nothing gives it back). The seed has no rest:
a short rest gives one life back, a long rest every life (readings), never more than his own.
"""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, Fight, hookimpl

SHORT_REST_LIVES = 1
"""Lives a short rest gives back."""


@hookimpl
def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
    """The lives he has left, when he has lost some."""
    lives: int = combatant.vars["lives"]
    return {"lives": lives} if lives < combatant.stats["lives"] else None


@hookimpl
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
    """No rest gives nothing back, a short one a life, a long one every life."""
    most: int = combatant.stats["lives"]
    lives: int = carried.get("lives", most)
    if rest == "long":
        lives = most
    elif rest == "short":
        lives = min(most, lives + SHORT_REST_LIVES)
    return {"lives": lives} if lives < most else {}
