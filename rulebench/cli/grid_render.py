"""Tables of grid sweeps and balance curves, in the style of the sweep and balance tables."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from rulebench.analysis.grid import BalanceCurve, GridSweep
from rulebench.api.labels import FIELDS, outcome_name
from rulebench.api.numbers import fixed, percent
from rulebench.cli.fitting import Fitted
from rulebench.cli.render import bracket_intervals, crossing_cells, data_table, stays, styled, sweep_table
from rulebench.core.i18n import _, format_integer, percent_sign, pgettext


def field_name(path: str) -> str:
    """A varied path's last field as a column title: ``count``, ``armour`` (``Anzahl``, ``Rüstung``)."""
    field = path.rsplit(".", 1)[-1]
    if field == "count":
        return pgettext("encounter field", "count")
    return _(FIELDS[field]) if field in FIELDS else field


def grid_tables(result: GridSweep, fractions: bool = False) -> list[Fitted]:
    """One table per ruleset: a row per point with a column per varied path, then every outcome
    (party_wins with its bar), each sampled probability with its 95% interval below it."""
    tables = []
    paths = result.grid.paths
    headings = [escape(field_name(path)) for path in paths]
    values = [[v.show(x) for v, x in zip(result.grid.varies, point)] for point in result.grid.points()]
    for name, points in result.points.items():
        title = _("{ruleset}: {encounter}, varying {label}").format(
            ruleset=escape(name), encounter=escape(result.encounter.name), label=escape(" x ".join(paths)))
        tables.append(sweep_table(title, headings, values, points, fractions))
    return tables


def curve_table(result: BalanceCurve) -> Table:
    """Per ruleset and value of ``along``: the bracketing values, their party_wins and the crossing."""
    doc = result.to_dict()
    along = escape(result.along.path)
    title = _("{encounter}: {outcome} = {target} along {path}, at each {along}").format(
        encounter=escape(result.encounter.name), outcome=outcome_name("party_wins"), target=percent(result.target),
        path=escape(result.vary.path), along=along)
    table = data_table(title, _("crossing: read linearly between the two bracketing values."))
    confidence = percent_sign(format_integer(95))
    for column in (_("ruleset"), field_name(result.along.path), _("crosses between"), outcome_name("party_wins"),
                   _("crossing"), _("{confidence} interval").format(confidence=confidence)):
        table.add_column(escape(column))
    for row in doc["results"]:
        for k, entry in enumerate(row["curve"]):
            name = escape(row["ruleset"]) if k == 0 else ""
            if entry["crosses"]:
                crossing = fixed(entry["crossing"], 2)
                table.add_row(name, str(entry["along"]), *crossing_cells(entry["bracket"]), crossing,
                              bracket_intervals(entry["bracket"]))
            else:
                never = styled("yellow", _("never crosses"))
                table.add_row(name, str(entry["along"]), never, stays(entry["evaluated"]), "", "")
    return table
