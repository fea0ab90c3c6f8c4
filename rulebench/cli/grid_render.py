"""Tables of grid sweeps and balance curves, in the style of the sweep and balance tables."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from rulebench.analysis.grid import BalanceCurve, GridSweep
from rulebench.api.numbers import percent
from rulebench.cli.render import (
    bar,
    bracket_intervals,
    data_table,
    length_cell,
    length_header,
    mixed_methods,
    outcome_cell,
    results_caption,
    row_method,
)
from rulebench.core.outcome import OUTCOMES


def grid_tables(result: GridSweep, fractions: bool = False) -> list[Table]:
    """One table per ruleset: a row per point with a column per varied path, then every outcome
    (party_wins with a bar), each sampled probability with its 95% interval below it."""
    tables = []
    paths = result.grid.paths
    for name, points in result.points.items():
        header = length_header([name])
        table = data_table(f"{escape(name)}: {escape(result.encounter.name)}, varying {escape(' x '.join(paths))}",
                           results_caption(points, fractions))
        table.show_lines = any(r.ci95 for r in points)  # a blank line keeps each point's two lines together
        for path in paths:
            table.add_column(escape(path.rsplit(".", 1)[-1]), justify="right")
        for outcome in OUTCOMES:
            table.add_column(outcome.value, justify="right")
        table.add_column(header, justify="right")
        mixed = mixed_methods(points)
        for point, r in zip(result.grid.points(), points):
            cells = [outcome_cell(r, o.value, fractions) for o in OUTCOMES]
            cells[0] = f"[green]{bar(r.outcomes['party_wins'], 10)}[/] {cells[0]}"
            values = [str(v) for v in point]
            if mixed:
                values[-1] += f"\n[dim]{row_method(r)}[/]"
            table.add_row(*values, *cells, length_cell(r, header))
        tables.append(table)
    return tables


def curve_table(result: BalanceCurve) -> Table:
    """Per ruleset and value of ``along``: the bracketing values, their party_wins and the crossing."""
    doc = result.to_dict()
    along = escape(result.along.path)
    table = data_table(f"{escape(result.encounter.name)}: party_wins = {percent(result.target)} along "
                       f"{escape(result.vary.path)}, at each {along}",
                       "crossing: read linearly between the two bracketing values.")
    for column in ("ruleset", result.along.path.rsplit(".", 1)[-1], "crosses between", "party_wins", "crossing", "95% interval"):
        table.add_column(escape(column))
    for row in doc["results"]:
        for k, entry in enumerate(row["curve"]):
            name = escape(row["ruleset"]) if k == 0 else ""
            if entry["crosses"]:
                low, high = entry["bracket"]
                table.add_row(name, str(entry["along"]), f"{low['value']} and {high['value']}",
                              f"{percent(low['party_wins'])} → {percent(high['party_wins'])}",
                              f"{entry['crossing']:.2f}", bracket_intervals(entry["bracket"]))
            else:
                wins = [p["party_wins"] for p in entry["evaluated"]]
                low_text, high_text = percent(min(wins)), percent(max(wins))
                stays = f"stays at {low_text}" if low_text == high_text else f"stays within {low_text}–{high_text}"
                table.add_row(name, str(entry["along"]), "[yellow]never crosses[/]", stays, "", "")
    return table
