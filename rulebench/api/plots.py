"""Plots of comparisons and sweeps with matplotlib, an optional extra (``pip install 'rulebench[plot]'``).

The plots are made to be projected: axes in words and percent, exact and sampled results drawn
differently (sampled ones with their 95% Wilson intervals), legends beside the data rather than on
it, each ruleset's fight length in its own unit, and the words the CLI uses ("sampled", "exact").
The backend is Agg: plots go to files (PNG, SVG or PDF by the file's suffix), never to a window.
Every text on a plot is written in the current language, numbers included (``25 %``, ``0,5``).
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.api.labels import method_name, outcome_name, vary_label
from rulebench.api.numbers import fixed, percent, plural, round_word
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _, format_integer, ngettext, percent_sign
from rulebench.core.outcome import OUTCOMES

if TYPE_CHECKING:
    from rulebench.analysis.results import RulesetResult
    from rulebench.analysis.sweeps import Sweep
    from rulebench.api.analyses import Comparison
    from rulebench.api.tactics_comparison import TacticsComparison

FORMATS = (".png", ".svg", ".pdf")
INSTALL = "pip install 'rulebench[plot]'"

MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
"""One marker shape per ruleset, so lines that run on top of each other stay told apart."""
LENGTH_SHOWN = 0.995
"""A fight-length panel's axis ends where this share of fights has ended; the rest is labelled, not drawn."""


def require_matplotlib(path: Path) -> None:
    """Check, before any work is done, that a plot can be drawn into ``path``.

    Raises:
        BadInput: matplotlib is not installed (the message says how to install it) or the suffix is unknown.
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise BadInput(_("--plot needs matplotlib, which is not installed: {install}").format(install=INSTALL))
    if path.suffix.lower() not in FORMATS:
        raise BadInput(_("--plot {path}: expected a file ending in {suffixes}").format(path=path, suffixes=", ".join(FORMATS)))


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def percent_axis(axis: Any) -> None:
    """Show a probability axis (0 to 1) in whole percent, in the current language (``25%``, ``25 %``)."""
    from matplotlib.ticker import FuncFormatter

    axis.set_major_formatter(FuncFormatter(lambda value, _position: percent_sign(fixed(value * 100, 0))))


def method_words(result: RulesetResult) -> str:
    """How a result was obtained, in the CLI's words: ``exact`` or ``sampled, 20,000 fights``."""
    if result.method == "exact":
        return method_name("exact")
    fights = result.fights or 0
    return ngettext("sampled, {count} fight", "sampled, {count} fights", fights).format(count=format_integer(fights))


def _method_note(results: Sequence[RulesetResult]) -> list[str]:
    """The lines of the note beside a plot: what exact and sampled mean, for the methods present."""
    lines = []
    if any(r.method == "exact" for r in results):
        lines.append(_("exact: every possible roll counted"))
    if any(r.method != "exact" for r in results):
        lines.append(_("sampled: random fights, with 95% Wilson intervals"))
    return lines


def plot_comparison(comparison: Comparison | TacticsComparison, path: Path, labels: Sequence[str] | None = None) -> None:
    """Outcome bars per ruleset (sampled bars hatched, with 95% error bars) above one fight-length
    panel per ruleset, each in the ruleset's own unit (rounds, exchanges); ``labels`` name the
    series where a ruleset's name is not enough (``dsa · cautious``)."""
    require_matplotlib(path)
    plt = _pyplot()
    results = comparison.results
    names = list(labels or [r.ruleset for r in results])
    columns = min(max(1, len(results)), 3)
    rows = math.ceil(len(results) / columns) if results else 0
    fig = plt.figure(figsize=(12, 4.6 + 2.6 * rows), layout="constrained")
    top, bottom = fig.subfigures(2, 1, height_ratios=[4.6, 2.6 * max(rows, 1)])
    outcomes_axes = top.subplots()
    _outcome_bars(outcomes_axes, results, names)
    outcomes_axes.set_title(_("{encounter}: outcomes").format(encounter=comparison.encounter.name), loc="left", fontsize="large")
    if results:
        panels = bottom.subplots(rows, columns, squeeze=False)
        for panel, result, name in zip(panels.flat, results, names):
            _length_panel(panel, result, name)
        for panel in list(panels.flat)[len(results):]:
            panel.set_visible(False)
        bottom.suptitle(_("Fight length, each ruleset in its own unit"), x=0.01, ha="left", fontsize="large")
    outcomes_axes.text(1.01, 0.0, "\n".join(_method_note(results)), transform=outcomes_axes.transAxes,
                       fontsize="small", color="0.35", va="bottom")
    fig.savefig(path)
    plt.close(fig)


