"""The kernel's own implementations, registered first and ``trylast`` so any plugin overrides them."""

from __future__ import annotations

from typing import Any

from rulebench.core.combatants import Combatant, Side
from rulebench.core.fight import Fight
from rulebench.core.markers import hookimpl


@hookimpl(trylast=True)
def rulebench_turn(fight: Fight, turn: Any) -> tuple[Combatant | Side, Combatant | Side] | None:
    """A turn that already is an ``(attacker, defender)`` pair is played as it is."""
    if type(turn) is tuple and len(turn) == 2 and isinstance(turn[0], (Combatant, Side)):
        return turn
    return None
