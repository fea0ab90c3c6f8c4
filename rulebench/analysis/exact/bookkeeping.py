"""How the solver keeps probability: integer numerators over a few denominators (fractions), or
floats with a bound on their rounding.

In floating point every step probability is correctly rounded from exact integers, every product
and every addition of non-negative numbers is off by at most one unit roundoff of its result,
and an error carried on through a step is spread over its outcomes without growing: so the bound
is the unit roundoff times the sum of every computed product and partial sum (``round_off``).
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Mapping
from math import lcm
from operator import mul
from typing import Any

UNIT_ROUNDOFF = sys.float_info.epsilon / 2
"""The largest relative error of one correctly rounded floating-point operation."""


class Layer:
    """The probability reaching one stage of the fight, as integer numerators over a few denominators."""

    __slots__ = ("parts", "summed")

    def __init__(self) -> None:
        self.parts: dict[int, defaultdict[Any, Any]] = {}
        """Denominator -> state -> numerator (in floating point, one denominator 1: probabilities)."""
        self.summed: list[Mapping[Any, int]] = []
        """In floating point, per arrival, how many sums each state reached is added up from
        (``Solver._arrive``): merged once, when the layer is expanded (``counted``)."""

    def counted(self) -> Mapping[Any, int]:
        """How many sums each state's probability was added up from, in the order the states
        arrived (that of ``parts[1]``)."""
        if len(self.summed) == 1:  # mostly: one carry reaches a layer
            return self.summed[0]
        counts: dict[Any, int] = {}
        get = counts.get
        for arrival in self.summed:
            for state, n in arrival.items():
                counts[state] = get(state, 0) + n
        return counts

    def settle(self) -> tuple[int, dict[Any, Any]]:
        """One common denominator and each state's numerator over it."""
        if len(self.parts) == 1 and 1 in self.parts:  # floating point: already probabilities
            return 1, self.parts[1]
        common = lcm(*self.parts)
        weights: dict[Any, Any] = {}
        for den, part in self.parts.items():
            scale = common // den
            for state, num in part.items():
                weights[state] = weights.get(state, 0) + num * scale
        return common, weights


def round_off(additions: Mapping[Any, int], weights: dict[Any, Any]) -> float:
    """The rounding of a layer's sums and of the products its probability moves on with.

    A state added up from ``n`` sums has each partial sum at most its total, so its additions
    are off by at most ``n`` unit roundoffs of it; each move multiplies a probability by a
    rounded step probability (two roundings), and the moves of a state carry its whole weight.
    """
    mass = sum(weights.values())
    summed = sum(map(mul, additions.values(), map(weights.__getitem__, additions)))  # every counted state is in weights
    bound: float = UNIT_ROUNDOFF * (2 * mass + summed)
    return bound


def ending_round_off(reached: Mapping[int, float], sums: Mapping[int, int]) -> float:
    """The rounding of finished states' sums: each is off by one unit roundoff of it per sum (each
    result then adds up its states, one more sum apiece: ``Solver.finished_sums``)."""
    bound: float = UNIT_ROUNDOFF * sum(map(mul, map(sums.__getitem__, reached), reached.values()))
    return bound


def reported_bound(rounding: float) -> float:
    """The bound a result reports from the solver's ``rounding``: the results' errors add up to at
    most that; each sum of the tally and its total are rounded once more, and dividing by a total
    that is off by e moves a probability by at most e relative: twice the whole, with a margin for
    second-order terms."""
    return 2 * (rounding + 2 * UNIT_ROUNDOFF) * (1 + 1e-6)
