"""Exact outcome distributions, computed by running the rules code itself (docs/architecture.md).

No solver is written per ruleset. For every fight state, the next step (a round's start, one turn,
its end: see ``kernel.play_step``) is played again and again from that state's snapshot with an
``EnumeratingRoller``, which walks the tree of the step's chance outcomes depth-first: it replays a
prefix of choices, takes the first outcome of every roll beyond it and remembers the siblings still
to visit. A sum asked as one roll branches over the sum's distribution (21 values for 4d6+8, not
1,296 faces), and a chain (``Fight.chain``) over its exact result distribution. Paths that end in
the same state are merged, and probability is carried forward step by step, each state expanded
once, after all the probability that reaches it has arrived.

Probability is computed in floating point by default (``fractions=False``), each step's
probabilities correctly rounded from exact integers, and the solver bounds the rounding error it
accumulates (``Solver.rounding``): every product and every addition of non-negative numbers is off
by at most one unit roundoff of its result, and an error carried on through a step is spread over
its outcomes without growing, so the bound is the unit roundoff times the sum of every computed
product and partial sum. A layer met again with the same states in the same order, as a capped
fight's later rounds are, is carried by a compiled carry (``_Carry``): the same products added in
the same order, so the same floats to the bit, in a fraction of the time. With ``fractions=True``
it is exact, in integers over common denominators.

Three things keep it fast. A step that uses the round number only to compare it with constants or
count on from it (``core/round_watch.py``) plays the same in every round where the comparisons come
out the same, so its outcomes are enumerated once and reused for the same situation in later
rounds: long, capped fights are mostly such steps. A step with a single outcome (a round's end
that decides nothing, the next round's start that rolls nothing) is folded into the step before
it, which then leads straight to where it leads: probability is carried once per round instead
of once per step. And a finished fight is kept as its end (outcome and fates) without the state
it ended in, so the many states that end a fight alike merge within the step.
"""

from __future__ import annotations

import heapq
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import reduce
from itertools import chain
from math import lcm
from operator import add, itemgetter, mul
from typing import Any, TypeVar, cast

from rulebench.analysis.chains import absorption
from rulebench.analysis.results import RulesetResult, Tally
from rulebench.analysis.round_watch import MAX_ROUND, RoundWatch, Window
from rulebench.analysis.state_reads import Key, StateReads, watched
from rulebench.core import plugin_errors
from rulebench.core.chain import Step
from rulebench.core.dice import Dice
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Fight, Snapshot
from rulebench.core.i18n import _ as gettext  # `_` names unused loop values here
from rulebench.core.i18n import format_integer
from rulebench.core.kernel import FightConfig, fates, play_step
from rulebench.core.outcome import Fate, FightResult

DEFAULT_MAX_STATES = 1_000_000
"""The fight states a solve may handle (``Solver.handled``): a few seconds and well under a few
hundred MB for the built-in rulesets (``bench/exact.py`` prints both). The budget also bounds the
time it takes to find out that an encounter does not fit."""

REPLAY_COST = 10
"""A state reached by replaying the rules code counts as this many carried ones: a replay costs
about as much as carrying ten states on to the next step (measured with bench/exact.py), so the
budget bounds the time of a solve whichever of the two dominates it."""

T = TypeVar("T")

MAX_ROLLS_PER_STEP = 10_000

MAX_PATTERNS = 32
"""How many different sets of values read ``Solver.shared`` keeps steps for, per pending turns:
each is one more look-up for every state whose step is not known yet."""

MAX_FOLLOWED = 8
"""How many single-outcome steps in a row ``Solver.outcomes`` folds into the step before them: a
round's end and the next round's start, with room for rulesets that take a few such steps."""

EARLY_SHARE = 10
"""An early solve (``Solver.early``) gives up when no fight has ended once it has handled this
share of its budget (a tenth). Every built-in fight that fits the default budget has ended some
of its fights by then (the latest, talisman-rivals under talisman, after about half of that), while
those that do not fit have not ended one: ``python bench/exact.py`` shows both. A fight's endings
are spread over many rounds after its first, so a solve that needs a tenth of its budget to reach
the first ending almost never completes within the whole of it. Folded steps (``Solver.outcomes``)
find a round's endings as soon as its last turn with a chance outcome is expanded, so an ending
counts here once the solve has gone past its round's end, as it did before steps were folded.

Where fights have ended by then, it also gives up on a tail that keeps growing (``TAIL``)."""

TAIL = 1e-9
"""An early solve (``Solver.early``) that finds, at a tenth of its budget, less than this share of
the probability still short of the fights' ends, and yet more new states met in the last round
than in the one before, gives up too: it is carrying the rare long fights through a space of
states that still widens with every round, and an exact solve must carry them to their ends
however little they weigh. Measured on every ruleset and example, the skeleton guards at 1 to 16
under every ruleset and at 1 to 12 with the Warrior's melee at 2 to 7, and the course's variants
of the ogre duel: the attempts this drops, endurance against a single guard, have at most 4e-12
in play there (and need more than the whole budget); of the fights that fit and still meet more
new states every round there, the thinnest tail is 1.2e-7 (talisman against one guard, the
Warrior's melee at 6), and those with less in play have stopped meeting new states (ambermarch
against seven guards or more). A margin of about a hundred either side of the threshold."""

UNIT_ROUNDOFF = sys.float_info.epsilon / 2
"""The largest relative error of one correctly rounded floating-point operation."""

MAX_CARRIES = 16
"""How many layers (by their states, in order) ``Solver._carry_floats`` remembers: a layer met a
second time, states and order alike, has its carry compiled (``_Carry``) and replayed while its
steps stay the same. Enough for a few stages per round whose states come in alternating orders
(the dsa duels: one stage, two orders), and few enough that the compiled carries, a sixth to a
quarter of the memory of the steps they are compiled from, stay small next to the solve."""


class StateBudgetExceeded(BadInput):
    """The encounter has more fight states than the exact solver may visit."""

    def __init__(self, message: str, gist: str | None = None) -> None:
        super().__init__(message)
        self.gist = gist or message
        """The message without what this solve counted, the same for every encounter it befalls:
        how a sweep says in one note why exact analysis did not fit at several of its values."""


Table = tuple[tuple[T, ...], tuple[int, ...], int]
"""A roll's outcomes: values, their integer weights, and the weights' total."""


