"""Default tactics for talisman: never evade (docs/rules/talisman.md, "Decisions")."""

from __future__ import annotations

from typing import Any

from rulebench import Decision, Fight, hookimpl


@hookimpl(trylast=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer ``evade`` with False: every member fights. Other kinds are not talisman's to answer."""
    if decision.kind == "evade":
        return False
    return None
