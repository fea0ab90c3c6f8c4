"""The chain protocol: rolls that repeat without bound, such as dsa's attack/parry chain.

Rules code describes a chain by a start state, a die and a step function: ``step(state, face)``
returns the next state or ``Done(result)``; ``Fight.chain`` plays it. How a chain's result
distribution is solved exactly is analysis's business (``rulebench/analysis/exact/roller.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial


@dataclass(frozen=True, slots=True)
class Done:
    """The end of a chain, carrying its result: what a step function returns to stop the chain.

    Attributes:
        result: what ``fight.chain`` returns (any hashable value).
    """

    result: Hashable


Step = Callable[[Hashable, int], "Hashable | Done"]
"""One step of a chain: the state and the die's face in, the next state or ``Done(result)`` out."""


def function_key(function: Callable[..., object]) -> Hashable:
    """A key that determines what ``function`` computes: its code, and the values it closes over.

    Used where rules code leaves out a chain's or check's key (``Fight.chain``, ``Fight.check``):
    two calls with the same code and the same captured values (closure cells, defaults, a bound
    method's object, a ``functools.partial``'s arguments) compute the same thing, so exact analysis
    may share one solved distribution between them. Module globals the function reads are not
    part of the key; they must not change during a fight anyway.

    Raises:
        TypeError: a captured value is not hashable; pass an explicit key then.
    """
    if isinstance(function, partial):
        key: Hashable = ("partial", function_key(function.func), function.args, tuple(sorted(function.keywords.items())))
    else:
        code = getattr(function, "__code__", None)
        cells = tuple(cell.cell_contents for cell in getattr(function, "__closure__", None) or ())
        bound = getattr(function, "__self__", None)
        target = getattr(function, "__func__", None)
        if target is not None:
            return ("method", function_key(target), bound)
        key = (code if code is not None else function, cells, getattr(function, "__defaults__", None))
    try:
        hash(key)
    except TypeError as err:
        raise TypeError(f"{getattr(function, '__qualname__', function)!r} captures an unhashable value ({err}); pass key=...") from None
    return key
