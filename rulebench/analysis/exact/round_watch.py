"""Watching how a step of a fight uses the round number, so exact analysis can reuse the step.

A turn, a round's start or its end that uses the round number only to compare it with constants
(``fight.round == 1``, ``fight.round >= ROUND_CAP``) or to count on from it (the kernel's
``fight.round += 1``) plays out the same in every round where those comparisons come out the same.
The exact solver (``solver.py``) enumerates such a step once and reuses its outcomes in later
rounds: long, capped fights are mostly such steps.

While a ``RoundWatch`` is attached to a fight, ``Fight.round`` hands out a ``RoundNumber``, which
notes each comparison with a whole number as a guard. Any other use (hashing it, formatting it,
indexing with it, arithmetic beyond adding or subtracting whole numbers) makes the step opaque:
it is then never reused. A decision's round is watched the same way (``WatchedDecision``), so a
tactics script that picks its table by comparing the round keeps the step reusable.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, SupportsIndex, cast

from rulebench.core.values import Decision

MAX_ROUND = 1 << 62
"""Beyond any round a fight reaches: the open end of a window."""

Guard = tuple[Callable[[int, int], bool], int, int, bool]
"""A comparison a step made: operator, the round's offset from the step's first round, the whole
number it was compared with, and the answer."""


class Window(NamedTuple):
    """The rounds a step may begin in and be reused: lowest, highest, and those between left out."""

    low: int
    high: int
    holes: frozenset[int]

    def holds(self, number: int) -> bool:
        """Whether a step that holds in these rounds holds in round ``number``."""
        return self.low <= number <= self.high and number not in self.holes


class RoundWatch:
    """What the current step has learnt about its round number: its guards, or that it is opaque."""

    __slots__ = ("base", "guards", "opaque")

    def __init__(self) -> None:
        self.base = 0
        self.guards: set[Guard] = set()
        self.opaque = False

    def begin(self, base: int) -> None:
        """Start watching a step that begins in round ``base``."""
        self.base = base
        self.guards = set()
        self.opaque = False

    def number(self, value: int) -> int:
        """The round number ``value`` as the step may see it: a ``RoundNumber``, which rules code
        compares and counts on from as it would an int (the ``RoundClock`` contract)."""
        return cast(int, RoundNumber(self, value - self.base))

    def store(self, value: Any) -> int:
        """The round number a step sets, as a plain int; setting one not counted on from the round
        makes the step opaque."""
        if isinstance(value, RoundNumber) and value.watch is self:
            return self.base + value.offset
        self.opaque = True
        return int(value)

    def decision(self, kind: str, round_number: int, who: Any, options: tuple[Any, ...], context: dict[str, Any]) -> Decision:
        """A decision asked in round ``round_number`` of the watched step, its round watched too."""
        return WatchedDecision.of(self, kind, round_number, who, options, context)

    def window(self) -> Window:
        """The first rounds in which the current step, begun in any of them, would make the same
        comparisons with the same answers: its guards solved for the step's first round."""
        low, high, holes = 0, MAX_ROUND, set()
        for op, offset, other, answer in self.guards:
            at = other - offset  # the comparison's threshold, moved to the step's first round
            if op is operator.eq or op is operator.ne:
                if answer == (op is operator.eq):
                    low, high = max(low, at), min(high, at)
                else:
                    holes.add(at)
            elif op is operator.lt or op is operator.ge:
                if (op is operator.lt) == answer:  # below the threshold: lt true or ge false
                    high = min(high, at - 1)
                else:
                    low = max(low, at)
            elif (op is operator.le) == answer:  # at most the threshold: le true or gt false
                high = min(high, at)
            else:
                low = max(low, at + 1)
        return Window(low, high, frozenset(holes))


