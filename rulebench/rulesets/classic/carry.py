"""Between the fights of a day (docs/rules/classic.md, "Between fights"): what carries over, what
a rest heals, and when the party is finished.

A wounded adventurer carries his wound, and whether it is cursed (verfluchter Schaden, dealt by
ghosts and demons); until it heals he is out of action (seed: "handlungs- und kampfunfähig, bis er
geheilt ist"): in the next fight he stands at the back and does not fight (choices.candidates). A
long rest heals a plain wound; a cursed one no rest heals (seed: "kann nicht durch Ausruhen geheilt
werden, sondern muss durch Magie ... geheilt werden"), and a short rest heals none (reading: a
breather is no rest, "Ausruhen"). A party with at most one adventurer alive is finished (seed:
"dann ist die Gruppe am Ende und der letzte Abenteurer reitet einsam in den Sonnenuntergang").
"""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, Fight, hookimpl

DEAD = 2
"""Wounds that kill (docs/rules/classic.md)."""

FINISHED_AT = 1
"""A party with at most this many adventurers alive is finished."""


@hookimpl
def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
    """His wound and whether it is cursed; nothing for an unhurt member."""
    if not combatant.vars["wounds"]:
        return None
    return {"wounds": combatant.vars["wounds"], "cursed": combatant.vars["cursed"]}


@hookimpl
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
    """A long rest heals a plain wound; a cursed wound, or any wound after a short rest or none, stays."""
    if rest == "long" and not carried.get("cursed", False):
        return {}
    return dict(carried)


@hookimpl
def rulebench_party_finished(fight: Fight) -> bool:
    """Finished with at most one adventurer alive, whoever took part in the fight."""
    return sum(1 for member in fight.party.members if member.vars["wounds"] < DEAD) <= FINISHED_AT