def _outcome_bars(ax: Any, results: Sequence[RulesetResult], names: Sequence[str]) -> None:
    """Grouped bars: one group per outcome, one bar per series (``names``), the value written above each bar."""
    colours = _colours(len(results))
    width = 0.8 / max(1, len(results))
    for i, (r, name) in enumerate(zip(results, names)):
        xs = [k + (i - (len(results) - 1) / 2) * width for k in range(len(OUTCOMES))]
        ps = [float(r.outcomes[o.value]) for o in OUTCOMES]
        errors = None
        if r.ci95:
            lows = [max(0.0, p - r.ci95[o.value][0]) for p, o in zip(ps, OUTCOMES)]
            highs = [max(0.0, r.ci95[o.value][1] - p) for p, o in zip(ps, OUTCOMES)]
            errors = [lows, highs]
        sampled = r.method != "exact"
        bars = ax.bar(xs, ps, width, yerr=errors, capsize=3, color=colours[i], edgecolor="black", linewidth=0.5,
                      hatch="//" if sampled else None, alpha=0.75 if sampled else 1.0,
                      label=f"{name} ({method_words(r)})")
        labels = [percent(r.outcomes[o.value]) if r.outcomes[o.value] else "" for o in OUTCOMES]
        ax.bar_label(bars, labels, fontsize=7, padding=2, rotation=90 if len(results) > 3 else 0)
    ax.set_xticks(range(len(OUTCOMES)), [outcome_name(o.value) for o in OUTCOMES])
    ax.set_ylim(0, 1.15)  # room above a bar at 100% for its label
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    percent_axis(ax.yaxis)
    ax.set_ylabel(_("share of fights"))
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small", title=_("ruleset (method)"))


def _length_panel(ax: Any, result: RulesetResult, name: str) -> None:
    """One ruleset's fight-length distribution in its own unit, the axis cut where nearly every fight has ended."""
    from matplotlib.ticker import MaxNLocator

    unit = round_word(result.ruleset)
    distribution = {k: float(p) for k, p in result.rounds_distribution.items()}
    shown, total = [], 0.0
    for length, p in distribution.items():
        shown.append(length)
        total += p
        if total >= LENGTH_SHOWN:
            break
    ax.bar(shown, [distribution[k] for k in shown], width=0.8, color="0.45",
           hatch="//" if result.method != "exact" else None)
    mean = float(result.rounds_mean)
    ax.axvline(mean, color="black", linestyle="--", linewidth=1)
    ax.text(mean, 0.98, " " + _("mean {mean}").format(mean=fixed(mean, 1)), transform=ax.get_xaxis_transform(), va="top",
            fontsize="small")
    rest = 1.0 - sum(distribution[k] for k in shown)
    if rest > 0 and len(shown) < len(distribution):
        # TRANSLATORS: beside a cut fight-length axis; {length} is the last length drawn, {share} a percentage.
        note = _("longer than {length}:\n{share} of fights").format(length=shown[-1], share=percent(rest))
        ax.text(0.99, 0.80, note, transform=ax.transAxes,
                ha="right", va="top", fontsize="x-small", color="0.3")
    ax.set_title(f"{name} ({method_words(result)})", fontsize="medium")
    ax.set_xlabel(plural(unit))
    ax.set_ylim(0, min(1.1, max(distribution.values(), default=1) * 1.25))
    if len(shown) <= 12:
        ax.set_xticks(shown)
    else:
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlim(shown[0] - 0.7, shown[-1] + 0.7)
    percent_axis(ax.yaxis)
    ax.grid(axis="y", alpha=0.3)


