"""Field paths into an encounter's plain data, behind ``Encounter.numeric_value`` and ``with_value``.

Paths: ``party[0].melee``, ``party[Warrior].armour``, ``enemy.members[Skeleton guard].count``,
``overrides.dsa."Skeleton guard".le``. Every way a path can miss is a :class:`BadInput` naming what
is there instead.
"""

from __future__ import annotations

import re
from typing import Any

from rulebench.core.encounter_checks import Loc, field_path, show
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _, ngettext

__all__ = ["read_whole_number", "write_whole_number"]

_STEP = re.compile(r'(\.?)(?:([^.\[\]"]+)|"([^"]+)")|\[([^\]]+)\]')


def _derived(path: str) -> str:
    """The message for a path to a stat the encounter does not set."""
    return _("{path}: not set in this encounter; the ruleset derives it (docs/rules/<ruleset>.md)").format(path=path)


def read_whole_number(data: dict[str, Any], path: str) -> int:
    """The whole number at ``path`` in an encounter's ``model_dump(mode="json")``.

    Raises:
        BadInput: the path does not exist or does not lead to a whole number.
    """
    container, key = _locate(data, path, create=False)
    if isinstance(container, dict) and key not in container:
        raise BadInput(_derived(path))
    return _whole_number_at(container, key, path)


def write_whole_number(data: dict[str, Any], path: str, value: int) -> None:
    """Set the whole number at ``path`` in ``data`` to ``value``, adding an override not yet set.

    Raises:
        BadInput: ``value`` is not a whole number, or the path does not exist or does not lead to one.
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(_("{path}: expected a whole number, got {value}").format(path=path, value=show(value)))
    container, key = _locate(data, path, create=True)
    if not (isinstance(container, dict) and key not in container):
        _whole_number_at(container, key, path)  # only whole numbers vary; a name or a flag does not
    container[key] = value


def _steps(path: str) -> list[tuple[str, bool]]:
    """``party[Warrior].armour`` -> ``[("party", False), ("Warrior", True), ("armour", False)]``."""
    steps: list[tuple[str, bool]] = []
    position = 0
    while position < len(path):
        match = _STEP.match(path, position)
        # A key needs its dot except at the start; an index never takes one.
        if match is None or (match.group(4) is None and bool(match.group(1)) != bool(position)):
            raise BadInput(_("{path!r} is not a path like 'party[0].melee' or 'overrides.dsa.Orc.le'").format(path=path))
        key, quoted, item = match.group(2, 3, 4)
        steps.append((item, True) if item is not None else (key if quoted is None else quoted, False))
        position = match.end()
    if not steps:
        raise BadInput(_("an empty path; expected one like 'party[0].melee' or 'overrides.dsa.Orc.le'"))
    return steps


def _locate(data: dict[str, Any], path: str, *, create: bool) -> tuple[Any, Any]:
    """The container that holds ``path``'s last step, and that step's key or index.

    Overrides are sparse, so below ``overrides`` a missing last key is returned for the caller to
    judge, and with ``create`` missing tables on the way are added: a sweep may vary an override
    the file does not set yet.
    """
    steps = _steps(path)
    sparse = steps[0] == ("overrides", False)
    *route, last = steps
    container: Any = data
    loc: Loc = ()
    for step in route:
        key = _key(container, step, loc, path, missing_ok=sparse and bool(loc))
        if isinstance(container, dict) and key not in container:
            if not create:
                raise BadInput(_derived(path))
            container[key] = {}
        container = container[key]
        loc = (*loc, key)
    return container, _key(container, last, loc, path, missing_ok=sparse and bool(loc))


def _key(container: Any, step: tuple[str, bool], loc: Loc, path: str, *, missing_ok: bool) -> Any:
    """The dict key or list index that ``step`` names inside ``container`` (found at ``loc``)."""
    text, bracketed = step
    if isinstance(container, list):
        return _list_index(container, text, bracketed, loc, path)
    if not isinstance(container, dict):
        raise BadInput(_("{path}: {field} is {value}, not a table or a list").format(path=path, field=field_path(loc),
                                                                                    value=show(container)))
    if text not in container and not missing_ok:
        there = ", ".join(container) or _("nothing")
        where = field_path(loc) if loc else _("the encounter")
        raise BadInput(_("{path}: {where} has no {key!r}; it has: {there}").format(path=path, where=where, key=text, there=there))
    return text


def _list_index(entries: list[Any], step: str, bracketed: bool, loc: Loc, path: str) -> int:
    """An entry of a list by ``[index]`` or, for party and enemy entries, by ``[name]``."""
    where = field_path(loc)
    if not bracketed:
        raise BadInput(_("{path}: {where} is a list; pick an entry by index or name, like {where}[0]").format(path=path, where=where))
    if step.isdigit():
        if int(step) >= len(entries):
            # Both English forms read "entries", as they always have; a translation gets its own singular.
            raise BadInput(ngettext("{path}: {where} has {count} entries, numbered from 0", "{path}: {where} has {count} entries, numbered from 0",
                                    len(entries)).format(path=path, where=where, count=len(entries)))
        return int(step)
    names = [entry.get("name") if isinstance(entry, dict) else None for entry in entries]
    if step not in names:
        there = ", ".join(name for name in names if name) or _("only indices 0 to {last}").format(last=len(entries) - 1)
        raise BadInput(_("{path}: {where} has no entry named {name!r}; it has: {there}").format(path=path, where=where, name=step,
                                                                                             there=there))
    return names.index(step)


def _whole_number_at(container: Any, key: Any, path: str) -> int:
    value = container[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(_("{path}: not a whole number but {value}").format(path=path, value=show(value)))
    return value
