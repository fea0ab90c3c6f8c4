"""A sample fight's odds as the report shows them: the chance from here after every round, the
turning point, how the chances were obtained and the odds line of ``fight --odds --plot``."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from rulebench.api.odds import FightOdds
from rulebench.api.odds_words import methods_text, odds_text, turning_text
from rulebench.api.report_plots import odds_plot

REPORT_ODDS_FIGHTS = 500
"""Fights sampled from each state of a sample fight that does not fit exact analysis: a 95% half-width
of at most 4.4 points, enough for the line the page draws, at a fraction of the time of ``fight --odds``."""


def sample_odds(odds: FightOdds, word: str) -> dict[str, Any]:
    """What a sample fight's narration shows of its odds: the chance from here at the start and
    after each round, the turning point, how they were obtained and the odds line as SVG."""
    turning = odds.turning_point()
    plot = odds_plot(odds)
    return {
        "odds": {p.number: odds_text(odds, p.number) for p in odds.points},
        "odds_methods": methods_text(odds),
        "turning": turning_text(turning, f"{word} {turning.number}") if turning is not None else "",
        "odds_plot": Markup(plot),
    }
