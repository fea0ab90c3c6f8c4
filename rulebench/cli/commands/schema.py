"""``rulebench schema``: the JSON Schema of the encounter format (or the chain format), for editors."""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.cli.options import Json
from rulebench.cli.render import print_json
from rulebench.core.i18n import N_

NAME = "schema"
HELP = N_(
    "Print the JSON Schema of the encounter format (always JSON; --json is accepted like "
    "everywhere)."
)

Chain = Annotated[bool, typer.Option("--chain", help=N_("The schema of a chain file (docs/chains.md) instead."))]


def command(chain: Chain = False, json: Json = False) -> None:
    """Run ``rulebench schema``; :data:`HELP` says what it does."""
    del json  # the schema is JSON either way
    if chain:
        from rulebench.core.chain_file import chain_schema

        print_json(chain_schema())
        return
    from rulebench.core.encounter import encounter_schema

    print_json(encounter_schema())
