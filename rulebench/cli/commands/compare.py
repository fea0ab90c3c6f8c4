"""``rulebench compare``: rulesets side by side on one encounter."""

from __future__ import annotations

from rulebench.api.analyses import compare
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
from rulebench.cli.render import comparison_fates_table, comparison_table, note, out, print_json, report

NAME = "compare"


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
        note(f"wrote the plot to {plot}")
    if json:
        print_json(comparison.to_dict(fractions))
    else:
        out.print(comparison_table(comparison, fractions))
        if comparison.results:
            out.print()
            out.print(comparison_fates_table(comparison))