def _colours(count: int) -> list[Any]:
    plt = _pyplot()
    cycle = plt.get_cmap("tab10")
    return [cycle(i % 10) for i in range(count)]


def plot_sweep(sweep: Sweep, path: Path, outcome: str = "party_wins", label: str | None = None) -> None:
    """One line per ruleset of ``outcome`` against the varied value: exact points filled, sampled
    points hollow with their 95% band; the varied number named in words (``label`` overrides it)."""
    require_matplotlib(path)
    plt = _pyplot()
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    label = label or vary_label(sweep.vary.path, sweep.encounter)
    fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
    values = list(sweep.vary.values)
    colours = _colours(len(sweep.points))
    everything: list[RulesetResult] = []
    for i, (name, results) in enumerate(sweep.points.items()):
        everything += results
        colour, marker = colours[i], MARKERS[i % len(MARKERS)]
        ps = [float(r.outcomes[outcome]) for r in results]
        # Lines that run along 0% or 100% together are told apart by a small offset in z and their markers.
        ax.plot(values, ps, color=colour, linewidth=1.8, zorder=3 + i, label=name)
        exact = [(v, p) for v, p, r in zip(values, ps, results) if r.method == "exact"]
        sampled = [(v, p, r) for v, p, r in zip(values, ps, results) if r.method != "exact"]
        if exact:
            ax.plot(*zip(*exact), linestyle="none", marker=marker, markersize=7, color=colour, zorder=4 + i)
        if sampled:
            ax.plot([v for v, _, _ in sampled], [p for _, p, _ in sampled], linestyle="none", marker=marker,
                    markersize=7, markerfacecolor="white", markeredgecolor=colour, zorder=4 + i)
            lows = [r.ci95[outcome][0] if r.ci95 else p for _, p, r in sampled]
            highs = [r.ci95[outcome][1] if r.ci95 else p for _, p, r in sampled]
            ax.fill_between([v for v, _, _ in sampled], lows, highs, color=colour, alpha=0.18, linewidth=0)
    ax.set_xlabel(label)
    ax.set_xticks(values if len(values) <= 20 else values[:: math.ceil(len(values) / 20)])
    ax.set_ylabel(_("{outcome} (share of fights)").format(outcome=outcome_name(outcome)))
    ax.set_ylim(-0.03, 1.03)  # a line at 0% or 100% stays visible above the axis
    percent_axis(ax.yaxis)
    ax.set_title(_("{encounter}: {outcome} as {label} changes").format(encounter=sweep.encounter.name,
                 outcome=outcome_name(outcome), label=label), loc="left")
    ax.grid(alpha=0.3)
    handles, names = ax.get_legend_handles_labels()
    handles = [Line2D([], [], color=h.get_color(), marker=MARKERS[i % len(MARKERS)], linewidth=1.8)
               for i, h in enumerate(handles)]
    kinds = sorted({r.method == "exact" for r in everything}, reverse=True)
    for exact_kind in kinds:
        if exact_kind:
            handles.append(Line2D([], [], color="0.3", marker="o", linestyle="none"))
            names.append(method_name("exact"))
        else:
            handles.append(Line2D([], [], color="0.3", marker="o", markerfacecolor="white", linestyle="none"))
            names.append(method_name("sampled"))
            handles.append(Patch(color="0.3", alpha=0.18))
            names.append(_("sampled: 95% Wilson interval"))
    ax.legend(handles, names, loc="upper left", bbox_to_anchor=(1.01, 1), title=_("ruleset"))
    fig.savefig(path)
    plt.close(fig)
