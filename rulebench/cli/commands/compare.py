"""``rulebench compare``: rulesets side by side on one encounter."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from rulebench.api.analyses import Comparison, compare
from rulebench.cli.options import (
    EncounterArg,
    Exact,
    Fights,
    Fractions,
    Json,
    MaxStates,
    Plot,
    Plugins,
    Precision,
    Rulesets,
    Seed,
    Tactics,
    Workers,
    analysis_options,
)
from rulebench.cli.progress import progress_bar
from rulebench.cli.render import data_table, interval, method_text, out, percent, print_json, probability, report
from rulebench.core.outcome import END_STATES, OUTCOMES

NAME = "compare"


def _method_caption(comparison: Comparison) -> str:
    """How every result was obtained, when they were all obtained alike; else empty."""
    methods = {(r.method, r.fights, r.seed) for r in comparison.results}
    if len(methods) != 1:
        return ""
    method, fights, seed = methods.pop()
    return method_text(method, fights, seed) + ("; 95% interval under each value" if method != "exact" else "")


def comparison_table(comparison: Comparison, fractions: bool = False) -> Table:
    """One row per ruleset: each outcome's probability with its 95% interval below it, and mean rounds."""
    results = comparison.results
    caption = _method_caption(comparison)
    table = data_table(f"{escape(comparison.encounter.name)}: outcomes", caption)
    table.show_lines = any(r.ci95 for r in results)  # a blank line keeps each ruleset's two lines together
    table.add_column("ruleset", no_wrap=True)
    for outcome in OUTCOMES:  # a long exact fraction folds rather than losing digits
        table.add_column(outcome.value, justify="right", overflow="fold")
    table.add_column("mean rounds", justify="right")
    for r in results:
        name = escape(r.ruleset)
        if not caption:  # methods differ: say under each ruleset how it was analysed
            name += "\n[dim]" + ("exact" if r.method == "exact" else f"{r.fights:,} fights") + "[/]"
        cells = []
        for outcome in OUTCOMES:
            ci = (r.ci95 or {}).get(outcome.value)
            cells.append(probability(r.outcomes[outcome.value], fractions) + (f"\n[dim]{interval(ci)}[/]" if ci else ""))
        table.add_row(name, *cells, f"{float(r.rounds_mean):.2f}")
    return table


def fates_table(comparison: Comparison) -> Table:
    """Each member's chance of ending unhurt, hurt, out or dead: one block of rows per member, one row per ruleset."""
    results = comparison.results
    several = len(results) > 1
    title = f"{escape(comparison.encounter.name)}: fates" + ("" if several else f" under {escape(results[0].ruleset)}")
    table = data_table(title)
    table.add_column("member", no_wrap=True)
    if several:
        table.add_column("ruleset", no_wrap=True)
    for state in END_STATES:
        table.add_column(state.value, justify="right")
    fates = [r.fates() for r in results]
    for i, member in enumerate(fates[0] if fates else []):
        if several and i:
            table.add_section()
        for j, (r, rows) in enumerate(zip(results, fates)):
            cells = [percent(rows[i][s.value]) if rows[i][s.value] else "[dim]·[/]" for s in END_STATES]
            name = escape(member["name"]) if j == 0 else ""
            table.add_row(name, *([escape(r.ruleset)] if several else []), *cells)
    return table


def command(
    encounter: EncounterArg,
    ruleset: Rulesets = None,
    fights: Fights = None,
    seed: Seed = None,
    exact: Exact = False,
    precision: Precision = None,
    max_states: MaxStates = None,
    fractions: Fractions = False,
    plot: Plot = None,
    workers: Workers = 1,
    tactics: Tactics = None,
    plugin: Plugins = None,
    json: Json = False,
) -> None:
    """Compare rulesets side by side: outcome odds with intervals, fight length and each member's fate."""
    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)  # before the run, not after it
    with progress_bar() as progress:
        comparison = compare(
            encounter, ruleset, progress=progress, **analysis_options(fights, seed, exact, precision, max_states, workers, plugin, tactics)
        )
    report(comparison.warnings, comparison.notes)
    if plot is not None:
        from rulebench.api.plots import plot_comparison

        plot_comparison(comparison, plot)
    if json:
        print_json(comparison.to_dict(fractions))
    else:
        out.print(comparison_table(comparison, fractions))
        if comparison.results:
            out.print()
            out.print(fates_table(comparison))
