"""``rulebench validate``: check an encounter file and report every problem with its field."""

from __future__ import annotations

import typer

from rulebench.cli.boundary import ExitCode
from rulebench.cli.options import EncounterArg, Json
from rulebench.cli.render import err, out, print_json, report, warn
from rulebench.core.dice import RandomRoller
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.errors import BadInput, EncounterError
from rulebench.core.kernel import configure

NAME = "validate"


def override_problems(encounter: Encounter, catalog: Catalog) -> list[tuple[str, str]]:
    """Overrides that the ruleset they name cannot use: each loaded ruleset sets the encounter up once.

    Overrides for a ruleset that is not loaded cannot be checked; they are a warning, not a problem.
    """
    problems = []
    loaded = catalog.rulesets()
    for ruleset in encounter.overrides:
        if ruleset not in loaded:
            warn(f"overrides.{ruleset}: ruleset {ruleset!r} is not loaded, so its overrides were not checked")
            continue
        try:
            configure(encounter, ruleset, catalog=catalog).new_fight(RandomRoller(0))
        except BadInput as error:
            problems.append((f"overrides.{ruleset}", str(error)))
    return problems


def command(encounter: EncounterArg, json: Json = False) -> None:
    """Check an encounter file; every problem is reported with its field."""
    source = str(encounter)
    model: Encounter | None = None
    try:
        model = load_encounter(encounter)
        catalog = discover()
        report(catalog.warnings)
        problems = override_problems(model, catalog)
    except EncounterError as error:
        problems = error.problems
    if json:
        print_json({
            "file": source,
            "valid": not problems,
            "encounter": model.name if model else None,
            "hash": model.content_hash() if model else None,
            "problems": [{"field": field, "message": message} for field, message in problems],
        })
    elif not problems and model is not None:
        enemies = len(model.enemies())
        out.print(f"[green]ok[/] {source}: {model.name!r}, {len(model.party)} party members against {enemies} enemies",
                  highlight=False, soft_wrap=True)
    if problems:
        if not json:
            err.print(EncounterError(source, problems).args[0], markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT)