class EnumeratingRoller:
    """A roller that enumerates a step's chance outcomes instead of drawing them."""

    last_faces: tuple[int, ...] | None = None

    def __init__(self) -> None:
        self._dice: dict[int | Dice, Table[int]] = {}
        self._chains: dict[Hashable, Table[Hashable]] = {}
        self.prefix: tuple[int, ...] = ()
        self.chosen: list[int] = []
        self.taken: list[Table[Any]] = []
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
            for k in range(1, len(self.taken[pos][0])):
                yield (*head, k)

    def _take(self, table: Table[T]) -> T:
        pos = len(self.chosen)
        if pos >= MAX_ROLLS_PER_STEP:
            raise RulebenchError(gettext("a step asked for more than {limit} rolls; use Fight.chain for loops").format(limit=MAX_ROLLS_PER_STEP))
        i = self.prefix[pos] if pos < len(self.prefix) else 0
        self.chosen.append(i)
        self.taken.append(table)
        return table[0][i]

    def die(self, sides: int) -> int:
        """Branch over one die's faces."""
        table = self._dice.get(sides)
        if table is None:
            table = self._dice[sides] = (tuple(range(1, sides + 1)), (1,) * sides, sides)
        return self._take(table)

    def roll(self, dice: Dice) -> int:
        """Branch over the expression's total, not over each die."""
        table = self._dice.get(dice)
        if table is None:
            dist = dice.distribution()
            table = self._dice[dice] = (tuple(dist), tuple(dist.values()), dice.total_weight)
        return self._take(table)

    def solve_chain(self, key: Hashable, start: Hashable, sides: int, step: Step) -> Hashable:
        """Branch over a chain's exact result distribution, solved once per ``key``."""
        table = self._chains.get(key)
        if table is None:
            dist = absorption(start, sides, step)
            common = lcm(*(p.denominator for p in dist.values()))
            weights = tuple(int(p * common) for p in dist.values())
            table = self._chains[key] = (tuple(dist), weights, sum(weights))
        return self._take(table)


Stage = tuple[int, int] | None
"""Where in its round a state stands (see ``_stage``); None once the fight is over."""

Outcomes = tuple[int, tuple[tuple[int, Snapshot, int], ...], tuple[tuple[Snapshot, frozenset[Key], int], ...]]
"""Where one step leads (``step_outcomes``): a denominator; each state reached as rounds gone by,
the state without its round number, and its numerator; and, when its reads were watched, each
state reached (with its round number) with the values written on the way and its numerator."""

Moves = tuple[int, tuple[tuple[tuple[int, Stage], tuple[tuple[int, Any], ...], tuple[int, ...]], ...], tuple[int, ...]]
"""Where one step leads as the solver keeps it: a denominator, and per (rounds gone by, stage) the states
reached, each as its number in the solver's table of states with its numerator (in floating
point: denominator 1 and each state's probability), and those numbers alone; and the states the
single-outcome steps folded into it pass through (``Solver.outcomes``), counted as carried."""


Played = tuple[int, tuple[tuple[int, int, Stage, int], ...], Window, bool]
"""One step as played from one state: a denominator; each state reached as rounds gone by, its
number in the solver's table, its stage and its numerator; the rounds where the step holds; and
whether it holds in that round alone (opaque)."""


Filler = Callable[[tuple[Any, ...]], tuple[Any, ...]]
"""Takes a row of a state's values (the fight's or a combatant's) from the row a shared path
reached followed by the new state's row: the new state's values where the path neither read nor
wrote, the reached ones elsewhere (``_filler``)."""


def _filler(size: int, kept: Iterable[int]) -> Filler | None:
    """The ``Filler`` of a row of ``size`` values that keeps the new state's at positions ``kept``;
    None if it keeps none. One C call per row instead of a Python loop per value."""
    kept = set(kept)
    if not kept:
        return None
    if size == 1:  # itemgetter of one index gives the value, not a tuple: the new row, whole
        return itemgetter(slice(1, 2))
    return itemgetter(*(size + i if i in kept else i for i in range(size)))


Kept = tuple[int, Snapshot, Stage, Filler | None, tuple[tuple[int, Filler], ...], int]
"""One path of a step kept for sharing: the rounds gone by, the state reached and its stage, what
fills in the fight's values and each combatant's that keep the new state's (neither read nor
written: ``Filler``), and its numerator."""

Template = tuple[Window, int, int, tuple[Kept, ...]]
"""A step kept for sharing: the rounds where it holds, the paths it was played on (what sharing it
saves), its denominator, and its paths."""

Pattern = tuple[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...], Callable[[Snapshot], Hashable], dict[Hashable, list[Template]]]
"""Steps that read the same values: their positions in the fight's and each combatant's values,
what reads those values from a state (``_reader``), and the steps by the values read there."""


def _reader(fight_at: tuple[int, ...], combatants_at: tuple[tuple[int, tuple[int, ...]], ...]) -> Callable[[Snapshot], Hashable]:
    """What reads, from a state without its round number, the values at these positions."""
    own = itemgetter(*fight_at) if fight_at else None
    rows = tuple((c, itemgetter(*at)) for c, at in combatants_at)

    def read(rest: Snapshot) -> Hashable:
        theirs = rest[3]
        return (own(rest[2]) if own is not None else (), tuple([get(theirs[c]) for c, get in rows]))

    return read

Followed = tuple[Window, Window | None, int, int, Stage, bool, tuple[int, ...]]
"""Where the single-outcome steps from a state lead (``Solver.followed``), and the states they
pass through."""


def _stage(rest: Snapshot) -> Stage:
    """A state's place in its round: every step moves a fight to a later round or a later stage of
    the same one, so states are solved in (round, stage) order and each is expanded once, after all
    the probability that reaches it has arrived."""
    outcome, pending = rest[0], rest[1]
    if outcome is not None:
        return None
    return (1, 0) if pending is None else (0, -len(pending))


class TooManyPaths(RulebenchError):
    """A step has more paths through its rolls than it may play."""


