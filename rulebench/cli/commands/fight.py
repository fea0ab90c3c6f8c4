"""``rulebench fight``: one fight, narrated round by round."""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import Dpi, EncounterArg, Json, Plot, Plugins, Ruleset, Seed, Tactics
from rulebench.cli.plugin_options import Check, check_rulesets
from rulebench.cli.render import note, out, print_json, report, warn
from rulebench.core.i18n import N_, _

NAME = "fight"
HELP = N_("Play one fight and narrate it round by round: every roll, modifier, total, damage and wound.")

Dice = Annotated[
    str | None,
    typer.Option("--dice", help=N_("Die results in the order the ruleset asks for them, e.g. 4,6,2,3."), metavar="4,6,2,..."),
]

Brief = Annotated[bool, typer.Option("--brief", help=N_("One line per round (or exchange), for projecting."))]

Odds = Annotated[
    bool,
    typer.Option("--odds", help=N_("After every round (or exchange), each outcome's chance from here, from the fight's own "
                 "state: exact where it fits, else sampled; and the turning point.")),
]


def command(
    encounter: EncounterArg,
    ruleset: Ruleset,
    seed: Seed = None,
    dice: Dice = None,
    tactics: Tactics = None,
    plugin: Plugins = None,
    brief: Brief = False,
    odds: Odds = False,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    check: Check = False,
    json: Json = False,
) -> None:
    """Run ``rulebench fight``; :data:`HELP` says what it does. ``--plot`` draws the odds line
    (it implies ``--odds``)."""
    from rulebench.analysis.notes import unasked_note
    from rulebench.api.narrated_fight import fight
    from rulebench.cli.narrate import narrate

    if check:
        check_rulesets(encounter, [ruleset])
    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)  # before the fight, not after it
    record = fight(encounter, ruleset, seed=seed, dice=dice, plugins=tuple(plugin or ()), tactics=tactics)
    report(record.warnings, [unasked_note(plugin, ", ".join(purposes), ruleset) for plugin, purposes in record.config.unasked])
    if record.unused_dice:
        first = record.dice_used + 1
        values = ",".join(map(str, record.unused_dice))
        text = _("--dice: {unused} value(s) unused at the end, from position {first}: {values}")
        warn(text.format(unused=len(record.unused_dice), first=first, values=values))
    chances = None
    if odds or plot is not None:
        from rulebench.api.odds import fight_odds
        from rulebench.cli.progress import progress_bar

        with progress_bar() as progress:
            chances = fight_odds(record, progress=progress)
    if plot is not None and chances is not None:
        from rulebench.api.odds_plot import plot_odds

        plot_odds(chances, plot, dpi)
        note(_("wrote the plot to {file}").format(file=plot))
    if json:
        document = record.to_dict()
        if chances is not None:
            document |= chances.to_dict()
        print_json(document, texts=True)
    else:
        narrate(record, out, brief, chances)

