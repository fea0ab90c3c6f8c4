"""Tables of ``rulebench sensitivity``: which stat matters most, per ruleset at a glance, then ranked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

from rulebench.api.labels import casualty_name, method_name, outcome_name
from rulebench.api.numbers import fights_text, percent
from rulebench.api.stat_sensitivity import change_name, interval_text, measurable, points_text
from rulebench.cli.render import EXPLAIN_HINT, data_table, styled
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from rulebench.analysis.sensitivity import RulesetSensitivity, Sensitivity
    from rulebench.analysis.sensitivity_runs import Point

LEADERS = 3
"""How many changes the overview names per ruleset."""


def moved(point: Point, wiped: bool = False) -> str:
    """A change's move in points, its paired 95% interval below it when sampled."""
    move, ci = (point.wiped_change, point.wiped_ci95) if wiped else (point.change, point.ci95)
    text = points_text(move)
    if ci is not None:
        text += "\n" + styled("dim", interval_text(ci))
    return text


def base_text(row: RulesetSensitivity) -> str:
    """The unchanged encounter's chance to win and how it was found: ``91.2% (sampled, 7,000 fights)``."""
    base = row.base
    how = method_name(base.method)
    if base.fights is not None:
        how = f"{how}, {fights_text(base.fights)}"
    return f"{percent(base.party_wins)} ({how})"


def overview_table(result: Sensitivity) -> Table:
    """One row per ruleset: the party's chance as it is, and the changes that move it most."""
    title = _("{encounter}: which change moves {outcome} most").format(
        encounter=escape(result.encounter.name), outcome=outcome_name("party_wins"))
    caption = _("Changes of -1 and +1 to each stat; moves in percentage points. Named only where the move is "
                "measurable: beyond its sampled interval, or shown as 0.1 points or more when exact.")
    table = data_table(title, caption)
    table.add_column(_("ruleset"))
    table.add_column(outcome_name("party_wins"), justify="right")
    for k in range(LEADERS):
        table.add_column(_("moved most") if k == 0 else "")
    for row in result.results:
        leaders = [f"{escape(change_name(c, result.encounter))}\n[bold]{points_text(p.change)}[/]"
                   for c, p in row.changes if measurable(p)][:LEADERS]
        if not leaders and row.changes:
            leaders = [styled("dim", _("no change moves it measurably"))]
        table.add_row(escape(row.ruleset), percent(row.base.party_wins), *leaders, *[""] * (LEADERS - len(leaders)))
    return table


def ruleset_table(row: RulesetSensitivity, result: Sensitivity, top: int) -> Table:
    """One ruleset's changes ranked by how far they move the party's chance to win: ``top`` of
    them (0: every one), each with its new chance, its move and the move of the wiped-out chance."""
    title = _("{ruleset}: {outcome} {base}").format(ruleset=escape(row.ruleset), outcome=outcome_name("party_wins"),
                                                      base=escape(base_text(row)))
    shown = row.changes if top <= 0 else row.changes[:top]
    sampled = any(p.ci95 is not None for _, p in shown)
    caption = _("Moves in percentage points from the encounter as it is.")
    if sampled:
        caption += " " + _("Below a sampled move: its 95% interval, paired fight for fight with the same dice.")
    if len(shown) < len(row.changes):
        caption += " " + _("{shown} of {count} changes (--top 0 shows all).").format(shown=len(shown), count=len(row.changes))
    table = data_table(title, caption + "\n" + _(EXPLAIN_HINT))
    table.show_lines = sampled
    mixed = len({p.method for _, p in row.changes}) > 1
    table.add_column("#", justify="right")
    table.add_column(_("change"))
    table.add_column(outcome_name("party_wins"), justify="right")
    table.add_column(_("moved"), justify="right")
    table.add_column(_("{casualty} moved").format(casualty=casualty_name("wiped_out")), justify="right")
    if mixed:
        table.add_column(_("method"))
    for rank, (change, point) in enumerate(shown, 1):
        cells = [str(rank), escape(change_name(change, result.encounter)) + "\n" + styled("dim", change.path) if sampled
                 else escape(change_name(change, result.encounter)), percent(point.party_wins), moved(point), moved(point, wiped=True)]
        if mixed:
            cells.append(method_name(point.method))
        table.add_row(*cells)
    return table


def sensitivity_tables(result: Sensitivity, top: int) -> list[Table]:
    """The overview, then a ranked table per ruleset."""
    return [overview_table(result), *(ruleset_table(row, result, top) for row in result.results)]
