"""``rulebench compare``: rulesets side by side on one encounter."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from rulebench.api.plot_style import DEFAULT_DPI
from rulebench.cli.options import FROM_COMMAND_LINE, Dpi, Fractions, Json, Plot, Rulesets, with_analysis_options
from rulebench.cli.plugin_options import Check, check_rulesets
from rulebench.cli.render import comparison_casualties_table, comparison_fates_table, comparison_table, note, out, print_json, report
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions
    from rulebench.api.analyses import Comparison
    from rulebench.api.tactics_comparison import TacticsComparison

NAME = "compare"
HELP = N_(
    "Compare rulesets side by side: outcome odds with intervals, fight length and each member's "
    "fate."
)

Encounters = Annotated[
    list[Path],
    typer.Argument(help=N_("An encounter TOML file; give two or more to put them side by side in one table."), show_default=False),
]
FromRound = Annotated[
    int | None,
    typer.Option("--from-round", help=N_("Play the fight of --seed (or --dice) to the end of round K (dsa: exchange K) and "
                 "analyse everything after it, conditional on that state; --tactics and --plugin apply from then on."),
                 metavar="K", show_default=False),
]
ForkDice = Annotated[
    str | None,
    typer.Option("--dice", help=N_("With --from-round: the fight's die results first, then the dice of --seed."),
                 metavar="4,6,2,...", show_default=False),
]


@with_analysis_options
def command(
    encounter: Encounters,
    ruleset: Rulesets = None,
    options: AnalysisOptions = FROM_COMMAND_LINE,
    fractions: Fractions = False,
    plot: Plot = None,
    dpi: Dpi = DEFAULT_DPI,
    from_round: FromRound = None,
    dice: ForkDice = None,
    check: Check = False,
    json: Json = False,
    tactics_list: list[str | None] | None = None,
) -> None:
    """Run ``rulebench compare``; :data:`HELP` says what it does. Several ``--tactics`` put each
    ruleset under each of them side by side (``tactics_list``, from ``with_analysis_options``);
    several encounters go side by side (``side_by_side``); ``--from-round`` forks a fight (``forked``)."""
    if dice is not None and from_round is None:
        raise BadInput(_("--dice is for --from-round: it gives the dice of the fight forked at round K "
                         "(`rulebench fight` narrates a fight with --dice)"))
    if len(encounter) > 1:
        if from_round is not None:
            raise BadInput(_("--from-round forks one fight: give one encounter file, not {count}").format(count=len(encounter)))
        side_by_side(encounter, ruleset, options, fractions, plot, dpi, check, json, tactics_list)
        return
    if from_round is not None:
        forked(encounter[0], ruleset, options, from_round, dice, fractions, plot, dpi, check, json, tactics_list)
        return
    one(encounter[0], ruleset, options, fractions, plot, dpi, check, json, tactics_list)


def one(encounter: Path, ruleset: list[str] | None, options: AnalysisOptions, fractions: bool, plot: Path | None, dpi: int,
        check: bool, json: bool, tactics_list: list[str | None] | None) -> None:
    """``rulebench compare FILE``: one encounter under each ruleset (and each tactics)."""
    from rulebench.api.analyses import compare
    from rulebench.api.tactics_comparison import compare_tactics
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
    labels = _labels_of(comparison)
    report(comparison.warnings, comparison.notes)
    _write_plot(comparison, plot, labels, dpi)
    if json:
        print_json(comparison.to_dict(fractions), texts=True)
    else:
        _print_tables(comparison, fractions, labels)


def _print_tables(comparison: Comparison | TacticsComparison, fractions: bool, labels: list[str] | None) -> None:
    out.print(comparison_table(comparison, fractions, labels))
    if comparison.results:
        out.print()
        out.print(comparison_casualties_table(comparison, fractions, labels))
        out.print()
        out.print(comparison_fates_table(comparison, labels))


def _write_plot(comparison: Comparison | TacticsComparison, plot: Path | None, labels: list[str] | None, dpi: int) -> None:
    """``--plot``: the comparison's outcomes drawn into ``plot``, and a note saying where."""
    if plot is None:
        return
    from rulebench.api.plots import plot_comparison

    plot_comparison(comparison, plot, labels, dpi)
    note(_("wrote the plot to {file}").format(file=plot))


def _labels_of(comparison: Comparison | TacticsComparison) -> list[str] | None:
    from rulebench.api.tactics_comparison import TacticsComparison

    return [e.label for e in comparison.entries] if isinstance(comparison, TacticsComparison) else None


def forked(encounter: Path, ruleset: list[str] | None, options: AnalysisOptions, from_round: int, dice: str | None,
           fractions: bool, plot: Path | None, dpi: int, check: bool, json: bool,
           tactics_list: list[str | None] | None) -> None:
    """``rulebench compare FILE --from-round K``: the rest of one fight, from the end of round K."""
    from rulebench.api.forked import compare_from
    from rulebench.cli.progress import progress_bar

    if check:
        check_rulesets(encounter, ruleset)
    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)
    with progress_bar() as progress:
        if progress:
            progress(_("analysing from round {round}").format(round=from_round), None)
        fork = compare_from(encounter, ruleset, from_round, seed=options.seed, dice=dice,
                            options=replace(options, fractions=fractions), tactics_list=tactics_list)
    comparison = fork.comparison
    labels = _labels_of(comparison)
    report(comparison.warnings, comparison.notes)
    _write_plot(comparison, plot, labels, dpi)
    if json:
        print_json(fork.to_dict(fractions), texts=True)
        return
    from rulebench.cli.fork_render import fork_lines

    for line in fork_lines(fork):
        out.print(line, highlight=False)
    out.print()
    _print_tables(comparison, fractions, labels)


def side_by_side(encounters: list[Path], ruleset: list[str] | None, options: AnalysisOptions, fractions: bool,
                 plot: Path | None, dpi: int, check: bool, json: bool, tactics_list: list[str | None] | None) -> None:
    """``rulebench compare A B``: several encounters in one table."""
    from rulebench.api.side_by_side import compare_encounters
    from rulebench.cli.progress import progress_bar

    if check:
        for encounter in encounters:
            check_rulesets(encounter, ruleset)
    if plot is not None:
        from rulebench.api.plots import require_matplotlib

        require_matplotlib(plot)
    with progress_bar() as progress:
        both = compare_encounters(encounters, ruleset, replace(options, fractions=fractions), tactics_list=tactics_list,
                                  progress=progress)
    report(both.warnings, both.notes)
    combined, labels = both.combined(), both.labels
    _write_plot(combined, plot, labels, dpi)
    if json:
        print_json(both.to_dict(fractions), texts=True)
        return
    out.print(comparison_table(combined, fractions, labels))
    if combined.results:
        out.print()
        out.print(comparison_casualties_table(combined, fractions, labels))
        for comparison in both.titled():  # each encounter has members of its own
            out.print()
            out.print(comparison_fates_table(comparison, _labels_of(comparison)))
