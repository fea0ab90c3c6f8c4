"""``rulebench compare``: rulesets side by side on one encounter."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import FROM_COMMAND_LINE, Dpi, EncounterArg, Fractions, Json, Plot, Rulesets, with_analysis_options
from rulebench.cli.plugin_options import Check, check_rulesets
from rulebench.cli.render import comparison_casualties_table, comparison_fates_table, comparison_table, note, out, print_json, report
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions
    from rulebench.api.analyses import Comparison

NAME = "compare"
HELP = N_(
    "Compare rulesets side by side: outcome odds with intervals, fight length and each member's "
    "fate."
)


@with_analysis_options
def command(
    encounter: EncounterArg,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    fractions: Fractions = False,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    check: Check = False,
    json: Json = False,
    tactics_list: list[str | None] | None = None,
) -> None:
    """Run ``rulebench compare``; :data:`HELP` says what it does. Several ``--tactics`` put each
    ruleset under each of them side by side (``tactics_list``, from ``with_analysis_options``)."""
    from rulebench.api.analyses import compare
    from rulebench.api.tactics_comparison import TacticsComparison, compare_tactics
    from rulebench.cli.progress import progress_bar

    if check:
        check_rulesets(encounter, ruleset)
    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)  # before the run, not after it
    with progress_bar() as progress:
        # --fractions shows exact probabilities as fractions, so they are computed as fractions too.
        chosen = replace(options, fractions=fractions)
        if tactics_list:
            comparison: Comparison | TacticsComparison = compare_tactics(encounter, ruleset, tactics_list, chosen, progress=progress)
        else:
            comparison = compare(encounter, ruleset, chosen, progress=progress)
    labels = [e.label for e in comparison.entries] if isinstance(comparison, TacticsComparison) else None
    report(comparison.warnings, comparison.notes)
    if plot is not None:
        from rulebench.api.plots import plot_comparison

        plot_comparison(comparison, plot, labels, dpi)
        note(_("wrote the plot to {file}").format(file=plot))
    if json:
        print_json(comparison.to_dict(fractions), texts=True)
    else:
        out.print(comparison_table(comparison, fractions, labels))
        if comparison.results:
            out.print()
            out.print(comparison_casualties_table(comparison, fractions, labels))
            out.print()
            out.print(comparison_fates_table(comparison, labels))
