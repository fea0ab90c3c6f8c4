"""Watching which parts of a fight's state a step reads and writes, so exact analysis can reuse it.

A step (``loop.play_step``) sees the fight's state only through ``fight.vars`` and each
combatant's ``vars`` (besides the round number, watched by ``round_watch.py``, and the outcome and
pending turns, which are part of every reuse key): that is the contract of ``Fight._snapshot``. So a
step played from one state plays out the same, roll for roll, from any state that agrees on every
value it read, and ends where it ended there, except in the values it neither read nor wrote, which
keep the new state's values. The exact solver (``sharing.py``) uses this to play a duel's exchange
once per defender's life points instead of once per pair of both fighters' life points.

While a step is watched, its ``vars`` dictionaries are ``WatchedVars``, which note each key read or
written. Anything that reads a dictionary as a whole (iterating it, copying it, comparing it,
showing it) or replaces it marks the step as having read everything: it is then never reused for
another state. Better a step played again than one wrongly reused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Key = tuple[int, str]
"""A value of the fight's state: whose ``vars`` (-1 for the fight's own, else the combatant's
position in ``fight.combatants``) and its key there."""


class StateReads:
    """What the paths of one step have read of the state, and what the current path has written."""

    __slots__ = ("on", "read", "whole", "written")

    def __init__(self) -> None:
        self.on = False
        self.read: set[Key] = set()
        self.written: set[Key] = set()
        self.whole = False
        """Whether some path read a dictionary as a whole (or replaced one): no reuse then."""

    def begin(self) -> None:
        """Start watching a step afresh."""
        self.read = set()
        self.whole = False


class WatchedVars(dict[str, Any]):
    """A ``vars`` dictionary that notes, while ``reads.on``, each key read or written."""

    __slots__ = ("owner", "reads")

    owner: int
    reads: StateReads

    def __getitem__(self, key: str) -> Any:
        reads = self.reads
        if reads.on:
            reads.read.add((self.owner, key))
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        reads = self.reads
        if reads.on:
            reads.read.add((self.owner, key))
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        reads = self.reads
        if reads.on:
            reads.read.add((self.owner, key))  # type: ignore[arg-type]  # a key that is not a str is never there
        return dict.__contains__(self, key)

    def __setitem__(self, key: str, value: Any) -> None:
        reads = self.reads
        if reads.on:
            reads.written.add((self.owner, key))
        dict.__setitem__(self, key, value)

    def setdefault(self, key: str, default: Any = None) -> Any:
        reads = self.reads
        if reads.on:
            reads.read.add((self.owner, key))
            reads.written.add((self.owner, key))
        return dict.setdefault(self, key, default)


def _as_a_whole(name: str) -> Callable[..., Any]:
    method = getattr(dict, name)

    def whole(self: WatchedVars, *args: Any, **kwargs: Any) -> Any:
        if self.reads.on:
            self.reads.whole = True
        return method(self, *args, **kwargs)

    whole.__name__ = name
    return whole


# Every other way in reads or changes the dictionary as a whole (``dict(d)`` and ``{**d}`` go
# through ``__iter__`` and ``keys`` once ``__iter__`` is overridden).
for _name in (
    "__iter__", "__len__", "__eq__", "__ne__", "__repr__", "__str__", "__format__", "__or__", "__ror__", "__ior__",
    "__reversed__", "__delitem__", "__reduce__", "__reduce_ex__", "__sizeof__", "__getstate__", "keys", "values", "items",
    "copy", "update", "pop", "popitem", "clear",
):
    if hasattr(dict, _name):
        setattr(WatchedVars, _name, _as_a_whole(_name))


def watched(values: dict[str, Any], owner: int, reads: StateReads) -> WatchedVars:
    """A watched copy of one ``vars`` dictionary."""
    copy = WatchedVars(values)
    copy.owner = owner
    copy.reads = reads
    return copy
