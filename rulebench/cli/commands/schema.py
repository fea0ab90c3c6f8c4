"""``rulebench schema``: the JSON Schema of the encounter format, for editors."""

from __future__ import annotations

from rulebench.cli.options import Json
from rulebench.cli.render import print_json
from rulebench.core.encounter import encounter_schema

NAME = "schema"


def command(json: Json = False) -> None:
    """Print the JSON Schema of the encounter format (always JSON; --json is accepted like everywhere)."""
    del json  # the schema is JSON either way
    print_json(encounter_schema())
