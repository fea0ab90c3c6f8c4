"""A slow, obviously-right oracle for the exact solver (``core/exact.py``), for tests only.

It shares none of the solver's shortcuts: it plays whole rounds (``kernel.play_round``, not steps),
enumerates every path through a round depth-first, carries ``Fraction`` probabilities, reuses no
step across rounds.
It merges equal full snapshots between rounds only, which principle 4 makes exact (every
ruleset's conformance test checks that the snapshot determines the rest). A chain is taken over
its exact distribution (``core/chains.py``, checked against brute force in test_exact_chains.py).

A fully unmerged search is not feasible even for duels: a tie that repeats each round makes the
number of die sequences grow exponentially with the round cap.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction

from rulebench.core.dice import Dice
from rulebench.core.kernel import FightConfig, fates, play_round
from rulebench.core.outcome import FightResult

Table = tuple[tuple[Hashable, ...], tuple[Fraction, ...]]


class OracleRoller:
    """Enumerates a round's chance outcomes depth-first, one path per ``begin``."""

    last_faces = None

    def __init__(self) -> None:
        self.prefix: tuple[int, ...] = ()
        self.chosen: list[int] = []
        self.taken: list[Table] = []
        self.chains: dict[Hashable, Table] = {}

    def begin(self, prefix: tuple[int, ...]) -> None:
        """Follow ``prefix``, then take every roll's first outcome."""
        self.prefix, self.chosen, self.taken = prefix, [], []

    def weight(self) -> Fraction:
        """The probability of the path just played."""
        p = Fraction(1)
        for i, (_, probabilities) in zip(self.chosen, self.taken):
            p *= probabilities[i]
        return p

    def siblings(self) -> Iterator[tuple[int, ...]]:
        """The paths that leave the one just played at one of its new rolls."""
        for pos in range(len(self.prefix), len(self.chosen)):
            for k in range(1, len(self.taken[pos][0])):
                yield (*self.chosen[:pos], k)

    def _take(self, table: Table) -> Hashable:
        pos = len(self.chosen)
        i = self.prefix[pos] if pos < len(self.prefix) else 0
        self.chosen.append(i)
        self.taken.append(table)
        return table[0][i]

    def die(self, sides: int) -> int:
        return self._take((tuple(range(1, sides + 1)), (Fraction(1, sides),) * sides))  # type: ignore[return-value]

    def roll(self, dice: Dice) -> int:
        dist = dice.probabilities()
        return self._take((tuple(dist), tuple(dist.values())))  # type: ignore[return-value]

    def branch(self, key: Hashable, distribution: Callable[[], dict[Hashable, Fraction]]) -> Hashable:
        """A chain over its distribution."""
        table = self.chains.get(key)
        if table is None:  # a chain's key determines it (Fight.chain), so it is solved once
            dist = distribution()
            table = self.chains[key] = (tuple(dist), tuple(dist.values()))
        return self._take(table)


def oracle(config: FightConfig) -> dict[FightResult, Fraction]:
    """The exact probability of every fight result, round by round."""
    roller = OracleRoller()
    fight = config.new_fight(roller)
    frontier: dict[Hashable, Fraction] = {fight.snapshot(): Fraction(1)}
    results: defaultdict[FightResult, Fraction] = defaultdict(Fraction)
    while frontier:
        following: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
        for state, p in frontier.items():
            stack: list[tuple[int, ...]] = [()]
            while stack:
                prefix = stack.pop()
                fight.restore(state)
                roller.begin(prefix)
                play_round(fight)
                stack.extend(roller.siblings())
                if fight.outcome is not None:
                    results[FightResult(fight.outcome, fight.round, fates(fight))] += p * roller.weight()
                else:
                    following[fight.snapshot()] += p * roller.weight()
        frontier = following
    return dict(results)
