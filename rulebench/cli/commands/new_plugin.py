"""``rulebench new-plugin``: scaffold an installable plugin package with a working ruleset and its tests."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from rulebench.cli.options import Json
from rulebench.cli.render import out, print_json, styled
from rulebench.core.i18n import N_, _

NAME = "new-plugin"
HELP = N_(
    "Scaffold an installable plugin package: pyproject entry point, a ruleset that runs, a "
    "conformance test."
)


def command(
    name: Annotated[str, typer.Argument(help=N_("The ruleset's name, e.g. 'skirmish'."), show_default=False)],
    dest: Annotated[Path, typer.Option("--dest", help=N_("Where to create the package folder."))] = Path(),
    json: Json = False,
) -> None:
    """Run ``rulebench new-plugin``; :data:`HELP` says what it does."""
    from rulebench.cli.scaffold import scaffold

    root, files = scaffold(name, dest)
    if json:
        print_json({"name": name, "path": str(root), "files": [str(f.relative_to(root)) for f in files]})
        return
    out.print(styled("green", _("created")) + " " + escape(str(root)), highlight=False)
    for path in files:
        out.print(f"  {escape(str(path.relative_to(root)))}", highlight=False)
    # One command a line, never wrapped inside: a reader copies each as it stands.
    out.print(escape(_("next:")), highlight=False)
    for step in (f"pip install -e '{root}[test]'", f"python -m pytest {root}", "rulebench rulesets"):
        out.print(f"  {escape(step)}", highlight=False, soft_wrap=True)
