"""Plots of comparisons and sweeps with matplotlib, an optional extra (``pip install 'rulebench[plot]'``).

The plots are made to be projected (:mod:`rulebench.api.plot_style`): one colour per ruleset on
every plot (:mod:`rulebench.api.palette`), its tactics as shades, line styles and hatches of it;
axes and legends in words and percent; exact and sampled results drawn differently (sampled ones
with their 95% Wilson intervals); legends beside the data rather than on it; each fight-length
unit (rounds, exchanges) on an axis of its own. Files are PNG, SVG or PDF by their suffix; the
``draw_*`` functions draw into a notebook's own axes. Every text on a plot is written in the
current language, numbers included (``25 %``, ``0,5``).

>>> import matplotlib.pyplot as plt  # doctest: +SKIP
>>> from rulebench.api.plots import comparison_series, draw_outcomes
>>> fig, ax = plt.subplots()  # doctest: +SKIP
>>> draw_outcomes(ax, comparison_series(rulebench.compare("examples/skeleton-guards.toml")))  # doctest: +SKIP
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.api.labels import method_name, outcome_words, vary_label
from rulebench.api.numbers import fixed, length_text, percent, plural
from rulebench.api.palette import SeriesStyle, series_styles
from rulebench.api.plot_style import DEFAULT_DPI, SMALL, figure, slide_style
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

LENGTH_SHOWN = 0.995
"""A fight-length axis ends where this share of every series' fights has ended; the rest is labelled, not drawn."""
SAMPLED_HATCH = "//"
"""How a sampled bar is marked (it has error bars too); exact bars are plain."""
BAND_HATCHES = ("////", "\\\\\\\\", "||||", "----", "xxxx", "++++", "....", "oooo")
"""The hatch of each series' interval band, in turn: where bands overlap, both stay readable."""
BAND_ALPHA = 0.10
"""A band's fill: faint, so that two overlapping bands add up to a pale tint, never a muddy one."""
TICK_LINE = 12
"""The longest outcome label on one line under its group of bars; longer ones take two."""
LEGEND_ROW = 110
"""About how many characters of legend fit across a slide (with each entry's handle)."""
VALUE_LABELS = 6
"""Above this many series, the bars carry no value labels (they would overlap at projector size);
the axis and the tables still give the numbers."""


def require_matplotlib(path: Path) -> None:
    """Check, before any work is done, that a plot can be drawn into ``path``.

    Raises:
        BadInput: matplotlib is not installed (the message says how to install it) or the suffix is unknown.
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise BadInput(_("--plot needs matplotlib, which is not installed: {install}").format(install=INSTALL))
    if path.suffix.lower() not in FORMATS:
        raise BadInput(_("--plot {path}: expected a file ending in {suffixes}").format(path=path, suffixes=", ".join(FORMATS)))


def save(fig: Any, path: Path, dpi: int = DEFAULT_DPI) -> None:
    """Write ``fig`` into ``path`` (its suffix names the format) at ``dpi``; the slide style must still hold."""
    fig.savefig(path, dpi=dpi)


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


def method_note(results: Sequence[RulesetResult]) -> list[str]:
    """The lines of the note beside a plot: what exact and sampled mean, for the methods present."""
    lines = []
    if any(r.method == "exact" for r in results):
        lines.append(_("exact: every possible roll counted"))
    if any(r.method != "exact" for r in results):
        lines.append(_("sampled: random fights, with 95% Wilson intervals"))
    return lines


@dataclass(frozen=True)
class Series:
    """One result as a plot shows it: its label, and the ruleset and variant that choose its style."""

    label: str
    ruleset: str
    variant: str
    result: RulesetResult


def comparison_series(comparison: Comparison | TacticsComparison, labels: Sequence[str] | None = None) -> list[Series]:
    """A comparison's results as series: under several tactics, each ruleset's tactics are its variants
    (labelled ``dsa · cautious``); ``labels`` replace the labels."""
    entries = getattr(comparison, "entries", None)
    if entries is not None:
        several = len(comparison.tactics) > 1  # type: ignore[union-attr]
        found = [Series(e.label if several else e.ruleset, e.ruleset, e.tactics_label, e.result) for e in entries]
    else:  # a ruleset given twice (two runs side by side) is two variants of its hue, never one colour
        seen: dict[str, int] = {}
        found = []
        for r in comparison.results:
            seen[r.ruleset] = seen.get(r.ruleset, 0) + 1
            found.append(Series(r.ruleset, r.ruleset, f"{r.ruleset} {seen[r.ruleset]}", r))
    if labels is not None:
        found = [Series(label, s.ruleset, label, s.result) for s, label in zip(found, labels)]
    return found


def styles(series: Sequence[Series | SweepSeries]) -> list[SeriesStyle]:
    """Each series' style: its ruleset's hue, its variant's shade."""
    return series_styles([(s.ruleset, s.variant) for s in series])


