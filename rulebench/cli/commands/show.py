"""``rulebench show``: the encounter, and each combatant's stat block as each ruleset derives it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table

from rulebench.api.labels import FIELDS, side_name
from rulebench.cli.options import EncounterArg, Json, Plugins, Rulesets, Tactics
from rulebench.cli.render import data_table, note, out, print_json, report, stat_text, styled
from rulebench.core.i18n import N_, _, pgettext

if TYPE_CHECKING:
    from rulebench.core.encounter import Encounter

NAME = "show"
HELP = N_(
    "Show the encounter and each combatant's derived stat block (every loaded ruleset when none is "
    "named)."
)

_NEUTRAL_NUMBERS = tuple(FIELDS)
"""The neutral stats shown as columns; count, traits and skills go with the name."""


def _name_cell(name: str, details: list[str]) -> str:
    """A name, with its details (traits, skills, "not engaged") dim on a second line."""
    return escape(name) + (f"\n[dim]{escape('; '.join(details))}[/]" if details else "")


def _encounter_table(encounter: Encounter) -> Table:
    """The neutral stats, one row per entry: its count after the name, its traits and skills under it."""
    surprise = {"none": pgettext("surprise", "none"), "party": pgettext("surprise", "party"),
                "enemy": pgettext("surprise", "enemy")}.get(encounter.effective_surprise(), encounter.effective_surprise())
    mode = {"melee": pgettext("fight mode", "melee"), "ranged": pgettext("fight mode", "ranged"),
            "mixed": pgettext("fight mode", "mixed")}.get(encounter.mode, encounter.mode)
    caption = _("surprise {surprise}, mode {mode}").format(surprise=surprise, mode=mode)
    table = data_table(escape(encounter.name), caption)
    table.add_column(_("side"))
    table.add_column(_("name"))
    for column in _NEUTRAL_NUMBERS:
        table.add_column(_(FIELDS[column]), justify="right", no_wrap=True)
    for side, members in (("party", encounter.party), ("enemy", encounter.enemy.members)):
        if side == "enemy":
            table.add_section()
        for i, m in enumerate(members):
            name = m.name if m.count == 1 else f"{m.name} ×{m.count}"
            details = [", ".join(v) for v in (m.traits, m.skills) if v]
            table.add_row(side_name(side) if i == 0 else "", _name_cell(name, details), *(_neutral(getattr(m, c)) for c in _NEUTRAL_NUMBERS))
    return table


def _neutral(value: Any) -> str:
    return "[dim]·[/]" if value is None else escape(str(value))


def _runs(combatants: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Consecutive combatants of one side with the same stat block, each run labelled by its names:
    "Skeleton guard 1–4" for numbered copies, else the names joined."""
    runs: list[list[dict[str, Any]]] = []
    for c in combatants:
        last = runs[-1][-1] if runs else None
        if last and (last["side"], last["engaged"], last["stats"]) == (c["side"], c["engaged"], c["stats"]):
            runs[-1].append(c)
        else:
            runs.append([c])
    labelled = []
    for run in runs:
        names = [c["name"] for c in run]
        numbered = [m for m in (re.fullmatch(r"(.*) (\d+)", n) for n in names) if m]
        if len(run) > 1 and len(numbered) == len(run) and len({m.group(1) for m in numbered}) == 1:
            label = f"{numbered[0].group(1)} {numbered[0].group(2)}–{numbered[-1].group(2)}"
        else:
            label = ", ".join(names)
        labelled.append((label, run))
    return labelled


def _stats_table(block: dict[str, Any]) -> Table:
    """One ruleset's derived stat blocks, only the stats it derives; identical numbered copies share
    a row. A row per combatant when that fits the terminal, else a row per stat (a column per
    combatant), so that no stat name or value is cut. A stat a combatant lacks shows as a dim dot."""
    names = list(dict.fromkeys(k for c in block["combatants"] for k in c["stats"]))
    runs = _runs(block["combatants"])
    tables = [_combatant_rows(block["ruleset"], names, runs), _stat_rows(block["ruleset"], names, runs)]
    return _fitting(tables)


