"""``rulebench plugins``: every plugin found (rulesets, modifiers, tactics)."""

from __future__ import annotations

from rulebench.cli.options import Json
from rulebench.cli.render import plugin_table, print_json, report
from rulebench.core.i18n import N_

NAME = "plugins"
HELP = N_(
    "List every plugin: rulesets, modifiers and tactics, with package, version and hooks "
    "(switched-off ones too)."
)


def command(json: Json = False) -> None:
    """Run ``rulebench plugins``; :data:`HELP` says what it does."""
    from rulebench.core.discovery import discover

    catalog = discover()
    report(catalog.warnings)
    records = sorted(catalog.records.values(), key=lambda r: (r.kind, r.name))
    if json:
        print_json([r.to_dict() for r in records])
    else:
        # The column appears when -p no:NAME or RULEBENCH_DISABLE_PLUGINS switched something off.
        disabled = ("disabled",) if any(r.disabled for r in records) else ()
        plugin_table("Plugins", records, ("name", "kind", "title", "package", "version", *disabled), detail="hooks")
