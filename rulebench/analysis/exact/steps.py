"""One step of a fight (``loop.play_step``), played through every chance outcome, and the forms
the solver keeps steps in.

A step is played again and again from one state's snapshot with the ``EnumeratingRoller``, one
path of its rolls at a time; the paths that end in the same state are merged (``step_outcomes``).
The solver (``solver.py``) keeps what a step leads to per state: as played (``Played``), and with
the single-outcome steps after it folded in, ready to carry probability on (``Moves``).
"""

from __future__ import annotations

from math import lcm
from typing import Any, NamedTuple

from rulebench.analysis.exact.roller import EnumeratingRoller
from rulebench.analysis.exact.round_watch import RoundWatch, Window
from rulebench.analysis.exact.state_reads import Key, StateReads, watched
from rulebench.core import plugin_errors
from rulebench.core.errors import RulebenchError
from rulebench.core.fight import Fight, Snapshot
from rulebench.core.i18n import _ as gettext  # `_` names unused loop values here
from rulebench.core.i18n import format_integer
from rulebench.core.loop import play_step

Stage = tuple[int, int] | None
"""Where in its round a state stands (see ``stage_of``); None once the fight is over."""

Where = tuple[int, Stage]
"""Where a move lands, relative to the step's round: rounds gone by, and the stage reached."""


def stage_of(rest: Snapshot) -> Stage:
    """A state's place in its round: every step moves a fight to a later round or a later stage of
    the same one, so states are solved in (round, stage) order and each is expanded once, after all
    the probability that reaches it has arrived."""
    outcome, pending = rest[0], rest[1]
    if outcome is not None:
        return None
    return (1, 0) if pending is None else (0, -len(pending))


class Outcomes(NamedTuple):
    """Where one step leads, as ``step_outcomes`` finds it."""

    den: int
    """The paths' common denominator."""
    reached: tuple[tuple[int, Snapshot, int], ...]
    """Each state reached as rounds gone by, the state without its round number, and its numerator."""
    tracked: tuple[tuple[Snapshot, frozenset[Key], int], ...]
    """When its reads were watched, each state reached (with its round number) with the values
    written on the way there and its numerator."""


Reached = tuple[int, int, Stage, int]
"""A state one step reaches: rounds gone by, its number in the solver's table of states, its
stage and its numerator. Plain tuples: every replayed and shared path makes one."""


class Played(NamedTuple):
    """One step as played from one state (``Solver.played``)."""

    den: int
    reached: tuple[Reached, ...]
    window: Window
    """The rounds where the step holds."""
    opaque: bool
    """Whether it holds in that round alone (it used the round number beyond comparing it)."""


Move = tuple[int, Any]
"""A state reached (its number in the solver's table, or an end's in ``Solver.ends``) and its
numerator (in floating point: its probability). Plain pairs: the carry's innermost loop reads them."""


class Group(NamedTuple):
    """The moves of a step that land in the same layer."""

    where: Where
    moves: tuple[Move, ...]
    reached: tuple[int, ...]
    """The states of ``moves`` alone, for counting the sums each is added up from."""


class Moves(NamedTuple):
    """Where one step leads as the solver keeps it (``Solver.outcomes``)."""

    den: int
    """The step's denominator (in floating point 1, the moves holding probabilities)."""
    groups: tuple[Group, ...]
    through: tuple[int, ...]
    """The states the single-outcome steps folded into it pass through, counted as carried."""


class Known(NamedTuple):
    """The step last found for a state (``Solver.current``)."""

    low: int
    high: int
    holes: frozenset[int]
    """The rounds where it holds: lowest, highest, and those between left out."""
    moves: Moves
    opaque: bool
    """Whether it holds in that round alone."""


class Followed(NamedTuple):
    """Where the single-outcome steps from a state lead (``Solver.followed``)."""

    window: Window
    """The rounds where this holds."""
    followed: Window | None
    """The rounds where the steps followed hold; None if none was."""
    delta: int
    """The rounds gone by."""
    target: int
    stage: Stage
    """The state and stage reached."""
    opaque: bool
    through: tuple[int, ...]
    """The states passed through."""


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
    """Every way one step (``loop.play_step``) can go from ``state``, paths ending in the same
    state merged; ``watch`` learns how the step used the round number, and ``reads`` (if given)
    which values of the state it read.

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
        fight._restore(state)
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
        paths.append((num, den, fight._snapshot(), written))
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
    return Outcomes(
        common,
        tuple((after[0] - number, after[1:], num) for after, num in merged.items()),
        tuple((after, written, num) for (after, written), num in tracked.items()),
    )
