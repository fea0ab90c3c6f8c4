"""classic's default tactics (docs/rules/classic.md): everyone fights with his higher KS, nobody flees.

Reading for the decisions the rules leave to the player: the marching order is kept and no
life-saving potion is drunk (encounters carry none).
"""

from __future__ import annotations

from typing import Any, cast

from rulebench import Combatant, Decision, Fight, hookimpl
from rulebench.rulesets.classic.choices import default_fight
from rulebench.rulesets.classic.info import FIGHT, FLEE, ORDER, POTION


@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Default answers: fight with the higher allowed KS; keep the order; no voluntary flight; no potion."""
    kind = decision.kind
    if kind == FIGHT:
        return default_fight(cast(Combatant, decision.who), decision.options)  # asked per member
    if kind == ORDER:
        return decision.context["current"]
    if kind in (FLEE, POTION):
        return False
    return None
