"""``rulebench schema``: the JSON Schema of the encounter format, for editors."""

from __future__ import annotations

from rulebench.cli.options import Json
from rulebench.cli.render import print_json
from rulebench.core.i18n import N_

NAME = "schema"
HELP = N_(
    "Print the JSON Schema of the encounter format (always JSON; --json is accepted like "
    "everywhere)."
)


def command(json: Json = False) -> None:
    """Run ``rulebench schema``; :data:`HELP` says what it does."""
    from rulebench.core.encounter import encounter_schema

    del json  # the schema is JSON either way
    print_json(encounter_schema())
