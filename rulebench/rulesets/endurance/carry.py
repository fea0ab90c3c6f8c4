"""Between the fights of a day (docs/rules/endurance.md, "Between fights"): what carries over and
what a rest heals.

A combatant carries the endurance (Ausdauer) and the wounds (Wunden) he has left: endurance does
not come back during a fight, and nothing in the seed gives it back after one. Bleeding out
(Ausbluten) is settled when the fight ends: one helped by someone of his side still standing lives
(he ended ``out``) and comes into the next fight stabilised, lying where he fell (STABILISED); one
nobody helped is dead and leaves the line (seed: "Wenn du keine medizinische Hilfe erhältst,
stirbst du innerhalb von 5 x Körperwert Runden"). The seed has no rest: a short rest brings his
endurance back, a long rest his endurance and every wound (readings); a fallen member stands again
only once his wounds are healed.
"""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, Fight, hookimpl


@hookimpl
def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
    """His endurance and wounds, when he lost any of either."""
    cvars = combatant.vars
    if not cvars["wounds"] and cvars["endurance"] == combatant.stats["endurance"]:
        return None
    return {"endurance": cvars["endurance"], "wounds": cvars["wounds"]}


@hookimpl
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
    """No rest heals nothing, a short one his endurance, a long one his endurance and his wounds."""
    if rest == "long":
        return {}
    if rest == "short":
        wounds: int = carried.get("wounds", 0)
        return {"wounds": wounds} if wounds else {}
    return dict(carried)
