"""``rulebench new-plugin``: scaffold an installable plugin package with a working ruleset and its tests."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rulebench.cli.options import Json
from rulebench.cli.render import out, print_json
from rulebench.cli.scaffold import scaffold
from rulebench.core.i18n import N_

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
    root, files = scaffold(name, dest)
    if json:
        print_json({"name": name, "path": str(root), "files": [str(f.relative_to(root)) for f in files]})
        return
    out.print(f"[green]created[/] {root}", highlight=False)
    for path in files:
        out.print(f"  {path.relative_to(root)}", highlight=False)
    out.print(f"next: pip install -e '{root}[test]' && python -m pytest {root} && rulebench rulesets", highlight=False)
