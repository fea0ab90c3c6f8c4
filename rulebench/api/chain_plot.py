"""The plot of ``rulebench chain --plot``: the party's chance to be still on its way, stage by stage.

One line per ruleset, in its colour and marker as on every plot (:mod:`rulebench.api.palette`),
from 100% before the first stage to the chance of getting through the day after the last, each
point the chance to come out of that stage neither wiped out nor finished; exact points filled,
sampled points hollow with their 95% Wilson band, as the sweep plots draw them, in the slide style of
:mod:`rulebench.api.plot_style`.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.api.labels import method_name
from rulebench.api.palette import series_styles
from rulebench.api.plot_style import DEFAULT_DPI, figure, slide_style
from rulebench.api.plots import percent_axis, require_matplotlib, save
from rulebench.core.i18n import _, format_integer, ngettext

if TYPE_CHECKING:
    from rulebench.analysis.chain_results import ChainResult
    from rulebench.analysis.results import Number
    from rulebench.api.chains import ChainComparison


TICK_WIDTH = 18
"""The characters of a stage's name on one line under its point."""


def still_going(result: ChainResult) -> list[Number]:
    """The chance the party is still on its way before the first stage (1) and after each stage:
    the chance to reach the next, and after the last the chance to get through the day."""
    count = len(result.stages)
    return [1, *(result.stage(i + 1)["reached"] for i in range(count - 1)), result.survived()]


def _method_words(result: ChainResult) -> str:
    if result.exact:
        return method_name("exact")
    days = result.chains or 0
    return ngettext("sampled, {count} day", "sampled, {count} days", days).format(count=format_integer(days))


def plot_day(comparison: ChainComparison, path: Path, dpi: int = DEFAULT_DPI) -> None:
    """Draw the chance to be still on the way through the stages, one line per ruleset, into ``path``."""
    require_matplotlib(path)
    with slide_style():
        save(day_figure(comparison), path, dpi)


def day_figure(comparison: ChainComparison) -> Any:
    """The figure of :func:`plot_day`, in whatever style is in force (the report draws it as SVG)."""
    fig = figure(5.5)
    _draw(fig.subplots(), comparison)
    return fig


def _draw(ax: Any, comparison: ChainComparison) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    stages = comparison.chain.stages
    xs = list(range(len(stages) + 1))
    styles = series_styles([(result.ruleset, None) for result in comparison.results])
    for i, (result, style) in enumerate(zip(comparison.results, styles)):
        ps = [float(p) for p in still_going(result)]
        ax.plot(xs, ps, color=style.colour, linestyle=style.linestyle, linewidth=1.8, zorder=3 + i)
        # Exact points filled, sampled ones hollow, as on the sweep plots.
        ax.plot(xs, ps, linestyle="none", marker=style.marker, markersize=7,
                markerfacecolor=style.colour if result.exact else "white", markeredgecolor=style.colour, zorder=4 + i)
        bounds = [result.interval(p) or (p, p) for p in ps[1:]]
        ax.fill_between(xs, [1.0] + [low for low, _ in bounds], [1.0] + [high for _, high in bounds],
                        color=style.colour, alpha=0.18, linewidth=0)
    # Each stage's name on lines of a few words, so that neighbours never run together.
    ticks = [_("start")] + [textwrap.fill(f"{i + 1}. {stage.name}", TICK_WIDTH) for i, stage in enumerate(stages)]
    ax.set_xticks(xs, ticks, fontsize="small")
    ax.set_xlabel(_("after stage"))
    ax.set_ylabel(_("still on the way (share of days)"))
    ax.set_ylim(-0.03, 1.03)
    percent_axis(ax.yaxis)
    ax.set_title(_("{chain}: the party through the day").format(chain=comparison.chain.name), loc="left")
    ax.grid(alpha=0.3)
    handles: list[Any] = [Line2D([], [], color=style.colour, linestyle=style.linestyle, marker=style.marker,
                                 markerfacecolor=style.colour if result.exact else "white", linewidth=1.8)
                          for result, style in zip(comparison.results, styles)]
    names = [f"{result.ruleset} ({_method_words(result)})" for result in comparison.results]
    if not all(result.exact for result in comparison.results):
        handles.append(Patch(color="0.3", alpha=0.18))
        names.append(_("sampled: 95% Wilson interval"))
    ax.legend(handles, names, loc="upper left", bbox_to_anchor=(1.01, 1), title=_("ruleset"))
    ax.text(1.01, 0.0, _("a day ends early when the party\nis wiped out or finished"), transform=ax.transAxes,
            fontsize="small", color="0.35", va="bottom")
