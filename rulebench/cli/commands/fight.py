"""``rulebench fight``: one fight, narrated round by round."""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.cli.options import EncounterArg, Json, Plugins, Ruleset, Seed, Tactics
from rulebench.cli.plugin_options import Check, check_rulesets
from rulebench.cli.render import out, print_json, report, warn
from rulebench.core.i18n import N_, _

NAME = "fight"
HELP = N_("Play one fight and narrate it round by round: every roll, modifier, total, damage and wound.")

Dice = Annotated[
    str | None,
    typer.Option("--dice", help=N_("Die results in the order the ruleset asks for them, e.g. 4,6,2,3."), metavar="4,6,2,..."),
]

Brief = Annotated[bool, typer.Option("--brief", help=N_("One line per round (or exchange), for projecting."))]


def command(
    encounter: EncounterArg,
    ruleset: Ruleset,
    seed: Seed = None,
    dice: Dice = None,
    tactics: Tactics = None,
    plugin: Plugins = None,
    brief: Brief = False,
    check: Check = False,
    json: Json = False,
) -> None:
    """Run ``rulebench fight``; :data:`HELP` says what it does."""
    from rulebench.analysis.notes import unasked_note
    from rulebench.api.narrated_fight import fight
    from rulebench.cli.narrate import narrate

    if check:
        check_rulesets(encounter, [ruleset])
    record = fight(encounter, ruleset, seed=seed, dice=dice, plugins=tuple(plugin or ()), tactics=tactics)
    report(record.warnings, [unasked_note(plugin, ", ".join(purposes), ruleset) for plugin, purposes in record.config.unasked])
    if record.unused_dice:
        first = record.dice_used + 1
        values = ",".join(map(str, record.unused_dice))
        text = _("--dice: {unused} value(s) unused at the end, from position {first}: {values}")
        warn(text.format(unused=len(record.unused_dice), first=first, values=values))
    if json:
        print_json(record.to_dict(), texts=True)
    else:
        narrate(record, out, brief)