def draw_outcomes(ax: Any, series: Sequence[Series], outcomes: Sequence[str] | None = None, legend: bool = True) -> None:
    """Grouped bars into ``ax``: a group per outcome, a bar per series, sampled bars hatched with their
    95% error bars, each bar's value above it; ``outcomes`` chooses the groups (default: all four)."""
    chosen = list(outcomes or [o.value for o in OUTCOMES])
    width = 0.84 / max(1, len(series))
    labelled = len(series) <= VALUE_LABELS
    methods = {method_words(s.result) for s in series}
    for i, (s, style) in enumerate(zip(series, styles(series))):
        r = s.result
        xs = [k + (i - (len(series) - 1) / 2) * width for k in range(len(chosen))]
        ps = [float(r.outcomes[o]) for o in chosen]
        errors = None
        if r.ci95:
            lows = [max(0.0, p - r.ci95[o][0]) for p, o in zip(ps, chosen)]
            highs = [max(0.0, r.ci95[o][1] - p) for p, o in zip(ps, chosen)]
            errors = [lows, highs]
        sampled = r.method != "exact"
        # One method for every bar is said once, in the legend's title; else each entry says its own.
        name = s.label if len(methods) == 1 else f"{s.label} ({method_words(r)})"
        bars = ax.bar(xs, ps, width, yerr=errors, capsize=3, color=style.colour, edgecolor="0.15", linewidth=0.6,
                      hatch=SAMPLED_HATCH if sampled else None, error_kw={"elinewidth": 1.2, "ecolor": "0.1"}, label=name)
        if labelled:
            texts = [percent(r.outcomes[o]) if r.outcomes[o] else "" for o in chosen]
            ax.bar_label(bars, texts, padding=3, rotation=90 if len(series) > 3 else 0, fontsize=SMALL)
    ax.set_xticks(range(len(chosen)), [two_lines(outcome_words(o)) for o in chosen])
    top = 1.3 if labelled and len(series) > 3 else 1.12  # room above a bar at 100% for its label
    ax.set_ylim(0, top)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    percent_axis(ax.yaxis)
    ax.set_ylabel(_("share of fights"))
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    if legend:
        from matplotlib.lines import Line2D

        title = _("ruleset (method)") if len(methods) != 1 else f"{_('ruleset')} ({methods.pop()})"
        handles, names = ax.get_legend_handles_labels()
        notes = method_note([s.result for s in series])  # what the methods mean, under the series
        handles += [Line2D([], [], linestyle="none") for _note in notes]
        ax.legend(handles, names + notes, loc="upper left", bbox_to_anchor=(1.01, 1), title=title, frameon=False,
                  alignment="left")


def two_lines(text: str, longest: int = TICK_LINE) -> str:
    """A tick label longer than ``longest`` characters broken at its middle space, so that
    neighbouring labels never run into each other (``Sieg der`` over ``Gruppe``)."""
    if len(text) <= longest or " " not in text:
        return text
    spaces = [i for i, c in enumerate(text) if c == " "]
    middle = min(spaces, key=lambda i: abs(i - len(text) / 2))
    return text[:middle] + "\n" + text[middle + 1:]


def length_units(series: Sequence[Series]) -> list[str]:
    """The fight-length units of ``series`` (``round``, ``exchange``), in the order they first appear."""
    return list(dict.fromkeys(s.result.unit for s in series))


