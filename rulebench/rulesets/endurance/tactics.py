"""Default tactics (docs/rules/endurance.md, "Decisions")."""

from __future__ import annotations

from typing import Any

from rulebench import Decision, Fight, hookimpl


@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Strike the front-most standing opponent; flee when fewer than half (rounded up) of the engaged
    members, counting the fallen, still stand."""
    if decision.kind == "target":
        return decision.options[0]  # the options list the standing front first
    if decision.kind == "retreat":
        return default_flee(decision.context["standing"], decision.context["engaged"])
    return None


def default_flee(standing: int, engaged: int) -> bool:
    """Flee when fewer than half (rounded up) of the engaged members, counting the fallen, still stand."""
    return standing < (engaged + 1) // 2
