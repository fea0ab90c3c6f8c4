"""Narration of one fight: event texts grouped by round, styled by the kind of event."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rulebench.api.narrated_fight import FightRecord
from rulebench.cli.render import data_table

STYLES: dict[str, str] = {
    "roll": "cyan",
    "modifier": "yellow",
    "stance": "italic",
    "decision": "italic",
    "total": "bold",
    "totals": "bold",
    "hit": "green",
    "miss": "dim",
    "damage": "red",
    "absorbed": "blue",
    "wound": "bold magenta",
    "condition": "bold magenta",
    "flight": "bold yellow",
    "outcome": "bold reverse",
    "note": "dim italic",
}
"""Event kinds of docs/writing-a-ruleset.md; a kind not listed is printed plain."""

_INDENT = {"roll": "    ", "modifier": "    "}  # rolls and modifiers detail the line that follows them
_STATE_STYLES = {"unhurt": "green", "hurt": "yellow", "out": "magenta", "dead": "red"}


def event_line(event: dict[str, Any]) -> str:
    """One event as rich markup: its text in its kind's style."""
    kind = str(event.get("kind", ""))
    text = escape(str(event.get("text", kind)))
    style = STYLES.get(kind)
    return f"{_INDENT.get(kind, '  ')}[{style}]{text}[/]" if style else f"{_INDENT.get(kind, '  ')}{text}"


def _print_event(console: Console, event: dict[str, Any]) -> None:
    """An event line whose wrapped lines hang under its first word, not at the left margin."""
    line = event_line(event)
    indent = len(line) - len(line.lstrip(" "))
    console.print(Padding(Text.from_markup(line.lstrip(" ")), (0, 0, 0, indent), expand=False), highlight=False)


def narrate(record: FightRecord, console: Console) -> None:
    """Print the whole fight: setup, each round with its events and totals, the outcome and every fate."""
    info = record.config.ruleset
    how = f"seed {record.seed}" if record.seed is not None else "scripted dice"
    console.print(f"[bold]{escape(record.config.encounter.name)}[/] under [bold]{escape(info.title)}[/] ({how})",
                  highlight=False)
    for event in record.setup_events():
        _print_event(console, event)
    for row in record.rounds():
        title = f"{info.round_word.capitalize()} {row['number']}"
        if "party_total" in row:
            title += f": party {row['party_total']} vs enemy {row['enemy_total']}"
        console.print(Rule(title, align="left", style="dim"))
        for event in row["events"]:
            _print_event(console, event)
    rounds = record.result.rounds
    length = f"{rounds} {info.round_word}" + ("" if rounds == 1 else "s")
    console.print(f"\n[bold]Outcome:[/] {record.result.outcome.value} after {length}",
                  highlight=False)
    console.print(fates_table(record))


def fates_table(record: FightRecord) -> Table:
    """Every combatant's end state and its ruleset condition."""
    table = data_table()
    for column in ("side", "name", "end state", "condition"):
        table.add_column(column)
    for combatant, fate in zip(record.fight.combatants, record.result.fates):
        style = _STATE_STYLES.get(fate.state.value, "")
        table.add_row(combatant.side, escape(combatant.name), f"[{style}]{fate.state.value}[/]", escape(fate.condition))
    return table
