"""Steps shared between states that agree on everything the step read (``state_reads.py``).

A step played from one state, its reads watched, is kept as a template: the values it read, and
for each path the state reached and which of its values keep the new state's own (those the path
neither read nor wrote). Another state with the same values read gets the template's paths,
completed with its own values, without replaying the rules code: a duel's exchange is played once
per defender's life points instead of once per pair of both fighters' life points.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from operator import itemgetter
from typing import Any, NamedTuple

from rulebench.analysis.exact.round_watch import Window
from rulebench.analysis.exact.state_reads import Key, StateReads
from rulebench.analysis.exact.steps import Outcomes, Reached, Stage, stage_of
from rulebench.core.fight import Fight, Snapshot

MAX_PATTERNS = 32
"""How many different sets of values read ``Sharing`` keeps steps for, per pending turns: each is
one more look-up for every state whose step is not known yet."""

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


class Kept(NamedTuple):
    """One path of a step kept for sharing."""

    delta: int
    """The rounds gone by."""
    after: Snapshot
    stage: Stage
    """The state reached (without its round number) and its stage."""
    fill_own: Filler | None
    fill_theirs: tuple[tuple[int, Filler], ...]
    """What fills in the fight's values and each combatant's that keep the new state's."""
    num: int


class Template(NamedTuple):
    """A step kept for sharing."""

    window: Window
    """The rounds where it holds."""
    played: int
    """The paths it was played on: what sharing it saves."""
    den: int
    paths: tuple[Kept, ...]


Read = Callable[[Snapshot], Hashable]
"""Reads, from a state without its round number, the values at some positions (``_reader``)."""


class Pattern(NamedTuple):
    """Steps that read the same values."""

    fight_at: tuple[int, ...]
    combatants_at: tuple[tuple[int, tuple[int, ...]], ...]
    """The positions read in the fight's values and in each combatant's."""
    read: Read
    table: dict[Hashable, list[Template]]
    """The steps, by the values read there."""


def _reader(fight_at: tuple[int, ...], combatants_at: tuple[tuple[int, tuple[int, ...]], ...]) -> Read:
    """What reads, from a state without its round number, the values at these positions."""
    own = itemgetter(*fight_at) if fight_at else None
    rows = tuple((c, itemgetter(*at)) for c, at in combatants_at)

    def read(rest: Snapshot) -> Hashable:
        theirs = rest[3]
        return (own(rest[2]) if own is not None else (), tuple([get(theirs[c]) for c, get in rows]))

    return read


class Sharing:
    """The steps of one solve kept for sharing, by the outcome and pending turns they start from."""

    __slots__ = ("layout", "patterns", "positions")

    def __init__(self, fight: Fight) -> None:
        self.layout = (
            {name: i for i, name in enumerate(fight.vars)},
            tuple({name: i for i, name in enumerate(c.vars)} for c in fight.combatants),
        )
        """Where each value of the state stands in its ``vars``: the fight's, each combatant's."""
        self.positions = len(self.layout[0]) + sum(map(len, self.layout[1]))
        self.patterns: dict[tuple[Any, Any], list[Pattern]] = {}
        """What the steps kept read, per outcome and pending turns they start from."""

    def find(self, number: int, rest: Snapshot) -> Template | None:
        """The step kept that holds for ``rest`` in round ``number``: one played from another
        state that agrees with it on every value that step read, to be completed with ``rest``'s
        own values (``fill``). None if no such step is known."""
        patterns = self.patterns.get((rest[0], rest[1]))
        if patterns is None:
            return None
        for tried, (_, _, read, table) in enumerate(patterns):
            templates = table.get(read(rest))
            if templates is None:
                continue
            for template in templates:
                low, high, holes = template.window  # ``Window.holds``, inlined: every state not yet played comes here
                if low <= number <= high and number not in holes:
                    if tried:  # the next state most likely reads the same: try this one first
                        patterns.insert(0, patterns.pop(tried))
                    return template
        return None

    def keep(self, number: int, rest: Snapshot, played: Outcomes, window: Window, paths_played: int, reads: StateReads) -> None:
        """Keep a step just played from ``rest`` in round ``number`` on ``paths_played`` paths,
        holding in ``window``, for the states that agree with ``rest`` on what it read
        (``reads``), unless it read everything or something outside the state's layout."""
        fight_read: set[int] = set()
        combatants_read: dict[int, set[int]] = {}
        for key in reads.read:
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
        for after, written, num in played.tracked:
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
                    _filler(len(self.layout[0]), fight_kept), tuple((c, filler) for c, filler in fills if filler is not None)
                )
            reached = after[1:]
            paths.append(Kept(after[0] - number, reached, stage_of(reached), *kept, num))
        fight_at = tuple(sorted(fight_read))
        combatants_at = tuple((c, tuple(sorted(at))) for c, at in sorted(combatants_read.items()))
        patterns = self.patterns.setdefault((rest[0], rest[1]), [])
        for pattern in patterns:
            if pattern.fight_at == fight_at and pattern.combatants_at == combatants_at:
                break
        else:
            if len(patterns) >= MAX_PATTERNS:
                return
            pattern = Pattern(fight_at, combatants_at, _reader(fight_at, combatants_at), {})
            patterns.append(pattern)
        pattern.table.setdefault(pattern.read(rest), []).append(Template(window, paths_played, played.den, tuple(paths)))

    def _position(self, key: Key) -> int | None:
        """Where a value of the state stands in its ``vars`` (``Fight._snapshot``'s order), or
        None for a key the state does not hold."""
        owner, name = key
        keys = self.layout[0] if owner < 0 else self.layout[1][owner]
        return keys.get(name)


def fill(rest: Snapshot, paths: tuple[Kept, ...], ident: Callable[[Snapshot], int]) -> tuple[Reached, ...]:
    """A shared step's paths (``Sharing.find``) from ``rest``: the same paths with the same
    probabilities, each ending where it ended there except in the values it neither read nor
    wrote, which keep their values here; paths that end alike merged, each state numbered by
    ``ident``."""
    own, theirs = rest[2], rest[3]
    merged: dict[tuple[int, int, Stage], int] = {}
    for delta, after, stage, fill_own, fill_theirs, num in paths:
        if fill_own is not None or fill_theirs:
            values = after[2] if fill_own is None else fill_own(after[2] + own)
            rows = after[3]
            if fill_theirs:
                reached_rows = list(rows)
                for c, complete in fill_theirs:
                    reached_rows[c] = complete(rows[c] + theirs[c])
                rows = tuple(reached_rows)
            after = (after[0], after[1], values, rows)
        reached = (delta, ident(after), stage)
        merged[reached] = merged.get(reached, 0) + num
    return tuple((delta, state, stage, num) for (delta, state, stage), num in merged.items())
