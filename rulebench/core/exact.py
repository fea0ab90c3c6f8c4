"""Exact outcome distributions, computed by running the rules code itself (DESIGN.md principles 3, 4).

No solver is written per ruleset. For every fight state, the next step (a round's start, one turn,
its end: see ``kernel.play_step``) is played again and again from that state's snapshot with an
``EnumeratingRoller``, which walks the tree of the step's chance outcomes depth-first: it replays a
prefix of choices, takes the first outcome of every roll beyond it and remembers the siblings still
to visit. A sum asked as one roll branches over the sum's distribution (21 values for 4d6+8, not
1,296 faces), and a chain (``Fight.chain``) over its exact result distribution. Paths that end in
the same state are merged, and probability is carried forward step by step, each state expanded
once, after all the probability that reaches it has arrived.

Two things keep it fast. A step that never looks at the round number (``Fight.round_read``) plays
the same in every round, so its outcomes are enumerated once and reused for the same situation in
later rounds: long fights are mostly such turns. And probability is exact but kept as integers:
each step's paths are weighed over one common denominator, and the states reached at one step of
the fight share a few denominators, so the inner loop multiplies and adds integers instead of
reducing fractions.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from fractions import Fraction
from math import gcd, lcm

from rulebench.core.dice import Dice
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Fight
from rulebench.core.kernel import FightConfig, fates, play_step
from rulebench.core.outcome import FightResult
from rulebench.core.results import RulesetResult, Tally

DEFAULT_MAX_STATES = 200_000
"""Distinct fight states a solve may visit: at most a few seconds and well under a few hundred MB
for the built-in rulesets (bench/exact.py), since turns repeated across rounds are reused."""

MAX_ROLLS_PER_STEP = 10_000


class StateBudgetExceeded(BadInput):
    """The encounter has more fight states than the exact solver may visit."""


Table = tuple[tuple[Hashable, ...], tuple[int, ...], int]
"""A roll's outcomes: values, their integer weights, and the weights' total."""


class EnumeratingRoller:
    """A roller that enumerates a step's chance outcomes instead of drawing them.

    Args:
        per_die: branch over every single die, even of a sum asked as one roll (a slower check).
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
            for k in range(1, len(self.taken[pos][0])):
                yield (*head, k)

    def _take(self, table: Table) -> Hashable:
        pos = len(self.chosen)
        if pos >= MAX_ROLLS_PER_STEP:
            raise RulebenchError(f"a step asked for more than {MAX_ROLLS_PER_STEP} rolls; use Fight.chain for loops")
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


Outcomes = tuple[int, tuple[tuple[Hashable, int], ...]]
"""Where one step leads: a denominator, and each state reached with its numerator over it."""


