"""``rulebench sensitivity``: which stat matters most under each ruleset."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import FROM_COMMAND_LINE, Dpi, EncounterArg, Json, Plot, Rulesets, with_paired_analysis_options
from rulebench.cli.render import note, out, print_json, report
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions

NAME = "sensitivity"
HELP = N_(
    "Change each stat of each member and side by -1 and +1 and rank, per ruleset, how far each change moves "
    "the party's chance to win and to be wiped out (sampled changes paired fight for fight with the same dice)."
)

Stats = Annotated[
    list[str] | None,
    typer.Option("--stat", help=N_("A stat to change (melee, ranged, armour, body, speed, mind, life, or count for enemy "
                 "entries); repeat for several. Default: every stat but count."), metavar="STAT", show_default=False),
]
Side = Annotated[
    str,
    typer.Option("--side", help=N_("Whose stats to change: party, enemy or both."), metavar="SIDE"),
]
Top = Annotated[
    int,
    typer.Option("--top", help=N_("How many changes each ruleset's table shows, the largest first (0: all; the JSON has all)."),
                 metavar="N"),
]


@with_paired_analysis_options
def command(
    encounter: EncounterArg,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    stat: Stats = None,
    side: Side = "both",
    top: Top = 8,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    json: Json = False,
) -> None:
    """Run ``rulebench sensitivity``; :data:`HELP` says what it does."""
    from rulebench.api.stat_sensitivity import sensitivity
    from rulebench.cli.progress import progress_bar
    from rulebench.cli.sensitivity_render import sensitivity_tables

    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)
    with progress_bar() as progress:
        result = sensitivity(encounter, ruleset, options, stats=stat or (), side=side, progress=progress)
    report(result.warnings, result.notes)
    if plot is not None:
        from rulebench.api.sensitivity_plot import plot_sensitivity

        plot_sensitivity(result, plot, dpi=dpi)
        note(_("wrote the plot to {file}").format(file=plot))
    if json:
        print_json(result.to_dict(), texts=True)
    else:
        for i, table in enumerate(sensitivity_tables(result, top)):
            if i:
                out.print()
            out.print(table)
