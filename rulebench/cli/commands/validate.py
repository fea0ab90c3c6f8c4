"""``rulebench validate``: check an encounter file and report every problem with its field."""

from __future__ import annotations

import typer

from rulebench.api.inspect import validate
from rulebench.cli.boundary import ExitCode
from rulebench.cli.options import EncounterArg, Json, Rulesets
from rulebench.cli.render import err, out, print_json, report
from rulebench.core.i18n import N_

NAME = "validate"
HELP = N_(
    "Check an encounter file against every installed ruleset (or those named with -r); every problem "
    "is reported with its field, so that a file that passes is never refused by another command."
)


def command(encounter: EncounterArg, ruleset: Rulesets = None, json: Json = False) -> None:
    """Run ``rulebench validate``; :data:`HELP` says what it does."""
    result = validate(encounter, ruleset)
    report(result.warnings)
    if json:
        print_json(result.to_dict())
    error = result.error()
    if error is not None:
        if not json:
            err.print(str(error), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT)
    if not json and result.encounter is not None:
        model = result.encounter
        out.print(
            f"ok {result.source}: {model.name!r}, {len(model.party)} party members against {len(model.enemies())} enemies",
            markup=False, highlight=False, soft_wrap=True,
        )
