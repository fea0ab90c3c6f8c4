"""Between the fights of a day (docs/rules/ambermarch.md, "Between fights"): what carries over and
what a rest heals.

A member carries his place on the wound ladder and how many of its steps are tainted wounds
(verdorben), dealt by undead, ghosts and demons: those no rest heals (seed: "die heilt keine Rast,
nur Magie oder eine Reinigung in einer Stadt"), and magic and towns are not part of a day. A short
rest heals one untainted step, a long rest every untainted one (readings: the seed says what rest
cannot heal, not what it can). A member who is down lives on (he ended ``out``) and rests like the
others. The party goes on after a death, however few are left (seed: "Sie zieht mit dreien weiter").
"""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, Fight, hookimpl
from rulebench.rulesets.ambermarch.state import LADDER, TAINTED, UNHURT

HEALED_BY = {"none": 0, "short": 1, "long": 3}
"""How many untainted ladder steps each rest heals (3: all of them, down to unhurt)."""


@hookimpl
def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
    """His ladder step and the tainted steps among it, when he is hurt at all."""
    ladder: int = combatant.vars[LADDER]
    if ladder == UNHURT:
        return None
    return {LADDER: ladder, TAINTED: combatant.vars[TAINTED]}


@hookimpl
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
    """The rest heals untainted steps, one (short) or all (long); the tainted ones stay."""
    ladder: int = carried.get(LADDER, UNHURT)
    tainted: int = carried.get(TAINTED, 0)
    left = max(tainted, ladder - HEALED_BY[rest])
    return {LADDER: left, TAINTED: tainted} if left > UNHURT else {}
