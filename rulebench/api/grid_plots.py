"""Plots of grid sweeps (a heatmap per ruleset) and balance curves, with matplotlib (``rulebench[plot]``).

A heatmap shows one outcome over two varied numbers; each cell carries its probability in type
readable on a slide, sampled cells are hatched (exact ones are plain), and the contour where the
outcome crosses the target is drawn over it. A balance curve shows, per ruleset in its own colour,
the value of the balanced number at which ``party_wins`` meets the target, at each value of the
other, with the bracket it lies in as a hatched band. Varied numbers are named in words and every
text is in the current language, as on the other plots (:mod:`rulebench.api.plots`).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.api.labels import method_name, outcome_words, vary_label
from rulebench.api.numbers import percent, shortest
from rulebench.api.palette import series_styles
from rulebench.api.plot_style import DEFAULT_DPI, SLIDE_WIDTH, SMALL, figure, slide_style
from rulebench.api.plots import BAND_HATCHES, percent_axis, require_matplotlib, save
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from rulebench.analysis.grid import BalanceCurve, GridSweep

SAMPLED_HATCH = "////"
"""How a sampled cell is marked; exact cells are left plain."""
CELL_WIDTH = 0.78
"""The narrowest cell, in inches, that holds its label (``99.98%``) at :data:`SMALL` points."""
CELL_HEIGHT = 0.42
"""The lowest cell, in inches."""
HEATMAP_MARGIN = 1.9
"""The room, in inches, a heatmap needs beside its cells: the tick labels and the axis label."""
COLOUR_BAR = 1.3
"""The room, in inches, the colour bar takes at the right."""
BRACKETS_WIDTH = 0.8
"""The share of the step between two values of ``along`` that the rulesets' bracket bars fill together."""


def check_heatmap(paths: int, path: Path) -> None:
    """Check, before any work, that a grid of ``paths`` varied numbers can be drawn into ``path``.

    Raises:
        BadInput: matplotlib is missing, the suffix is unknown, or the grid does not have two paths.
    """
    require_matplotlib(path)
    if paths != 2:
        raise BadInput(_("--plot {path}: a grid plot draws two varied numbers as a heatmap; this grid varies {count}")
                       .format(path=path, count=paths))


def heatmaps_across(count: int, columns: int) -> int:
    """How many heatmaps of ``columns`` cells fit side by side on a slide (at most three, at least one)."""
    each = columns * CELL_WIDTH + HEATMAP_MARGIN
    return max(1, min(3, count, int((SLIDE_WIDTH - COLOUR_BAR) // each)))


def labelled_cells(columns: int, across: int) -> bool:
    """Whether a heatmap's cells are wide enough for their labels (a very wide grid shows colours only)."""
    return (SLIDE_WIDTH - COLOUR_BAR) / across - HEATMAP_MARGIN >= columns * CELL_WIDTH


def _ink(rgba: tuple[float, float, float, float]) -> str:
    """Black or white, whichever reads on a cell of colour ``rgba`` (by its relative luminance)."""
    red, green, blue = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgba[:3])
    return "black" if 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.18 else "white"


def plot_grid(grid: GridSweep, path: Path, outcome: str = "party_wins", target: float = 0.5, dpi: int = DEFAULT_DPI) -> None:
    """One heatmap of ``outcome`` per ruleset over a two-path grid, the ``target`` contour drawn.

    Rows are the first path's values, columns the second's; each cell shows its probability, and
    sampled cells are hatched so an exact cell is told apart at a glance.
    """
    check_heatmap(len(grid.grid.varies), path)
    import matplotlib
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Rectangle

    rows, cols = grid.grid.varies
    names = list(grid.points)
    across = heatmaps_across(len(names), len(cols.values))
    down = math.ceil(len(names) / across)
    labels = labelled_cells(len(cols.values), across)
    cmap = matplotlib.colormaps["viridis"]
    with slide_style():
        fig = figure(down * (len(rows.values) * CELL_HEIGHT + 1.6) + 1.4)
        axes = fig.subplots(down, across, squeeze=False)
        image: Any = None
        for ax, name in zip(axes.flat, names):
            results = grid.points[name]
            values = [[float(results[i * len(cols.values) + j].outcomes[outcome]) for j in range(len(cols.values))]
                      for i in range(len(rows.values))]
            image = ax.imshow(values, origin="lower", cmap=cmap, vmin=0, vmax=1, aspect="auto",
                              extent=(-0.5, len(cols.values) - 0.5, -0.5, len(rows.values) - 0.5))
            for i in range(len(rows.values)):
                for j in range(len(cols.values)):
                    r = results[i * len(cols.values) + j]
                    ink = _ink(cmap(values[i][j]))
                    if r.method != "exact":
                        ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch=SAMPLED_HATCH,
                                               edgecolor=ink, linewidth=0, alpha=0.3))
                    if labels:
                        # Percent as everywhere else: a sampled 0.999 reads 99.9%, never a rounded 1.00.
                        ax.text(j, i, percent(r.outcomes[outcome]), ha="center", va="center", fontsize=SMALL, color=ink)
            if len(rows.values) > 1 and len(cols.values) > 1 and min(map(min, values)) < target < max(map(max, values)):
                ax.contour(range(len(cols.values)), range(len(rows.values)), values, levels=[target],
                           colors="red", linewidths=2.5)
            ax.set_xticks(range(len(cols.values)), [cols.show(v) for v in cols.values])
            ax.set_yticks(range(len(rows.values)), [rows.show(v) for v in rows.values])
            ax.set_xlabel(vary_label(cols.path, grid.encounter, cols.relative))
            ax.set_ylabel(vary_label(rows.path, grid.encounter, rows.relative))
            ax.set_title(name)
        for ax in list(axes.flat)[len(names):]:
            ax.set_visible(False)
        bar = fig.colorbar(image, ax=axes, label=outcome_words(outcome), shrink=0.9)
        percent_axis(bar.ax.yaxis)
        legend = [Patch(facecolor="0.6", label=method_name("exact")),
                  Patch(facecolor="0.6", hatch=SAMPLED_HATCH, label=method_name("sampled")),
                  Line2D([], [], color="red", linewidth=2.5, label=f"{outcome_words(outcome)} = {percent(target)}")]
        if not labels:
            legend.append(Line2D([], [], linestyle="none", label=_("too many columns to label each cell: the table has the numbers")))
        fig.legend(handles=legend, loc="outside lower center", ncols=len(legend), frameon=False)
        fig.suptitle(f"{grid.encounter.name}: {outcome_words(outcome)}", x=0.01, ha="left")
        save(fig, path, dpi)