def step_outcomes(fight: Fight, roller: EnumeratingRoller, state: Hashable) -> tuple[Outcomes, bool]:
    """Every way one step (``kernel.play_step``) can go from ``state``, paths ending in the same
    state merged, and whether any path read the round number."""
    paths: list[tuple[int, int, Hashable]] = []
    round_read = False
    stack: list[tuple[int, ...]] = [()]
    while stack:
        prefix = stack.pop()
        fight.restore(state)
        fight.round_read = False
        roller.begin(prefix)
        play_step(fight)
        round_read = round_read or fight.round_read
        stack.extend(roller.siblings())
        num, den = roller.weight()
        paths.append((num, den, fight.snapshot()))
    common = lcm(*{den for _, den, _ in paths})
    merged: dict[Hashable, int] = {}
    for num, den, after in paths:
        merged[after] = merged.get(after, 0) + num * (common // den)
    return (common, tuple(merged.items())), round_read


class _Layer:
    """The probability reaching one stage of the fight, as integer numerators over a few denominators."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: dict[int, dict[Hashable, int]] = {}

    def settle(self) -> tuple[int, dict[Hashable, int]]:
        """One common denominator and each state's numerator over it, reduced by their common factor."""
        common = lcm(*self.parts)
        weights: dict[Hashable, int] = {}
        for den, part in self.parts.items():
            scale = common // den
            for state, num in part.items():
                weights[state] = weights.get(state, 0) + num * scale
        factor = gcd(common, *weights.values())
        if factor > 1:
            common //= factor
            weights = {state: num // factor for state, num in weights.items()}
        return common, weights


def _progress(state: Hashable) -> tuple[int, int, int]:
    """How far into the fight a state is; every step strictly increases it, so states are solved in
    this order and each is expanded once, after all the probability that reaches it has arrived."""
    number, _, pending = state[0], state[1], state[2]  # type: ignore[index]
    return (number, 1, 0) if pending is None else (number, 0, -len(pending))


class _Solver:
    """One exact solve: the layers still to expand, the finished fights, and the reusable turns."""

    def __init__(self, config: FightConfig, max_states: int, per_die: bool) -> None:
        self.config = config
        self.max_states = max_states
        self.roller = EnumeratingRoller(per_die)
        self.fight = config.new_fight(self.roller)
        self.fight.watch_round = True
        self.layers: dict[tuple[int, int, int], _Layer] = {}
        self.queue: list[tuple[int, int, int]] = []
        self.finished = _Layer()
        self.visited = 0
        self.reusable: dict[Hashable, Outcomes] = {}
        """A round-blind step's outcomes by its state without the round number, which they keep."""

    def outcomes(self, state: Hashable) -> Outcomes:
        """Where the step from ``state`` leads, reused from an earlier round where it cannot differ."""
        number, rest = state[0], state[1:]  # type: ignore[index]
        known = self.reusable.get(rest)
        if known is not None:
            den, moves = known
            return den, tuple(((number, *after), num) for after, num in moves)
        found, round_read = step_outcomes(self.fight, self.roller, state)
        if not round_read:
            den, moves = found
            self.reusable[rest] = (den, tuple((after[1:], num) for after, num in moves))  # type: ignore[index]
        return found

    def add(self, state: Hashable, den: int, num: int) -> None:
        """Carry ``num / den`` of probability to ``state``."""
        if state[1] is not None:  # type: ignore[index]
            layer = self.finished
        else:
            key = _progress(state)
            layer = self.layers.get(key)  # type: ignore[assignment]
            if layer is None:
                layer = self.layers[key] = _Layer()
                heapq.heappush(self.queue, key)
        part = layer.parts.get(den)
        if part is None:
            part = layer.parts[den] = {}
        part[state] = part.get(state, 0) + num

    def run(self) -> dict[FightResult, Fraction]:
        """Carry all probability from the start to the fights' ends; each result's probability."""
        self.add(self.fight.snapshot(), 1, 1)
        while self.queue:
            den, weights = self.layers.pop(heapq.heappop(self.queue)).settle()
            self.visited += len(weights)
            if self.visited > self.max_states:
                raise StateBudgetExceeded(
                    f"exact analysis of {self.config.encounter.name!r} under {self.config.ruleset.name} needs more "
                    f"than {self.max_states:,} fight states; sample it instead (-n FIGHTS) or raise the budget"
                )
            scaled: dict[int, int] = {}
            for state, weight in weights.items():
                step_den, moves = self.outcomes(state)
                total = scaled.get(step_den)
                if total is None:
                    total = scaled[step_den] = den * step_den
                for after, num in moves:
                    self.add(after, total, weight * num)
        den, weights = self.finished.settle()
        fight = self.fight
        results: Counter[FightResult] = Counter()
        for state, num in weights.items():
            fight.restore(state)
            results[FightResult(fight.outcome, fight.round, fates(fight))] += num  # type: ignore[arg-type]
        return {result: Fraction(num, den) for result, num in results.items()}


def solve(config: FightConfig, *, max_states: int = DEFAULT_MAX_STATES, per_die: bool = False) -> RulesetResult:
    """The exact distribution of outcomes, fates and fight lengths of ``config``.

    Args:
        config: the fight configuration.
        max_states: how many distinct fight states the solve may visit.
        per_die: enumerate every die of a sum separately (a slower check of the sums' distributions).

    Raises:
        StateBudgetExceeded: the fight has more states than ``max_states``.
    """
    solver = _Solver(config, max_states, per_die)
    tally = Tally(tuple(c.name for c in solver.fight.combatants))
    for result, p in solver.run().items():
        tally.add(result, p)
    return RulesetResult(
        ruleset=config.ruleset.name,
        method="exact",
        tally=tally,
        party_size=len(config.encounter.party),
    )
