"""``rulebench show``: the encounter, and each combatant's stat block as each ruleset derives it."""

from __future__ import annotations

from typing import Any

from rich.markup import escape
from rich.table import Table

from rulebench.analysis import jsonable, ruleset_names
from rulebench.cli.options import EncounterArg, Json, Plugins, Rulesets, Tactics
from rulebench.cli.render import out, print_json, report
from rulebench.core.dice import RandomRoller
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.kernel import configure
from rulebench.core.plugins import Catalog, discover

NAME = "show"

_NEUTRAL = ("melee", "ranged", "armour", "weapon", "body", "speed", "mind", "life", "count", "traits", "skills")


def stat_blocks(encounter: Encounter, ruleset: str, catalog: Catalog, plugins: tuple[str, ...], tactics: str | None) -> dict[str, Any]:
    """One ruleset's derived stats: set a fight up (no die is rolled) and read its stat blocks."""
    fight = configure(encounter, ruleset, catalog=catalog, plugins=plugins, tactics=tactics).new_fight(RandomRoller(0))
    return jsonable({
        "ruleset": ruleset,
        "combatants": [{"name": c.name, "side": c.side, "engaged": c.engaged, "stats": c.stats} for c in fight.combatants],
        "sides": {side.name: side.stats for side in (fight.party, fight.enemy) if side.stats},
    })


def _encounter_table(encounter: Encounter) -> Table:
    table = Table(title=escape(encounter.name), caption=f"surprise {encounter.effective_surprise()}, mode {encounter.mode}")
    table.add_column("side")
    table.add_column("name")
    for column in _NEUTRAL:
        table.add_column(column)
    for side, members in (("party", encounter.party), ("enemy", encounter.enemy.members)):
        for m in members:
            values = [getattr(m, c) for c in _NEUTRAL]
            table.add_row(side, escape(m.name), *(escape(", ".join(v) if isinstance(v, tuple) else str(v)) for v in values))
    return table


def _stats_table(block: dict[str, Any]) -> Table:
    names = list(dict.fromkeys(k for c in block["combatants"] for k in c["stats"]))
    table = Table(title=f"{block['ruleset']}: derived stat blocks")
    for column in ("side", "name", *names):
        table.add_column(escape(column))
    for c in block["combatants"]:
        name = c["name"] if c["engaged"] else f"{c['name']} (not engaged)"
        table.add_row(c["side"], escape(name), *(escape(str(c["stats"].get(k, ""))) for k in names))
    for side, stats in block["sides"].items():
        table.add_row(side, "[italic]whole side[/]", *(escape(str(stats.get(k, ""))) for k in names))
    return table


def command(
    encounter: EncounterArg,
    ruleset: Rulesets = None,
    json: Json = False,
    tactics: Tactics = None,
    plugin: Plugins = None,
) -> None:
    """Show the encounter and each combatant's derived stat block (every loaded ruleset when none is named)."""
    model = load_encounter(encounter)
    catalog = discover()
    report(catalog.warnings)
    blocks = [stat_blocks(model, name, catalog, tuple(plugin or ()), tactics) for name in ruleset_names(catalog, ruleset)]
    if json:
        print_json({"encounter": model.model_dump(mode="json"), "hash": model.content_hash(), "file": str(encounter),
                    "rulesets": blocks})
        return
    out.print(_encounter_table(model))
    for block in blocks:
        out.print(_stats_table(block))
