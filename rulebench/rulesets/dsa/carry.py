"""Between the fights of a day (docs/rules/dsa.md, "Between fights"): what carries over and what a
rest heals.

A combatant carries the life energy (Lebensenergie, LE) he has left: damage "von seiner
Lebensenergie abgezogen" stays off it, and one knocked unconscious (LE below 10) wakes only when
his LE is back at 10 or more. The seed has no healing: a short rest gives back a quarter of his LE
(rounded down), a long rest all of it (readings).
"""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, Fight, hookimpl

SHORT_REST_SHARE = 4
"""A short rest gives back 1/4 of the full LE."""


@hookimpl
def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
    """The LE he has left, when he has lost some."""
    le: int = combatant.vars["le"]
    return {"le": le} if le < combatant.stats["le"] else None


@hookimpl
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
    """No rest gives nothing back, a short one a quarter of his full LE, a long one all of it."""
    most: int = combatant.stats["le"]
    le: int = carried.get("le", most)
    if rest == "long":
        le = most
    elif rest == "short":
        le = min(most, le + most // SHORT_REST_SHARE)
    return {"le": le} if le < most else {}
