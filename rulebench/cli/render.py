"""Consoles and small formatting helpers shared by every command.

Data goes to stdout (``out``, or :func:`print_json`); warnings, notes and progress go to stderr
(``err``), so ``--json`` output can always be piped into another tool.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

out = Console()
err = Console(stderr=True)

_EIGHTHS = " ▏▎▍▌▋▊▉█"


def data_table(title: str | None = None, caption: str | None = None) -> Table:
    """The compact table every result uses: a heavy rule under the header, no vertical lines and one
    space of padding between columns, so that a dozen columns still fit an 80-column terminal."""
    return Table(title=title, caption=caption, box=box.SIMPLE_HEAVY, show_edge=False, pad_edge=False,
                 padding=(0, 1, 0, 0))


def stat_text(value: Any) -> str:
    """A stat value as one unbreakable token: dice and numbers as they are, flags and lists as in TOML."""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def print_json(document: Any) -> None:
    """Print exactly one JSON document on stdout (plain text: no colour, no wrapping)."""
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def warn(message: str) -> None:
    """One warning line on stderr."""
    err.print(f"[yellow]warning:[/] {escape(message)}", soft_wrap=True, highlight=False)


def note(message: str) -> None:
    """One informational line on stderr."""
    err.print(f"[dim]note: {escape(message)}[/]", soft_wrap=True, highlight=False)


def report(warnings: Iterable[str] = (), notes: Iterable[str] = ()) -> None:
    """Plugin warnings and analysis notes, on stderr."""
    for message in warnings:
        warn(message)
    for message in notes:
        note(message)


def percent(p: float | Fraction) -> str:
    """A probability as a percentage with enough digits that a rare outcome does not read as 0."""
    value = float(p) * 100
    if value == 0 or value >= 1:
        return f"{value:.1f}%"
    return f"{value:.2g}%" if value >= 0.01 else f"{value:.1e}%"


def probability(p: float | Fraction, fractions: bool = False) -> str:
    """``percent``, or the exact fraction when asked for and known."""
    if fractions and isinstance(p, Fraction):
        return f"{p.numerator}/{p.denominator}"
    return percent(p)


def interval(bounds: tuple[float, float] | list[float] | None) -> str:
    """A 95% interval as ``52.4–53.8%``; empty for exact results."""
    if not bounds:
        return ""
    lo, hi = bounds
    return f"{float(lo) * 100:.1f}–{float(hi) * 100:.1f}%"


def bar(p: float | Fraction, width: int = 20) -> str:
    """A horizontal bar of ``p`` (0 to 1) in eighths of a character."""
    eighths = round(max(0.0, min(1.0, float(p))) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def method_text(method: str, fights: int | None, seed: int | None) -> str:
    """How a result was obtained, in words."""
    return "exact" if method == "exact" else f"sampled: {fights:,} fights, seed {seed}"


def plugin_table(title: str, records: Iterable[Any], columns: tuple[str, ...], detail: str) -> None:
    """A table of discovered plugins (``PluginRecord`` rows): the chosen columns, with the ``detail``
    field (hooks, source) as a dim second line under the title, where it has room to wrap."""
    table = data_table(title)
    table.show_lines = True  # a blank line between plugins: each one's detail wraps over several lines
    for column in columns:
        table.add_column(f"title / {detail}" if column == "title" else column, overflow="fold")
    for record in records:
        row = record.to_dict()
        extra = row.get(detail, "")
        if detail == "hooks":
            extra = ", ".join(h.removeprefix("rulebench_") for h in extra)
        cells = [escape(str(row.get(c, ""))) for c in columns]
        if "title" in columns and extra:
            cells[columns.index("title")] += f"\n[dim]{escape(str(extra))}[/]"
        table.add_row(*cells)
    out.print(table)
