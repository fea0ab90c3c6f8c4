"""What ``--vary`` changes: one encounter number, every member of a side, absolutely or relatively.

``party[Warrior].armour=1..3`` sets one number; ``party[*].armour=1..3`` sets it for every party
member, ``enemy[*].melee`` for every enemy entry. A value written with a sign is an offset from
each member's current value: ``party[*].armour=+1`` gives everyone one more point of armour,
``=-1..+2`` sweeps from one less to two more. A value that leaves a stat's allowed range is refused
with the member, the stat and the range named (a sweep must not quietly stop at a bound).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rulebench.core.encounter import Encounter, Member, encounter_from_dict
from rulebench.core.encounter_paths import write_whole_number
from rulebench.core.errors import BadInput, EncounterError
from rulebench.core.i18n import _

MAX_POINTS = 200
"""The most values one sweep visits: a range that long is almost certainly a typo."""

_VARY = re.compile(r"^(?P<path>.+?)=(?P<a>[+-]?\d+)(?:\.\.(?P<b>[+-]?\d+)(?::(?P<step>-?\d+))?)?$")
_SIDE = re.compile(r"^(?P<side>party|enemy|enemy\.members)\[\*\]\.(?P<stat>[A-Za-z_]+)$")

STATS = ("melee", "ranged", "armour", "body", "speed", "mind", "life")
"""A member's numeric stats, in the encounter format's order (``count`` is an enemy entry's number of copies)."""


def stat_range(stat: str) -> tuple[int, int] | None:
    """The range the encounter format allows ``stat`` of a member (``armour``: 0 to 4), None for no whole number."""
    info = Member.model_fields.get(stat)
    if info is None or stat == "weapon":
        return None
    low = high = None
    for rule in info.metadata:
        low = getattr(rule, "ge", low)
        high = getattr(rule, "le", high)
    return None if low is None or high is None else (int(low), int(high))


def side_paths(encounter: Encounter, side: str, stat: str) -> tuple[str, ...]:
    """The path of ``stat`` of every member of ``side`` (``party`` or ``enemy``), by name."""
    if side == "party":
        return tuple(f"party[{m.name}].{stat}" for m in encounter.party)
    return tuple(f"enemy.members[{m.name}].{stat}" for m in encounter.enemy.members)


def _signed(text: str) -> bool:
    return text[0] in "+-"


@dataclass(frozen=True)
class Vary:
    """The encounter number to vary and the values it takes.

    ``targets`` are the numbers a whole-side or relative ``path`` stands for, each with its value
    in the encounter the vary was read against (empty: ``path`` itself, set absolutely);
    ``relative`` says ``values`` are offsets from those values.
    """

    path: str
    values: tuple[int, ...]
    relative: bool = False
    targets: tuple[tuple[str, int], ...] = ()

    @classmethod
    def parse(cls, text: str, encounter: Encounter) -> Vary:
        """Read ``PATH=A..B[:STEP]`` (or ``PATH=+D``, ``PATH=-A..+B``: offsets) and check that both
        ends make a valid encounter.

        Raises:
            BadInput: not of that form, an empty or backwards range, a bad step, ends with and
                without a sign, a path that does not lead to a whole number, or an end that makes
                the encounter invalid (for a whole side or an offset: the member, stat and range).
        """
        match = _VARY.match(text.strip())
        if match is None:
            raise BadInput(_("--vary {text!r}: expected PATH=A..B[:STEP], such as 'enemy.members[0].count=1..6', "
                             "or offsets such as 'party[*].armour=-1..+1'").format(text=text))
        path, first, last = match["path"].strip(), match["a"], match["b"] or match["a"]
        if _signed(first) != _signed(last):
            raise BadInput(_("--vary {text!r}: write both ends with a sign (offsets from the current value, "
                             "such as -1..+2) or neither (values, such as 1..3)").format(text=text))
        relative = _signed(first)
        a, b = int(first), int(last)
        step = int(match["step"]) if match["step"] else 1
        if step < 1:
            raise BadInput(_("--vary {text!r}: the step must be at least 1, got {step}").format(text=text, step=step))
        if match["b"] is None and not relative:
            raise BadInput(_("--vary {text!r}: a single value must be an offset with a sign, such as +1; "
                             "else give a range A..B").format(text=text))
        if match["b"] is not None and b <= a:
            raise BadInput(_("--vary {text!r}: the range {start}..{end} needs a start below its end").format(text=text, start=a, end=b))
        values = tuple(range(a, b + 1, step))
        if len(values) > MAX_POINTS:
            raise BadInput(_("--vary {text!r}: {count} values; at most {limit}, use a larger step").format(
                text=text, count=len(values), limit=MAX_POINTS))
        side = _SIDE.match(path)
        try:
            paths = side_paths(encounter, "party" if side["side"] == "party" else "enemy", side["stat"]) if side else (path,)
            targets = tuple((p, encounter.numeric_value(p)) for p in paths) if side or relative else ()
        except BadInput as err:
            raise BadInput(f"--vary {text!r}: {err}") from None
        vary = cls(path, values, relative, targets)
        for end in dict.fromkeys((values[0], values[-1])):
            vary.check(encounter, end, text)
        return vary

    def check(self, encounter: Encounter, value: int, text: str) -> None:
        """Refuse ``value`` if it takes a member's stat out of its range or makes the encounter invalid.

        Raises:
            BadInput: naming the member, the stat and its range, or the encounter's problems.
        """
        for path, now in self.targets:
            stat = path.rsplit(".", 1)[1]
            allowed = stat_range(stat)
            new = now + value if self.relative else value
            if allowed is not None and not allowed[0] <= new <= allowed[1]:
                who = path.split("[", 1)[1].rsplit("]", 1)[0]
                raise BadInput(_("--vary {text!r}: {who}'s {stat} would be {value} ({now} {offset}); {stat} takes "
                                 "{low} to {high}").format(text=text, who=who, stat=stat, value=new, now=now,
                                                           offset=f"{value:+d}" if self.relative else "→",
                                                           low=allowed[0], high=allowed[1]))
        try:
            self.apply(encounter, value)
        except EncounterError as err:
            problems = "; ".join(f"{where}: {what}" for where, what in err.problems)
            raise BadInput(_("--vary {text!r}: {path} = {value} is not a valid encounter: {problems}").format(
                text=text, path=self.path, value=self.show(value), problems=problems)) from None
        except BadInput as err:
            raise BadInput(f"--vary {text!r}: {err}") from None

    def apply(self, encounter: Encounter, value: int) -> Encounter:
        """``encounter`` with the varied number (or every number the path stands for) at ``value``;
        an offset counts from the value each had where the vary was read.

        Raises:
            BadInput: the path does not lead to a whole number.
            EncounterError: the changed encounter is not valid.
        """
        if not self.targets:
            return encounter.with_value(self.path, value)
        data = encounter.model_dump(mode="json")
        for path, now in self.targets:
            write_whole_number(data, path, now + value if self.relative else value)
        return encounter_from_dict(data, source=f"{encounter.name} (with {self.path} = {self.show(value)})")

    def show(self, value: int) -> str:
        """A value as tables show it: an offset with its sign (``+1``, ``0``, ``-2``)."""
        return f"{value:+d}" if self.relative and value else str(value)

    @property
    def paths(self) -> tuple[str, ...]:
        """Every single number this vary sets (the path itself, or each member's)."""
        return tuple(path for path, _ in self.targets) or (self.path,)

    def to_dict(self) -> dict[str, object]:
        """``{"path", "values"}`` as the sweep JSON has always had it, ``relative`` added for offsets."""
        return {"path": self.path, "values": list(self.values), **({"relative": True} if self.relative else {})}
