"""The plot of ``rulebench fight --odds --plot``: the party's chance to win from here, round by round.

One line in the ruleset's colour and marker (:mod:`rulebench.api.palette`), from the start (0) to
the fight's end; exact points filled, sampled ones hollow with their 95% Wilson band, as the sweep
plots draw them; the turning point's round shaded and named; in the slide style of
:mod:`rulebench.api.plot_style`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench.api.numbers import percent, plural
from rulebench.api.odds import FightOdds
from rulebench.api.palette import series_styles
from rulebench.api.plot_style import DEFAULT_DPI, SMALL, figure, slide_style
from rulebench.api.plots import percent_axis, require_matplotlib, save
from rulebench.core.i18n import _, format_integer, pgettext


def plot_odds(odds: FightOdds, path: Path, dpi: int = DEFAULT_DPI) -> None:
    """Draw the party's chance to win from here after every round of ``odds``' fight into ``path``."""
    require_matplotlib(path)
    with slide_style():
        fig = figure(5.5)
        draw_odds(fig.subplots(), odds)
        save(fig, path, dpi)


def draw_odds(ax: Any, odds: FightOdds) -> None:
    """The odds line into ``ax`` (a notebook's own axes too)."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    record = odds.record
    ruleset = record.config.ruleset.name
    style = series_styles([(ruleset, None)])[0]
    xs = [p.number for p in odds.points]
    ps = [p.party_wins for p in odds.points]
    ax.plot(xs, ps, color=style.colour, linewidth=2.2, zorder=3, drawstyle="default")
    exact = [(p.number, p.party_wins) for p in odds.points if p.method == "exact"]
    sampled = [p for p in odds.points if p.method != "exact"]
    if exact:
        ax.plot(*zip(*exact), linestyle="none", marker=style.marker, markersize=7, color=style.colour, zorder=4)
    if sampled:
        ax.plot([p.number for p in sampled], [p.party_wins for p in sampled], linestyle="none", marker=style.marker,
                markersize=7, markerfacecolor="white", markeredgecolor=style.colour, zorder=4)
        bounds = [p.ci95["party_wins"] if p.ci95 else (p.party_wins, p.party_wins) for p in odds.points]
        ax.fill_between(xs, [lo for lo, _ in bounds], [hi for _, hi in bounds], color=style.colour, alpha=0.18, linewidth=0)
    turning = odds.turning_point()
    if turning is not None:
        ax.axvspan(turning.number - 1, turning.number, color="0.5", alpha=0.15, linewidth=0, zorder=1)
        label = _("turning point: {before} → {after}").format(before=percent(turning.before), after=percent(turning.after))
        top = max(turning.before, turning.after)
        # Aligned towards the middle of the plot, so the label never runs past its edges into the legend.
        where = (turning.number - 0.5) / max(1, len(xs) - 1)
        align = "left" if where < 0.3 else "right" if where > 0.7 else "center"
        ax.annotate(label, (turning.number - 0.5, top), xytext=(0, 14), textcoords="offset points", ha=align,
                    fontsize=SMALL, color="0.2")
    unit = record.config.ruleset.round_word
    ax.set_xlim(-0.3, max(xs) + 0.3 if xs else 1)
    if len(xs) <= 25:
        ax.set_xticks(xs, [pgettext("odds axis", "start") if x == 0 else format_integer(x) for x in xs])
    ax.set_xlabel(_("after {unit}").format(unit=plural(unit, 1)))
    ax.set_ylabel(_("party wins from here"))
    ax.set_ylim(-0.03, 1.12)
    ax.set_yticks([0, 0.25, 0.5, 0.75, 1])
    percent_axis(ax.yaxis)
    outcome = _("{outcome} after {length}").format(outcome=_outcome_words(record.result.outcome.value),
                                                   length=_length(record.result.rounds, unit))
    ax.set_title(_("{encounter} under {ruleset}: {outcome}").format(
        encounter=record.config.encounter.name, ruleset=ruleset, outcome=outcome), loc="left")
    ax.grid(alpha=0.3)
    handles: list[Any] = []
    names = []
    if exact:
        handles.append(Line2D([], [], color=style.colour, marker=style.marker, linewidth=2.2))
        names.append(_("exact: every possible roll counted"))
    if sampled:
        handles.append(Line2D([], [], color=style.colour, marker=style.marker, markerfacecolor="white", linewidth=2.2))
        fights = sampled[0].fights or 0
        names.append(_("sampled from that state: {fights} fights").format(fights=format_integer(fights)))
        handles.append(Patch(color=style.colour, alpha=0.18))
        names.append(_("sampled: 95% Wilson interval"))
    ax.legend(handles, names, loc="upper left", bbox_to_anchor=(1.01, 1), title=_("chance from here"), frameon=False,
              alignment="left")


def _outcome_words(outcome: str) -> str:
    from rulebench.api.labels import outcome_words

    return outcome_words(outcome)


def _length(rounds: int, unit: str) -> str:
    from rulebench.api.numbers import count_text

    return count_text(rounds, unit, after=True)