def _fitting(tables: list[Table]) -> Table:
    """The first table that fits the terminal at its natural width, else the one that wraps least."""
    unbounded = out.options.update_width(10_000)  # a measurement is capped at the width it is given
    sizes = [out.measure(t, options=unbounded) for t in tables]
    for table, size in zip(tables, sizes):
        if size.maximum <= out.width:
            return table
    return min(zip(tables, sizes), key=lambda pair: pair[1].minimum)[0]


def _cell(stats: dict[str, Any], key: str) -> str:
    return escape(stat_text(stats[key])) if key in stats else "[dim]·[/]"


def _combatant_rows(ruleset: str, names: list[str], runs: list[tuple[str, list[dict[str, Any]]]]) -> Table:
    table = data_table(_("{ruleset}: derived stat blocks").format(ruleset=escape(ruleset)))
    table.add_column(_("side"))
    table.add_column(_("name"))
    for column in names:  # a stat's name is never cut: the combatants' names wrap instead
        table.add_column(escape(column), justify="right", no_wrap=True)
    side = None
    for label, run in runs:
        first = run[0]
        if side is not None and first["side"] != side:
            table.add_section()
        shown_side = side_name(first["side"]) if first["side"] != side else ""
        side = first["side"]
        details = [] if first["engaged"] else [_("not engaged")]
        table.add_row(escape(shown_side), _name_cell(label, details), *(_cell(first["stats"], k) for k in names))
    return table


def _stat_rows(ruleset: str, names: list[str], runs: list[tuple[str, list[dict[str, Any]]]]) -> Table:
    table = data_table(_("{ruleset}: derived stat blocks").format(ruleset=escape(ruleset)))
    table.add_column("", no_wrap=True)
    for label, _run in runs:  # only names of several words can wrap, and only they give way
        table.add_column(escape(label), justify="right", no_wrap=" " not in label)
    not_engaged = "\n" + styled("dim", _("not engaged"))
    table.add_row(_("side"), *(escape(side_name(run[0]["side"])) + ("" if run[0]["engaged"] else not_engaged) for _label, run in runs))
    table.add_section()
    for key in names:
        table.add_row(escape(key), *(_cell(run[0]["stats"], key) for _label, run in runs))
    return table


def _sides_table(block: dict[str, Any]) -> Table | None:
    """The group stat block of each side that has one (the side fights as one: a pool, a total)."""
    if not block["sides"]:
        return None
    table = data_table()
    table.add_column(_("side"))
    table.add_column(_("group stat block (the side as a whole)"))
    for side, stats in block["sides"].items():
        table.add_row(escape(side_name(side)), escape("  ".join(f"{k}={stat_text(v)}" for k, v in stats.items())))
    return table


def command(
    encounter: EncounterArg,
    ruleset: Rulesets = None,
    json: Json = False,
    tactics: Tactics = None,
    plugin: Plugins = None,
) -> None:
    """Run ``rulebench show``; :data:`HELP` says what it does."""
    from rulebench.api.inspect import show

    inspection = show(encounter, ruleset, plugins=tuple(plugin or ()), tactics=tactics)
    report(inspection.warnings)
    if json:
        print_json(inspection.to_dict(), texts=True)
        return
    model, blocks = inspection.encounter, inspection.rulesets
    out.print(_encounter_table(model))
    for block in blocks:
        out.print()
        out.print(_stats_table(block))
        sides = _sides_table(block)
        if sides is not None:
            out.print()
            out.print(sides)
        if block["purposes"] is not None:
            asked = ", ".join(block["purposes"]) or _("none")
            out.print(styled("dim", escape(_("{ruleset} asks modifiers for: {purposes}").format(ruleset=block["ruleset"], purposes=asked))))
    _note_unasked(blocks)


def _note_unasked(blocks: list[dict[str, Any]]) -> None:
    """One note per ``--plugin`` (and the purposes it offers) naming every ruleset that never asks them."""
    from rulebench.analysis.notes import unasked_note

    unasked: dict[tuple[str, str], list[str]] = {}
    for block in blocks:
        for plugin, purposes in block["unasked"].items():
            unasked.setdefault((plugin, ", ".join(purposes)), []).append(block["ruleset"])
    for (plugin, purposes), rulesets in unasked.items():
        note(unasked_note(plugin, purposes, ", ".join(rulesets)))