def draw_lengths(ax: Any, series: Sequence[Series], unit: str) -> None:
    """The fight-length distributions of the series counted in ``unit`` (one axis, one unit), each a
    line in its series' style, its mean in the legend; the axis ends where nearly every fight has."""
    from matplotlib.ticker import MaxNLocator

    chosen = [(s, style) for s, style in zip(series, styles(series)) if s.result.unit == unit]
    last = 1
    for s, _style in chosen:
        total = 0.0
        for length, p in s.result.rounds_distribution.items():
            total += float(p)
            if total >= LENGTH_SHOWN:
                last = max(last, length)
                break
    rest = 0.0
    for s, style in chosen:
        distribution = {k: float(p) for k, p in s.result.rounds_distribution.items()}
        shown = [k for k in distribution if k <= last]
        rest = max(rest, sum(p for k, p in distribution.items() if k > last))
        sampled = s.result.method != "exact"
        mean = length_text(s.result.rounds_mean, unit, 1)
        ax.plot(shown, [distribution[k] for k in shown], color=style.colour, linestyle=style.linestyle, marker=style.marker,
                markersize=6, markerfacecolor="white" if sampled else style.colour, label=_("{series}: mean {length}").format(series=s.label, length=mean))
    if rest > 0:
        # TRANSLATORS: above a cut fight-length axis; {length} is the last length drawn, {share} a percentage.
        ax.set_title(_("longer than {length}: at most {share} of fights").format(length=last, share=percent(rest)),
                     loc="right", fontsize=SMALL, color="0.3")
    # "after": the form that follows a preposition (German "in Schlagabtauschen").
    ax.set_xlabel(_("fight length in {unit}").format(unit=plural(unit, after=True)))
    ax.set_ylabel(_("share of fights"))
    ax.xaxis.set_major_locator(MaxNLocator(nbins=8, integer=True))
    ax.set_ylim(bottom=0)
    percent_axis(ax.yaxis)
    ax.grid(alpha=0.3)


def outcome_figure(series: Sequence[Series], title: str | None = None) -> Any:
    """A figure of the outcome bars alone, with the note on what exact and sampled mean."""
    fig = figure(5.6 + 0.1 * max(0, len(series) - 5))
    _outcome_panel(fig, series, title)
    return fig


def _outcome_panel(fig: Any, series: Sequence[Series], title: str | None) -> None:
    ax = fig.subplots()
    draw_outcomes(ax, series)
    if title:
        ax.set_title(title)


def length_figure(series: Sequence[Series]) -> Any:
    """A figure of the fight lengths: one panel per unit, side by side."""
    fig = figure(4.4)
    _length_panels(fig, series)
    return fig


