"""``rulebench rulesets``: the rulesets found, with their package and version."""

from __future__ import annotations

from rulebench.cli.options import Json
from rulebench.cli.render import plugin_table, print_json, report
from rulebench.core.i18n import N_

NAME = "rulesets"
HELP = N_("List rulesets: name, title, source package and version (switched-off ones too).")


def command(json: Json = False) -> None:
    """Run ``rulebench rulesets``; :data:`HELP` says what it does."""
    from rulebench.core.discovery import RULESET, discover

    catalog = discover()
    report(catalog.warnings)
    records = sorted((r for r in catalog.records.values() if r.kind == RULESET), key=lambda r: r.name)
    if json:
        print_json([r.to_dict() for r in records])
    else:
        disabled = ("disabled",) if any(r.disabled for r in records) else ()
        plugin_table("Rulesets", records, ("name", "title", "package", "version", *disabled), detail="source")
