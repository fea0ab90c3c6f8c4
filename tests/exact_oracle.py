"""A brute-force oracle for the exact solver (``analysis/exact/``), for tests only (issue #7).

What it does: it plays fights, from their start, once for every sequence of die faces the rules ask
for, and adds up the probability of every result. Every single die is enumerated on its own: a
roll of ``2d6`` is two dice of six faces each (36 paths, never the 11 sums), and a chain
(``Fight.chain``) is played die by die, since :class:`OracleRoller` has no ``solve_chain`` method.
The fights are walked depth-first: a path starts from the fight's start, replays a prefix of
faces, takes face 1 of every die beyond it, plays the fight round by round with
``loop.play_round`` (the rounds a Monte Carlo fight plays), records ``FightResult(outcome,
rounds, fates)`` with the path's probability (the product of ``1/sides`` over its dice, a
``Fraction``), and then pushes the paths that leave it at one of its new dice with another face.

Why it is obviously right: it is the definition of the probability of a result, the sum over
every sequence of faces that leads to it of the product of the faces' probabilities, each face of
a d``n`` having probability ``1/n``; and it shares none of the solver's shortcuts. No sum is read
as its distribution (nothing from ``Dice.distribution`` or ``Dice.probabilities``), no chain is
solved as a Markov chain (nothing from ``analysis/exact/roller.py``), no step is reused across rounds
(no ``RoundWatch``), nothing comes from ``analysis/exact/``, and no snapshot is taken or
restored: every path starts from the fight as setup left it (``Fight._reset``, as Monte Carlo
starts each of its fights; a fresh fight per path would cost twice as much for the same start).

One merge, of its own: the rest of a fight depends only on its state, which is what
``Fight._reset`` puts back for every path (the round, ``fight.vars`` and each combatant's
``vars``; ``state_of`` reads them by name). So where a path ends a round, the fight going on, in
a state that an earlier path ended the same round in, the oracle does not play on: everything
that followed that state (its continuations, walked depth-first right after the earlier path
reached it) happens again, scaled by this path's probability. Within a round nothing is merged.
Without the merge, a tiny encounter of four rounds would play its later rounds again for every
sequence of faces that ends its first ones alike. ``merge=False`` walks every path to its end, as
a check of the merge itself.

The cut-off: some trees are infinite (dsa's attack/parry chain on a run of 1s, its d100
initiative roll-off on ties, any fight whose rounds can repeat up to a far cap) or too large to
walk. A path is abandoned at the first die that would make its probability smaller than
``threshold`` (default 10^-15): the roller raises :class:`CutOff` before rolling it, and the
path's probability so far, the total probability of all the paths through it that the oracle does
not walk, is added to ``left_out``. So every result found comes from paths of probability at least
``threshold``, the probabilities of the results plus ``left_out`` sum to exactly 1, and each
result's true probability lies between what the oracle found and that plus ``left_out``. A merged
state's continuations stand in only for a path at most as likely as the one they were walked
from (they were cut off where that path passed the threshold, at least as deep as this one
would be); from a likelier path they are walked again. The threshold bounds the depth of a path
too (a die of 2 or more faces at least halves a path's probability), so a loop of dice that never
ends cannot hang the oracle.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from fractions import Fraction

from rulebench.core.assembly import FightConfig
from rulebench.core.dice import Dice
from rulebench.core.fight import Fight
from rulebench.core.loop import MAX_ROUNDS, play_round, result_of
from rulebench.core.outcome import FightResult

DEFAULT_THRESHOLD = Fraction(1, 10**15)
"""Paths less likely than this are not walked; see the module docstring."""

Prefix = tuple[tuple[int, int], ...]
"""A path's first dice as ``(face, sides)`` pairs: the faces to replay and the dice they were."""


class CutOff(Exception):
    """The path would fall below the oracle's threshold at its next die: it is abandoned."""


class TooManyPaths(RuntimeError):
    """The tree has more paths than the caller allowed: the encounter is not tiny enough."""


class ReplayError(AssertionError):
    """A replayed path asked for other dice than before: the rules are not deterministic."""


