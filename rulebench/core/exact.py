"""Exact outcome distributions, computed by running the rules code itself (DESIGN.md principles 3, 4).

No solver is written per ruleset. For every fight state at the start of a round, the round is
played again and again from that state's snapshot with an ``EnumeratingRoller``, which walks the
tree of the round's chance outcomes depth-first: it replays a prefix of choices, takes the first
outcome of every roll beyond it and remembers the siblings still to visit. A sum asked as one roll
branches over the sum's distribution (21 values for 4d6+8, not 1,296 faces), and a chain
(``Fight.chain``) over its exact result distribution. Paths that end in the same state are merged,
and probability is carried forward step by step (a round's start, each turn, its end: see
``kernel.play_step``), each state expanded once. Weights are exact fractions throughout.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from math import lcm

from rulebench.core.dice import Dice
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Fight
from rulebench.core.kernel import FightConfig, fates, play_step
from rulebench.core.outcome import FightResult
from rulebench.core.results import RulesetResult, Tally

DEFAULT_MAX_STATES = 50_000
"""Distinct fight states a solve may visit: a few seconds and well under a few hundred MB."""

MAX_ROLLS_PER_ROUND = 10_000


class StateBudgetExceeded(BadInput):
    """The encounter has more fight states than the exact solver may visit."""


Table = tuple[tuple[Hashable, ...], tuple[int, ...], int]
"""A roll's outcomes: values, their integer weights, and the weights' total."""


class EnumeratingRoller:
    """A roller that enumerates a round's chance outcomes instead of drawing them.

    Args:
        per_die: branch over every single die, even of a sum asked as one roll (the slow,
            obviously-right oracle the solver is checked against).
    """

    last_faces = None

    def __init__(self, per_die: bool = False) -> None:
        self.per_die = per_die
        self._tables: dict[Hashable, Table] = {}
        self.prefix: tuple[int, ...] = ()
        self.chosen: list[int] = []
        self.taken: list[Table] = []

    def begin(self, prefix: tuple[int, ...]) -> None:
        """Start a path that follows ``prefix`` and then takes every roll's first outcome."""
        self.prefix = prefix
        self.chosen = []
        self.taken = []

    def weight(self) -> Fraction:
        """The probability of the path just played."""
        num = den = 1
        for i, (_, weights, total) in zip(self.chosen, self.taken):
            num *= weights[i]
            den *= total
        return Fraction(num, den)

    def siblings(self) -> Iterator[tuple[int, ...]]:
        """The prefixes of the paths that leave the path just played at one of its new rolls."""
        for pos in range(len(self.prefix), len(self.chosen)):
            head = tuple(self.chosen[:pos])
            for k in range(1, len(self.taken[pos][0])):
                yield (*head, k)

    def _take(self, table: Table) -> Hashable:
        pos = len(self.chosen)
        if pos >= MAX_ROLLS_PER_ROUND:
            raise RulebenchError(f"a round asked for more than {MAX_ROLLS_PER_ROUND} rolls; use Fight.chain for loops")
        i = self.prefix[pos] if pos < len(self.prefix) else 0
        self.chosen.append(i)
        self.taken.append(table)
        return table[0][i]

    def die(self, sides: int) -> int:
        """Branch over one die's faces."""
        table = self._tables.get(sides)
        if table is None:
            table = self._tables[sides] = (tuple(range(1, sides + 1)), (1,) * sides, sides)
        return self._take(table)  # type: ignore[return-value]

    def roll(self, dice: Dice) -> int:
        """Branch over the expression's total (or over each die, for the oracle)."""
        if self.per_die:
            return dice.total_of([self.die(sides) for sides in dice.dice_sides])
        table = self._tables.get(dice)
        if table is None:
            dist = dice.distribution()
            table = self._tables[dice] = (tuple(dist), tuple(dist.values()), dice.total_weight)
        return self._take(table)  # type: ignore[return-value]

    def branch(self, key: Hashable, distribution: Callable[[], dict[Hashable, Fraction]]) -> Hashable:
        """Branch over an arbitrary exact distribution, built once per ``key``."""
        table = self._tables.get(("branch", key))
        if table is None:
            dist = distribution()
            common = lcm(*(p.denominator for p in dist.values()))
            weights = tuple(int(p * common) for p in dist.values())
            table = self._tables[("branch", key)] = (tuple(dist), weights, sum(weights))
        return self._take(table)


def step_outcomes(fight: Fight, roller: EnumeratingRoller, state: Hashable) -> Iterator[tuple[Fraction, Hashable]]:
    """Every way one step (``kernel.play_step``) can go from ``state``: each path's probability and
    the state it ends in."""
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        fight.restore(state)
        roller.begin(prefix)
        play_step(fight)
        stack.extend(roller.siblings())
        yield roller.weight(), fight.snapshot()


def _progress(state: Hashable) -> tuple[int, int, int]:
    """How far into the fight a state is; every step strictly increases it, so states are solved in
    this order and each is expanded once, after all the probability that reaches it has arrived."""
    number, _, pending = state[0], state[1], state[2]  # type: ignore[index]
    return (number, 1, 0) if pending is None else (number, 0, -len(pending))


def solve(config: FightConfig, *, max_states: int = DEFAULT_MAX_STATES, per_die: bool = False) -> RulesetResult:
    """The exact distribution of outcomes, fates and fight lengths of ``config``.

    Args:
        config: the fight configuration.
        max_states: how many distinct fight states the solve may visit.
        per_die: enumerate every die separately (the oracle mode; slow).

    Raises:
        StateBudgetExceeded: the fight has more states than ``max_states``.
    """
    roller = EnumeratingRoller(per_die)
    fight = config.new_fight(roller)
    start = fight.snapshot()
    frontier: dict[tuple[int, int, int], defaultdict[Hashable, Fraction]] = {_progress(start): defaultdict(Fraction)}
    frontier[_progress(start)][start] = Fraction(1)
    queue = [_progress(start)]
    finished: defaultdict[Hashable, Fraction] = defaultdict(Fraction)
    visited = 1
    while queue:
        for state, p in frontier.pop(heapq.heappop(queue)).items():
            for weight, after in step_outcomes(fight, roller, state):
                if after[1] is not None:  # type: ignore[index]
                    finished[after] += p * weight
                    continue
                key = _progress(after)
                bucket = frontier.get(key)
                if bucket is None:
                    bucket = frontier[key] = defaultdict(Fraction)
                    heapq.heappush(queue, key)
                if after not in bucket:
                    visited += 1
                    if visited > max_states:
                        raise StateBudgetExceeded(
                            f"exact analysis of {config.encounter.name!r} under {config.ruleset.name} needs more "
                            f"than {max_states:,} fight states; sample it instead (-n FIGHTS) or raise the budget"
                        )
                bucket[after] += p * weight
    tally = Tally(tuple(c.name for c in fight.combatants))
    for state, p in finished.items():
        fight.restore(state)
        tally.add(FightResult(fight.outcome, fight.round, fates(fight)), p)  # type: ignore[arg-type]
    return RulesetResult(
        ruleset=config.ruleset.name,
        method="exact",
        tally=tally,
        party_size=len(config.encounter.party),
    )
