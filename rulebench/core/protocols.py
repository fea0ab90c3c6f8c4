"""The interfaces a fight is driven through, owned by the kernel and implemented above it.

``RoundClock`` and ``ChainSolver`` are how exact analysis watches the round number and solves
chains without the fight knowing exact analysis. (What a fight calls back into, the resolved
hooks, is ``Rules`` in ``core/fight.py``, next to the fight that uses it.)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from rulebench.core.chain import Step
    from rulebench.core.combatants import Combatant
    from rulebench.core.values import Decision


class RoundClock(Protocol):
    """Stands between a fight and its round number, so an observer can see how a step uses it."""

    def number(self, value: int) -> int:
        """The round number ``value`` as rules code may see it (an int or an int-like stand-in)."""
        ...

    def store(self, value: int) -> int:
        """The plain round number to keep when rules code sets the round to ``value``."""
        ...

    def decision(
        self, kind: str, round_number: int, who: Combatant | None, options: tuple[Any, ...], context: dict[str, Any]
    ) -> Decision:
        """The decision to ask in round ``round_number``, its round seen through this clock."""
        ...


@runtime_checkable
class ChainSolver(Protocol):
    """A roller that settles a whole chain at once (``Fight.chain``) instead of die by die."""

    def solve_chain(self, key: Hashable, start: Hashable, sides: int, step: Step) -> Hashable:
        """One result of the chain from ``start``; ``key`` determines the chain completely."""
        ...
