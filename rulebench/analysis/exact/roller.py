"""The enumerating roller: a step's chance outcomes walked one by one instead of drawn.

It walks the tree of a step's rolls depth-first: it replays a prefix of choices, takes the first
outcome of every roll beyond it and remembers the siblings still to visit (``steps.py`` drives
it). A sum asked as one roll branches over the sum's distribution (21 values for 4d6+8, not 1,296
faces), and a chain (``Fight.chain``) over its exact result distribution (``absorption``).

A chain is a start state, a die and a step function: ``step(state, face)`` returns the next state
or ``Done(result)``. Played die by die it is an ordinary loop; here its result distribution is
the absorption distribution of a finite Markov chain, solved exactly with fractions, so no cut-off
is needed however long a chain may run.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from fractions import Fraction
from math import lcm
from typing import Any, NamedTuple

from rulebench.core.chain import Done, Step
from rulebench.core.dice import Dice
from rulebench.core.errors import RulebenchError
from rulebench.core.i18n import _ as gettext  # `_` names unused loop values here

MAX_ROLLS_PER_STEP = 10_000

MAX_CHAIN_STATES = 2_000


class Table(NamedTuple):
    """A roll's outcomes: values (faces, totals or a chain's results), their integer weights, and
    the weights' total."""

    values: tuple[Any, ...]
    weights: tuple[int, ...]
    total: int


class EnumeratingRoller:
    """A roller that enumerates a step's chance outcomes instead of drawing them."""

    last_faces: tuple[int, ...] | None = None

    def __init__(self) -> None:
        self._dice: dict[int | Dice, Table] = {}
        self._chains: dict[Hashable, Table] = {}
        self.prefix: tuple[int, ...] = ()
        self.chosen: list[int] = []
        self.taken: list[Table] = []
        self.paths = 0
        """Paths begun since the last ``start``."""

    def start(self) -> None:
        """Start enumerating a step afresh."""
        self.paths = 0

    def begin(self, prefix: tuple[int, ...]) -> None:
        """Start a path that follows ``prefix`` and then takes every roll's first outcome."""
        self.paths += 1
        self.prefix = prefix
        self.chosen = []
        self.taken = []

    def weight(self) -> tuple[int, int]:
        """The probability of the path just played, as numerator and denominator."""
        num = den = 1
        for i, (_, weights, total) in zip(self.chosen, self.taken):
            num *= weights[i]
            den *= total
        return num, den

    def siblings(self) -> Iterator[tuple[int, ...]]:
        """The prefixes of the paths that leave the path just played at one of its new rolls."""
        for pos in range(len(self.prefix), len(self.chosen)):
            head = tuple(self.chosen[:pos])
            for k in range(1, len(self.taken[pos].values)):
                yield (*head, k)

    def _take(self, table: Table) -> Any:
        pos = len(self.chosen)
        if pos >= MAX_ROLLS_PER_STEP:
            raise RulebenchError(gettext("a step asked for more than {limit} rolls; use Fight.chain for loops").format(limit=MAX_ROLLS_PER_STEP))
        i = self.prefix[pos] if pos < len(self.prefix) else 0
        self.chosen.append(i)
        self.taken.append(table)
        return table[0][i]  # its values: indexed, as every roll of every replay comes here

    def die(self, sides: int) -> int:
        """Branch over one die's faces."""
        table = self._dice.get(sides)
        if table is None:
            table = self._dice[sides] = Table(tuple(range(1, sides + 1)), (1,) * sides, sides)
        face: int = self._take(table)
        return face

    def roll(self, dice: Dice) -> int:
        """Branch over the expression's total, not over each die."""
        table = self._dice.get(dice)
        if table is None:
            dist = dice.distribution()
            table = self._dice[dice] = Table(tuple(dist), tuple(dist.values()), dice.total_weight)
        total: int = self._take(table)
        return total

    def solve_chain(self, key: Hashable, start: Hashable, sides: int, step: Step) -> Hashable:
        """Branch over a chain's exact result distribution, solved once per ``key``."""
        table = self._chains.get(key)
        if table is None:
            dist = absorption(start, sides, step)
            common = lcm(*(p.denominator for p in dist.values()))
            weights = tuple(int(p * common) for p in dist.values())
            table = self._chains[key] = Table(tuple(dist), weights, sum(weights))
        result: Hashable = self._take(table)
        return result


def absorption(start: Hashable, sides: int, step: Step) -> dict[Hashable, Fraction]:
    """The exact probability of each result of the chain from ``start`` with a d``sides`` per step.

    Raises:
        RulebenchError: the chain can run forever with positive probability, or has too many states.
    """
    index: dict[Hashable, int] = {start: 0}
    states = [start]
    moves: list[list[Hashable | Done]] = []
    for state in states:  # grows while we walk it: a breadth-first closure of the reachable states
        row = [step(state, face) for face in range(1, sides + 1)]
        moves.append(row)
        for nxt in row:
            if not isinstance(nxt, Done) and nxt not in index:
                if len(states) >= MAX_CHAIN_STATES:
                    raise RulebenchError(gettext("a chain reaches more than {limit} states").format(limit=MAX_CHAIN_STATES))
                index[nxt] = len(states)
                states.append(nxt)
    p = Fraction(1, sides)
    onward: list[dict[int, Fraction]] = [{} for _ in states]
    """Per state: the probability of moving to each other chain state in one step."""
    ends: list[dict[Hashable, Fraction]] = [{} for _ in states]
    """Per state: the probability of ending with each result in one step."""
    before: list[set[int]] = [set() for _ in states]
    """Per state: the states that move to it."""
    for i, row in enumerate(moves):
        for nxt in row:
            if isinstance(nxt, Done):
                ends[i][nxt.result] = ends[i].get(nxt.result, 0) + p
            else:
                j = index[nxt]
                onward[i][j] = onward[i].get(j, 0) + p
                before[j].add(i)
    # Eliminate every state but the start, latest found first: its moves are folded into the
    # states that lead to it, so the start's row ends up holding the answer. Chains are mostly
    # trees with short loops back, so rows stay short (unlike a dense Gauss-Jordan).
    for k in range(len(states) - 1, 0, -1):
        out, done = _leave(onward[k], ends[k], k)
        for s in before[k] - {k}:
            w = onward[s].pop(k)
            for t, q in out.items():
                onward[s][t] = onward[s].get(t, 0) + w * q
                before[t].add(s)
            for r, q in done.items():
                ends[s][r] = ends[s].get(r, 0) + w * q
        for t in out:
            before[t].discard(k)
    _, done = _leave(onward[0], ends[0], 0)
    return {r: q for r, q in done.items() if q}


def _leave(onward: dict[int, Fraction], ends: dict[Hashable, Fraction], k: int) -> tuple[dict[int, Fraction], dict[Hashable, Fraction]]:
    """Where state ``k`` leads once its loops back to itself are summed up (a geometric series)."""
    stay = onward.pop(k, Fraction(0))
    if stay == 1:
        raise RulebenchError("a chain can go on forever: some of its states never lead to an end")
    if not stay:
        return onward, ends
    scale = 1 / (1 - stay)
    return {t: q * scale for t, q in onward.items()}, {r: q * scale for r, q in ends.items()}
