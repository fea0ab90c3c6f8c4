"""Encounter problems in plain English: pydantic's errors translated, and checks across fields.

The cross-field checks read the raw data, not a model, so they run even when some fields are broken
and one validation of an :class:`~rulebench.core.encounter.Encounter` reports every problem at once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, NamedTuple, TypeGuard

from pydantic import BaseModel
from pydantic_core import ErrorDetails

from rulebench.core.i18n import N_, _, format_integer
from rulebench.core.suggestions import alternatives, did_you_mean

__all__ = ["MAX_COUNT", "Loc", "copy_names", "cross_problems", "describe", "field_path", "labels", "show"]

MAX_COUNT = 20

Loc = tuple[str | int, ...]


def show(value: Any) -> str:
    """A value as the user wrote it in TOML, for "got ..." in messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, Mapping):
        return _("a table")
    if isinstance(value, (list, tuple)):
        return _("a list")
    if isinstance(value, int) and abs(value) >= 10**_LONGEST:
        # str() of an int beyond Python's 4,300-digit limit raises; nobody wants it printed anyway.
        return _("a whole number of about {count} digits").format(count=format_integer(int(value.bit_length() * 0.30103)))
    return _("nothing") if value is None else str(value)


_LONGEST = 30
"""Whole numbers of more digits than this are shown by their length, not their digits."""


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def field_path(loc: Loc) -> str:
    """``('party', 0, 'melee')`` -> ``party[0].melee``; keys TOML would quote stay quoted."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            key = part if _BARE_KEY.fullmatch(part) else json.dumps(part, ensure_ascii=False)
            text += f".{key}" if text else key
    return text or "(top level)"


def labels(data: Mapping[str, Any]) -> dict[str, str]:
    """What a message shows after a list position: each member's name, each scripted round's number.

    Rounds count from 1 and list positions from 0 (docs/rules/README.md, "Conventions"), so a
    path names both: ``party[2] (Cleric).life``, ``tactics.round[0] (round 1).stance``.
    """
    enemy = _plain(data.get("enemy"))
    lists: list[tuple[Loc, Any]] = [(("party",), data.get("party"))]
    if isinstance(enemy, Mapping):
        lists.append((("enemy", "members"), enemy.get("members")))
    named = {
        field_path((*loc, i)): entry["name"]
        for loc, entries in lists
        for i, entry in _entries(entries)
        if _valid_name(entry.get("name"))
    }
    tactics = _plain(data.get("tactics"))
    rounds = tactics.get("round") if isinstance(tactics, Mapping) else None
    if isinstance(rounds, (list, tuple)):
        named.update({f"tactics.round[{i}]": _("round {number}").format(number=i + 1) for i in range(len(rounds))})
    return named


def copy_names(name: str, count: int) -> list[str]:
    """Names of an entry's copies: the plain name for one, else "Name 1" ... (docs/encounters.md)."""
    return [name] if count == 1 else [f"{name} {k}" for k in range(1, count + 1)]


# -- pydantic's errors in plain English ----------------------------------------------------------
_EXPECTED = {
    "bool_type": N_("expected true or false, got {value}"),
    "string_type": N_("expected text, got {value}"),
    "list_type": N_("expected a list, got {value}"),
    "tuple_type": N_("expected a list, got {value}"),
    "dict_type": N_("expected a table, got {value}"),
    "model_type": N_("expected a table, got {value}"),
    "model_attributes_type": N_("expected a table, got {value}"),
}


def describe(detail: ErrorDetails, models: Mapping[str | None, type[BaseModel]]) -> tuple[str, str]:
    """One pydantic error as ``(field path, what is wrong)``.

    ``models`` maps the last key naming a place (``None`` for the top level) to the model whose
    fields are allowed there, so an unknown field can suggest a known one.
    """
    loc, kind, got = detail["loc"], detail["type"], show(detail["input"])
    if kind == "missing":
        what = _("missing field {field!r}").format(field=loc[-1])
    elif kind == "extra_forbidden":
        owner = next((part for part in reversed(loc[:-1]) if isinstance(part, str)), None)
        what = _("unknown field {field!r}").format(field=loc[-1]) + did_you_mean(str(loc[-1]), list(models[owner].model_fields))
    elif kind == "too_short":
        what = _("at least one member is required")
    elif kind == "literal_error":
        expected = detail["ctx"]["expected"]
        hint = did_you_mean(detail["input"], re.findall(r"'([^']*)'", expected)) if isinstance(detail["input"], str) else ""
        what = _("expected {expected}, got {value}").format(expected=_listed(expected), value=got) + hint
    elif kind in _EXPECTED:
        what = _(_EXPECTED[kind]).format(value=got)
    else:
        what = detail["msg"]
    return field_path(loc), what


