"""``rulebench compare``: rulesets side by side on one encounter."""

from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from rulebench.api import Comparison, compare
from rulebench.cli.options import (
    EncounterArg, Exact, Fights, Fractions, Json, Plot, Plugins, Precision, Rulesets, Seed, Tactics, Workers,
    analysis_options,
)
from rulebench.cli.progress import progress_bar
from rulebench.cli.render import bar, interval, method_text, out, percent, print_json, probability, report
from rulebench.core.outcome import END_STATES, OUTCOMES

NAME = "compare"


def comparison_table(comparison: Comparison, fractions: bool = False) -> Table:
    """Outcomes with bars and intervals, mean rounds and each member's fate, one column per ruleset."""
    results = comparison.results
    table = Table(title=escape(comparison.encounter.name), show_lines=True)
    table.add_column("")
    for r in results:
        table.add_column(escape(r.ruleset))
    table.add_row("method", *(method_text(r.method, r.fights, r.seed).replace(": ", "\n") for r in results))
    for outcome in OUTCOMES:
        cells = []
        for r in results:
            p = r.outcomes[outcome.value]
            ci = (r.ci95 or {}).get(outcome.value)
            cells.append(f"{probability(p, fractions)} [green]{bar(p, 6).rstrip()}[/]" + (f"\n[dim]{interval(ci)}[/]" if ci else ""))
        table.add_row(outcome.value, *cells)
    table.add_row("mean rounds", *(f"{float(r.rounds_mean):.2f}" for r in results))
    fates = [r.fates() for r in results]
    for i, member in enumerate(fates[0] if fates else []):
        cells = [
            "\n".join(f"{s.value[0].upper()} {percent(row[i][s.value])}" for s in END_STATES if row[i][s.value])
            for row in fates
        ]
        table.add_row(escape(member["name"]), *cells)
    table.caption = "fates: U unhurt, H hurt, O out, D dead"
    return table


def command(
    encounter: EncounterArg,
    ruleset: Rulesets = None,
    fights: Fights = None,
    seed: Seed = None,
    exact: Exact = False,
    precision: Precision = None,
    fractions: Fractions = False,
    plot: Plot = None,
    workers: Workers = 1,
    tactics: Tactics = None,
    plugin: Plugins = None,
    json: Json = False,
) -> None:
    """Compare rulesets side by side: outcome odds with intervals, fight length and each member's fate."""
    if plot is not None:
        from rulebench.plot import require_matplotlib

        require_matplotlib(plot)  # before the run, not after it
    with progress_bar() as progress:
        comparison = compare(
            encounter, ruleset, progress=progress, **analysis_options(fights, seed, exact, precision, workers, plugin, tactics)
        )
    report(comparison.warnings, comparison.notes)
    if plot is not None:
        from rulebench.plot import plot_comparison

        plot_comparison(comparison, plot)
    if json:
        print_json(comparison.to_dict(fractions))
    else:
        out.print(comparison_table(comparison, fractions))
