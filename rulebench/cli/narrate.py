"""Narration of one fight: event texts grouped by round, styled by the kind of event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from rulebench.api.labels import end_state_name, outcome_name, side_name
from rulebench.api.narrated_fight import FightRecord
from rulebench.api.numbers import count_text
from rulebench.cli.render import data_table, styled
from rulebench.core.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from rulebench.api.odds import FightOdds

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
    """An event line whose wrapped lines hang under its first word, not at the left margin; an event
    ``told`` by another line (a roll whose die a ruleset's sentence gives) is left out."""
    if event.get("told"):
        return
    line = event_line(event)
    indent = len(line) - len(line.lstrip(" "))
    console.print(Padding(Text.from_markup(line.lstrip(" ")), (0, 0, 0, indent), expand=False), highlight=False)


def change_lines(record: FightRecord, number: int) -> list[str]:
    """Round ``number``'s changes of end state as rich markup, ``Priest: unhurt → out (bleeding)``,
    with their reason; several combatants changing alike at once share one line."""
    groups: list[tuple[tuple[Any, ...], list[str]]] = []
    for change in record.changes_in(number):
        key = (change.at_end, change.before.state, change.after.state, change.after.condition, change.reason)
        name = record.fight.combatants[change.index].name
        if groups and groups[-1][0] == key:
            groups[-1][1].append(name)
        else:
            groups.append((key, [name]))
    lines = []
    for (_at_end, before, after, condition, reason), names in groups:
        shown = f"[{_STATE_STYLES.get(after.value, '')}]{escape(end_state_name(after.value))}[/]"
        values = {"names": escape(name_list(names)), "before": escape(end_state_name(before.value)), "after": shown,
                  "condition": escape(condition), "reason": escape(reason)}
        # TRANSLATORS: a combatant's end state changes: "Priest: unhurt → out (bleeding)", then why.
        text = _("{names}: {before} → {after} ({condition}): {reason}") if reason else _("{names}: {before} → {after} ({condition})")
        lines.append(text.format(**values))
    return lines


def name_list(names: list[str]) -> str:
    """Names in words, numbered copies of one enemy run together: ``Warrior, Skeleton guard 1–4 and Priest``."""
    runs: list[tuple[str, list[int]]] = []
    for name in names:
        base, _space, number = name.rpartition(" ")
        if base and number.isdigit() and runs and runs[-1][0] == base and runs[-1][1][-1] == int(number) - 1:
            runs[-1][1].append(int(number))
        elif base and number.isdigit():
            runs.append((base, [int(number)]))
        else:
            runs.append((name, []))
    words = []
    for base, numbers in runs:
        if len(numbers) > 2:
            words.append(f"{base} {numbers[0]}–{numbers[-1]}")
        else:
            words += [f"{base} {n}" for n in numbers] or [base]
    if len(words) == 1:
        return words[0]
    # TRANSLATORS: the end of a list of names: "Warrior, Skeleton guard 1–4 and Priest".
    return _("{names} and {last}").format(names=", ".join(words[:-1]), last=words[-1])


def round_title(record: FightRecord, row: dict[str, Any]) -> str:
    """``Round 3: party 8 vs enemy 6``, or ``Exchange 12`` where the ruleset compares no totals."""
    word, number = record.config.ruleset.round_word, row["number"]
    if word == "round":
        title = pgettext("round title", "Round {number}").format(number=number)
    elif word == "exchange":
        title = pgettext("round title", "Exchange {number}").format(number=number)
    else:  # a third-party ruleset's own unit, as it names it
        title = f"{word.capitalize()} {number}"
    if "party_total" in row:
        # TRANSLATORS: a round's title with both sides' totals: "Round 3: party 8 vs enemy 6".
        title = _("{title}: party {party} vs enemy {enemy}").format(title=title, party=row["party_total"], enemy=row["enemy_total"])
    return title


def ending_line(record: FightRecord) -> str:
    """The last line of every narration: the outcome, the fight's length and why it ended."""
    result = record.result
    length = count_text(result.rounds, record.config.ruleset.round_word, after=True)
    outcome = escape(outcome_name(result.outcome.value))
    line = _("{outcome} after {length}: {ending}").format(outcome=outcome, length=length, ending=escape(record.ending()))
    return styled("bold", _("Outcome:")) + f" {line} [dim](rulebench explain {result.outcome.value})[/]"


def header_line(record: FightRecord) -> str:
    """The first line: encounter, ruleset and how the dice were rolled."""
    if record.script is not None and record.seed is not None:
        how = _("scripted dice, then seed {seed}").format(seed=record.seed)
    else:
        how = _("seed {seed}").format(seed=record.seed) if record.seed is not None else _("scripted dice")
    encounter, ruleset = escape(record.config.encounter.name), escape(record.config.ruleset.title)
    return _("{encounter} under {ruleset} ({how})").format(
        encounter=f"[bold]{encounter}[/]", ruleset=f"[bold]{ruleset}[/]", how=escape(how))


def circumstances(record: FightRecord) -> list[str]:
    """The encounter's circumstances a reader should know before round 1 (surprise, an ambush, a
    voluntary fight), each with the glossary entry that says what it does under each ruleset."""
    encounter = record.config.encounter
    lines = []
    if encounter.ambush_from_behind:
        lines.append(_("The enemy strikes from behind: the party's damage order is reversed (rulebench explain ambush)."))
    if encounter.surprise == "party":
        lines.append(_("The party has surprise (rulebench explain surprise: what it does under each ruleset)."))
    elif encounter.surprise == "enemy":
        lines.append(_("The enemy has surprise (rulebench explain surprise: what it does under each ruleset)."))
    if not encounter.forced:
        lines.append(_("A voluntary fight: the party could have declined it (rulebench explain forced fight)."))
    return lines


def narrate(record: FightRecord, console: Console, brief: bool = False, odds: FightOdds | None = None) -> None:
    """Print the whole fight: setup, each round with its events, every change of a combatant's end
    state, the outcome with why the fight ended, and every fate. ``brief`` prints one line per round;
    ``odds`` adds the chance from here after every round and the turning point."""
    if brief:
        narrate_brief(record, console, odds)
        return
    console.print(header_line(record), highlight=False)
    for line in circumstances(record):
        console.print(f"  [italic]{escape(line)}[/]", highlight=False)
    for event in record.setup_events():
        _print_event(console, event)
    if odds is not None:
        _print_odds(console, odds, 0)
    for row in record.rounds():
        console.print(Rule(round_title(record, row), align="left", style="dim"))
        for event in row["events"]:
            _print_event(console, event)
        for line in change_lines(record, row["number"]):
            console.print(Padding(Text.from_markup("⇒ " + line), (0, 0, 0, 2), expand=False), highlight=False)
        if odds is not None:
            _print_odds(console, odds, row["number"])
    console.print()
    console.print(ending_line(record), highlight=False)
    if odds is not None:
        _print_turning_point(console, record, odds)
    console.print(fates_table(record))


def _print_odds(console: Console, odds: FightOdds, number: int, brief: bool = False) -> None:
    from rulebench.cli.odds_render import odds_line

    console.print(Padding(Text.from_markup(odds_line(odds, number, brief)), (0, 0, 0, 0 if brief else 2), expand=False),
                  highlight=False)


def _print_turning_point(console: Console, record: FightRecord, odds: FightOdds) -> None:
    from rulebench.cli.odds_render import methods_line, turning_line

    turning = odds.turning_point()
    if turning is not None:
        console.print(turning_line(turning, round_title(record, {"number": turning.number})), highlight=False)
    console.print(f"[dim]{escape(methods_line(odds))}[/]", highlight=False)


def brief_summary(record: FightRecord, row: dict[str, Any]) -> str:
    """A round in a few words: who hit whom (or how many hits, or the wounds where the ruleset
    reports no hits), every decision that changed or ended the fight (with who took it), or a
    flight no decision told (the rules forced it), then each change of end state."""
    parts = []
    # Hits where the ruleset reports them, else wounds and conditions (talisman's lost lives and deaths).
    for kinds in (("hit",), ("wound", "condition")):
        events = [e for e in row["events"] if e.get("kind") in kinds]
        if events:
            texts = [escape(str(e.get("text", e.get("kind"))).rstrip(".")) for e in events]
            n = len(texts)
            counted = ngettext("{n} hit", "{n} hits", n) if kinds == ("hit",) else ngettext("{n} wound", "{n} wounds", n)
            parts += texts if n <= 2 else [counted.format(n=n)]
            break
    else:
        if "party_total" not in row:
            parts.append(styled("dim", _("nobody hurt")))
    decisions = [e for e in row["events"] if e.get("kind") == "decision"]
    told = decisions or [e for e in row["events"] if e.get("kind") == "flight"][:1]
    parts += [escape(str(e.get("text", e.get("kind"))).rstrip(".")) for e in told]
    parts += change_lines(record, row["number"])
    return "; ".join(parts)


def narrate_brief(record: FightRecord, console: Console, odds: FightOdds | None = None) -> None:
    """One line per round (or exchange) for projecting: its totals, its hits and every change of end
    state (and with ``odds`` the party's chance from here after it); then why the fight ended and every fate."""
    console.print(header_line(record), highlight=False)
    for line in circumstances(record):
        console.print(f"[italic]{escape(line)}[/]", highlight=False)
    if odds is not None:
        _print_odds(console, odds, 0, brief=True)
    for row in record.rounds():
        summary = brief_summary(record, row)
        line = f"[bold]{round_title(record, row)}[/]" + (f"  {summary}" if summary else "")
        if odds is not None:
            from rulebench.cli.odds_render import odds_line

            line += "  · " + odds_line(odds, row["number"], brief=True)
        console.print(line, highlight=False)
    console.print()
    console.print(ending_line(record), highlight=False)
    if odds is not None:
        _print_turning_point(console, record, odds)
    console.print(fates_table(record))


def fates_table(record: FightRecord) -> Table:
    """Every combatant's end state and its ruleset condition."""
    table = data_table()
    for column in (_("side"), _("name"), _("end state"), _("condition")):
        table.add_column(column)
    for combatant, fate in zip(record.fight.combatants, record.result.fates):
        style = _STATE_STYLES.get(fate.state.value, "")
        state = escape(end_state_name(fate.state.value))
        table.add_row(side_name(combatant.side), escape(combatant.name), f"[{style}]{state}[/]", escape(fate.condition))
    return table
