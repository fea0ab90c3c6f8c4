"""Chains of die rolls that may repeat without bound, such as dsa's attack/parry chain.

A chain is a start state, a die and a step function: ``step(state, face)`` returns the next state
or ``Done(result)``. Played die by die it is an ordinary loop (``Fight.chain``); for exact analysis
its result distribution is the absorption distribution of a finite Markov chain, solved exactly
here with fractions, so no cut-off is needed however long a chain may run.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from rulebench.core.chain import Done, Step
from rulebench.core.errors import RulebenchError
from rulebench.core.i18n import _ as gettext  # `_` names unused loop values here

MAX_CHAIN_STATES = 2_000


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
