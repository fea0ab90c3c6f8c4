"""The tornado chart of ``rulebench sensitivity --plot``: per ruleset, the stats that move the
party's chance to win most, -1 and +1 side by side, in the ruleset's colour as on every plot."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.api.labels import outcome_words, vary_label
from rulebench.api.numbers import percent
from rulebench.api.palette import ruleset_colour, shades
from rulebench.api.plot_style import DEFAULT_DPI, SMALL, check_dpi, figure, slide_style
from rulebench.api.plots import require_matplotlib, save
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from rulebench.analysis.sensitivity import RulesetSensitivity, Sensitivity
    from rulebench.analysis.sensitivity_runs import Point

ROWS = 8
"""The stats each ruleset's chart shows, those that move the chance most."""
ROW_HEIGHT = 0.42
"""Inches per stat of a chart."""


def tornado_rows(row: RulesetSensitivity, count: int = ROWS) -> list[tuple[str, Point | None, Point | None]]:
    """The ``count`` paths whose larger move is largest, each with its -1 and +1 points (None
    where that change is out of range), largest first."""
    paths: dict[str, dict[int, Point]] = {}
    for change, point in row.changes:
        paths.setdefault(change.path, {})[change.delta] = point
    ranked = sorted(paths.items(), key=lambda item: -max(abs(p.change) for p in item[1].values()))
    return [(path, moves.get(-1), moves.get(1)) for path, moves in ranked[:count]]


def _panel(ax: Any, row: RulesetSensitivity, result: Sensitivity) -> None:
    """One ruleset's tornado: a bar per change, -1 in the lighter shade, +1 in the ruleset's colour."""
    colour = ruleset_colour(row.ruleset)
    light, dark = shades(colour, 2)[-1], colour
    rows = tornado_rows(row)
    ys = list(range(len(rows)))[::-1]
    for delta, shade in ((-1, light), (1, dark)):
        for y, (_path, minus, plus) in zip(ys, rows):
            point = minus if delta < 0 else plus
            if point is None:
                continue
            offset = 0.2 if delta < 0 else -0.2
            sampled = point.ci95 is not None  # hatched in black, which shows on either shade
            ax.barh(y + offset, point.change * 100, height=0.38, color=shade, edgecolor="black" if sampled else dark,
                    linewidth=0.8, hatch="//" if sampled else "")
            if point.ci95 is not None:
                low, high = point.ci95
                ax.errorbar(point.change * 100, y + offset, xerr=[[(point.change - low) * 100], [(high - point.change) * 100]],
                            color="black", capsize=3, linewidth=1.2)
    from matplotlib.patches import Patch

    handles = [Patch(facecolor=light, edgecolor=dark, label="-1"), Patch(facecolor=dark, edgecolor=dark, label="+1")]
    if any(p is not None and p.ci95 is not None for _path, *pair in rows for p in pair):
        handles.append(Patch(facecolor="white", edgecolor="black", hatch="//", label=_("sampled, paired 95% interval")))
    ax.axvline(0, color="black", linewidth=1)
    ax.set_yticks(ys, [vary_label(path, result.encounter) for path, _m, _p in rows])
    ax.set_xlabel(_("change in {outcome}, percentage points").format(outcome=outcome_words("party_wins")))
    ax.set_title(_("{ruleset}: {outcome} {chance} as it is").format(ruleset=row.ruleset, outcome=outcome_words("party_wins"),
                                                                    chance=percent(row.base.party_wins)))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, fontsize=SMALL,
              frameon=False)


def plot_sensitivity(result: Sensitivity, path: Path, dpi: int = DEFAULT_DPI) -> None:
    """A tornado chart per ruleset, two across: the changes that move the party's chance to win
    most, sampled ones hatched with their paired 95% intervals."""
    require_matplotlib(path)
    check_dpi(dpi)
    with slide_style():
        save(plot_figure(result), path, dpi)


def plot_figure(result: Sensitivity) -> Any:
    """The tornado charts of :func:`plot_sensitivity` as a figure (the report draws it as SVG);
    the slide style must hold."""
    count = len(result.results)
    across = 1 if count == 1 else 2
    down = math.ceil(count / across)
    fig = figure(down * (ROWS * ROW_HEIGHT + 2.6) + 0.6)
    axes = fig.subplots(down, across, squeeze=False)
    for k, row in enumerate(result.results):
        _panel(axes[k // across][k % across], row, result)
    for k in range(count, down * across):
        axes[k // across][k % across].set_visible(False)
    fig.suptitle(_("{encounter}: which stat matters most").format(encounter=result.encounter.name), x=0.01, ha="left")
    return fig
