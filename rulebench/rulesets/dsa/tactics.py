"""dsa's default tactics (docs/rules/dsa.md, "Decisions")."""

from __future__ import annotations

from typing import Any

from rulebench import Decision, Fight, hookimpl


@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Flee when fewer than half (rounded up) of the engaged members, counting the fallen, still stand."""
    if decision.kind != "retreat":
        return None
    context = decision.context
    return default_retreat(context["standing"], context["engaged"])


def flees(fight: Fight, standing: int, engaged: int) -> bool:
    """Whether the party flees after this exchange, ``standing`` of its ``engaged`` members still
    standing (``party_standing``): dsa's default tactics answer directly, any other tactics source is
    asked (the decision ``retreat``). A flight is reported as a ``decision`` event with the counts
    the default tactics go by; the kernel names who decided."""
    if fight.default_tactics:
        fleeing = default_retreat(standing, engaged)
    else:
        fleeing = bool(fight.decide("retreat", None, (True, False), standing=standing, engaged=engaged))
    if fleeing:
        fight.emit("decision", decision="retreat", value=True, standing=standing, engaged=engaged)
    return fleeing


def party_standing(fight: Fight) -> tuple[int, int]:
    """How many of the party's engaged members still stand, and how many are engaged."""
    engaged = standing = 0
    for c in fight.party.members:
        if c.engaged:
            engaged += 1
            standing += c.vars["standing"]
    return standing, engaged


def default_retreat(standing: int, engaged: int) -> bool:
    """Flee when fewer than half (rounded up) of the engaged members, counting the fallen, still stand."""
    return standing < (engaged + 1) // 2
