"""classic's default tactics (RULES.md §2 Specials): everyone fights with his higher KS, nobody flees."""

from __future__ import annotations

from typing import Any

from rulebench import Decision, Fight, hookimpl
from rulebench.rulesets.classic.info import FIGHT, FLEE, MELEE, ORDER, POTION, RANGED
from rulebench.rulesets.classic.stats import stronger


@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Default answers: the higher allowed KS by its dice's mean (melee on a tie); keep the order;
    no voluntary flight; no life-saving potion (encounters carry none)."""
    kind = decision.kind
    if kind == FIGHT:
        options = decision.options
        if MELEE in options and RANGED in options:
            stats = decision.who.stats  # type: ignore[union-attr]
            return stronger(stats["melee_ks"], stats["ranged_ks"])
        return options[0]
    if kind == ORDER:
        return decision.context["current"]
    if kind in (FLEE, POTION):
        return False
    return None
