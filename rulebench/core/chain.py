"""The chain protocol: rolls that repeat without bound, such as dsa's attack/parry chain.

Rules code describes a chain by a start state, a die and a step function: ``step(state, face)``
returns the next state or ``Done(result)``; ``Fight.chain`` plays it. How a chain's result
distribution is solved exactly is analysis's business (``rulebench/analysis/chains.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Done:
    """The end of a chain, carrying its result (any hashable value)."""

    result: Hashable


Step = Callable[[Hashable, int], "Hashable | Done"]
"""One step of a chain: the state and the die's face in, the next state or ``Done(result)`` out."""
