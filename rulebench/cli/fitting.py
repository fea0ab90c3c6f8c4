"""Tables laid out for the width they are printed at: the roomiest layout that fits, never a cut cell.

rich fits a table that is too wide by cutting its widest cells (``90.7–92.…``), which turns an
interval into a wrong one. A :class:`Fitted` table instead tries layouts from the roomiest to the
narrowest, a :class:`Narrowing` each: two spaces between columns, then one; the method under a
ruleset's name, and a name under several tactics, on two lines; then the intervals of the widest columns broken after their dash
(``90.7–`` over ``92.8%``). The first layout whose cells all fit whole is drawn; only column
headings wrap, at their spaces. A table that fits in no layout is drawn in the narrowest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table

UNBOUNDED = 10_000
"""A width no table reaches: a table measured at it shows its natural width."""


@dataclass(frozen=True)
class Narrowing:
    """One layout of a table, from the roomiest (the default) to narrower ones.

    Attributes:
        padding: spaces of padding after each column (besides the column divider).
        wrap_method: the note under a row's name ("3,000 fights") on as many lines as it has words,
            and a name under several tactics (``dsa · cautious``) on two.
        broken: how many interval columns, the widest first, break each interval after its dash.
    """

    padding: int = 1
    wrap_method: bool = False
    broken: int = 0


def narrowings(interval_columns: int) -> Iterator[Narrowing]:
    """The layouts to try, roomiest first, for a table with ``interval_columns`` columns of intervals."""
    yield Narrowing()
    yield Narrowing(padding=0)
    yield Narrowing(padding=0, wrap_method=True)
    for broken in range(1, interval_columns + 1):
        yield Narrowing(padding=0, wrap_method=True, broken=broken)


def broken_interval(text: str) -> str:
    """An interval broken after its dash, onto two lines: ``90.7–`` over ``92.8%``."""
    return text.replace("–", "–\n", 1)


def wrapped_words(text: str) -> str:
    """A short note on as many lines as it has words (``3,000`` over ``fights``)."""
    return "\n".join(text.split(" "))


def _extent(console: Console, options: ConsoleOptions, cell: object) -> Measurement:
    renderable = console.render_str(cell) if isinstance(cell, str) else cell
    return Measurement.get(console, options, renderable)  # type: ignore[arg-type]  # a cell is a str or a renderable


def fit(console: Console, options: ConsoleOptions, table: Table) -> bool:
    """Give ``table``'s columns widths that hold every cell whole within ``options.max_width``, with
    only the headings wrapping, if such widths exist; return whether they do. A table that fits as
    it is keeps the widths rich gives it."""
    wide = options.update_width(UNBOUNDED)
    natural, needed = [], []
    for column in table.columns:
        content = max((_extent(console, wide, cell).maximum for cell in column.cells), default=0)
        heading = _extent(console, wide, column.header)
        natural.append(max(content, heading.maximum))
        needed.append(max(content, heading.minimum))
    # What padding, dividers and edges add, as rich itself measures the table.
    extra = Measurement.get(console, wide, table).maximum - sum(natural)
    room = options.max_width - extra
    if sum(natural) <= room:
        return True
    if sum(needed) > room:
        return False
    slack = room - sum(needed)
    for column, low, high in zip(table.columns, needed, natural):
        grant = min(slack, high - low)  # left to right: the first headings keep their one line
        column.width = low + grant
        slack -= grant
    return True


class Fitted:
    """A table drawn in the roomiest layout that fits the width it is printed at.

    ``build`` makes the table in a given layout; ``interval_columns`` says how many of its columns
    hold intervals that may break (:func:`narrowings`).
    """

    def __init__(self, build: Callable[[Narrowing], Table], interval_columns: int) -> None:
        self.build = build
        self.interval_columns = interval_columns

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for narrowing in narrowings(self.interval_columns):
            table = self.build(narrowing)
            if fit(console, options, table):
                break
        yield table  # the narrowest when none fits: rich then shortens what it must
