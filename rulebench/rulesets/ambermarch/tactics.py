"""Default tactics of ambermarch (RULES.md §1 "Default tactics"; reading: no text gives tactics).

Attack with the higher skill (melee on a tie), non-fighters hold back where they may, spend all
momentum, keep the marching order, take every fight offered, and retreat when fewer than half
(rounded up) of the engaged members, counting the fallen, are unhurt or battered. Wounded members
take cover by rule, so they are never asked.
"""

from __future__ import annotations

from typing import Any

from rulebench.core.contract import Decision
from rulebench.core.fight import Fight
from rulebench.core.plugins import hookimpl
from rulebench.rulesets.ambermarch.ladder import BATTERED, LADDER, MOMENTUM, ORDER
from rulebench.rulesets.ambermarch.stances import ATTACK, ATTACK_RANGED, HOLD_BACK


@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer stance, momentum, order, retreat and decline the way RULES.md's default tactics say."""
    kind = decision.kind
    if kind == "stance":
        member = decision.who
        if not member.spec.fighter and decision.context.get("may_hold_back"):
            return HOLD_BACK
        return ATTACK if member.stats["melee"] >= member.stats["ranged"] else ATTACK_RANGED
    if kind == "momentum":
        return fight.vars[MOMENTUM]
    if kind == "retreat":
        members = fight.party.members
        engaged = fight.vars[ORDER]
        fit = sum(1 for i in engaged if members[i].vars[LADDER] <= BATTERED)
        return fit < -(-len(engaged) // 2)
    if kind == "order":
        return decision.context["current"]
    if kind == "decline":
        return False
    return None
