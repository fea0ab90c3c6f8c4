"""``rulebench balance``: where party_wins crosses a target as one number of the encounter changes."""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.analysis.analyse import AnalysisOptions
from rulebench.analysis.sweeps import balance
from rulebench.cli.options import FROM_COMMAND_LINE, EncounterArg, Json, Label, Rulesets, Vary, with_analysis_options
from rulebench.cli.progress import progress_bar
from rulebench.cli.render import balance_table, out, print_json, report

NAME = "balance"

Target = Annotated[float, typer.Option("--target", help="The party_wins probability to find, e.g. 0.5.", show_default=False)]


@with_analysis_options
def command(
    encounter: EncounterArg,
    vary: Vary,
    target: Target,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    label: Label = None,
    json: Json = False,
) -> None:
    """Find, per ruleset, the value of PATH at which party_wins crosses the target."""
    with progress_bar() as progress:
        result = balance(encounter, vary, target, ruleset, options, progress=progress)
    report(result.warnings, result.notes)
    if json:
        print_json(result.to_dict())
    else:
        out.print(balance_table(result, label))