def plot_balance_curve(curve: BalanceCurve, path: Path, dpi: int = DEFAULT_DPI) -> None:
    """Per ruleset, the balancing value of ``vary`` against ``along``: at each value of ``along`` a
    hatched bar over the bracket and a marker at the interpolated crossing, the rulesets' bars side
    by side (brackets that coincide stay apart), a line through each ruleset's crossings; values
    where it never crosses are left out."""
    require_matplotlib(path)
    from matplotlib.colors import to_rgba
    from matplotlib.ticker import MaxNLocator

    names = list(curve.brackets)
    width = BRACKETS_WIDTH / max(1, len(names))
    with slide_style():
        fig = figure(6.4)
        ax = fig.subplots()
        xs = list(curve.along.values)
        for k, (name, style) in enumerate(zip(names, series_styles([(name, None) for name in names]))):
            brackets = curve.brackets[name]
            at = [x + (k - (len(names) - 1) / 2) * width for x in xs]
            ys = [curve.crossing(name, i) for i in range(len(xs))]
            found = [(x, b) for x, b in zip(at, brackets) if b is not None]
            if found:
                ax.bar([x for x, _ in found], [b[1] - b[0] for _, b in found], width * 0.9, [b[0] for _, b in found],
                       facecolor=to_rgba(style.colour, 0.22), edgecolor=style.colour, linewidth=1.2,
                       hatch=BAND_HATCHES[k % len(BAND_HATCHES)])
            ax.plot(at, [math.nan if y is None else y for y in ys], color=style.colour, marker=style.marker, label=name,
                    zorder=3 + k)
        found_values = [value for brackets in curve.brackets.values() for b in brackets if b for value in b]
        # Zoom on the brackets found: the whole range would flatten the curves into a line.
        low, high = (min(found_values), max(found_values)) if found_values else (curve.vary.values[0], curve.vary.values[-1])
        ax.set_ylim(low - 0.5, high + 0.5)
        ax.set_xticks(xs)
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        along, vary = vary_label(curve.along.path, curve.encounter, curve.along.relative), vary_label(curve.vary.path, curve.encounter, curve.vary.relative)
        ax.set_xlabel(along)
        ax.set_ylabel(_("{vary} where {outcome} = {target}").format(vary=vary, outcome=outcome_words("party_wins"),
                                                                   target=shortest(curve.target)))
        ax.set_title(_("{encounter}: balance along {along}").format(encounter=curve.encounter.name, along=along))
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
        key = _("marker: the crossing read between the bracketing values; bar: the bracket")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), title=_("ruleset"), frameon=False)
        fig.supxlabel(key, x=0.01, ha="left", fontsize=SMALL, color="0.3")
        save(fig, path, dpi)
