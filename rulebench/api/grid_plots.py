"""Plots of grid sweeps (a heatmap per ruleset) and balance curves, with matplotlib (``rulebench[plot]``).

A heatmap shows one outcome over two varied numbers; each cell carries its probability, sampled
cells are hatched (exact ones are plain), and the contour where the outcome crosses the target is
drawn over it. A balance curve shows, per ruleset, the value of the balanced number at which
``party_wins`` meets the target, at each value of the other, with the bracket it lies in. Varied numbers
are named in words and every text is in the current language, as on the other plots.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.api.labels import method_name, outcome_name, vary_label
from rulebench.api.numbers import percent, shortest
from rulebench.api.plots import _pyplot, percent_axis, require_matplotlib
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from rulebench.analysis.grid import BalanceCurve, GridSweep

SAMPLED_HATCH = "////"
"""How a sampled cell is marked; exact cells are left plain."""


def check_heatmap(paths: int, path: Path) -> None:
    """Check, before any work, that a grid of ``paths`` varied numbers can be drawn into ``path``.

    Raises:
        BadInput: matplotlib is missing, the suffix is unknown, or the grid does not have two paths.
    """
    require_matplotlib(path)
    if paths != 2:
        raise BadInput(_("--plot {path}: a grid plot draws two varied numbers as a heatmap; this grid varies {count}")
                       .format(path=path, count=paths))


def plot_grid(grid: GridSweep, path: Path, outcome: str = "party_wins", target: float = 0.5) -> None:
    """One heatmap of ``outcome`` per ruleset over a two-path grid, the ``target`` contour drawn.

    Rows are the first path's values, columns the second's; each cell shows its probability, and
    sampled cells are hatched so an exact cell is told apart at a glance.
    """
    check_heatmap(len(grid.grid.varies), path)
    plt = _pyplot()
    from matplotlib.patches import Patch

    rows, cols = grid.grid.varies
    names = list(grid.points)
    across = min(3, len(names))
    down = math.ceil(len(names) / across)
    fig, axes = plt.subplots(down, across, figsize=(4.2 * across + 1, 3.8 * down + 0.6),
                             squeeze=False, constrained_layout=True)
    image: Any = None
    for ax, name in zip(axes.flat, names):
        results = grid.points[name]
        values = [[float(results[i * len(cols.values) + j].outcomes[outcome]) for j in range(len(cols.values))]
                  for i in range(len(rows.values))]
        image = ax.imshow(values, origin="lower", cmap="viridis", vmin=0, vmax=1, aspect="auto",
                          extent=(-0.5, len(cols.values) - 0.5, -0.5, len(rows.values) - 0.5))
        for i in range(len(rows.values)):
            for j in range(len(cols.values)):
                r = results[i * len(cols.values) + j]
                p = values[i][j]
                if r.method != "exact":
                    ax.add_patch(plt.Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, hatch=SAMPLED_HATCH,
                                               edgecolor="white", linewidth=0, alpha=0.5))
                # Percent as everywhere else: a sampled 0.999 reads 99.9%, never a rounded 1.00.
                ax.text(j, i, percent(r.outcomes[outcome]), ha="center", va="center", fontsize="x-small",
                        color="black" if p > 0.6 else "white")
        if len(rows.values) > 1 and len(cols.values) > 1 and min(map(min, values)) < target < max(map(max, values)):
            ax.contour(range(len(cols.values)), range(len(rows.values)), values, levels=[target],
                       colors="red", linewidths=2)
        ax.set_xticks(range(len(cols.values)), [str(v) for v in cols.values])
        ax.set_yticks(range(len(rows.values)), [str(v) for v in rows.values])
        ax.set_xlabel(vary_label(cols.path, grid.encounter))
        ax.set_ylabel(vary_label(rows.path, grid.encounter))
        ax.set_title(name)
    for ax in list(axes.flat)[len(names):]:
        ax.set_visible(False)
    bar = fig.colorbar(image, ax=axes, label=outcome_name(outcome), shrink=0.9)
    percent_axis(bar.ax.yaxis)
    legend = [Patch(facecolor="grey", label=method_name("exact")),
              Patch(facecolor="grey", hatch=SAMPLED_HATCH, label=method_name("sampled")),
              plt.Line2D([], [], color="red", linewidth=2, label=f"{outcome_name(outcome)} = {shortest(target)}")]
    fig.legend(handles=legend, loc="outside lower center", ncols=3, fontsize="small")
    fig.suptitle(f"{grid.encounter.name}: {outcome_name(outcome)}")
    fig.savefig(path)
    plt.close(fig)


def plot_balance_curve(curve: BalanceCurve, path: Path) -> None:
    """Per ruleset, the balancing value of ``vary`` against ``along``: a line through the interpolated
    crossings and a band over each bracket; values where it never crosses are left out of the line."""
    require_matplotlib(path)
    plt = _pyplot()
    from matplotlib.ticker import MaxNLocator

    fig, ax = plt.subplots(figsize=(8, 5), constrained_layout=True)
    xs = list(curve.along.values)
    for name, brackets in curve.brackets.items():
        ys = [curve.crossing(name, k) for k in range(len(xs))]
        (line,) = ax.plot(xs, [math.nan if y is None else y for y in ys], marker="o", label=name)
        lows = [math.nan if b is None else b[0] for b in brackets]
        highs = [math.nan if b is None else b[1] for b in brackets]
        ax.fill_between(xs, lows, highs, alpha=0.15, color=line.get_color(), step="mid")  # each value its own bracket
    found = [value for brackets in curve.brackets.values() for b in brackets if b for value in b]
    # Zoom on the brackets found: the whole range would flatten the curves into a line.
    low, high = (min(found), max(found)) if found else (curve.vary.values[0], curve.vary.values[-1])
    ax.set_ylim(low - 0.5, high + 0.5)
    ax.set_xticks(xs)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    along, vary = vary_label(curve.along.path, curve.encounter), vary_label(curve.vary.path, curve.encounter)
    ax.set_xlabel(along)
    ax.set_ylabel(_("{vary} where {outcome} = {target}").format(vary=vary, outcome=outcome_name("party_wins"),
                                                               target=shortest(curve.target)))
    title = _("{encounter}: balance along {along}").format(encounter=curve.encounter.name, along=along)
    key = _("line: the crossing read between the bracketing values; band: the bracket")
    ax.set_title(f"{title}\n{key}", fontsize="medium")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.savefig(path)
    plt.close(fig)