class OracleRoller:
    """Rolls every die separately, replaying a prefix of faces and then taking face 1 of each.

    Args:
        max_denominator: the largest product of die sides a path may reach (1 / the threshold);
            a die that would pass it raises :class:`CutOff` before it is rolled.
    """

    last_faces: tuple[int, ...] | None = None

    def __init__(self, max_denominator: int) -> None:
        self.max_denominator = max_denominator
        self.prefix: Prefix = ()
        self.faces: list[int] = []
        self.sides: list[int] = []
        self.denominator = 1
        """The product of the sides of every die of the path so far: its probability is 1 / this."""

    def begin(self, prefix: Prefix) -> None:
        """Start a path that replays ``prefix`` and then takes face 1 of every die."""
        self.prefix = prefix
        self.faces = []
        self.sides = []
        self.denominator = 1
        self.last_faces = None

    @property
    def probability(self) -> Fraction:
        """The probability of the path so far (every face of a d``n`` has probability 1/n)."""
        return Fraction(1, self.denominator)

    def siblings(self) -> Iterator[Prefix]:
        """The paths that leave the one just played at one of its new dice with another face.

        Only dice beyond the replayed prefix: the siblings at the prefix's own dice were pushed by
        the path that rolled those dice first. A die the path was cut off at was never rolled, so
        its faces are not walked; its probability is in ``left_out``.
        """
        taken = tuple(zip(self.faces, self.sides))
        for pos in range(len(self.prefix), len(taken)):
            head = taken[:pos]
            sides = taken[pos][1]
            for face in range(2, sides + 1):
                yield (*head, (face, sides))

    def die(self, sides: int) -> int:
        """One d``sides``: the prefix's face while replaying, face 1 beyond it."""
        denominator = self.denominator * sides
        if denominator > self.max_denominator:
            raise CutOff
        pos = len(self.faces)
        if pos < len(self.prefix):
            face, expected = self.prefix[pos]
            if sides != expected:
                raise ReplayError(f"die {pos + 1} of a replayed path is a d{sides}, was a d{expected}")
        else:
            face = 1
        self.faces.append(face)
        self.sides.append(sides)
        self.denominator = denominator
        self.last_faces = (face,)
        return face

    def roll(self, dice: Dice) -> int:
        """Every die of ``dice`` through :meth:`die`, in ``dice_sides`` order, then their total."""
        faces = tuple([self.die(sides) for sides in dice.dice_sides])
        self.last_faces = faces
        return dice.total_of(faces)


@dataclass(frozen=True)
class OracleResult:
    """What the oracle found.

    Attributes:
        results: the probability of every fight result reached by a walked path.
        left_out: the probability of the paths cut off; ``sum(results.values()) + left_out == 1``.
        paths: how many paths were played (cut-off ones included).
    """

    results: dict[FightResult, Fraction]
    left_out: Fraction
    paths: int


Counts = defaultdict[int, int]
"""How many paths of each denominator: the probability ``sum(count / denominator)``."""


@dataclass
class _Continuations:
    """Everything that followed one state at the end of a round, relative to that state's probability.

    Attributes:
        denominator: the denominator of the path the continuations were walked from: they were cut
            off where a path passed ``threshold`` from there, so they may stand in for a path at
            least that improbable (a likelier one would walk deeper).
        results: per result, the counts of its continuations by relative denominator.
        cut: the continuations cut off, likewise.
        mark: while they are being walked, the height of the stack of paths below them.
    """

    denominator: int
    results: defaultdict[FightResult, Counts]
    cut: Counts
    mark: int


def state_of(fight: Fight) -> Hashable:
    """The oracle's own record of a fight between rounds: its round and every state value by name.

    Everything the rest of a fight depends on lives there: it is what ``Fight._reset`` puts back for
    every path (the round, the outcome, the pending turns, ``fight.vars`` and each combatant's
    ``vars``), so two paths that leave a round in equal states go on alike.
    """
    return (
        fight.round,
        fight.outcome,
        fight._pending,
        tuple(sorted(fight.vars.items())),
        tuple([tuple(sorted(c.vars.items())) for c in fight.combatants]),
    )


