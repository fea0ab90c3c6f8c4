"""``rulebench check NAME``: run the conformance kit against an installed ruleset; exit 0 or 1 with a report."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from rulebench.api.numbers import fixed
from rulebench.cli.options import Json
from rulebench.cli.render import out, print_json, report, styled
from rulebench.core.i18n import N_, _, ngettext

NAME = "check"
HELP = N_(
    "Certify a ruleset: descriptor, no `random`, fights played seven ways, no state outside the fight, "
    "exact vs sampled, carry and rest between fights, catalogs."
)

Seconds = Annotated[
    float, typer.Option("--seconds", help=N_("Each randomized check's time cap (a hung fight is cut off at 3x + 10 s)."), min=0.1)
]
Fights = Annotated[int, typer.Option("--fights", help=N_("How many generated encounters a fight check plays at most."), min=1)]
Seed = Annotated[int, typer.Option("--seed", help=N_("Seed of the generated encounters and their dice."))]


def command(
    name: Annotated[str, typer.Argument(help=N_("The ruleset to certify, as `rulebench rulesets` lists it."), show_default=False)],
    seconds: Seconds = 4.0,
    fights: Fights = 40,
    seed: Seed = 0,
    json: Json = False,
) -> None:
    """Run ``rulebench check``; :data:`HELP` says what it does."""
    from rulebench.core.discovery import discover
    from rulebench.testing.conformance import run

    catalog = discover()
    report(catalog.warnings)
    result = run(name, seconds=seconds, fights=fights, seed=seed, catalog=catalog)
    if json:
        print_json(result.to_dict(), texts=True)
    else:
        header = _("{ruleset} from {package}").format(ruleset=f"[bold]{escape(result.ruleset)}[/]", package=escape(result.package))
        out.print(header, highlight=False)
        for check in result.results:
            mark = styled("green", _("pass")) if check.passed else styled("bold red", _("FAIL"))
            took = fixed(check.seconds, 1)
            out.print(f"  {mark} {check.name} ({took} s): {escape(check.detail)}", highlight=False, soft_wrap=True)
        failed, total = sum(not c.passed for c in result.results), len(result.results)
        failures = ngettext("{failed} of {total} check failed", "{failed} of {total} checks failed", total)
        verdict = styled("green", _("certified")) if result.passed else \
            f"[bold red]{escape(failures.format(failed=failed, total=total))}[/]"
        out.print(verdict, highlight=False)
    if not result.passed:
        raise typer.Exit(1)
