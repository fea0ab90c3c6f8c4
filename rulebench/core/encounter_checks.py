"""Encounter problems in plain English: pydantic's errors translated, and checks across fields.

The cross-field checks read the raw data, not a model, so they run even when some fields are broken
and one validation of an :class:`~rulebench.core.encounter.Encounter` reports every problem at once.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, TypeGuard

from pydantic import BaseModel
from pydantic_core import ErrorDetails

__all__ = ["MAX_COUNT", "Loc", "copy_names", "cross_problems", "describe", "did_you_mean", "field_path", "labels", "show"]

MAX_COUNT = 20

Loc = tuple[str | int, ...]


def show(value: Any) -> str:
    """A value as the user wrote it in TOML, for "got ..." in messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, int) and abs(value) >= 10**_LONGEST:
        # str() of an int beyond Python's 4,300-digit limit raises; nobody wants it printed anyway.
        return f"a whole number of about {int(value.bit_length() * 0.30103):,} digits"
    return "nothing" if value is None else str(value)


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
        named.update({f"tactics.round[{i}]": f"round {i + 1}" for i in range(len(rounds))})
    return named


def copy_names(name: str, count: int) -> list[str]:
    """Names of an entry's copies: the plain name for one, else "Name 1" ... (docs/encounters.md)."""
    return [name] if count == 1 else [f"{name} {k}" for k in range(1, count + 1)]


# -- pydantic's errors in plain English ----------------------------------------------------------
_EXPECTED = {
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected a table",
    "model_type": "expected a table",
    "model_attributes_type": "expected a table",
}


def describe(detail: ErrorDetails, models: Mapping[str | None, type[BaseModel]]) -> tuple[str, str]:
    """One pydantic error as ``(field path, what is wrong)``.

    ``models`` maps the last key naming a place (``None`` for the top level) to the model whose
    fields are allowed there, so an unknown field can suggest a known one.
    """
    loc, kind, got = detail["loc"], detail["type"], show(detail["input"])
    if kind == "missing":
        what = f"missing field {loc[-1]!r}"
    elif kind == "extra_forbidden":
        owner = next((part for part in reversed(loc[:-1]) if isinstance(part, str)), None)
        what = f"unknown field {loc[-1]!r}{did_you_mean(str(loc[-1]), list(models[owner].model_fields))}"
    elif kind == "too_short":
        what = "at least one member is required"
    elif kind == "literal_error":
        expected = detail["ctx"]["expected"]
        hint = did_you_mean(detail["input"], re.findall(r"'([^']*)'", expected)) if isinstance(detail["input"], str) else ""
        what = f"expected {expected}, got {got}{hint}"
    elif kind in _EXPECTED:
        what = f"{_EXPECTED[kind]}, got {got}"
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
        (("party", i, "count"), "only enemy members take a count") for i, entry in party if entry.get("count", 1) != 1
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
            what = "the name" if taken[0] == name else "its copy"
            problems.append(((*loc, "name"), f"{what} {taken[0]!r} is already taken by {owners[taken[0]]}"))
        for used in (name, *copies):
            owners.setdefault(used, f"{field_path(loc)} ({name})")
        (names.party if loc[0] == "party" else names.entries).append(name)
        names.combatants.extend(copies)
    problems += _reference_problems(data, names)
    if data.get("ambush_from_behind") is True and data.get("surprise") == "party":
        problems.append((("surprise",), "'party' contradicts ambush_from_behind = true, where the enemy surprises"))
    return [(field_path(loc), what) for loc, what in problems]


def _reference_problems(data: Mapping[str, Any], names: _Names) -> list[tuple[Loc, str]]:
    """Names in ``engaged``, ``overrides`` and ``tactics.round`` that no one has."""
    problems: list[tuple[Loc, str]] = []
    engaged = data.get("engaged")
    for i, name in enumerate(engaged if isinstance(engaged, (list, tuple)) else ()):
        if isinstance(name, str) and name not in names.party:
            problems.append((("engaged", i), f"{name!r} is not a party member{did_you_mean(name, names.party)}"))

    known = names.combatants + names.entries
    overrides = data.get("overrides")
    for ruleset, table in overrides.items() if isinstance(overrides, Mapping) else ():
        for name in table if isinstance(table, Mapping) else ():
            if name not in known:
                what = f"no combatant or enemy entry named {name!r}{did_you_mean(name, known)}"
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
                    problems.append((loc, f"no combatant named {name!r}{did_you_mean(name, names.combatants)}"))
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


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """`` (did you mean 'robust'?)`` when ``word`` is close to one of ``options``, else empty."""
    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
