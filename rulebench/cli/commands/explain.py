"""``rulebench explain TERM``: what a word in rulebench's output means, from the shipped glossary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from rulebench.cli.options import Json
from rulebench.cli.render import out, print_json, styled
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.api.glossary import Entry

NAME = "explain"
HELP = N_("Explain a word of rulebench's output: outcomes, end states, methods and each ruleset's terms.")

Term = Annotated[
    str | None,
    typer.Argument(help=N_("A term: an outcome (withdrawn), an end state (out), a method (sampling), a ruleset's "
                        "word (momentum, Schwung), a ruleset's name. Without it, every term is listed."), show_default=False),
]


def ruleset_entry(name: str) -> Entry | None:
    """A loaded ruleset, explained by its descriptor and its rules page; None for any other name."""
    from rulebench.api.glossary import Entry
    from rulebench.core.discovery import discover

    record = discover().rulesets().get(name.strip().lower())
    if record is None:
        return None
    page = f"docs/rules/{record.name}.md" if record.package == "rulebench" else ""
    text = _("A ruleset, {title}: {summary}").format(title=record.title, summary=record.summary)
    return Entry(record.name, text, (page,) if page else (), ())


def command(term: Term = None, json: Json = False) -> None:
    """Run ``rulebench explain``; :data:`HELP` says what it does."""
    from rulebench.api.glossary import explain, terms

    if term is None:
        if json:
            print_json(terms())
        else:
            out.print(_("Terms rulebench explains (rulebench explain TERM; German words work too):"), highlight=False)
            out.print(escape(", ".join(terms())), highlight=False)
        return
    try:
        entry = explain(term)
    except BadInput:
        entry = ruleset_entry(term) or explain(term)  # a ruleset's name explains the ruleset; else the error
    if json:
        print_json(entry.to_dict(), texts=True)
        return
    out.print(f"[bold]{escape(entry.term)}[/]", highlight=False)
    out.print(escape(entry.text), highlight=False)
    for page in entry.pages:
        out.print(styled("dim", _("rules: {page}").format(page=page)), highlight=False)
    if entry.related:
        out.print(styled("dim", _("see also: {terms}").format(terms=", ".join(entry.related))), highlight=False)