# -- cross-field checks, on the raw data so they run even when some fields are broken ------------
class _Names(NamedTuple):
    party: list[str]  # party members, who alone can be engaged
    combatants: list[str]  # party members and expanded enemies, who fight and decide
    entries: list[str]  # enemy entries' base names, which overrides may use for all copies


def cross_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Problems no single field shows: names, references to names, contradictions."""
    party = _entries(data.get("party"))
    enemy = _plain(data.get("enemy"))
    members = _entries(enemy.get("members") if isinstance(enemy, Mapping) else None)
    problems: list[tuple[Loc, str]] = [
        (("party", i, "count"), _("only enemy members take a count")) for i, entry in party if entry.get("count", 1) != 1
    ]
    names = _Names([], [], [])
    owners: dict[str, str] = {}  # every name in use -> the entry that has it
    for loc, entry in [(("party", i), e) for i, e in party] + [(("enemy", "members", i), e) for i, e in members]:
        name, count = entry.get("name"), entry.get("count", 1) if loc[0] == "enemy" else 1
        if not _valid_name(name):
            continue
        # A broken count is reported by its own field; one copy keeps the name checks going.
        copies = copy_names(name, count if isinstance(count, int) and 1 <= count <= MAX_COUNT else 1)
        taken = [n for n in dict.fromkeys([name, *copies]) if n in owners]
        if taken:
            if taken[0] == name:
                what = _("the name {name!r} is already taken by {owner}").format(name=taken[0], owner=owners[taken[0]])
            else:
                what = _("its copy {name!r} is already taken by {owner}").format(name=taken[0], owner=owners[taken[0]])
            problems.append(((*loc, "name"), what))
        for used in (name, *copies):
            owners.setdefault(used, f"{field_path(loc)} ({name})")
        (names.party if loc[0] == "party" else names.entries).append(name)
        names.combatants.extend(copies)
    problems += _reference_problems(data, names)
    if data.get("ambush_from_behind") is True and data.get("surprise") == "party":
        problems.append((("surprise",), _("'party' contradicts ambush_from_behind = true, where the enemy surprises")))
    return [(field_path(loc), what) for loc, what in problems]


def _reference_problems(data: Mapping[str, Any], names: _Names) -> list[tuple[Loc, str]]:
    """Names in ``engaged``, ``overrides`` and ``tactics.round`` that no one has."""
    problems: list[tuple[Loc, str]] = []
    engaged = data.get("engaged")
    for i, name in enumerate(engaged if isinstance(engaged, (list, tuple)) else ()):
        if isinstance(name, str) and name not in names.party:
            problems.append((("engaged", i), _("{name!r} is not a party member").format(name=name) + did_you_mean(name, names.party)))

    known = names.combatants + names.entries
    overrides = data.get("overrides")
    for ruleset, table in overrides.items() if isinstance(overrides, Mapping) else ():
        for name in table if isinstance(table, Mapping) else ():
            if name not in known:
                what = _("no combatant or enemy entry named {name!r}").format(name=name) + did_you_mean(name, known)
                problems.append((("overrides", ruleset, name), what))

    tactics = _plain(data.get("tactics"))
    rounds = tactics.get("round") if isinstance(tactics, Mapping) else None
    for i, table in enumerate(rounds if isinstance(rounds, (list, tuple)) else ()):
        for key, value in table.items() if isinstance(table, Mapping) else ():
            # An inline table is keyed by names, a list holds names; anything else names nobody.
            used = value.keys() if isinstance(value, Mapping) else value if isinstance(value, (list, tuple)) else ()
            for j, name in enumerate(used):
                if isinstance(name, str) and name not in names.combatants:
                    loc = ("tactics", "round", i, key, name if isinstance(value, Mapping) else j)
                    problems.append((loc, _("no combatant named {name!r}").format(name=name) + did_you_mean(name, names.combatants)))
    return problems


def _plain(value: Any) -> Any:
    # Python callers may pass models where TOML gives tables.
    return value.model_dump() if isinstance(value, BaseModel) else value


def _entries(value: Any) -> list[tuple[int, Mapping[str, Any]]]:
    if not isinstance(value, (list, tuple)):
        return []
    return [(i, entry) for i, entry in enumerate(map(_plain, value)) if isinstance(entry, Mapping)]


def _valid_name(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and bool(value.strip())


def _listed(expected: str) -> str:
    """pydantic's list of allowed values (``'none', 'party' or 'enemy'``) with the current language's "or"."""
    parts = re.findall(r"'[^']*'", expected)
    if len(parts) < 2 or f"{', '.join(parts[:-1])} or {parts[-1]}" != expected:
        return expected  # not the shape pydantic writes: shown as it is
    return alternatives(parts)