def _length_panels(fig: Any, series: Sequence[Series]) -> None:
    """One panel per unit side by side, one legend for them all below (each series with its mean)."""
    units = length_units(series)
    axes = fig.subplots(1, max(1, len(units)), squeeze=False)[0]
    handles: list[Any] = []
    names: list[str] = []
    for ax, unit in zip(axes, units):
        draw_lengths(ax, series, unit)
        found = ax.get_legend_handles_labels()
        handles += found[0]
        names += found[1]
    # As many columns as fit the slide's width at the legend's size (about 110 characters a row).
    columns = max(1, min(3, len(names), LEGEND_ROW // (max(map(len, names), default=1) + 6)))
    fig.legend(handles, names, loc="outside lower center", ncols=columns, frameon=False)


def plot_comparison(comparison: Comparison | TacticsComparison, path: Path, labels: Sequence[str] | None = None,
                    dpi: int = DEFAULT_DPI) -> None:
    """Outcome bars per series (sampled bars hatched, with 95% error bars) above the fight lengths,
    one panel per unit (rounds, exchanges); ``labels`` name the series where the default
    (``dsa``, ``dsa · cautious``) is not wanted."""
    require_matplotlib(path)
    series = comparison_series(comparison, labels)
    with slide_style():
        fig = figure(10.6 + 0.1 * max(0, len(series) - 5))
        top, bottom = fig.subfigures(2, 1, height_ratios=[5.8, 4.4])
        _outcome_panel(top, series, _("{encounter}: outcomes").format(encounter=comparison.encounter.name))
        if series:
            _length_panels(bottom, series)
            bottom.suptitle(_("Fight length, each unit on its own axis"), x=0.01, ha="left", fontsize="large")
        save(fig, path, dpi)


@dataclass(frozen=True)
class SweepSeries:
    """One ruleset (under one variant) along a sweep: its results at each value."""

    label: str
    ruleset: str
    variant: str
    values: Sequence[int]
    results: Sequence[RulesetResult]


def sweep_series(sweep: Sweep) -> list[SweepSeries]:
    """A sweep's rulesets as series, each labelled by its name."""
    values = list(sweep.vary.values)
    return [SweepSeries(name, name, name, values, results) for name, results in sweep.points.items()]


def band(ax: Any, xs: Sequence[float], lows: Sequence[float], highs: Sequence[float], colour: str, k: int,
         step: str | None = None) -> None:
    """An interval band in ``colour``: a faint fill, the k-th hatch of :data:`BAND_HATCHES` and a thin
    line along each edge, so that bands that overlap stay told apart instead of blending."""
    ax.fill_between(xs, lows, highs, facecolor=colour, alpha=BAND_ALPHA, linewidth=0, step=step)
    ax.fill_between(xs, lows, highs, facecolor="none", edgecolor=colour, hatch=BAND_HATCHES[k % len(BAND_HATCHES)],
                    linewidth=0, alpha=0.45, step=step)
    drawstyle = "steps-mid" if step == "mid" else "default"
    for edge in (lows, highs):
        ax.plot(xs, edge, color=colour, linewidth=0.9, alpha=0.8, drawstyle=drawstyle)


def draw_sweep(ax: Any, lines: Sequence[SweepSeries], outcome: str = "party_wins", target: float | None = None) -> None:
    """One line per series of ``outcome`` against the varied value: exact points filled, sampled
    points hollow with their 95% band; ``target`` as a dashed grey line."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    everything: list[RulesetResult] = []
    values: list[int] = []
    for k, (line, style) in enumerate(zip(lines, styles(lines))):
        everything += line.results
        values = sorted(set(values) | set(line.values))
        ps = [float(r.outcomes[outcome]) for r in line.results]
        # Lines that run along 0% or 100% together are told apart by their z order, markers and styles.
        ax.plot(line.values, ps, color=style.colour, linestyle=style.linestyle, zorder=3 + k, label=line.label)
        exact = [(v, p) for v, p, r in zip(line.values, ps, line.results) if r.method == "exact"]
        sampled = [(v, p, r) for v, p, r in zip(line.values, ps, line.results) if r.method != "exact"]
        if exact:
            ax.plot(*zip(*exact), linestyle="none", marker=style.marker, color=style.colour, zorder=4 + k)
        if sampled:
            ax.plot([v for v, _, _ in sampled], [p for _, p, _ in sampled], linestyle="none", marker=style.marker,
                    markerfacecolor="white", markeredgecolor=style.colour, zorder=4 + k)
            lows = [r.ci95[outcome][0] if r.ci95 else p for _, p, r in sampled]
            highs = [r.ci95[outcome][1] if r.ci95 else p for _, p, r in sampled]
            band(ax, [v for v, _, _ in sampled], lows, highs, style.colour, k)
    if target is not None:
        ax.axhline(target, color="0.4", linestyle="--", linewidth=1.2)
    ax.set_xticks(values if len(values) <= 20 else values[:: math.ceil(len(values) / 20)])
    ax.set_ylabel(_("{outcome} (share of fights)").format(outcome=outcome_words(outcome)))
    ax.set_ylim(-0.03, 1.03)  # a line at 0% or 100% stays visible above the axis
    percent_axis(ax.yaxis)
    ax.grid(alpha=0.3)
    handles, names = ax.get_legend_handles_labels()
    handles = [Line2D([], [], color=style.colour, linestyle=style.linestyle, marker=style.marker)
               for style in styles(lines)]
    kinds = sorted({r.method == "exact" for r in everything}, reverse=True)
    for exact_kind in kinds:
        if exact_kind:
            handles.append(Line2D([], [], color="0.3", marker="o", linestyle="none"))
            names.append(method_name("exact"))
        else:
            handles.append(Line2D([], [], color="0.3", marker="o", markerfacecolor="white", linestyle="none"))
            names.append(method_name("sampled"))
            handles.append(Patch(facecolor="none", edgecolor="0.3", hatch=BAND_HATCHES[0]))
            names.append(_("sampled: 95% Wilson interval"))
    ax.legend(handles, names, loc="upper left", bbox_to_anchor=(1.01, 1), title=_("ruleset"), frameon=False)


def sweep_figure(lines: Sequence[SweepSeries], xlabel: str, title: str, outcome: str = "party_wins",
                 target: float | None = None) -> Any:
    """A figure of :func:`draw_sweep`, with the varied number on the x axis."""
    fig = figure(6.4)
    ax = fig.subplots()
    draw_sweep(ax, lines, outcome, target)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    return fig


def plot_sweep(sweep: Sweep, path: Path, outcome: str = "party_wins", label: str | None = None, dpi: int = DEFAULT_DPI) -> None:
    """One line per ruleset of ``outcome`` against the varied value: exact points filled, sampled
    points hollow with their 95% band; the varied number named in words (``label`` overrides it)."""
    require_matplotlib(path)
    label = label or vary_label(sweep.vary.path, sweep.encounter, sweep.vary.relative)
    title = _("{encounter}: {outcome} as {label} changes").format(encounter=sweep.encounter.name,
                                                                 outcome=outcome_words(outcome), label=label)
    with slide_style():
        save(sweep_figure(sweep_series(sweep), label, title, outcome), path, dpi)
