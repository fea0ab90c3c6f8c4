"""Noticing whether a step of a fight looked at the round number, so exact analysis can reuse it.

A turn that never reads ``fight.round`` plays out the same in every round, so the exact solver
(``core/exact.py``) enumerates it once and reuses its outcomes in later rounds. ``Fight.round``
notes every read itself; a decision carries the round to the tactics plugins, so under exact
analysis ``Fight.decide`` hands them a ``WatchedDecision``, which notes any look at its round.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, SupportsIndex

from rulebench.core.contract import Decision


class RoundReader(Protocol):
    """Whatever is told that the round was read (a ``Fight``)."""

    round_read: bool


class WatchedDecision(Decision):
    """A ``Decision`` that sets ``round_read`` on its fight when a tactics plugin may see its round.

    Reading ``round`` counts, and so does every way of reaching the fields by position (unpacking,
    indexing, comparing or hashing the whole decision): better a step replayed than one wrongly
    reused. Reading ``kind``, ``who``, ``options`` or ``context`` by name does not count.
    """

    watcher: RoundReader  # a NamedTuple subclass without __slots__ keeps it in the instance's __dict__

    @classmethod
    def of(cls, watcher: RoundReader, kind: str, round_number: int, who: Any, options: tuple[Any, ...], context: dict[str, Any]) -> WatchedDecision:
        """A decision asked of ``watcher``'s tactics in round ``round_number``."""
        decision = cls(kind, round_number, who, options, context)
        decision.watcher = watcher
        return decision

    @property  # type: ignore[override]
    def round(self) -> int:
        """The round the decision is asked in; reading it is noted."""
        self.watcher.round_read = True
        return tuple.__getitem__(self, 1)  # type: ignore[no-any-return]

    def __getitem__(self, index: SupportsIndex | slice) -> Any:  # type: ignore[override]
        self.watcher.round_read = True
        return tuple.__getitem__(self, index)

    def __iter__(self) -> Iterator[Any]:
        self.watcher.round_read = True
        return tuple.__iter__(self)

    def __eq__(self, other: object) -> bool:
        self.watcher.round_read = True
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self.watcher.round_read = True
        return tuple.__ne__(self, other)

    def __hash__(self) -> int:
        self.watcher.round_read = True
        return tuple.__hash__(self)
