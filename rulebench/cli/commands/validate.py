"""``rulebench validate``: check an encounter file and report every problem with its field."""

from __future__ import annotations

import typer

from rulebench.cli.boundary import ExitCode
from rulebench.cli.options import EncounterArg, Json, Rulesets
from rulebench.cli.render import err, out, print_json, report
from rulebench.core.i18n import N_, _, format_integer, ngettext

NAME = "validate"
HELP = N_(
    "Check an encounter file (or a chain file) against every installed ruleset (or those named with -r); every "
    "problem is reported with its field, so that a file that passes is never refused by another command."
)


def command(encounter: EncounterArg, ruleset: Rulesets = None, json: Json = False) -> None:
    """Run ``rulebench validate``; :data:`HELP` says what it does."""
    from rulebench.api.chain_validate import is_chain_file
    from rulebench.api.inspect import validate

    if is_chain_file(encounter):
        from rulebench.cli.chain_validate import validate_chain_command

        validate_chain_command(encounter, ruleset, json)
        return
    result = validate(encounter, ruleset)
    report(result.warnings)
    if json:
        print_json(result.to_dict(), texts=True)
    error = result.error()
    if error is not None:
        if not json:
            err.print(str(error), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT)
    if not json and result.encounter is not None:
        model = result.encounter
        party, enemies = len(model.party), len(model.enemies())
        # TRANSLATORS: a valid file: "ok examples/wraith.toml: 'The wraith', 3 party members against 1 enemy".
        members = ngettext("{party} party member", "{party} party members", party).format(party=format_integer(party))
        foes = ngettext("{enemies} enemy", "{enemies} enemies", enemies).format(enemies=format_integer(enemies))
        text = _("ok {file}: {name}, {members} against {foes}").format(file=result.source, name=repr(model.name), members=members, foes=foes)
        out.print(text, markup=False, highlight=False, soft_wrap=True)
