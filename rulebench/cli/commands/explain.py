"""``rulebench explain TERM``: what a word in rulebench's output means, from the shipped glossary."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape

from rulebench.api.glossary import explain, terms
from rulebench.cli.options import Json
from rulebench.cli.render import out, print_json

NAME = "explain"

Term = Annotated[
    str | None,
    typer.Argument(help="A term: an outcome (withdrawn), an end state (out), a method (sampling), a ruleset's "
                        "word (momentum, Schwung). Without it, every term is listed.", show_default=False),
]


def command(term: Term = None, json: Json = False) -> None:
    """Explain a word of rulebench's output: outcomes, end states, methods and each ruleset's terms."""
    if term is None:
        if json:
            print_json(terms())
        else:
            out.print("Terms rulebench explains (rulebench explain TERM; German words work too):", highlight=False)
            out.print(escape(", ".join(terms())), highlight=False)
        return
    entry = explain(term)
    if json:
        print_json(entry.to_dict())
        return
    out.print(f"[bold]{escape(entry.term)}[/]", highlight=False)
    out.print(escape(entry.text), highlight=False)
    for page in entry.pages:
        out.print(f"[dim]rules: {escape(page)}[/]", highlight=False)
    if entry.related:
        out.print(f"[dim]see also: {escape(', '.join(entry.related))}[/]", highlight=False)
