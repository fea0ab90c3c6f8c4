"""The kernel's own implementations, registered first and ``trylast`` so any plugin overrides them."""

from __future__ import annotations

from typing import Any

from rulebench.core.combatants import Combatant, Side
from rulebench.core.fight import Fight
from rulebench.core.markers import hookimpl


@hookimpl(trylast=True)
def rulebench_turn(fight: Fight, turn: Any) -> tuple[Combatant | Side, Combatant | Side] | None:
    """A turn that already is an ``(attacker, defender)`` pair is played as it is."""
    if type(turn) is tuple and len(turn) == 2 and isinstance(turn[0], (Combatant, Side)):
        return turn
    return None


@hookimpl(trylast=True)
def rulebench_narrate(fight: Fight, event: dict[str, Any]) -> str:
    """A roll as the log has always shown it (``Hero: damage 1d8 → 4 (…)``), a fate's condition as
    the ruleset named it, an ending's reason as its outcome event gave it (none: ``""``); any other
    event that no plugin renders as its kind."""
    kind = event["kind"]
    if kind == "roll":
        return roll_sentence(event, event["label"])
    if kind == "fate":
        return str(event["condition"])
    if kind == "reason":
        return str(event.get("reason") or "")
    return str(kind)


def roll_sentence(event: dict[str, Any], label: str) -> str:
    """A roll event's sentence with its label as given (a ruleset passes it translated): who rolled,
    for what, the dice, the total, and the faces when there were several."""
    faces = event.get("faces")
    shown = f" ({' '.join(map(str, faces))})" if faces is not None and len(faces) > 1 else ""
    actor = f"{event['who']}: " if event.get("who") is not None else ""
    return f"{actor}{label} {event['dice']} → {event['total']}{shown}"


@hookimpl(trylast=True)
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
    """A rest heals nothing the ruleset does not say it heals: the carried state goes on as it is."""
    return dict(carried)
