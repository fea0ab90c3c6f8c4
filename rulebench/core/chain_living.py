"""A stage as the living fight it: the dead taken out of every name the stage's fields refer to.

A chain's stages are written for the whole party (docs/chains.md); once members have died, a
stage's ``engaged`` list, its ``overrides`` and its ``[[tactics.round]]`` tables may name someone
who is no longer there, which an encounter refuses. The dead are simply left out: of ``engaged``
(and when everyone it names is dead, the whole living party fights), of the overrides, and of the
scripted tables, as a key, an item of a list or an answer (a scripted target).
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import Any

__all__ = ["for_the_living"]


def for_the_living(fields: Mapping[str, Any], dead: Set[str]) -> dict[str, Any]:
    """A stage's encounter ``fields`` with every reference to the ``dead`` left out."""
    living = dict(fields)
    engaged = fields.get("engaged")
    if isinstance(engaged, list) and engaged:
        kept = [name for name in engaged if name not in dead]
        if kept:
            living["engaged"] = kept
        else:
            del living["engaged"]  # those meant to fight are dead: the living fight
    overrides = fields.get("overrides")
    if isinstance(overrides, Mapping):
        living["overrides"] = {
            ruleset: {name: stats for name, stats in table.items() if name not in dead}
            for ruleset, table in overrides.items()
        }
    tactics = fields.get("tactics")
    if isinstance(tactics, Mapping) and isinstance(tactics.get("round"), list):
        living["tactics"] = {**tactics, "round": [_table(table, dead) for table in tactics["round"]]}
    return living


def _table(table: Mapping[str, Any], dead: Set[str]) -> dict[str, Any]:
    """One round's scripted decisions without the dead: as keys of a per-combatant table, as items
    of a list of names, and as the answers naming them (a decision with no answer left is dropped,
    so the next tactics source answers it)."""
    kept: dict[str, Any] = {}
    for kind, value in table.items():
        if isinstance(value, Mapping):
            value = {name: answer for name, answer in value.items() if name not in dead and answer not in dead}
        elif isinstance(value, list):
            value = [name for name in value if name not in dead]
        elif isinstance(value, str) and value in dead:
            continue
        kept[kind] = value
    return kept
