"""Carrying one layer's probability on in floating point: plainly, or by a compiled carry.

The plain carry takes each state's probability on along its step's moves, state by state. A
layer met again with the same states in the same order, as a capped fight's later rounds are, is
carried by a compiled carry (``Carry``): the same products added in the same order, so the same
floats to the bit, in a fraction of the time (docs/architecture.md, "Where speed comes from").
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import reduce
from itertools import chain
from operator import add, itemgetter, mul
from typing import NamedTuple

from rulebench.analysis.exact.round_watch import Window
from rulebench.analysis.exact.steps import Known, Moves, Where


class Arrival(NamedTuple):
    """The probability a carry takes to one layer (or to the fights' ends)."""

    where: Where
    reached: defaultdict[int, float]
    """Each state reached and its probability, in the order the plain carry meets them."""
    sums: Mapping[int, int]
    """How many sums each reached state's probability is added up from (``Solver._arrive``)."""


def carry_plainly(weights: dict[int, float], steps: Iterable[Moves]) -> tuple[int, Iterator[Arrival]]:
    """The plain carry of a layer's probabilities (``weights``), state by state with each state's
    step (``steps``, in the layer's order): the states the folded steps pass through (counted as
    carried) and the arrivals. The inner loop of long fights, so kept to the bone: one
    denominator (1), one target and one list of summed states per (rounds gone by, stage)."""
    slots: dict[Where, tuple[defaultdict[int, float], list[int]]] = {}
    slot_of = slots.get
    passed: list[tuple[int, ...]] = []  # counted once per layer: appending costs less than a union per state
    pass_on = passed.append
    for weight, (_, groups, through) in zip(weights.values(), steps):
        pass_on(through)
        for where, moves, reached_ids in groups:
            slot = slot_of(where)
            if slot is None:
                slot = slots[where] = (defaultdict(float), [])
            target, summed = slot
            # A defaultdict's ``+=`` measured faster here than a plain dict's ``get``, a
            # ``try``, or the products taken in C with ``map``: the moves are few per state.
            for after, p in moves:
                target[after] += weight * p
            summed.extend(reached_ids)
    # Counted in C; a state of a layer once more, for its addition into the layer.
    arrivals = (
        Arrival(where, reached, Counter(sums if where[1] is None else chain(sums, reached)))
        for where, (reached, sums) in slots.items()
    )
    return len(set(chain.from_iterable(passed))), arrivals


Gather = Callable[[Sequence[float]], tuple[float, ...]]
"""Takes the values at some positions of a sequence, as a tuple (``_gather``)."""


def _gather(positions: Sequence[int]) -> Gather:
    """What takes the values at ``positions`` from a sequence: a tuple even for one position (then
    that value twice, since the ``map`` or ``zip`` it feeds stops at its shorter argument)."""
    return itemgetter(*positions) if len(positions) > 1 else itemgetter(positions[0], positions[0])


class Slot(NamedTuple):
    """Where a compiled carry takes one layer's probability on to, for one (rounds gone by, stage)."""

    where: Where
    targets: tuple[int, ...]
    """The states reached, in the order the plain carry meets them."""
    columns: tuple[tuple[Gather, tuple[float, ...]], ...]
    """Each the sources and step probabilities of one more addition for the states (ranked by
    their number of additions) that have that many."""
    tails: tuple[tuple[int, Gather, tuple[float, ...]], ...]
    """Each state's remaining additions past the last column, by rank."""
    order: Gather
    """What puts the ranked totals back in the states' order."""
    sums: dict[int, int]
    """How many sums each state's probability is added up from (``Solver._arrive``)."""


class Carry:
    """One layer's floating-point carry, worked out once and replayed while the layer holds the
    same states in the same order and each has the same step: a capped fight's later rounds are
    the same linear map applied round after round.

    Replayed, it takes the same products and adds them up in the same order as the plain carry
    (each state reached sums its sources' products left to right, in the order of the layer's
    states), so the floats are the same to the bit, and so is the rounding bound; but in C,
    a column of additions at a time (``map`` over whole lists), instead of a Python loop per move.
    """

    __slots__ = ("entries", "ids", "passed", "slots", "window")

    def __init__(self, ids: tuple[int, ...], entries: list[Known], window: Window, passed: int, slots: tuple[Slot, ...]) -> None:
        self.ids = ids
        """The layer's states, in its order."""
        self.entries = entries
        """Each state's step as ``Solver.current`` held it (rounds where it holds, moves)."""
        self.window = window
        """The rounds where all those steps hold."""
        self.passed = passed
        """The states the folded steps pass through, counted as carried (``Solver._spend``)."""
        self.slots = slots

    def holds(self, number: int, current: Mapping[int, Known]) -> bool:
        """Whether the plain carry of this layer in round ``number`` would use the same steps."""
        return self.window.holds(number) and list(map(current.get, self.ids)) == self.entries

    def run(self, weights: dict[int, float]) -> Iterator[Arrival]:
        """Carry ``weights`` (the layer's probabilities, in its order) on, as the plain carry would."""
        values = list(weights.values())
        for where, targets, columns, tails, order, sums in self.slots:
            gather, probabilities = columns[0]
            totals = list(map(mul, gather(values), probabilities))  # the first addition, to 0.0, is exact
            for gather, probabilities in columns[1:]:
                totals[:len(probabilities)] = map(add, totals, map(mul, gather(values), probabilities))
            for rank, gather, probabilities in tails:
                totals[rank] = reduce(add, map(mul, gather(values), probabilities), totals[rank])
            yield Arrival(where, defaultdict(float, zip(targets, order(totals))), sums)


def compile_carry(number: int, ids: tuple[int, ...], current: Mapping[int, Known], steps: list[Moves]) -> Carry | None:
    """The carry of the layer of ``ids`` (in its order) in round ``number`` with ``steps`` (those
    ``current`` holds), compiled: for each state reached, its sources and step probabilities in the
    order the plain carry adds them. None where the steps hold in no later round."""
    entries = [current[state] for state in ids]
    high = min(entry.high for entry in entries)
    if high <= number:
        return None
    window = Window(max(entry.low for entry in entries), high, frozenset[int]().union(*(entry.holes for entry in entries)))
    built: dict[Where, tuple[dict[int, int], list[list[int]], list[list[float]]]] = {}
    for position, (_, groups, _) in enumerate(steps):
        for where, moves, _ in groups:
            slot = built.get(where)
            if slot is None:
                slot = built[where] = ({}, [], [])
            index, sources, probabilities = slot
            for after, p in moves:
                j = index.get(after)
                if j is None:
                    index[after] = len(sources)
                    sources.append([position])
                    probabilities.append([p])
                else:
                    sources[j].append(position)
                    probabilities[j].append(p)
    passed = len(set(chain.from_iterable(step.through for step in steps)))
    slots = tuple(_slot(where, tuple(index), sources, probabilities) for where, (index, sources, probabilities) in built.items())
    return Carry(ids, entries, window, passed, slots)


def _slot(where: Where, targets: tuple[int, ...], sources: list[list[int]], probabilities: list[list[float]]) -> Slot:
    """A compiled carry's slot from each target's sources and step probabilities, in the order
    the plain carry adds them. States with as many additions share a column; the last few states
    with many more than the rest (a fight's ends, reached from everywhere) go on one by one
    instead, where a column would hold fewer states than columns remain."""
    ranked = sorted(range(len(targets)), key=lambda j: len(sources[j]), reverse=True)  # stable
    lengths = [len(sources[j]) for j in ranked]
    columns: list[tuple[Gather, tuple[float, ...]]] = []
    width, k = len(ranked), 0
    while True:
        while width and lengths[width - 1] <= k:
            width -= 1
        if not width or (k and width < lengths[0] - k):
            break
        columns.append((_gather([sources[j][k] for j in ranked[:width]]), tuple(probabilities[j][k] for j in ranked[:width])))
        k += 1
    tails = tuple(
        (rank, _gather(sources[j][k:]), tuple(probabilities[j][k:])) for rank, j in enumerate(ranked[:width])
    )
    rank_of = [0] * len(ranked)
    for rank, j in enumerate(ranked):
        rank_of[j] = rank
    into_layer = where[1] is not None  # a state of a layer: one more sum, its addition into the layer (``Solver._arrive``)
    sums = {target: len(added) + into_layer for target, added in zip(targets, sources)}
    return Slot(where, targets, tuple(columns), tails, _gather(rank_of), sums)
