"""``rulebench balance``: where party_wins crosses a target as one number of the encounter changes."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from rulebench.analysis.sweeps import Balance, balance
from rulebench.cli.options import (
    EncounterArg,
    Exact,
    Fights,
    Json,
    MaxStates,
    Plugins,
    Precision,
    Rulesets,
    Seed,
    Tactics,
    Vary,
    Workers,
    analysis_options,
)
from rulebench.cli.progress import progress_bar
from rulebench.cli.render import data_table, interval, out, percent, print_json, report

NAME = "balance"

Target = Annotated[float, typer.Option("--target", help="The party_wins probability to find, e.g. 0.5.", show_default=False)]


def balance_table(result: Balance) -> Table:
    """Per ruleset: the bracketing values and their party_wins, or where it stays when it never crosses."""
    doc = result.to_dict()
    table = data_table(f"{escape(result.encounter.name)}: party_wins = {result.target:g} along {escape(result.vary.path)}")
    for column in ("ruleset", "crosses between", "party_wins", "95% interval"):
        table.add_column(column)
    for row in doc["results"]:
        if row["crosses"]:
            low, high = row["bracket"]
            table.add_row(escape(row["ruleset"]), f"{low['value']} and {high['value']}",
                          f"{percent(low['party_wins'])} → {percent(high['party_wins'])}",
                          " / ".join(interval(p["ci95"]) for p in row["bracket"]) or "exact")
        else:
            low, high = (percent(f(p["party_wins"] for p in row["evaluated"])) for f in (min, max))
            table.add_row(escape(row["ruleset"]), "[yellow]never crosses[/]",
                          f"stays at {low}" if low == high else f"stays within {low}–{high}", "")
    return table


def command(
    encounter: EncounterArg,
    vary: Vary,
    target: Target,
    ruleset: Rulesets = None,
    fights: Fights = None,
    seed: Seed = None,
    exact: Exact = False,
    precision: Precision = None,
    max_states: MaxStates = None,
    workers: Workers = 1,
    tactics: Tactics = None,
    plugin: Plugins = None,
    json: Json = False,
) -> None:
    """Find, per ruleset, the value of PATH at which party_wins crosses the target."""
    with progress_bar() as progress:
        result = balance(
            encounter, vary, target, ruleset, progress=progress,
            **analysis_options(fights, seed, exact, precision, max_states, workers, plugin, tactics),
        )
    report(result.warnings, result.notes)
    if json:
        print_json(result.to_dict())
    else:
        out.print(balance_table(result))
