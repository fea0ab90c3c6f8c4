"""``rulebench sweep``: every outcome of each ruleset as one number of the encounter changes."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import (
    FROM_COMMAND_LINE,
    Dpi,
    EncounterArg,
    Fractions,
    Json,
    Label,
    Plot,
    Rulesets,
    with_analysis_options,
)
from rulebench.cli.output_paths import writable
from rulebench.cli.render import note, out, print_json, report, sweep_tables
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _
from rulebench.core.outcome import OUTCOMES

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions
    from rulebench.analysis.grid import GridSweep

NAME = "sweep"
HELP = N_(
    "Analyse the encounter at each value of one number (PATH=A..B[:STEP]) under each ruleset; --vary "
    "given twice or more analyses every combination (a grid)."
)

Varies = Annotated[
    list[str],
    typer.Option("--vary", help=N_("A number to vary and its range: PATH=A..B[:STEP], e.g. enemy.members[0].count=1..6; "
                 "party[*].armour or enemy[*].melee for a whole side, signed values (=+1, =-1..+2) for offsets from each "
                 "member's own; give it twice or more for a grid of every combination."), metavar="PATH=A..B[:STEP]",
                 show_default=False),
]
PlotOutcome = Annotated[
    str,
    typer.Option("--outcome", help=N_("The outcome --plot draws: party_wins, enemy_wins, withdrawn or party_fled."),
                 metavar="OUTCOME"),
]
Csv = Annotated[
    Path | None,
    typer.Option("--csv", help=N_("Also write the points as CSV into FILE."), metavar="FILE", callback=writable("--csv")),
]


@with_analysis_options
def command(
    encounter: EncounterArg,
    vary: Varies,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    fractions: Fractions = False,
    csv: Csv = None,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    outcome: PlotOutcome = "party_wins",
    label: Label = None,
    json: Json = False,
) -> None:
    """Run ``rulebench sweep``; :data:`HELP` says what it does."""
    from rulebench.analysis.grid import GridSweep, grid_sweep
    from rulebench.cli.progress import progress_bar

    if outcome not in {o.value for o in OUTCOMES}:
        raise BadInput(_("--outcome {value}: expected one of {outcomes}").format(value=repr(outcome), outcomes=", ".join(o.value for o in OUTCOMES)))
    if plot is not None:
        from rulebench.api.grid_plots import check_heatmap
        from rulebench.api.plots import require_matplotlib

        if len(vary) == 1:
            require_matplotlib(plot)
        else:
            check_heatmap(len(vary), plot)
    with progress_bar() as progress:
        result = grid_sweep(encounter, vary, ruleset, replace(options, fractions=fractions), progress=progress)
    report(result.warnings, result.notes)
    if csv is not None:
        csv.write_text(result.to_csv(), encoding="utf-8")
    if isinstance(result, GridSweep):
        _show_grid(result, plot, outcome, fractions, json, dpi)
        return
    if plot is not None:
        from rulebench.api.plots import plot_sweep

        plot_sweep(result, plot, outcome, label=label, dpi=dpi)
        note(_("wrote the plot to {file}").format(file=plot))
    if json:
        print_json(result.to_dict(fractions), texts=True)
    else:
        for i, table in enumerate(sweep_tables(result, fractions, label)):
            if i:
                out.print()
            out.print(table)


def _show_grid(result: GridSweep, plot: Path | None, outcome: str, fractions: bool, json: bool, dpi: int) -> None:
    """A grid's heatmaps of ``outcome``, then its JSON or one table per ruleset."""
    from rulebench.cli.grid_render import grid_tables

    if plot is not None:
        from rulebench.api.grid_plots import plot_grid

        plot_grid(result, plot, outcome, dpi=dpi)
        note(_("wrote the plot to {file}").format(file=plot))
    if json:
        print_json(result.to_dict(fractions), texts=True)
    else:
        for i, table in enumerate(grid_tables(result, fractions)):
            if i:
                out.print()
            out.print(table)
