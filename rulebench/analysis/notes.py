"""A command's notes: gathered as its analyses come in, said once per cause, in at most two lines.

Four things are noted: a configuration sampled because exact analysis does not fit the budget
of fight states, one sampled because exact analysis cannot follow its rules (a chain with no end,
a step with too many rolls), a sampling run stopped at its cap before its intervals were as
narrow as asked, a sensitivity's changes sampled because their solves together would not fit the
budget, and a ``--plugin`` modifier whose declared purposes a ruleset never asks. Each cause gets one note naming everything it befell, with the values of a sweep
it befell at (``dsa, endurance (enemy.members[0].count = 1–8), talisman (6–8)``), worded with the
numbers the tables print (percentage points, the budget as ``--max-states`` counts it). A note
too long for two lines of an 80-column terminal names less: first the values go (the tables say
how each row was obtained), then all but the first few subjects.

>>> notes = Notes("enemy.members[0].count", (1, 2, 3))  # doctest: +SKIP
>>> notes.add("dsa", analysed, options, at=2)  # doctest: +SKIP
>>> notes.lines()  # doctest: +SKIP
['sampled where exact analysis would exceed 1,000,000 fight states (--max-states): dsa (enemy.members[0].count = 2)']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rulebench.core.i18n import _, format_integer, localise_decimal, ngettext

if TYPE_CHECKING:
    from rulebench.analysis.analyse import Analysed, AnalysisOptions

PREFIX_ROOM = 10
"""Room for the word a note is printed after, in any language (``note: ``, ``Hinweis: ``)."""
LIMIT = 2 * 80 - PREFIX_ROOM
"""The longest note, in characters: with its prefix, two lines of an 80-column terminal."""
SHOWN_SUBJECTS = 3
"""How many subjects a note names at most when naming all of them would not fit (fewer if those do not)."""


@dataclass(frozen=True)
class Cause:
    """Why something was noted: ``budget`` (exact analysis does not fit the budget), ``predicted``
    (it gave up early, predicted not to fit the budget), ``unfollowable``
    (exact analysis cannot follow the rules; ``detail`` says why), ``cap`` (sampling stopped at its
    cap; ``detail`` is the precision asked for) or ``unasked`` (the modifier ``plugin`` offers the
    purposes ``detail`` names, which the ruleset never asks) or ``shared`` (a sensitivity's changes
    sampled: their exact solves together would exceed the budget), and the number the note names (budget or cap)."""

    kind: str
    amount: int
    detail: str = ""
    plugin: str = ""


@dataclass
class Notes:
    """What one command noted, by cause: who it befell (as the command's tables label the rows) and where.

    Attributes:
        path: the varied number of a sweep or balance, whose values say where (None: nothing varies).
        points: a grid's number of points, where points say where (then ``at`` is a point).
    """

    path: str | None = None
    points: int | None = None
    found: dict[Cause, dict[str, set[Hashable]]] = field(default_factory=dict)

    def add(self, subject: str, done: Analysed, options: AnalysisOptions, at: Hashable = None) -> None:
        """Note what analysing ``subject`` (at the value or point ``at``, None for the encounter as written) brought up."""
        if done.dropped is not None:
            if done.dropped.budget:
                cause = Cause("predicted" if done.dropped.predicted else "budget", options.budget)
            else:
                cause = Cause("unfollowable", 0, done.dropped.gist)
            self._note(cause, subject, at)
        for plugin, purposes in done.unasked:
            self._note(Cause("unasked", 0, ", ".join(purposes), plugin), subject, at)
        result = done.result
        if result.stopped_by == "cap":
            precision = localise_decimal(f"{float(result.provenance.get('precision', 0)) * 100:g}")
            self._note(Cause("cap", int(result.provenance.get("cap", result.fights or 0)), precision), subject, at)

    def add_shared_budget(self, subject: str, options: AnalysisOptions) -> None:
        """Note that ``subject``'s changes were sampled because their exact solves together would
        exceed the budget one solve may spend (``sensitivity``'s shared budget)."""
        self._note(Cause("shared", options.budget), subject, None)

    def _note(self, cause: Cause, subject: str, at: Hashable) -> None:
        self.found.setdefault(cause, {}).setdefault(subject, set()).add(at)

    def merge(self, other: Notes, relabel: Callable[[str], str] | None = None) -> None:
        """Take ``other``'s notes into these (its subjects renamed by ``relabel``): one note per cause for both."""
        for cause, subjects in other.found.items():
            for subject, where in subjects.items():
                for at in where:
                    self._note(cause, relabel(subject) if relabel else subject, at)

    def lines(self) -> list[str]:
        """One note per cause, each at most :data:`LIMIT` characters."""
        return [self._line(cause, subjects) for cause, subjects in self.found.items()]

    def _line(self, cause: Cause, subjects: dict[str, set[Hashable]]) -> str:
        line = _sentence(cause, self._who(subjects, True))
        if len(line) > LIMIT:
            line = _sentence(cause, self._who(subjects, False))
        shown = min(SHOWN_SUBJECTS, len(subjects))
        while len(line) > LIMIT and shown:
            line = _sentence(cause, _and_more(list(subjects), shown))
            shown -= 1
        return line

    def _who(self, subjects: dict[str, set[Hashable]], where: bool) -> str:
        """The subjects, grouped by where the cause befell them: ``dsa, endurance (count = 1–8), talisman (6–8)``."""
        if not where or (self.path is None and self.points is None):
            return ", ".join(subjects)
        groups: dict[frozenset[Hashable], list[str]] = {}
        for subject, at in subjects.items():
            groups.setdefault(frozenset(at), []).append(subject)
        parts = []
        for k, (group, names) in enumerate(groups.items()):
            place = self._where(group, first=k == 0)
            parts.append(f"{', '.join(names)} ({place})" if place else ", ".join(names))
        return ", ".join(parts)

    def _where(self, at: frozenset[Hashable], first: bool) -> str:
        """Where a cause befell a group: its values as ranges, ``3 of 24 points``, or the encounter as written."""
        known = [a for a in at if a is not None]
        shown = []
        if known and self.points is not None:
            shown.append(ngettext("{count} of {total} point", "{count} of {total} points", self.points).format(
                count=len(known), total=self.points))
        elif known:
            values = ranges(sorted(int(a) for a in known))  # type: ignore[call-overload]  # a sweep's values are ints
            shown.append(f"{self.path} = {values}" if first else values)
        if None in at and known:
            shown.append(_("as written"))
        return ", ".join(shown)


def _sentence(cause: Cause, who: str) -> str:
    """A cause's note, naming ``who`` it befell."""
    if cause.kind == "budget":
        # TRANSLATORS: {who} lists rulesets (with values), e.g. "dsa, endurance (enemy.members[0].count = 1–8)".
        return _("sampled where exact analysis would exceed {budget} fight states (--max-states): {who}").format(
            budget=format_integer(cause.amount), who=who)
    if cause.kind == "predicted":
        # TRANSLATORS: as the note above, for a solve that gave up early, on a prediction (--exact tries the whole budget).
        return _("sampled where exact analysis would likely exceed {budget} fight states (--max-states): {who}").format(
            budget=format_integer(cause.amount), who=who)
    if cause.kind == "shared":
        # TRANSLATORS: {who} lists rulesets whose changed encounters were sampled, e.g. "ambermarch, talisman".
        return _("changes sampled in pairs where their exact solves together would exceed {budget} fight states "
                 "(--max-states): {who}").format(budget=format_integer(cause.amount), who=who)
    if cause.kind == "unasked":
        return unasked_note(cause.plugin, cause.detail, who)
    if cause.kind == "unfollowable":
        return _("sampled where exact analysis cannot follow the fight ({reason}): {who}").format(reason=cause.detail, who=who)
    return _("stopped at the cap of {cap} fights, with intervals wider than ±{width} percentage points: {who}").format(
        cap=format_integer(cause.amount), width=cause.detail, who=who)


def unasked_note(plugin: str, purposes: str, who: str) -> str:
    """The note for a ``--plugin`` modifier whose declared purposes the rulesets ``who`` never ask."""
    # TRANSLATORS: {purposes} are modifier purposes (weapon, armour ...), {who} lists rulesets.
    return _("--plugin {plugin}'s {purposes} modifiers change nothing under rulesets that never ask them: {who}").format(
        plugin=plugin, purposes=purposes, who=who)


def _and_more(subjects: Sequence[str], shown: int) -> str:
    """The first ``shown`` subjects and how many more: ``dsa · default, dsa · cautious and 4 more``."""
    if len(subjects) <= shown:
        return ", ".join(subjects)
    rest = len(subjects) - shown
    return ngettext("{first} and {count} more", "{first} and {count} more", rest).format(
        first=", ".join(subjects[:shown]), count=rest)


def ranges(values: Iterable[int]) -> str:
    """Sorted whole numbers as runs: ``1–3, 5, 7–8``."""
    runs: list[list[int]] = []
    for value in values:
        if runs and value == runs[-1][-1] + 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return ", ".join(f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in runs)
