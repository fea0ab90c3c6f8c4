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
from rich.console import Console
from rich.markup import escape
from rich.table import Table

out = Console()
err = Console(stderr=True)

_EIGHTHS = " ▏▎▍▌▋▊▉█"


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


def plugin_table(title: str, records: Iterable[Any], columns: tuple[str, ...]) -> None:
    """A table of discovered plugins (``PluginRecord`` rows) with the chosen columns."""
    table = Table(title=title)
    for column in columns:
        table.add_column(column, overflow="fold")
    for record in records:
        row = record.to_dict()
        cells = [", ".join(h.removeprefix("rulebench_") for h in row[c]) if c == "hooks" else str(row.get(c, "")) for c in columns]
        table.add_row(*(escape(cell) for cell in cells))
    out.print(table)
