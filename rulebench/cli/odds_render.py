"""The odds through a fight on the terminal (``rulebench fight --odds``): a line per round, the turning point."""

from __future__ import annotations

from rich.markup import escape

from rulebench.api.odds import FightOdds, TurningPoint
from rulebench.api.odds_words import method_text, methods_text, odds_text, turning_text
from rulebench.cli.render import styled


def odds_line(odds: FightOdds, number: int, brief: bool = False) -> str:
    """The chance from here after round ``number`` (0: at the start) as rich markup, with its method;
    ``brief``: the party's chance alone after a round (the method is said once, at the end)."""
    if brief and number > 0:
        return styled("cyan", escape(odds_text(odds, number, brief)))
    return styled("bold cyan", escape(odds_text(odds, number))) + f" [dim]({escape(method_text(odds.at(number)))})[/]"


def turning_line(turning: TurningPoint, title: str) -> str:
    """The turning point as rich markup (``title``: its round's, ``Exchange 5``)."""
    return styled("bold", escape(turning_text(turning, title)))


def methods_line(odds: FightOdds) -> str:
    """How the chances from here were obtained, as plain text."""
    return methods_text(odds)
