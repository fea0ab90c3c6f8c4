"""``rulebench rulesets``: the rulesets found, with their package and version."""

from __future__ import annotations

from rulebench.cli.options import Json
from rulebench.cli.render import plugin_table, print_json, report
from rulebench.core.discovery import RULESET, discover

NAME = "rulesets"


def command(json: Json = False) -> None:
    """List rulesets: name, title, source package and version."""
    catalog = discover()
    report(catalog.warnings)
    records = sorted(catalog.of_kind(RULESET).values(), key=lambda r: r.name)
    if json:
        print_json([r.to_dict() for r in records])
    else:
        plugin_table("Rulesets", records, ("name", "title", "package", "version"), detail="source")
