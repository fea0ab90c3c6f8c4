"""The report's plots as inline SVG: the same figures the commands' ``--plot`` draws, in the slide
style, with the settings a self-contained page needs (glyphs as paths, stable ids, no fixed size)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rulebench.api.plot_style import slide_style
from rulebench.api.plots import Series, SweepSeries, length_figure, outcome_figure, sweep_figure

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

    from rulebench.analysis.sensitivity import Sensitivity
    from rulebench.api.chains import ChainComparison
    from rulebench.api.odds import FightOdds

SVG_STYLE: dict[RcKeyType, str] = {
    "svg.fonttype": "path",  # glyphs as paths: the SVG needs no font from anywhere
    "svg.hashsalt": "rulebench",  # stable ids, so one report's SVG is the same each time
}


def _svg(fig: Any) -> str:
    """The figure as an inline ``<svg>`` element that scales with the page (no fixed width or height)."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 role="img" preserveAspectRatio="xMidYMid meet"', text, count=1)


@contextmanager
def _report_style() -> Iterator[None]:
    """The slide style of every plot, with the SVG settings a self-contained page needs."""
    import matplotlib

    with slide_style():
        matplotlib.rcParams.update(SVG_STYLE)  # undone with the slide style's own settings
        yield


def outcome_plot(series: Sequence[Series]) -> str:
    """Grouped bars of each outcome per series with 95% error bars where sampled, as SVG: the
    plot of ``rulebench compare --plot``, in the same colours."""
    with _report_style():
        return _svg(outcome_figure(series))


def length_plot(series: Sequence[Series]) -> str:
    """The probability of each fight length per series, one panel per unit (rounds, exchanges), as SVG."""
    with _report_style():
        return _svg(length_figure(series))


def day_plot(day: ChainComparison) -> str:
    """The party through the day's stages, one line per ruleset, as SVG: the plot of ``rulebench chain --plot``."""
    from rulebench.api.chain_plot import day_figure

    with _report_style():
        return _svg(day_figure(day))


def sweep_plot(series: Sequence[SweepSeries], label: str, target: float) -> str:
    """``party_wins`` against the varied number per series, 95% bands where sampled, the target dashed, as SVG."""
    with _report_style():
        return _svg(sweep_figure(series, label, "", "party_wins", target))


def sensitivity_plot(result: Sensitivity) -> str:
    """One tornado chart per ruleset of ``rulebench sensitivity --plot``, as SVG."""
    from rulebench.api.sensitivity_plot import plot_figure

    with _report_style():
        return _svg(plot_figure(result))


def odds_plot(odds: FightOdds) -> str:
    """The odds line through one fight, as SVG: the plot of ``rulebench fight --odds --plot``."""
    from rulebench.api.odds_plot import draw_odds
    from rulebench.api.plot_style import figure

    with _report_style():
        fig = figure(5.5)
        draw_odds(fig.subplots(), odds)
        return _svg(fig)