def step_outcomes(
    fight: Fight,
    roller: EnumeratingRoller,
    watch: RoundWatch,
    state: Snapshot,
    max_paths: int | None = None,
    reads: StateReads | None = None,
) -> Outcomes:
    """Every way one step (``kernel.play_step``) can go from ``state``, paths ending in the same
    state merged; ``watch`` learns how the step used the round number, and ``reads`` (if given)
    which values of the state it read.

    Returns:
        The paths' common denominator; each state reached as rounds gone by, the state without its
        round number, and its numerator; and, with ``reads``, each state reached (with its round
        number) with the values written on the way there and its numerator.

    Raises:
        TooManyPaths: the step has more than ``max_paths`` paths (a whole round of many dice played
            as one step can have billions, so they are counted as they are played).
    """
    number = state[0]
    watch.begin(number)
    roller.start()
    if reads is not None:
        reads.begin()
        combatants = fight.combatants
    paths: list[tuple[int, int, Snapshot, frozenset[Key]]] = []
    stack: list[tuple[int, ...]] = [()]
    none: frozenset[Key] = frozenset()
    while stack:
        if max_paths is not None and len(paths) >= max_paths:
            raise TooManyPaths(gettext("a step has more than {limit} paths through its rolls").format(limit=format_integer(max_paths)))
        prefix = stack.pop()
        fight.restore(state)
        roller.begin(prefix)
        if reads is None:
            play_step(fight)
            written = none
        else:
            own = fight.vars = watched(fight.vars, -1, reads)
            theirs = [watched(c.vars, i, reads) for i, c in enumerate(combatants)]
            for c, values in zip(combatants, theirs):
                c.vars = values
            reads.written = set()
            reads.on = True
            try:
                play_step(fight)
            finally:
                reads.on = False
            if fight.vars is not own or any(c.vars is not values for c, values in zip(combatants, theirs)):
                reads.whole = True  # a dictionary replaced: what the step read of it is unknown
            written = frozenset(reads.written)
        stack.extend(roller.siblings())
        num, den = roller.weight()
        paths.append((num, den, fight.snapshot(), written))
    common = lcm(*{den for _, den, _, _ in paths})
    merged: dict[Snapshot, int] = {}  # hashing each state also shows a round number kept in it (opaque)
    try:
        for num, den, after, _ in paths:
            merged[after] = merged.get(after, 0) + num * (common // den)
    except TypeError as error:  # a list or set in the state: name it, at no cost to a sound state
        raise plugin_errors.unhashable_state(fight, error, after) from error
    tracked: dict[tuple[Snapshot, frozenset[Key]], int] = {}
    if reads is not None and not reads.whole:
        for num, den, after, written in paths:
            tracked[(after, written)] = tracked.get((after, written), 0) + num * (common // den)
    return (
        common,
        tuple((after[0] - number, after[1:], num) for after, num in merged.items()),
        tuple((after, written, num) for (after, written), num in tracked.items()),
    )


class _Layer:
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


Gather = Callable[[Sequence[float]], tuple[float, ...]]
"""Takes the values at some positions of a sequence, as a tuple (``_gather``)."""


def _gather(positions: Sequence[int]) -> Gather:
    """What takes the values at ``positions`` from a sequence: a tuple even for one position (then
    that value twice, since the ``map`` or ``zip`` it feeds stops at its shorter argument)."""
    return itemgetter(*positions) if len(positions) > 1 else itemgetter(positions[0], positions[0])


Slot = tuple[
    tuple[int, Stage], tuple[int, ...], tuple[tuple[Gather, tuple[float, ...]], ...],
    tuple[tuple[int, Gather, tuple[float, ...]], ...], Gather, dict[int, int],
]
"""Where a compiled carry (``_Carry``) takes one layer's probability on to, by (rounds gone by,
stage): the states reached, in the order the plain carry meets them; the columns, each the
sources and step probabilities of one more addition for the states (ranked by their number of
additions) that have that many; each state's remaining additions past the last column, by rank;
what puts the ranked totals back in the states' order; and how many sums each state's
probability is added up from (``Solver._arrive``)."""


class _Carry:
    """One layer's floating-point carry (``Solver._carry_floats``), worked out once and replayed
    while the layer holds the same states in the same order and each has the same step: a capped
    fight's later rounds are the same linear map applied round after round.

    Replayed, it takes the same products and adds them up in the same order as the plain carry
    (each state reached sums its sources' products left to right, in the order of the layer's
    states), so the floats are the same to the bit, and so is the rounding bound; but in C,
    a column of additions at a time (``map`` over whole lists), instead of a Python loop per move.
    """

    __slots__ = ("entries", "ids", "passed", "slots", "window")

    def __init__(self, ids: tuple[int, ...], entries: list[Any], window: Window, passed: int, slots: tuple[Slot, ...]) -> None:
        self.ids = ids
        """The layer's states, in its order."""
        self.entries = entries
        """Each state's step as ``Solver.current`` held it (rounds where it holds, moves)."""
        self.window = window
        """The rounds where all those steps hold."""
        self.passed = passed
        """The states the folded steps pass through, counted as carried (``Solver._spend``)."""
        self.slots = slots

    def holds(self, number: int, current: dict[int, Any]) -> bool:
        """Whether the plain carry of this layer in round ``number`` would use the same steps."""
        low, high, holes = self.window
        return low <= number <= high and number not in holes and list(map(current.get, self.ids)) == self.entries

    def run(self, weights: dict[int, float]) -> Iterator[tuple[tuple[int, Stage], defaultdict[int, float], dict[int, int]]]:
        """Carry ``weights`` (the layer's probabilities, in its order) on: per (rounds gone by,
        stage), the probabilities of the states reached and each one's number of additions."""
        values = list(weights.values())
        for where, targets, columns, tails, order, sums in self.slots:
            gather, probabilities = columns[0]
            totals = list(map(mul, gather(values), probabilities))  # the first addition, to 0.0, is exact
            for gather, probabilities in columns[1:]:
                totals[:len(probabilities)] = map(add, totals, map(mul, gather(values), probabilities))
            for rank, gather, probabilities in tails:
                totals[rank] = reduce(add, map(mul, gather(values), probabilities), totals[rank])
            yield where, defaultdict(float, zip(targets, order(totals))), sums


def _slot(where: tuple[int, Stage], targets: tuple[int, ...], sources: list[list[int]], probabilities: list[list[float]]) -> Slot:
    """A compiled carry's slot (``Slot``) from each target's sources and step probabilities, in
    the order the plain carry adds them. States with as many additions share a column; the last
    few states with many more than the rest (a fight's ends, reached from everywhere) go on one by
    one instead, where a column would hold fewer states than columns remain."""
    ranked = sorted(range(len(targets)), key=lambda j: len(sources[j]), reverse=True)  # stable
    lengths = [len(sources[j]) for j in ranked]
    columns: list[tuple[Gather, tuple[float, ...]]] = []
    width, k = len(ranked), 0
    while True:
        while width and lengths[width - 1] <= k:
            width -= 1
        if not width or (k and width < lengths[0] - k):
            break
        columns.append((_gather([sources[j][k] for j in ranked[:width]]), tuple(probabilities[j][k] for j in ranked[:width])))
        k += 1
    tails = tuple(
        (rank, _gather(sources[j][k:]), tuple(probabilities[j][k:])) for rank, j in enumerate(ranked[:width])
    )
    rank_of = [0] * len(ranked)
    for rank, j in enumerate(ranked):
        rank_of[j] = rank
    into_layer = where[1] is not None  # a state of a layer: one more sum, its addition into the layer (``Solver._arrive``)
    sums = {target: len(added) + into_layer for target, added in zip(targets, sources)}
    return where, targets, tuple(columns), tails, _gather(rank_of), sums


class Solver:
    """One exact solve: the layers still to expand, the finished fights, and the reusable steps.

    A layer holds the states of one round and stage, each without its round number.
    """

    def __init__(
        self,
        config: FightConfig,
        max_states: int = DEFAULT_MAX_STATES,
        *,
        fractions: bool = True,
        early: bool = False,
        share: bool = True,
    ) -> None:
        self.config = config
        self.max_states = max_states
        self.early = early
        """Give up once a tenth of the budget is handled and no fight has ended (``EARLY_SHARE``),
        or only a growing tail is left (``TAIL``): the automatic choice drops an attempt that will
        not fit for a tenth of its cost."""
        self.met_by_round: list[tuple[int, int]] = []
        """While early: each round expanded so far, with the distinct states met when it began."""
        self.fractions = fractions
        """Exact integers over common denominators; else floating point with a rounding bound."""
        self.rounding = 0.0
        """In floating point, a bound on the total absolute rounding error of the results' probabilities."""
        self.roller = EnumeratingRoller()
        self.fight = config.new_fight(self.roller)
        self.watch = RoundWatch()
        self.fight.round_watch = self.watch
        self.states: list[Snapshot] = []
        """Every state met, without its round number; elsewhere a state is its index here, since a
        nested tuple is hashed afresh at every dictionary look-up and an int is not."""
        self.ids: dict[Snapshot, int] = {}
        self.layers: dict[tuple[int, Stage], _Layer] = {}
        self.queue: list[tuple[int, Stage]] = []
        self.finished = _Layer()
        """The probability of each result (``FightResult``)."""
        self.first_end: int | None = None
        """The earliest round a fight ended in so far."""
        self.expanding: tuple[int, Stage] = (0, (0, 0))
        """The round and stage of the layer being expanded."""
        self.finished_sums: Counter[FightResult] = Counter()
        """In floating point, how many sums each result's probability was added up from."""
        self.ends: list[tuple[Any, tuple[Fate, ...]]] = []
        """Every way a fight ends met, without its round: the outcome and every combatant's fate.
        A step's moves to finished states go to these instead (``_end``), so the many states a
        fight ends in with the same result merge in the step, once, not in every round."""
        self.end_ids: dict[tuple[Any, tuple[Fate, ...]], int] = {}
        self.ending: dict[int, int] = {}
        """The end (in ``ends``) of each finished state met."""
        self.handled = 0
        """States carried from one step of the fight to the next (the same situation in another
        round counted again), plus ``REPLAY_COST`` for each state a replayed step ended in. A
        state that folded steps pass through counts as carried, and a shared step as replayed
        (``outcomes``, ``shared``): the budget measures the fight as it did before either saved
        any work, so whether an encounter fits does not depend on them; they only make it faster."""
        self.current: dict[int, tuple[int, int, frozenset[int], Moves, bool]] = {}
        """The step last found for each state, with the rounds where it holds (lowest, highest,
        those between left out) and whether it holds in that round alone for using the round
        number in other ways than comparing it (opaque): looked up first, since layers are
        expanded in round order and a step found for a round mostly holds in the next."""
        self.reusable: dict[int, list[tuple[Window, Moves]]] = {}
        """Steps that used the round number only in comparisons, by their state: the rounds where
        the comparisons come out the same, and the outcomes, good for any of those rounds (with
        the single-outcome steps after them folded in: ``outcomes``)."""
        self.steps: dict[int, list[Played]] = {}
        """The same for each step alone, as played (``played``)."""
        self.reads: StateReads | None = StateReads() if share else None
        """What each step played reads of the state, so it can be shared (``shared``)."""
        self.layout = (
            {name: i for i, name in enumerate(self.fight.vars)},
            tuple({name: i for i, name in enumerate(c.vars)} for c in self.fight.combatants),
        )
        """Where each value of the state stands in its ``vars``: the fight's, each combatant's."""
        self.positions = len(self.layout[0]) + sum(map(len, self.layout[1]))
        self.patterns: dict[tuple[Any, Any], list[Pattern]] = {}
        """Steps kept for sharing, by the outcome and pending turns they start from: what they
        read (positions in the fight's and each combatant's values), and by the values read
        there, where they hold and lead (``shared``)."""
        self.follows: dict[int, list[Followed]] = {}
        """The same for the single-outcome steps that follow a state (``followed``)."""
        self.replayed = 0
        """Steps played by replaying the rules code (``bench/exact.py`` prints it)."""
        self.shared_steps = 0
        """Steps worked out from another state's instead (``shared``)."""
        self.carries: dict[tuple[int, ...], _Carry | None] = {}
        """In floating point, the last layers carried on (``MAX_CARRIES``), by their states in
        order: each one's compiled carry, or None for a layer met once (``_carry_floats``)."""

    def _id(self, rest: Snapshot) -> int:
        found = self.ids.get(rest)
        if found is None:
            found = self.ids[rest] = len(self.states)
            self.states.append(rest)
        return found

    def outcomes(self, number: int, state: int) -> Moves:
        """Where the step from ``state`` in round ``number`` leads, reused where no round can differ.

        A state reached whose own step has a single outcome (a round's end that decides nothing,
        a round's start that rolls nothing) is replaced by where that step leads, so its layer is
        never filled nor carried on: the probability that would pass through it goes on at once,
        unchanged, since a single outcome has probability 1. Followed at most ``MAX_FOLLOWED``
        steps on, so a fight that goes on unchanged forever still spends its budget round by
        round. The steps so combined hold in the rounds where each of them does; where
        only a later one changes (the round's end at the exchange cap), the step itself is not
        played again (``played``).
        """
        found = self.current.get(state)
        if found is not None and found[0] <= number <= found[1] and number not in found[2]:
            return found[3]
        known = self.reusable.get(state)
        if known is not None:
            for (low, high, holes), reused in known:
                if low <= number <= high and number not in holes:
                    self.current[state] = (low, high, holes, reused, False)
                    return reused
        den, paths, (low, high, holes), opaque = self.played(number, state)
        grouped: dict[tuple[int, Stage], dict[int, int]] = {}
        passed: set[int] = set()
        for delta, target, stage, num in paths:
            if stage is not None:
                _, window, more, target, stage, then_opaque, through = self.followed(number + delta, target, stage)
                if window is not None:  # followed: the step holds where the followed ones do too
                    passed.update(through)
                    then_low, then_high, then_holes = window
                    low, high = max(low, then_low - delta), min(high, then_high - delta)
                    if then_holes:
                        holes = holes | {hole - delta for hole in then_holes}
                    opaque = opaque or then_opaque
                    delta += more
            if stage is None:
                target = self._end(number + delta, target)
            reached = grouped.setdefault((delta, stage), {})
            reached[target] = reached.get(target, 0) + num
        moves: Moves = (
            den if self.fractions else 1,
            tuple(
                # int / int is correctly rounded: each step probability is off by one unit roundoff at most.
                (where, tuple((after, num if self.fractions else num / den) for after, num in reached.items()), tuple(reached))
                for where, reached in grouped.items()
            ),
            tuple(passed),
        )
        self.current[state] = (low, high, holes, moves, opaque)
        if not opaque:
            self.reusable.setdefault(state, []).append(((low, high, holes), moves))
        return moves

    def followed(self, number: int, state: int, stage: Stage) -> Followed:
        """Where the single-outcome steps from ``state`` (at ``stage``) in round ``number`` lead,
        at most ``MAX_FOLLOWED`` of them: the rounds where this holds, the rounds where the steps
        followed hold (None if none was), the rounds gone by, the state and stage reached, and
        whether it holds in this round alone. Many states lead to the same few round ends, so
        each is followed once per window."""
        known = self.follows.get(state)
        if known is not None:
            for before in known:
                low, high, holes = before[0]
                if low <= number <= high and number not in holes:
                    return before
        low, high, holes = 0, MAX_ROUND, frozenset[int]()
        delta, target, opaque, hops = 0, state, False, 0
        through: list[int] = []
        first: Window = (number, number, frozenset())
        while stage is not None and hops < MAX_FOLLOWED:
            _, then, window, then_opaque = self.played(number + delta, target)
            if not hops:
                first, opaque = window, then_opaque
            if len(then) != 1:
                break
            # A single outcome, probability 1: go on to it; this holds where each step followed does.
            then_low, then_high, then_holes = window
            low, high = max(low, then_low - delta), min(high, then_high - delta)
            holes = holes | {hole - delta for hole in then_holes}
            opaque = opaque or then_opaque
            through.append(target)
            more, target, stage, _ = then[0]
            delta += more
            hops += 1
        # Followed nowhere: that holds where the state's own step is the same.
        found: Followed = (
            ((low, high, holes), (low, high, holes), delta, target, stage, opaque, tuple(through)) if hops
            else (first, None, 0, state, stage, opaque, ())
        )
        if not opaque:
            self.follows.setdefault(state, []).append(found)
        return found

    def played(self, number: int, state: int) -> Played:
        """The step from ``state`` in round ``number`` as the rules play it (``step_outcomes``):
        its denominator, the states reached (rounds gone by, state, stage, numerator), the rounds
        where it holds and whether it holds in this round alone; replayed only where it must be:
        not for a state it was played from before in such a round, nor for one that agrees with
        such a state on everything the step read there (``shared``)."""
        known = self.steps.get(state)
        if known is not None:
            for found in known:
                low, high, holes = found[2]
                if low <= number <= high and number not in holes:
                    return found
        rest = self.states[state]
        shared = self.shared(number, rest)
        if shared is not None:
            saved, den, window, paths = shared
            self.shared_steps += 1
            # Counted as replayed, though far cheaper: the budget measures the fight, not how
            # much of its work is saved, so whether an encounter fits does not depend on sharing.
            self._spend(REPLAY_COST * saved)
            step = (den, self._fill(rest, paths), window, False)
            self.steps.setdefault(state, []).append(step)
            return step
        affordable = (self.max_states - self.handled) // REPLAY_COST
        try:
            den, played, tracked = step_outcomes(self.fight, self.roller, self.watch, (number, *rest), affordable, self.reads)
        except TooManyPaths:
            raise self._over_budget() from None
        self._spend(REPLAY_COST * self.roller.paths)
        self.replayed += 1
        opaque = self.watch.opaque
        window = (number, number, frozenset()) if opaque else self.watch.window()
        step = (den, tuple((delta, self._id(after), _stage(after), num) for delta, after, num in played), window, opaque)
        if not opaque:
            self.steps.setdefault(state, []).append(step)
            if tracked:
                self._share(number, rest, den, window, tracked)
        return step

    def shared(self, number: int, rest: Snapshot) -> tuple[int, int, Window, tuple[Kept, ...]] | None:
        """The step kept for sharing that holds for ``rest`` in round ``number``: one played from
        another state that agrees with it on every value that step read (``state_reads.py``), to
        be completed with ``rest``'s own values (``_fill``). None if no such step is known."""
        patterns = self.patterns.get((rest[0], rest[1]))
        if patterns is None:
            return None
        for tried, (_, _, read, table) in enumerate(patterns):
            templates = table.get(read(rest))
            if templates is None:
                continue
            for window, played, den, paths in templates:
                low, high, holes = window
                if low <= number <= high and number not in holes:
                    if tried:  # the next state most likely reads the same: try this one first
                        patterns.insert(0, patterns.pop(tried))
                    return played, den, window, paths
        return None

    def _fill(self, rest: Snapshot, paths: tuple[Kept, ...]) -> tuple[tuple[int, int, Stage, int], ...]:
        """A shared step's paths (``shared``) from ``rest``: the same paths with the same
        probabilities, each ending where it ended there except in the values it neither read nor
        wrote, which keep their values here; paths that end alike merged, each state reached as
        rounds gone by, its number in the table of states, its stage and its numerator. Called
        once the step is counted (``_spend``), so a solve over budget stops having met the same
        states as before."""
        own, theirs, ident = rest[2], rest[3], self._id
        merged: dict[tuple[int, int, Stage], int] = {}
        for delta, after, stage, fill_own, fill_theirs, num in paths:
            if fill_own is not None or fill_theirs:
                values = after[2] if fill_own is None else fill_own(after[2] + own)
                rows = after[3]
                if fill_theirs:
                    reached_rows = list(rows)
                    for c, fill in fill_theirs:
                        reached_rows[c] = fill(rows[c] + theirs[c])
                    rows = tuple(reached_rows)
                after = (after[0], after[1], values, rows)
            reached = (delta, ident(after), stage)
            merged[reached] = merged.get(reached, 0) + num
        return tuple((delta, state, stage, num) for (delta, state, stage), num in merged.items())

    def _share(self, number: int, rest: Snapshot, den: int, window: Window, tracked: tuple[tuple[Snapshot, frozenset[Key], int], ...]) -> None:
        """Keep a step just played for the states that agree with ``rest`` on what it read
        (``shared``), unless it read everything or something outside the state's layout."""
        assert self.reads is not None  # only a step played with its reads watched is tracked
        fight_read: set[int] = set()
        combatants_read: dict[int, set[int]] = {}
        for key in self.reads.read:
            at = self._position(key)
            if at is None:
                return
            if key[0] < 0:
                fight_read.add(at)
            else:
                combatants_read.setdefault(key[0], set()).add(at)
        if len(fight_read) + sum(map(len, combatants_read.values())) == self.positions:
            return  # it read every value: it holds for this state alone
        fight_unread = set(range(len(self.layout[0]))) - fight_read
        combatants_unread = {c: set(range(len(keys))) - combatants_read.get(c, set()) for c, keys in enumerate(self.layout[1])}
        kept_by_written: dict[frozenset[Key], tuple[Filler | None, tuple[tuple[int, Filler], ...]]] = {}
        paths = []
        for after, written, num in tracked:
            kept = kept_by_written.get(written)
            if kept is None:  # the values that keep the new state's: neither read nor written
                fight_kept, combatants_kept = set(fight_unread), {c: set(at) for c, at in combatants_unread.items()}
                for key in written:
                    at = self._position(key)
                    if at is None:
                        return
                    (fight_kept if key[0] < 0 else combatants_kept[key[0]]).discard(at)
                fills = ((c, _filler(len(self.layout[1][c]), at)) for c, at in combatants_kept.items())
                kept = kept_by_written[written] = (
                    _filler(len(self.layout[0]), fight_kept), tuple((c, fill) for c, fill in fills if fill is not None)
                )
            reached = after[1:]
            paths.append((after[0] - number, reached, _stage(reached), *kept, num))
        fight_at = tuple(sorted(fight_read))
        combatants_at = tuple((c, tuple(sorted(at))) for c, at in sorted(combatants_read.items()))
        patterns = self.patterns.setdefault((rest[0], rest[1]), [])
        for pattern in patterns:
            if pattern[0] == fight_at and pattern[1] == combatants_at:
                read, table = pattern[2], pattern[3]
                break
        else:
            if len(patterns) >= MAX_PATTERNS:
                return
            read, table = _reader(fight_at, combatants_at), {}
            patterns.append((fight_at, combatants_at, read, table))
        table.setdefault(read(rest), []).append((window, self.roller.paths, den, tuple(paths)))

    def _position(self, key: Key) -> int | None:
        """Where a value of the state stands in its ``vars`` (``Fight.snapshot``'s order), or
        None for a key the state does not hold."""
        owner, name = key
        keys = self.layout[0] if owner < 0 else self.layout[1][owner]
        return keys.get(name)

    def _spend(self, states: int) -> None:
        """Count ``states`` more handled states against the budget."""
        self.handled += states
        if self.handled > self.max_states:
            raise self._over_budget()
        if self.early and self.handled >= self.max_states // EARLY_SHARE:
            self.early = False
            if self.first_end is None or self.expanding <= (self.first_end, (0, 0)):
                raise StateBudgetExceeded(
                    gettext("no fight had ended after {handled} fight states, a tenth of the budget of {budget} (--max-states): "
                      "predicted not to fit; --exact tries the whole budget").format(
                        handled=format_integer(self.handled), budget=format_integer(self.max_states)),
                    self._predicted(),
                )
            growth = self._growing_tail()
            if growth is not None:
                raise StateBudgetExceeded(
                    gettext("after {handled} fight states, a tenth of the budget of {budget} (--max-states), less than a billionth "
                      "of the probability was still in play, yet the last round met {new} new states, more than the {before} of "
                      "the round before: predicted not to fit; --exact tries the whole budget").format(
                        handled=format_integer(self.handled), budget=format_integer(self.max_states),
                        new=format_integer(growth[1]), before=format_integer(growth[0])),
                    self._predicted(),
                )

    def _predicted(self) -> str:
        """The gist of either early give-up: one, so that a sweep dropped early at some values for
        one reason and at others for the other says so in one sentence."""
        return gettext("predicted not to fit at a tenth of the budget of {budget} fight states (--max-states): no fight had "
                       "ended, or what was still in play (less than a billionth) met more new states every round; --exact "
                       "tries the whole budget").format(budget=format_integer(self.max_states))

    def _growing_tail(self) -> tuple[int, int] | None:
        """The new states met in each of the last two rounds expanded, if the second met more and
        less than ``TAIL`` of the probability is still in play; else None."""
        if len(self.met_by_round) < 3:
            return None
        (_, first), (_, second), (_, third) = self.met_by_round[-3:]
        before, last = second - first, third - second
        if last <= before:
            return None
        den, weights = self.finished.settle()
        ended = sum(weights.values())
        in_play = (den - ended) / den if self.fractions else 1 - ended  # exact integers in fractions
        return (before, last) if in_play < TAIL else None

    def _over_budget(self) -> StateBudgetExceeded:
        # How far it got tells an author how big the fight is: distinct states, and rounds reached.
        return StateBudgetExceeded(
            gettext("needs more fight states than the budget of {budget} (--max-states); it had handled {handled} (replays counted "
              "{cost} each) and reached {states} distinct states when it stopped").format(
                budget=format_integer(self.max_states), handled=format_integer(self.handled), cost=REPLAY_COST,
                states=format_integer(len(self.states))),
            gettext("needs more fight states than the budget of {budget} (--max-states)").format(budget=format_integer(self.max_states)),
        )

    def run(self) -> dict[FightResult, Fraction | float]:
        """Carry all probability from the start to the fights' ends; each result's probability."""
        start = self.fight.snapshot()
        stage, first = _stage(start[1:]), self._id(start[1:])
        if stage is None:  # over before it began
            first = self._end(start[0], first)
        self._arrive(start[0], stage, 1, defaultdict(int, {first: 1 if self.fractions else 1.0}))
        layers, current = self.layers, self.current
        while self.queue:
            key = self.expanding = heapq.heappop(self.queue)
            number = key[0]
            if self.early and (not self.met_by_round or self.met_by_round[-1][0] != number):
                self.met_by_round.append((number, len(self.states)))
            layer = layers.pop(key)
            den, weights = layer.settle()
            self._spend(len(weights))
            if not self.fractions:
                self._round_off(layer.counted(), weights)
                self._carry_floats(number, weights)
                continue
            targets_of: dict[tuple[tuple[int, Stage], int], defaultdict[int, Any]] = {}
            """Where this layer's probability goes, by (rounds gone by, stage) and step denominator:
            the numerators of the states reached, over this layer's and the step's denominators."""
            passed: set[int] = set()
            for state, weight in weights.items():
                known = current.get(state)
                if known is not None and known[0] <= number <= known[1] and number not in known[2]:
                    step_den, groups, through = known[3]
                else:
                    step_den, groups, through = self.outcomes(number, state)
                passed.update(through)
                for where, moves, _ in groups:
                    target = targets_of.get((where, step_den))
                    if target is None:
                        target = targets_of[(where, step_den)] = defaultdict(int)
                    for after, num in moves:
                        target[after] += weight * num
            self._spend(len(passed))
            for ((delta, stage), step_den), reached in targets_of.items():
                self._arrive(number + delta, stage, den * step_den, reached)
        if not self.fractions:
            self._round_off(self.finished_sums, self.finished.parts.get(1, {}))
        return self._results()

    def _carry_floats(self, number: int, weights: dict[int, float]) -> None:
        """``run``'s step in floating point: carry each state's probability of round ``number`` on
        to the states its step reaches, and note how many sums each reached state's probability
        is added up from (for ``_round_off``). A layer met before, the same states in the same
        order, is carried by its compiled carry (``_Carry``): the same floats in a fraction of the
        time. A layer met for the first time is carried plainly, state by state (``_carry_plainly``),
        and so is one whose steps changed since it was compiled (the exchange cap reached, say),
        to be compiled anew if it comes again."""
        ids = tuple(weights)
        carries = self.carries
        carry = carries.get(ids)
        if carry is not None and carry.holds(number, self.current):
            self._carry_compiled(number, weights, carry)
            return
        if ids not in carries or carry is not None:  # a layer met once is seldom met again: compiling costs more
            carries[ids] = None
            if len(carries) > MAX_CARRIES:
                del carries[next(iter(carries))]
            self._carry_plainly(number, weights, self._steps(number, ids))
            return
        steps = list(self._steps(number, ids))
        carry = self._compile(number, ids, steps)
        if carry is None:
            self._carry_plainly(number, weights, steps)
            return
        carries[ids] = carry
        self._carry_compiled(number, weights, carry)

    def _steps(self, number: int, ids: tuple[int, ...]) -> Iterator[Moves]:
        """The step from each of ``ids`` in round ``number``, looked up as the carry looks it up:
        the one ``current`` holds where it holds, else ``outcomes``."""
        known_step, outcomes = self.current.get, self.outcomes
        for state in ids:
            known = known_step(state)
            if known is not None and known[0] <= number <= known[1] and number not in known[2]:
                yield known[3]
            else:
                yield outcomes(number, state)

    def _carry_plainly(self, number: int, weights: dict[int, float], steps: Iterable[Moves]) -> None:
        """``_carry_floats`` state by state, with each state's step (``steps``, in the layer's
        order). The inner loop of long fights, so kept to the bone: one denominator (1), one
        target and one list of summed states per (rounds gone by, stage)."""
        slots: dict[tuple[int, Stage], tuple[defaultdict[int, float], list[int]]] = {}
        slot_of = slots.get
        passed: list[tuple[int, ...]] = []  # counted once per layer: appending costs less than a union per state
        pass_on = passed.append
        for weight, (_, groups, through) in zip(weights.values(), steps):
            pass_on(through)
            for where, moves, reached_ids in groups:
                slot = slot_of(where)
                if slot is None:
                    slot = slots[where] = (defaultdict(float), [])
                target, summed = slot
                # A defaultdict's ``+=`` measured faster here than a plain dict's ``get``, a
                # ``try``, or the products taken in C with ``map``: the moves are few per state.
                for after, p in moves:
                    target[after] += weight * p
                summed.extend(reached_ids)
        self._spend(len(set(chain.from_iterable(passed))))
        for (delta, stage), (reached, sums) in slots.items():
            # Counted in C; a state of a layer once more, for its addition into the layer.
            self._arrive(number + delta, stage, 1, reached, Counter(sums if stage is None else chain(sums, reached)))

    def _carry_compiled(self, number: int, weights: dict[int, float], carry: _Carry) -> None:
        """``_carry_floats`` by a compiled carry that holds in round ``number``."""
        self._spend(carry.passed)
        for (delta, stage), reached, sums in carry.run(weights):
            self._arrive(number + delta, stage, 1, reached, sums)

    def _compile(self, number: int, ids: tuple[int, ...], steps: list[Moves]) -> _Carry | None:
        """The carry of the layer of ``ids`` (in its order) in round ``number`` with ``steps``
        (``_steps``), compiled: for each state reached, its sources and step probabilities in the
        order the plain carry adds them. None where the steps hold in no later round."""
        entries = list(map(self.current.__getitem__, ids))  # what ``_steps`` used, or ``outcomes`` set
        high = min(entry[1] for entry in entries)
        if high <= number:
            return None
        window = (max(entry[0] for entry in entries), high, frozenset[int]().union(*(entry[2] for entry in entries)))
        built: dict[tuple[int, Stage], tuple[dict[int, int], list[list[int]], list[list[float]]]] = {}
        for position, (_, groups, _) in enumerate(steps):
            for where, moves, _ in groups:
                slot = built.get(where)
                if slot is None:
                    slot = built[where] = ({}, [], [])
                index, sources, probabilities = slot
                for after, p in moves:
                    j = index.get(after)
                    if j is None:
                        index[after] = len(sources)
                        sources.append([position])
                        probabilities.append([p])
                    else:
                        sources[j].append(position)
                        probabilities[j].append(p)
        passed = len(set(chain.from_iterable(step[2] for step in steps)))
        slots = tuple(_slot(where, tuple(index), sources, probabilities) for where, (index, sources, probabilities) in built.items())
        return _Carry(ids, entries, window, passed, slots)

    def _round_off(self, additions: Mapping[Any, int], weights: dict[Any, Any]) -> None:
        """Add the rounding of a layer's sums and of the products its probability moves on with.

        A state added up from ``n`` sums has each partial sum at most its total, so its additions
        are off by at most ``n`` unit roundoffs of it; each move multiplies a probability by a
        rounded step probability (two roundings), and the moves of a state carry its whole weight.
        """
        mass = sum(weights.values())
        summed = sum(map(mul, additions.values(), map(weights.__getitem__, additions)))  # every counted state is in weights
        self.rounding += UNIT_ROUNDOFF * (2 * mass + summed)

    def _arrive(
        self, number: int, stage: Stage, den: int, reached: defaultdict[int, Any], sums: Mapping[int, int] | None = None
    ) -> None:
        """Add the numerators over ``den`` of states reached in round ``number`` to their layer, or
        of finished fights to their results; ``sums`` holds, in floating point, how many sums each
        reached state's probability is added up from (in the order of ``reached``): the carry's,
        and for a state of a layer, one more for the addition into the layer (a finished state's
        result counts its own, ``finished_sums``)."""
        if stage is None:
            if self.first_end is None or number < self.first_end:
                self.first_end = number
            results = self.finished.parts.setdefault(den, defaultdict(int))
            if sums is not None:
                # Each finished state's own sums are off by one unit roundoff of it per sum; each
                # result then adds up its states, one more sum apiece (``finished_sums``).
                self.rounding += UNIT_ROUNDOFF * sum(map(mul, map(sums.__getitem__, reached), reached.values()))
            for after, num in reached.items():
                result = self._result(number, after)
                results[result] += num
                if sums is not None:
                    self.finished_sums[result] += 1
            return
        key = (number, stage)
        layer = self.layers.get(key)
        if layer is None:
            layer = self.layers[key] = _Layer()
            heapq.heappush(self.queue, key)
        arrived = layer.parts.get(den)
        if arrived is None:
            layer.parts[den] = reached
        else:
            for after, num in reached.items():
                arrived[after] += num
        if sums is not None:
            layer.summed.append(sums)

    def _end(self, number: int, state: int) -> int:
        """The end (in ``ends``) of a fight that is over in round ``number`` in ``state``."""
        known = self.ending.get(state)
        if known is None:
            self.fight.restore((number, *self.states[state]))
            end = (self.states[state][0], fates(self.fight))  # a fight ends alike in whichever round
            known = self.end_ids.get(end)
            if known is None:
                known = self.end_ids[end] = len(self.ends)
                self.ends.append(end)
            self.ending[state] = known
        return known

    def _result(self, number: int, end: int) -> FightResult:
        """The result of a fight that ended in round ``number`` with ``end`` (in ``ends``)."""
        outcome, its_fates = self.ends[end]
        return FightResult(outcome, number, its_fates)

    def _results(self) -> dict[FightResult, Fraction | float]:
        """Each result's probability (a float in floating point)."""
        den, weights = self.finished.settle()
        if not self.fractions:
            return dict(weights)
        return {result: Fraction(num, den) for result, num in weights.items()}


def solve(
    config: FightConfig, *, max_states: int = DEFAULT_MAX_STATES, fractions: bool = True, early: bool = False
) -> RulesetResult:
    """The exact distribution of outcomes, fates and fight lengths of ``config``.

    Args:
        config: the fight configuration.
        max_states: how many fight states the solve may handle (``DEFAULT_MAX_STATES``).
        fractions: compute with exact fractions (the default here, for tests that compare
            exactly); False computes in floating point, much faster on long fights, and reports a
            bound on the rounding error as the result's ``rounding``.
        early: give up when a tenth of the budget is spent and no fight has ended yet
            (``Solver.early``), for the automatic choice between exact analysis and sampling.

    Raises:
        StateBudgetExceeded: the fight has more states than ``max_states``.
    """
    return result_of(Solver(config, max_states, fractions=fractions, early=early))


def result_of(solver: Solver) -> RulesetResult:
    """Run ``solver`` and report its distribution.

    Raises:
        StateBudgetExceeded: the fight has more states than the solver's budget.
    """
    names = tuple(c.name for c in solver.fight.combatants)
    found = solver.run()
    rounding = None
    if solver.fractions:
        tally = Tally(names)
        for result, p in found.items():
            tally.add(result, p)
    else:
        tally = Tally.summed(names, cast(dict[FightResult, float], found))  # floats when not fractions
        # The results' errors add up to at most ``solver.rounding``; each sum of the tally and its
        # total are rounded once more, and dividing by a total that is off by e moves a
        # probability by at most e relative: twice the whole, with a margin for second-order terms.
        rounding = 2 * (solver.rounding + 2 * UNIT_ROUNDOFF) * (1 + 1e-6)
    return RulesetResult(
        ruleset=solver.config.ruleset.name,
        method="exact",
        tally=tally,
        party_size=len(solver.config.encounter.party),
        rounding=rounding,
    )
