"""``rulebench balance``: where party_wins crosses a target as one number of the encounter changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import FROM_COMMAND_LINE, Dpi, EncounterArg, Json, Label, Plot, Rulesets, Vary, with_analysis_options
from rulebench.cli.render import balance_table, note, out, print_json, report
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions

NAME = "balance"
HELP = N_(
    "Find, per ruleset, the value of PATH at which party_wins crosses the target; with --along, at "
    "each value of a second number (a balance curve)."
)

Target = Annotated[float, typer.Option("--target", help=N_("The party_wins probability to find, e.g. 0.5."), show_default=False)]
Along = Annotated[
    str | None,
    typer.Option("--along", help=N_("Find the balancing value at each value of this number too (a balance curve): "
                 "PATH=A..B[:STEP]."), metavar="PATH=A..B[:STEP]", show_default=False),
]


@with_analysis_options
def command(
    encounter: EncounterArg,
    vary: Vary,
    target: Target,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    along: Along = None,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    label: Label = None,
    json: Json = False,
) -> None:
    """Run ``rulebench balance``; :data:`HELP` says what it does."""
    from rulebench.analysis.grid import BalanceCurve, balance_curve
    from rulebench.cli.grid_render import curve_table
    from rulebench.cli.progress import progress_bar

    if plot is not None:
        if along is None:
            raise BadInput(_("--plot {file}: balance draws a balance curve, which needs --along PATH=A..B").format(file=plot))
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)
    with progress_bar() as progress:
        result = balance_curve(encounter, vary, target, ruleset, options, along=along, progress=progress)
    report(result.warnings, result.notes)
    if isinstance(result, BalanceCurve):
        if plot is not None:
            from rulebench.api.grid_plots import plot_balance_curve

            plot_balance_curve(result, plot, dpi)
            note(_("wrote the plot to {file}").format(file=plot))
        if json:
            print_json(result.to_dict(), texts=True)
        else:
            out.print(curve_table(result))
        return
    if json:
        print_json(result.to_dict(), texts=True)
    else:
        out.print(balance_table(result, label))
