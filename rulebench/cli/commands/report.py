"""``rulebench report``: one self-contained HTML page of an encounter, for a projector or a student."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulebench.cli.options import EncounterArg, Exact, Fights, Json, MaxStates, Plugins, Precision, Rulesets, Seed, Workers
from rulebench.cli.output_paths import writable
from rulebench.cli.render import note, print_json, report
from rulebench.core.i18n import N_, _

NAME = "report"
HELP = N_(
    "Write an HTML report: encounter, stat blocks, outcomes, fates, fight length, sample fights, "
    "provenance."
)

Output = Annotated[
    Path,
    typer.Option("-o", "--output", help=N_("The HTML file to write."), metavar="FILE.html", show_default=False,
                 callback=writable("--output", (".html", ".htm"))),
]
TacticsList = Annotated[
    list[str] | None,
    typer.Option("--tactics", help=N_("A tactics plugin to compare ('default': each ruleset's own); repeat for several, "
                 "side by side. Default: the rulesets' own tactics only."), show_default=False),
]
VaryOption = Annotated[
    str | None,
    typer.Option("--vary", help=N_("Add a sweep and balance of one number: PATH=A..B[:STEP], e.g. enemy.members[0].count=1..6."),
                 metavar="PATH=A..B[:STEP]", show_default=False),
]
ChainOption = Annotated[
    Path | None,
    typer.Option("--chain", help=N_("Add a day of adventure: a chain file (docs/chains.md) played under the same rulesets."),
                 metavar="FILE.toml", show_default=False),
]
Target = Annotated[float, typer.Option("--target", help=N_("The party_wins probability balance looks for (with --vary)."))]
SensitivityFlag = Annotated[
    bool, typer.Option("--sensitivity", help=N_("Add which stat matters most under each ruleset (as rulebench sensitivity)."))
]


def command(
    encounter: EncounterArg,
    output: Output,
    ruleset: Rulesets = None,
    tactics: TacticsList = None,
    vary: VaryOption = None,
    target: Target = 0.5,
    sensitivity: SensitivityFlag = False,
    chain: ChainOption = None,
    fights: Fights = None,
    seed: Seed = None,
    exact: Exact = False,
    precision: Precision = None,
    max_states: MaxStates = None,
    workers: Workers = None,
    plugin: Plugins = None,
    json: Json = False,
) -> None:
    """Run ``rulebench report``; :data:`HELP` says what it does."""
    # Imported here, like every command's analysis: the report brings Jinja too.
    from rulebench.analysis.analyse import AnalysisOptions
    from rulebench.api.report import build_report, write_report
    from rulebench.cli.progress import progress_bar

    options = AnalysisOptions.make(
        exact=True if exact else None, fights=fights, precision=precision, max_states=max_states, seed=seed,
        workers=workers, plugins=tuple(plugin or ()),
    )
    with progress_bar() as progress:
        data = build_report(encounter, ruleset, options, tactics_list=tactics or [None], vary=vary, target=target,
                            sensitivity=sensitivity, chain=chain, progress=progress)
    report(data.comparison.warnings, data.notes())  # the page's notes: the sweep's too, once per cause
    write_report(data, output)
    if json:
        print_json({"report": str(output), "encounter": data.encounter.name,
                    **{k: v for k, v in data.comparison.to_dict().items() if k != "encounter"},
                    **({"chain": data.day.to_dict()} if data.day else {})}, texts=True)
    else:
        note(_("wrote the report to {file}").format(file=output))
