"""The tables of ``rulebench chain``: a day stage by stage under each ruleset, and who lives through it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

from rulebench.api.labels import casualty_name
from rulebench.api.numbers import fixed, interval
from rulebench.cli.render import EXPLAIN_HINT, cell, data_table, points
from rulebench.core.i18n import _, format_integer, percent_sign

if TYPE_CHECKING:
    from rulebench.analysis.chain_results import ChainResult
    from rulebench.analysis.results import Number
    from rulebench.api.chains import ChainComparison


MIN_WIDTH = 72
"""The narrowest a table of a few columns is drawn, so its title and caption are not broken up."""


def rest_name(rest: str) -> str:
    """A rest between two stages in words."""
    return {"none": _("no rest"), "short": _("short rest"), "long": _("long rest")}[rest]


def _chance(result: ChainResult, p: Number, fractions: bool) -> str:
    """A chance with its 95% interval on a dim second line when sampled."""
    bounds = result.interval(p)
    return cell(p, fractions) + (f"\n[dim]{interval(bounds)}[/]" if bounds else "")


def caption(result: ChainResult, fractions: bool = False) -> str:
    """How a ruleset's day was obtained (solved exactly within how much of the budget, or sampled
    how), and what ``·`` means."""
    if result.exact:
        lines = [_("Exact: every way the day can go counted, no sampling error ({states} fight states of the "
                   "budget of {budget}, --max-states).").format(
                       states=format_integer(result.states or 0), budget=format_integer(result.provenance.get("max_states", 0))),
                 _("Chances over the whole day: a stage the party never reached counts as not won. · never happens.")]
        if fractions:
            lines.append(_("A fraction too long to read shows its decimal expansion (the JSON has every fraction)."))
        return "\n".join(lines)
    lines = []
    confidence = percent_sign(format_integer(95))
    days = format_integer(result.chains or 0)
    precision = result.provenance.get("precision")
    if precision and result.stopped_by == "precision":
        line = _("Sampled: {days} days (until every interval was within {width} percentage points), seed {seed}; "
                 "{confidence} Wilson interval under each value.")
    elif precision:
        line = _("Sampled: {days} days (stopped at the cap before every interval was within {width} percentage points), "
                 "seed {seed}; {confidence} Wilson interval under each value.")
    else:
        line = _("Sampled: {days} days, seed {seed}; {confidence} Wilson interval under each value.")
    lines.append(line.format(days=days, width=points(float(precision)) if precision else "", seed=result.seed,
                             confidence=confidence))
    lines.append(_("Chances over the whole day: a stage the party never reached counts as not won. "
                   "· never happened in those days."))
    return "\n".join(lines)


def stages_table(comparison: ChainComparison, result: ChainResult, fractions: bool = False) -> Table:
    """One ruleset's day, a row per stage: the rest after it, the chance to reach it, to win it, to
    be wiped out or finished in it, and the deaths expected in it; the last row the whole day."""
    title = _("{chain} under {ruleset}: stage by stage").format(chain=escape(comparison.chain.name), ruleset=escape(result.ruleset))
    table = data_table(title, caption(result, fractions))
    table.show_lines = not result.exact
    finished = any(result.stage(i)["finished"] for i in range(len(result.stages)))
    table.add_column(_("stage"), ratio=1)
    table.add_column(_("reached"), justify="right")
    table.add_column(_("won"), justify="right")
    table.add_column(casualty_name("wiped_out"), justify="right")
    if finished:
        table.add_column(_("finished"), justify="right")
    table.add_column(casualty_name("deaths"), justify="right")
    last = len(result.stages) - 1
    for index in range(len(result.stages)):
        figures = result.stage(index)
        # The texts outside the f-strings: the catalogs' extractor does not look inside them.
        then = escape(_("then: {rest}").format(rest=rest_name(figures["rest"])))
        row = [
            f"{index + 1}. {escape(figures['name'])}" + ("" if index == last else f"\n[dim]{then}[/]"),
            # Every day reaches the first stage: a certainty needs no interval.
            cell(figures["reached"], fractions) if index == 0 else _chance(result, figures["reached"], fractions),
            _chance(result, figures["won"], fractions),
            _chance(result, figures["wiped_out"], fractions),
            *([_chance(result, figures["finished"], fractions)] if finished else []),
            fixed(float(figures["deaths"]), 2),
        ]
        table.add_row(*row)
    deaths = sum(float(result.stage(i)["deaths"]) for i in range(len(result.stages)))
    whole, through = escape(_("the whole day")), escape(_("gets through"))
    table.add_row(
        f"[bold]{whole}[/]",
        "", f"[bold]{through}[/]\n" + _chance(result, result.survived(), fractions),
        _chance(result, result.ended("wiped_out"), fractions),
        *([_chance(result, result.ended("finished"), fractions)] if finished else []),
        fixed(deaths, 2),
    )
    return table


def members_table(comparison: ChainComparison, fractions: bool = False) -> Table:
    """Each member's chance to live through the day, a column per ruleset."""
    results = comparison.results
    title = _("{chain}: who lives through the day").format(chain=escape(comparison.chain.name))
    table = data_table(title, _(EXPLAIN_HINT))
    table.min_width = MIN_WIDTH  # a column or two: the title and the caption on a line each
    table.show_lines = any(not r.exact for r in results)
    table.add_column(_("member"))
    for result in results:
        table.add_column(escape(result.ruleset), justify="right")
    for member in comparison.chain.party:
        table.add_row(escape(member.name), *(_chance(r, r.member_survived(member.name), fractions) for r in results))
    return table
