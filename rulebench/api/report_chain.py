"""The report's day of adventure (``rulebench report --chain FILE``): a chain under the report's rulesets.

The section shows what ``rulebench chain`` prints, worded for the page: the day at a glance (the
chance the party gets through it, is wiped out or finished, the deaths expected), each ruleset's
day stage by stage, who lives through it, and the plot of ``chain --plot``. The numbers come from
:func:`rulebench.api.chains.chain` with the report's options (exact where the day fits the budget,
else sampled), so the page and the command agree; this module only words them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulebench.api.labels import casualty_name, method_name
from rulebench.api.numbers import fixed, interval, percent
from rulebench.core.i18n import _, format_integer, ngettext

if TYPE_CHECKING:
    from rulebench.analysis.chain_results import ChainResult
    from rulebench.analysis.results import Number
    from rulebench.api.chains import ChainComparison


def _cell(result: ChainResult, p: Number) -> dict[str, str]:
    """A chance as the page shows it, with its 95% interval where sampled."""
    return {"p": percent(p), "ci": interval(result.interval(p))}


def _method_text(result: ChainResult) -> str:
    """How a ruleset's day was obtained: ``exact`` or ``sampled: 2,000 days, seed 4``."""
    if result.exact:
        return method_name("exact")
    days = result.chains or 0
    return ngettext("sampled: {count} day, seed {seed}", "sampled: {count} days, seed {seed}", days).format(
        count=format_integer(days), seed=result.seed)


def _methods_caption(result: ChainResult) -> str:
    """How every ruleset's day was obtained, when that is the same for all of them."""
    if result.exact:
        return _("Every row is exact: every way the day can go counted.")
    days = result.chains or 0
    return ngettext("Every row is sampled: {count} day, seed {seed}.", "Every row is sampled: {count} days, seed {seed}.",
                    days).format(count=format_integer(days), seed=result.seed)


def _deaths(result: ChainResult) -> float:
    """The deaths expected over the whole day."""
    return sum(float(result.stage(i)["deaths"]) for i in range(len(result.stages)))


def _stages(result: ChainResult) -> list[dict[str, Any]]:
    """One ruleset's day stage by stage: the chance to reach, win and be wiped out or finished in
    each stage, its expected deaths, and the rest after it."""
    rows = []
    for index in range(len(result.stages)):
        figures = result.stage(index)
        rows.append({
            "name": f"{index + 1}. {figures['name']}",
            "rest": figures["rest"],
            "cells": [_cell(result, figures[key]) for key in ("reached", "won", "wiped_out", "finished")],
            "deaths": fixed(float(figures["deaths"]), 2),
        })
    return rows


def chain_section(day: ChainComparison, plot: str) -> dict[str, Any]:
    """The template's variables of the day's section, every number worded; ``plot`` is the SVG of
    :func:`rulebench.api.chain_plot.day_figure` drawn in the report's style."""
    results = day.results
    rests = {"none": _("no rest"), "short": _("short rest"), "long": _("long rest")}
    overview = [{
        "label": r.ruleset,
        "method": _method_text(r),
        "cells": [_cell(r, r.survived()), _cell(r, r.ended("wiped_out")), _cell(r, r.ended("finished"))],
        "deaths": fixed(_deaths(r), 2),
    } for r in results]
    return {
        "name": day.chain.name,
        "file": day.source or _("(given in Python)"),
        "hash": day.chain.content_hash(),
        "stage_names": [f"{i + 1}. {stage.name}" for i, stage in enumerate(day.chain.stages)],
        "columns": [_("gets through"), casualty_name("wiped_out"), _("finished"), casualty_name("deaths")],
        "stage_columns": [_("reached"), _("won"), casualty_name("wiped_out"), _("finished"), casualty_name("deaths")],
        "overview": overview,
        "mixed": len({row["method"] for row in overview}) > 1,
        "methods_caption": _methods_caption(results[0]) if results else "",
        "any_exact": any(r.exact for r in results),
        "any_sampled": any(not r.exact for r in results),
        "rulesets": [{"label": r.ruleset, "rows": [{**row, "rest": rests[row["rest"]]} for row in _stages(r)]}
                     for r in results],
        "members": [{"name": name, "cells": [_cell(r, r.member_survived(name)) for r in results]}
                    for name in (member.name for member in day.chain.party)],
        "plot": plot,
    }
