"""``rulebench probe``: the Ambermarch 2d6 test, each tier's exact probability."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Annotated, cast

import typer
from rich.table import Table

from rulebench.api.labels import method_name
from rulebench.cli.options import Fractions, Json
from rulebench.cli.render import bar, out, print_json, probability
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _, pgettext

NAME = "probe"
HELP = N_(
    "The Ambermarch 2d6 test: each tier's exact probability (triumph, success, partial, failure, "
    "doom)."
)

Modifiers = Annotated[
    list[int] | None,
    typer.Option("--modifier", "-m", help=N_("A signed modifier; repeat for several (--modifier=-1)."), show_default=False),
]


def probe_function() -> Callable[..., dict[str, Fraction]]:
    """Ambermarch's ``probe_tiers``, found like any plugin: the CLI imports no ruleset by name."""
    from rulebench.core.discovery import discover

    record = discover().rulesets().get("ambermarch")
    tiers = getattr(record.plugin, "probe_tiers", None) if record is not None else None
    if not callable(tiers):
        raise BadInput(_("probe needs the ambermarch ruleset (and its probe_tiers), which is not installed"))
    return cast("Callable[..., dict[str, Fraction]]", tiers)


def tier_name(tier: str) -> str:
    """A probe tier as displayed (the JSON keeps the English word)."""
    names = {"triumph": pgettext("probe tier", "triumph"), "success": pgettext("probe tier", "success"),
             "partial": pgettext("probe tier", "partial"), "failure": pgettext("probe tier", "failure"),
             "doom": pgettext("probe tier", "doom")}
    return names.get(tier, tier)


def command(
    attribute: Annotated[int, typer.Argument(help=N_("The attribute tested."), show_default=False)],
    target: Annotated[int, typer.Argument(help=N_("The target number."), show_default=False)],
    modifier: Modifiers = None,
    fractions: Fractions = False,
    json: Json = False,
) -> None:
    """Run ``rulebench probe``; :data:`HELP` says what it does."""
    modifiers = list(modifier or ())
    tiers = probe_function()(attribute, target, modifiers)
    if json:
        shown = {tier: (f"{p.numerator}/{p.denominator}" if fractions else float(p)) for tier, p in tiers.items()}
        print_json({"attribute": attribute, "target": target, "modifiers": modifiers, "tiers": shown})
        return
    signed = " ".join(f"{m:+d}" for m in modifiers)
    roll = f"2d6 + {attribute}{' ' + signed if signed else ''}"
    table = Table(title=_("{roll} against {target}").format(roll=roll, target=target))
    for column in (_("tier"), _("probability"), method_name("exact"), ""):
        table.add_column(column)
    for tier, p in tiers.items():
        table.add_row(tier_name(tier), probability(p), f"{p.numerator}/{p.denominator}", f"[green]{bar(p)}[/]")
    out.print(table)
