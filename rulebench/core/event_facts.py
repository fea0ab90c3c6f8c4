"""An event's facts as a recorded fight's log keeps them: plain JSON values, so a log reads the same
in ``fight --json``, a report and a renderer, whatever objects the rules passed (``Fight.emit``)."""

from __future__ import annotations

from typing import Any

from rulebench.core.combatants import Combatant, Side
from rulebench.core.dice import Dice
from rulebench.core.values import Modifier


def json_ready(value: Any) -> Any:
    """An event's fact as the log keeps it: a combatant or side as its name, dice as their
    notation, a modifier as ``{"value", "reason"}``, a tuple or list item by item."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (Combatant, Side)):
        return value.name
    if isinstance(value, Dice):
        return str(value)
    if isinstance(value, Modifier):
        return {"value": value.value, "reason": value.reason}
    if isinstance(value, (list, tuple)):
        return [json_ready(item) for item in value]
    if isinstance(value, dict):
        return {key: json_ready(item) for key, item in value.items()}
    return value
