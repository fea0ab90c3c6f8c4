"""``rulebench dice``: a dice expression's exact distribution, and how it fares against another."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from rulebench.api.numbers import shortest
from rulebench.cli.options import Fractions, Json
from rulebench.cli.render import bar, out, print_json, probability
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.core.dice import Dice

NAME = "dice"
HELP = N_("Show the exact distribution of a dice expression; with --vs, the chances of beating another.")

Expression = Annotated[str, typer.Argument(help=N_("Dice notation, e.g. 4d6+8 or 2d6-1d4."), show_default=False)]
Versus = Annotated[str | None, typer.Option("--vs", help=N_("Another expression: P(a > b), P(a = b), P(a < b)."))]


def parse(text: str, option: str) -> Dice:
    """Dice notation, or bad input that names the option."""
    from rulebench.core.dice import Dice, DiceError

    try:
        return Dice.parse(text)
    except DiceError as error:
        raise BadInput(f"{option}: {error}") from None  # the error is the dice parser's, in its words


def command(expression: Expression, vs: Versus = None, fractions: Fractions = False, json: Json = False) -> None:
    """Run ``rulebench dice``; :data:`HELP` says what it does."""
    from rulebench.core.dice import compare

    dice = parse(expression, "EXPR")
    other = parse(vs, "--vs") if vs is not None else None
    distribution = dice.probabilities()
    versus = dict(zip(("greater", "equal", "less"), compare(dice, other))) if other is not None else None

    def num(p: Fraction) -> Any:
        return f"{p.numerator}/{p.denominator}" if fractions else float(p)

    if json:
        document: dict[str, Any] = {
            "expression": str(dice),
            "distribution": {str(k): num(p) for k, p in distribution.items()},
            "mean": dice.mean,
        }
        if versus is not None:
            document["vs"] = {k: num(p) for k, p in versus.items()}
        print_json(document)
        return
    top = max(distribution.values())
    mean = shortest(dice.mean)
    table = Table(title=_("{dice}: mean {mean}").format(dice=dice, mean=mean))
    for column in (_("total"), _("probability"), _("at least"), ""):
        table.add_column(column, justify="right" if column != "" else "left")
    remaining = Fraction(1)
    for total, p in distribution.items():
        table.add_row(str(total), probability(p, fractions), probability(remaining, fractions), f"[green]{bar(p / top, 30)}[/]")
        remaining -= p
    out.print(table)
    if versus is not None:
        chances = ", ".join(
            f"{word} {probability(versus[key], fractions)}" for key, word in (("greater", "a > b"), ("equal", "a = b"), ("less", "a < b"))
        )
        out.print(_("{dice} against {other}: {chances}").format(dice=dice, other=other, chances=chances), highlight=False)
