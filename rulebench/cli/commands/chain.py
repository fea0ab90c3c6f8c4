"""``rulebench chain``: a day of several fights under every ruleset, or one day narrated."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import FROM_COMMAND_LINE, Dpi, Fractions, Json, Plot, Rulesets, with_analysis_options
from rulebench.cli.render import note, out, print_json, report
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions

NAME = "chain"
HELP = N_(
    "Play a day of several fights (a chain file: one party, its stages in order, rests between) under "
    "each ruleset: the chance to get through the day, to reach and win each stage, the deaths, who lives."
)

ChainArg = Annotated[Path, typer.Argument(help=N_("A chain TOML file (docs/chains.md)."), show_default=False)]
Narrate = Annotated[bool, typer.Option("--narrate", help=N_("Narrate one whole day under the one ruleset -r names: "
                                                              "each stage's fight, the rest and what it healed."))]
Brief = Annotated[bool, typer.Option("--brief", help=N_("With --narrate: one line per round (or exchange)."))]


@with_analysis_options
def command(
    file: ChainArg,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    narrate: Narrate = False,
    brief: Brief = False,
    fractions: Fractions = False,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    json: Json = False,
) -> None:
    """Run ``rulebench chain``; :data:`HELP` says what it does."""
    if narrate:
        _narrate(file, ruleset, options, brief, json)
        return
    if brief:
        raise BadInput(_("--brief narrates: give it with --narrate"))
    from rulebench.api.chains import chain
    from rulebench.cli.chain_render import members_table, stages_table
    from rulebench.cli.progress import progress_bar

    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)  # before the run, not after it
    # --fractions shows exact probabilities as fractions, so they are computed as fractions too.
    chosen = replace(options, fractions=fractions)
    with progress_bar() as progress:
        comparison = chain(file, ruleset, chosen, progress=progress)
    report(comparison.warnings, comparison.notes)
    if plot is not None:
        from rulebench.api.chain_plot import plot_day

        plot_day(comparison, plot, dpi)
        note(_("wrote the plot to {file}").format(file=plot))
    if json:
        print_json(comparison.to_dict(fractions), texts=True)
        return
    for result in comparison.results:
        out.print(stages_table(comparison, result, fractions))
        out.print()
    out.print(members_table(comparison, fractions))


def _narrate(file: Path, rulesets: list[str] | None, options: AnalysisOptions, brief: bool, json: bool) -> None:
    """One day under one ruleset, told stage by stage (``--narrate``)."""
    from rulebench.api.chain_day import day
    from rulebench.cli.chain_narrate import narrate_day

    if not rulesets or len(rulesets) != 1:
        raise BadInput(_("--narrate tells one day under one ruleset: name it with -r RULESET"))
    record = day(file, rulesets[0], seed=options.seed, plugins=options.plugins, tactics=options.tactics)
    report(record.warnings)
    if json:
        print_json(record.to_dict(), texts=True)
    else:
        narrate_day(record, out, brief)
