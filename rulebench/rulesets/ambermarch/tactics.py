"""Default tactics of ambermarch (docs/rules/ambermarch.md; reading: no text gives tactics).

Attack with the higher skill (melee on a tie), non-fighters hold back where they may, spend all
momentum, keep the marching order, take every fight offered, and retreat when fewer than half
(rounded up) of the engaged members, counting the fallen, are unhurt or battered. Wounded members
take cover by rule, so they are never asked.
"""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, Decision, Fight, hookimpl
from rulebench.rulesets.ambermarch.state import ATTACK, ATTACK_RANGED, BATTERED, HOLD_BACK, LADDER, MOMENTUM, ORDER


def default_stance(member: Combatant, may_hold_back: bool) -> str:
    """A non-fighter holds back where he may; everyone else attacks with his higher skill."""
    if may_hold_back and not member.spec.fighter:
        return HOLD_BACK
    return better_attack(member)


def better_attack(member: Combatant) -> str:
    """The attack stance with the member's higher skill, melee on a tie."""
    return ATTACK if member.stats["melee"] >= member.stats["ranged"] else ATTACK_RANGED


def default_retreat(fight: Fight) -> bool:
    """Retreat when fewer than half (rounded up) of the engaged members are unhurt or battered."""
    fit, engaged = fit_members(fight)
    return fit < -(-engaged // 2)


def fit_members(fight: Fight) -> tuple[int, int]:
    """How many engaged members are unhurt or battered, and how many are engaged (the fallen
    counted): what the default tactics' retreat goes by."""
    members = fight.party.members
    engaged = fight.vars[ORDER]
    fit = 0
    for i in engaged:
        if members[i].vars[LADDER] <= BATTERED:
            fit += 1
    return fit, len(engaged)



@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer stance, momentum, order, retreat and decline the way the default tactics (docs/rules/) say."""
    kind = decision.kind
    if kind == "stance" and decision.who is not None:
        return default_stance(decision.who, decision.context.get("may_hold_back", False))
    if kind == "momentum":
        return fight.vars[MOMENTUM]
    if kind == "retreat":
        return default_retreat(fight)
    if kind == "order":
        return decision.context["current"]
    if kind == "decline":
        return False
    return None
