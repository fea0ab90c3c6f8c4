"""``rulebench sweep``: every outcome of each ruleset as one number of the encounter changes."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from rulebench.analysis.sweeps import Sweep, sweep
from rulebench.cli.options import (
    EncounterArg,
    Exact,
    Fights,
    Fractions,
    Json,
    MaxStates,
    Plot,
    Plugins,
    Precision,
    Rulesets,
    Seed,
    Tactics,
    Vary,
    Workers,
    analysis_options,
)
from rulebench.cli.progress import progress_bar
from rulebench.cli.render import bar, data_table, interval, out, print_json, probability, report
from rulebench.core.outcome import OUTCOMES

NAME = "sweep"

Csv = Annotated[Path | None, typer.Option("--csv", help="Also write the points as CSV into FILE.", metavar="FILE")]


def sweep_tables(result: Sweep, fractions: bool = False) -> list[Table]:
    """One table per ruleset: a row per value, a column per outcome (party_wins with a bar), each
    sampled probability with its 95% interval below it."""
    tables = []
    label = result.vary.path.rsplit(".", 1)[-1]  # the title names the whole path
    for name, points in result.points.items():
        sampled = any(r.ci95 for r in points)
        table = data_table(f"{escape(name)}: {escape(result.encounter.name)}, varying {escape(result.vary.path)}",
                           "95% interval under each value" if sampled else None)
        table.show_lines = sampled  # a blank line keeps each value's two lines together
        table.add_column(escape(label), justify="right", no_wrap=True)
        for outcome in OUTCOMES:
            table.add_column(outcome.value, justify="right", overflow="fold")
        table.add_column("mean rounds", justify="right")
        for value, r in zip(result.vary.values, points):
            cells = []
            for outcome in OUTCOMES:
                p = r.outcomes[outcome.value]
                ci = (r.ci95 or {}).get(outcome.value)
                shown = probability(p, fractions)
                if outcome.value == "party_wins":
                    shown = f"[green]{bar(p, 10)}[/] {shown:>6}"
                cells.append(shown + (f"\n[dim]{interval(ci)}[/]" if ci else ""))
            table.add_row(str(value), *cells, f"{float(r.rounds_mean):.2f}")
        tables.append(table)
    return tables


def command(
    encounter: EncounterArg,
    vary: Vary,
    ruleset: Rulesets = None,
    fights: Fights = None,
    seed: Seed = None,
    exact: Exact = False,
    precision: Precision = None,
    max_states: MaxStates = None,
    fractions: Fractions = False,
    csv: Csv = None,
    plot: Plot = None,
    workers: Workers = 1,
    tactics: Tactics = None,
    plugin: Plugins = None,
    json: Json = False,
) -> None:
    """Analyse the encounter at each value of one number (PATH=A..B[:STEP]) under each ruleset."""
    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)
    with progress_bar() as progress:
        result = sweep(
            encounter, vary, ruleset, progress=progress, **analysis_options(fights, seed, exact, precision, max_states, workers, plugin, tactics)
        )
    report(result.warnings, result.notes)
    if csv is not None:
        csv.write_text(result.to_csv(), encoding="utf-8")
    if plot is not None:
        from rulebench.api.plots import plot_sweep

        plot_sweep(result, plot)
    if json:
        print_json(result.to_dict(fractions))
    else:
        for i, table in enumerate(sweep_tables(result, fractions)):
            if i:
                out.print()
            out.print(table)
