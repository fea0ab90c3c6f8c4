"""dsa's default tactics (docs/rules/dsa.md "Default tactics")."""

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


def default_retreat(standing: int, engaged: int) -> bool:
    """Flee when fewer than half (rounded up) of the engaged members, counting the fallen, still stand."""
    return standing < (engaged + 1) // 2
