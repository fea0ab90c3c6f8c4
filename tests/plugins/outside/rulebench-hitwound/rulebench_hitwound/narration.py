"""hitwound's words: the renderer of its events and its catalog (the domain ``rulebench-hitwound``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import N_, Fight, Messages, hookimpl, roll_sentence

MESSAGES = Messages("rulebench-hitwound", Path(__file__).with_name("locale"))
_ = MESSAGES.gettext

# The texts the rules keep in English (roll labels, conditions), marked for the catalog here.
N_("hit roll"), N_("wound roll"), N_("save"), N_("unhurt"), N_("wounded"), N_("slain")


@hookimpl
def rulebench_narrate(fight: Fight, event: dict[str, Any]) -> str | None:
    """One event's sentence in the reader's language; None for a kind another plugin renders."""
    kind = event["kind"]
    if kind == "roll":
        return roll_sentence(event, _(event["label"]))
    if kind == "hit":
        return _("{attacker} hits {defender} (needed {need}+)").format(**event)
    if kind == "miss":
        return _("{attacker} misses {defender} (needed {need}+)").format(**event)
    if kind == "saved":
        return _("{who}'s armour saves him").format(**event)
    if kind == "wound":
        text = _("a demon's blow: {who} is wounded, {left} left") if event["demon"] else _("{who} is wounded, {left} left")
        return text.format(**event)
    return None