class RoundNumber:
    """The round number during a watched step (an offset from the step's first round).

    Not an ``int`` on purpose: every use goes through a method here, so none goes unseen.
    """

    __slots__ = ("offset", "watch")

    def __init__(self, watch: RoundWatch, offset: int) -> None:
        self.watch = watch
        self.offset = offset

    def _opaque(self) -> int:
        self.watch.opaque = True
        return self.watch.base + self.offset

    def _compare(self, op: Callable[[Any, Any], bool], other: Any) -> bool:
        if isinstance(other, RoundNumber) and other.watch is self.watch:
            return op(self.offset, other.offset)  # the same in every round
        if type(other) is int:
            answer = op(self.watch.base + self.offset, other)
            self.watch.guards.add((op, self.offset, other, answer))
            return answer
        return op(self._opaque(), other)

    def __eq__(self, other: object) -> bool:
        return self._compare(operator.eq, other)

    def __ne__(self, other: object) -> bool:
        return self._compare(operator.ne, other)

    def __lt__(self, other: Any) -> bool:
        return self._compare(operator.lt, other)

    def __le__(self, other: Any) -> bool:
        return self._compare(operator.le, other)

    def __gt__(self, other: Any) -> bool:
        return self._compare(operator.gt, other)

    def __ge__(self, other: Any) -> bool:
        return self._compare(operator.ge, other)

    def __bool__(self) -> bool:
        return self._compare(operator.ne, 0)

    def __add__(self, other: Any) -> Any:
        if type(other) is int:
            return RoundNumber(self.watch, self.offset + other)
        return self._opaque() + other

    __radd__ = __add__

    def __sub__(self, other: Any) -> Any:
        if type(other) is int:
            return RoundNumber(self.watch, self.offset - other)
        if isinstance(other, RoundNumber) and other.watch is self.watch:
            return self.offset - other.offset
        return self._opaque() - other

    def __rsub__(self, other: Any) -> Any:
        return other - self._opaque()

    def __mul__(self, other: Any) -> Any:
        return self._opaque() * other

    __rmul__ = __mul__

    def __floordiv__(self, other: Any) -> Any:
        return self._opaque() // other

    def __mod__(self, other: Any) -> Any:
        return self._opaque() % other

    def __neg__(self) -> int:
        return -self._opaque()

    def __index__(self) -> int:
        return self._opaque()

    __int__ = __index__

    def __float__(self) -> float:
        return float(self._opaque())

    def __hash__(self) -> int:
        return hash(self._opaque())

    def __str__(self) -> str:
        return str(self._opaque())

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(self._opaque(), spec)


class WatchedDecision(Decision):
    """A ``Decision`` whose round a tactics plugin sees as a ``RoundNumber``.

    Comparing ``round`` with whole numbers adds guards, as with ``Fight.round``. Every way of
    reaching the fields by position (unpacking, indexing, comparing or hashing the whole decision)
    makes the step opaque: better a step replayed than one wrongly reused.
    """

    watch: RoundWatch  # a NamedTuple subclass without __slots__ keeps it in the instance's __dict__

    @classmethod
    def of(cls, watch: RoundWatch, kind: str, round_number: int, who: Any, options: tuple[Any, ...], context: dict[str, Any]) -> WatchedDecision:
        """A decision asked in round ``round_number`` of a watched step."""
        decision = cls(kind, round_number, who, options, context)
        decision.watch = watch
        return decision

    @property
    def round(self) -> int:
        """The round the decision is asked in, watched like ``Fight.round``."""
        return self.watch.number(cast(int, tuple.__getitem__(self, 1)))

    def __getitem__(self, index: SupportsIndex | slice) -> Any:
        self.watch.opaque = True
        return tuple.__getitem__(self, index)

    def __iter__(self) -> Iterator[Any]:
        self.watch.opaque = True
        return tuple.__iter__(self)

    def __eq__(self, other: object) -> bool:
        self.watch.opaque = True
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        self.watch.opaque = True
        return tuple.__ne__(self, other)

    def __hash__(self) -> int:
        self.watch.opaque = True
        return tuple.__hash__(self)