def oracle(
    config: FightConfig, threshold: Fraction = DEFAULT_THRESHOLD, max_paths: int | None = None, merge: bool = True
) -> OracleResult:
    """Every fight of ``config``, die by die and path by path, down to paths of probability ``threshold``.

    Args:
        config: the fight configuration.
        threshold: paths less likely than this are cut off and counted in ``left_out``.
        max_paths: stop with :class:`TooManyPaths` rather than play more paths than this.
        merge: play on no further from a state a round ended in before (see the module); False
            plays every path to its end.

    Raises:
        TooManyPaths: the tree has more than ``max_paths`` paths.
        ReplayError: a replayed path asked for other dice than the first time, or fewer: the
            rules are not a function of the fight's start and its dice.
    """
    roller = OracleRoller(int(1 / Fraction(threshold)))
    # Counts per denominator, made into fractions once at the end: adding a Fraction per path
    # would reduce by a gcd each time, and paths number in the tens of thousands.
    found: defaultdict[FightResult, Counts] = defaultdict(lambda: defaultdict(int))
    cut: Counts = defaultdict(int)
    walked: dict[Hashable, _Continuations] = {}
    walking: list[tuple[Hashable, _Continuations]] = []  # the states the path played leaves, outermost first
    paths = 0
    fight = config.new_fight(roller)
    stack: list[Prefix] = [()]
    while stack:
        while walking and len(stack) <= walking[-1][1].mark:
            state, done = walking.pop()  # every path through it walked
            walked[state] = done
        prefix = stack.pop()
        if max_paths is not None and paths >= max_paths:
            where = f"{config.encounter.name!r} under {config.ruleset.name}"
            raise TooManyPaths(f"{where} has more than {max_paths:,} paths")
        # Every path from the start, so nothing but the prefix's faces carries over from the last.
        fight._reset()
        roller.begin(prefix)
        paths += 1
        known: _Continuations | None = None
        try:
            while fight.outcome is None:
                if fight.round >= MAX_ROUNDS:
                    raise RuntimeError(f"{config.encounter.name!r} under {config.ruleset.name} lasts {MAX_ROUNDS:,} rounds")
                play_round(fight)
                if merge and fight.outcome is None:
                    known = _between_rounds(fight, roller, prefix, walked, walking, len(stack))
                    if known is not None:
                        break
        except CutOff:
            _add(walking, None, {1: 1}, roller.denominator, found, cut)
        else:
            if known is None:
                _add(walking, result_of(fight), {1: 1}, roller.denominator, found, cut)
            else:
                for result, counts in known.results.items():
                    _add(walking, result, counts, roller.denominator, found, cut)
                _add(walking, None, known.cut, roller.denominator, found, cut)
        if len(roller.faces) < len(prefix):
            raise ReplayError(f"a replayed path ended after {len(roller.faces)} of its {len(prefix)} dice")
        stack.extend(roller.siblings())
    results = {result: _total(counts) for result, counts in found.items()}
    return OracleResult(results, _total(cut), paths)


def _between_rounds(fight: Fight, roller: OracleRoller, prefix: Prefix, walked: dict[Hashable, _Continuations],
                    walking: list[tuple[Hashable, _Continuations]], height: int) -> _Continuations | None:
    """At the end of a round the fight outlives: what followed its state before, if it was walked
    from a path at most as likely; else None, and the state is walked from this path on."""
    state = state_of(fight)
    if any(state == other for other, _ in walking):
        return None  # a state this path's dice so far lead to: its continuations are being walked
    # Any other state lies beyond the replayed prefix: the path that pushed this one either
    # stopped at a state it passed or walked on from it, and then it is in ``walking`` still.
    assert len(roller.faces) >= len(prefix), "a path replaying its prefix met a state not being walked"
    known = walked.get(state)
    if known is not None and known.denominator <= roller.denominator:
        return known
    # Its paths are those that share this path's dice so far: the siblings that leave it at a later
    # die, pushed on top of those that leave it earlier. They are walked once the stack is back here.
    earlier = sum(sides - 1 for sides in roller.sides[len(prefix):])
    walking.append((state, _Continuations(roller.denominator, defaultdict(lambda: defaultdict(int)), defaultdict(int),
                                          height + earlier)))
    return None


def _add(walking: list[tuple[Hashable, _Continuations]], result: FightResult | None, counts: dict[int, int],
         denominator: int, found: defaultdict[FightResult, Counts], cut: Counts) -> None:
    """Add ``counts`` (relative to a path of ``denominator``) of ``result``, or of cut-off paths
    (None), to the oracle's totals and to every state being walked that the path went through."""
    for relative, count in counts.items():
        absolute = relative * denominator
        (cut if result is None else found[result])[absolute] += count
        for _, through in walking:
            part = through.cut if result is None else through.results[result]
            part[absolute // through.denominator] += count


def _total(counts: dict[int, int]) -> Fraction:
    """The sum of ``count / denominator`` over ``counts``."""
    return sum((Fraction(count, denominator) for denominator, count in counts.items()), Fraction(0))
