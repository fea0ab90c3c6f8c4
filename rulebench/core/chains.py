"""Chains of die rolls that may repeat without bound, such as dsa's attack/parry chain.

A chain is a start state, a die and a step function: ``step(state, face)`` returns the next state
or ``Done(result)``. Played die by die it is an ordinary loop (``Fight.chain``); for exact analysis
its result distribution is the absorption distribution of a finite Markov chain, solved exactly
here with fractions, so no cut-off is needed however long a chain may run.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction

from rulebench.core.errors import RulebenchError

MAX_CHAIN_STATES = 2_000


@dataclass(frozen=True, slots=True)
class Done:
    """The end of a chain, carrying its result (any hashable value)."""

    result: Hashable


Step = Callable[[Hashable, int], "Hashable | Done"]


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
                    raise RulebenchError(f"a chain reaches more than {MAX_CHAIN_STATES} states")
                index[nxt] = len(states)
                states.append(nxt)
    results = sorted({m.result for row in moves for m in row if isinstance(m, Done)}, key=repr)
    column = {r: j for j, r in enumerate(results)}
    n, p = len(states), Fraction(1, sides)
    # (I - Q) X = R, where Q moves between chain states and R ends the chain.
    matrix = [[Fraction(int(i == j)) for j in range(n)] + [Fraction(0)] * len(results) for i in range(n)]
    for i, row in enumerate(moves):
        for nxt in row:
            if isinstance(nxt, Done):
                matrix[i][n + column[nxt.result]] += p
            else:
                matrix[i][index[nxt]] -= p
    _eliminate(matrix, n)
    return {r: matrix[0][n + j] for r, j in column.items() if matrix[0][n + j]}


def _eliminate(matrix: list[list[Fraction]], n: int) -> None:
    """Gauss-Jordan elimination on the first ``n`` columns, in place, exact."""
    for col in range(n):
        pivot = next((r for r in range(col, n) if matrix[r][col]), None)
        if pivot is None:
            raise RulebenchError("a chain can go on forever: some of its states never lead to an end")
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        pivot_row = [v / lead for v in matrix[col]]
        matrix[col] = pivot_row
        for r in range(n):
            factor = matrix[r][col]
            if r != col and factor:
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], pivot_row)]
