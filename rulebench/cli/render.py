"""Consoles and small formatting helpers shared by every command.

Data goes to stdout (``out``, or :func:`print_json`); warnings, notes and progress go to stderr
(``err``), so ``--json`` output can always be piped into another tool.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import typer
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rulebench.api.labels import casualty_name, end_state_name, method_name, outcome_name, vary_label
from rulebench.api.numbers import (
    Probability,
    fights_text,
    fixed,
    interval,
    length_units,
    mean_title,
    percent,
    probability_text,
    shortest,
)
from rulebench.cli.fitting import Fitted, Narrowing, broken_interval, wrapped_words
from rulebench.core.i18n import N_, _, format_integer, language, percent_sign, pgettext
from rulebench.core.outcome import END_STATES, OUTCOMES

if TYPE_CHECKING:
    from rulebench.analysis.results import RulesetResult
    from rulebench.analysis.sweeps import Balance, Sweep
    from rulebench.api.analyses import Comparison
    from rulebench.api.tactics_comparison import TacticsComparison

    Compared = Comparison | TacticsComparison
    """Rulesets side by side, each under its own tactics or under several (rows labelled ``dsa · cautious``)."""

out = Console()
err = Console(stderr=True)

_EIGHTHS = " ▏▎▍▌▋▊▉█"


def data_table(title: str | None = None, caption: str | None = None, padding: int = 1) -> Table:
    """The compact table every result uses: a heavy rule under the header, no vertical lines and
    ``padding`` spaces besides the divider between columns, so that a dozen columns still fit an
    80-column terminal (with ``padding`` 0 where that is what it takes, :mod:`rulebench.cli.fitting`)."""
    return Table(title=title, caption=caption, box=box.SIMPLE_HEAVY, show_edge=False, pad_edge=False,
                 padding=(0, padding, 0, 0), caption_justify="left")


def styled(style: str, text: str) -> str:
    """``text`` (plain, escaped here) as rich markup in ``style``: ``[dim]…[/]``."""
    return f"[{style}]{escape(text)}[/]"


def stat_text(value: Any) -> str:
    """A stat value as one unbreakable token: dice and numbers as they are, flags and lists as in TOML."""
    if isinstance(value, str):
        return value
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def print_json(document: Any, *, texts: bool = False) -> None:
    """Print exactly one JSON document on stdout (plain text: no colour, no wrapping).

    A document with ``texts`` (messages, notes, narration: an object) names their language in its
    provenance (``lang``); keys and enumerated values stay English whatever the language.
    """
    if texts:
        document = {**document, "provenance": {**document.get("provenance", {}), "lang": language()}}
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


def warn(message: str) -> None:
    """One warning line on stderr."""
    err.print(styled("yellow", _("warning:")) + " " + escape(message), soft_wrap=True, highlight=False)


def note(message: str) -> None:
    """One informational line on stderr."""
    err.print(styled("dim", _("note: {message}").format(message=message)), soft_wrap=True, highlight=False)


def report(warnings: Iterable[str] = (), notes: Iterable[str] = ()) -> None:
    """Plugin warnings and analysis notes, on stderr."""
    for message in warnings:
        warn(message)
    for message in notes:
        note(message)


def probability(p: Probability, fractions: bool = False) -> str:
    """A probability as a percentage, or with ``fractions`` an exact one as a short fraction or its expansion."""
    return probability_text(p, fractions)


def cell(p: Probability, fractions: bool = False) -> str:
    """A probability in a table: ``·`` (explained in the caption) where it is exactly zero."""
    return "[dim]·[/]" if p == 0 else probability(p, fractions)


def bar(p: Probability, width: int = 20) -> str:
    """A horizontal bar of ``p`` (0 to 1) in eighths of a character."""
    eighths = round(max(0.0, min(1.0, float(p))) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def mixed_methods(results: Sequence[RulesetResult]) -> bool:
    """Whether the rows of a table were obtained differently (then each row says how)."""
    return len({(r.method, r.fights, r.seed) for r in results}) > 1


def row_method(result: RulesetResult) -> str:
    """The short note under a row's name when the rows of a table were obtained differently."""
    return method_name("exact") if result.method == "exact" else fights_text(result.fights or 0)


EXPLAIN_HINT = N_("What a word or sign means: rulebench explain withdrawn (or ·, or any other term).")


def points(width: float) -> str:
    """A half-width in percentage points as ``±1`` or ``±0.5`` (``±0,5`` in German)."""
    return "±" + shortest(width * 100)


def results_caption(results: Sequence[RulesetResult], fractions: bool = False) -> str:
    """The caption under a table of results: how the rows were obtained, what ``·`` means, where the
    words are explained. Exact rows count every possible roll; sampled rows carry a 95% Wilson interval."""
    exact = [r for r in results if r.method == "exact"]
    sampled = [r for r in results if r.method != "exact"]
    lines = []
    confidence = percent_sign(format_integer(95))
    if exact and not sampled:
        lines.append(_("Exact: every possible roll counted, no sampling error."))
        if fractions:
            lines.append(_("A fraction too long to read shows its decimal expansion (the JSON has every fraction)."))
        lines.append(_("· never happens."))
    elif sampled and not mixed_methods(results):
        r = sampled[0]
        precision = r.provenance.get("precision")
        fights = fights_text(r.fights or 0)
        if precision and r.stopped_by == "cap":
            line = _("Sampled: {fights} per row (stopped at the cap before every interval was within {width} percentage "
                     "points), seed {seed}; {confidence} Wilson interval under each value.")
        elif precision:
            line = _("Sampled: {fights} per row (until every interval was within {width} percentage points), seed {seed}; "
                     "{confidence} Wilson interval under each value.")
        else:
            line = _("Sampled: {fights} per row, seed {seed}; {confidence} Wilson interval under each value.")
        width = points(float(precision)) if precision else ""
        lines.append(line.format(fights=fights, width=width, seed=r.seed, confidence=confidence))
        lines.append(_("· never happened in those fights."))
    else:
        lines.append(_("Each row says how it was obtained. Exact: every possible roll counted."))
        lines.append(_("Sampled: N fights, {confidence} Wilson interval under each value.").format(confidence=confidence))
        lines.append(_("· never happens (exact) or never happened in those fights (sampled)."))
    lines.append(_(EXPLAIN_HINT))
    return "\n".join(lines)


def length_cells(result: RulesetResult, units: Sequence[str]) -> list[str]:
    """A mean fight length under its unit's column (``units``: the table's, one column each), the others empty."""
    return [fixed(float(result.rounds_mean), 2) if result.unit == unit else "" for unit in units]


def add_length_columns(table: Table, results: Sequence[RulesetResult]) -> list[str]:
    """One column of mean fight lengths per unit the results count in (rounds, dsa's exchanges), so
    no column mixes two units; returns the units, in column order, for :func:`length_cells`."""
    units = length_units(r.unit for r in results)
    for unit in units:
        table.add_column(mean_title(unit), justify="right")
    return units


def _under(ci: tuple[float, float] | None, broken: bool) -> str:
    """An interval as the dim line(s) under its value: nothing without one; ``broken`` after its dash."""
    if not ci:
        return ""
    text = interval(ci)
    return f"\n[dim]{broken_interval(text) if broken else text}[/]"


def outcome_cell(result: RulesetResult, outcome: str, fractions: bool = False, broken: bool = False) -> str:
    """An outcome's probability with its 95% interval on a dim second line when sampled
    (``broken``: the interval over two lines, for a narrow terminal)."""
    return cell(result.outcomes[outcome], fractions) + _under((result.ci95 or {}).get(outcome), broken)


def casualty_cell(result: RulesetResult, casualty: str, fractions: bool = False, broken: bool = False) -> str:
    """A casualty figure: a chance with its 95% interval below it when sampled, or the mean deaths."""
    figures = result.casualties()
    value = figures[casualty]
    if casualty == "deaths":  # a mean, not a chance
        return fixed(float(value), 2)
    return cell(value, fractions) + _under((result.casualties_ci95(figures) or {}).get(casualty), broken)


COMPARED = ("party_wins", "wiped_out", "enemy_wins", "withdrawn", "party_fled")
"""The compare table's chances, in column order: what a designer asks first, then the other outcomes."""


def _compared_cell(result: RulesetResult, column: str, fractions: bool, broken: bool) -> str:
    if column == "wiped_out":
        return casualty_cell(result, column, fractions, broken)
    return outcome_cell(result, column, fractions, broken)


def widest_intervals(results: Sequence[RulesetResult], columns: Sequence[str]) -> list[str]:
    """Of ``columns`` (outcomes, ``wiped_out``), those that carry intervals, the widest interval
    first: the first to break in a narrow terminal."""
    def widest(column: str) -> int:
        texts = [_under(((r.casualties_ci95() if column == "wiped_out" else r.ci95) or {}).get(column), False)
                 for r in results]
        return max((len(t) for t in texts), default=0)

    return sorted((c for c in columns if any(r.ci95 for r in results)), key=widest, reverse=True)


def comparison_table(comparison: Compared, fractions: bool = False, labels: Sequence[str] | None = None) -> Fitted:
    """One row per ruleset: the party's chance to win and to be wiped out first, then the other
    outcomes (each chance with its 95% interval below it when sampled), and the mean fight length,
    one column per unit (rounds, exchanges); the caption says how the rows were obtained. An outcome
    is how the fight ended, being wiped out what it cost: a party that fled may have left everyone
    behind. Drawn in the roomiest layout that fits the terminal (:class:`~rulebench.cli.fitting.Fitted`)."""
    results = comparison.results
    names = labels or [r.ruleset for r in results]
    title = _("{encounter}: outcomes").format(encounter=escape(comparison.encounter.name))
    caption = results_caption(results, fractions)
    breaking = widest_intervals(results, COMPARED)
    mixed = mixed_methods(results)

    def build(narrowing: Narrowing) -> Table:
        table = data_table(title, caption, narrowing.padding)
        table.show_lines = any(r.ci95 for r in results)  # a blank line keeps each ruleset's lines together
        table.add_column(_("ruleset"), no_wrap=True)
        table.add_column(outcome_name("party_wins"), justify="right")
        table.add_column(casualty_name("wiped_out"), justify="right")
        for outcome in COMPARED[2:]:
            table.add_column(outcome_name(outcome), justify="right")
        units = add_length_columns(table, results)
        broken = set(breaking[:narrowing.broken])
        for r, label in zip(results, names):
            method = row_method(r)
            if narrowing.wrap_method:  # a ruleset's tactics and its fight count on lines of their own
                method, label = wrapped_words(method), label.replace(" · ", " ·\n")
            name = escape(label) + (f"\n[dim]{escape(method)}[/]" if mixed else "")
            cells = [_compared_cell(r, column, fractions, column in broken) for column in COMPARED]
            table.add_row(name, *cells, *length_cells(r, units))
        return table

    return Fitted(build, len(breaking))


def comparison_casualties_table(comparison: Compared, fractions: bool = False, labels: Sequence[str] | None = None) -> Table:
    """One row per ruleset: what the fight cost the party, whatever its outcome: the chance that
    anyone of it dies, that everyone who fought ends down (wiped out), and the mean deaths."""
    results = comparison.results
    title = _("{encounter}: the party's losses").format(encounter=escape(comparison.encounter.name))
    table = data_table(title, _("Whatever the outcome: a party that fled may still have lost members."))
    table.show_lines = any(r.ci95 for r in results)
    table.add_column(_("ruleset"), no_wrap=True)
    for casualty in CASUALTIES:
        table.add_column(casualty_name(casualty), justify="right")
    for r, label in zip(results, labels or [r.ruleset for r in results]):
        table.add_row(escape(label), *(casualty_cell(r, c, fractions) for c in CASUALTIES))
    return table


CASUALTIES = ("anyone_dead", "wiped_out", "deaths")
"""The casualty figures in the order the losses table shows them."""


def comparison_fates_table(comparison: Compared, labels: Sequence[str] | None = None) -> Table:
    """Each member's chance of ending unhurt, hurt, out or dead: one block of rows per member, one row per ruleset."""
    results = comparison.results
    names = labels or [r.ruleset for r in results]
    several = len(results) > 1
    encounter = escape(comparison.encounter.name)
    title = (_("{encounter}: fates").format(encounter=encounter) if several else
             _("{encounter}: fates under {ruleset}").format(encounter=encounter, ruleset=escape(names[0])))
    never = _("· never happens.") if all(r.method == "exact" for r in results) else _("· never happens or never happened.")
    table = data_table(title, never + "\n" + _("End states: rulebench explain out."))
    table.add_column(_("member"), no_wrap=True)
    if several:
        table.add_column(_("ruleset"), no_wrap=True)
    for state in END_STATES:
        table.add_column(end_state_name(state.value), justify="right")
    fates = [r.fates() for r in results]
    for i, member in enumerate(fates[0] if fates else []):
        if several and i:
            table.add_section()
        for j, (label, rows) in enumerate(zip(names, fates)):
            cells = [cell(rows[i][s.value]) for s in END_STATES]
            name = escape(member["name"]) if j == 0 else ""
            table.add_row(name, *([escape(label)] if several else []), *cells)
    return table


BAR_WIDTH = 10
"""Characters of a sweep table's party_wins bar."""


def sweep_tables(result: Sweep, fractions: bool = False, label: str | None = None) -> list[Fitted]:
    """One table per ruleset: a row per value, a column per outcome (party_wins with a bar beside it
    that starts in the same column on every row), each sampled probability with its 95% interval
    below it, and the mean fight length in the ruleset's unit; each drawn in the roomiest layout that fits."""
    label = label or vary_label(result.vary.path, result.encounter, result.vary.relative)
    tables = []
    for name, points in result.points.items():
        title = _("{ruleset}: {encounter}, varying {label}").format(
            ruleset=escape(name), encounter=escape(result.encounter.name), label=escape(label))
        title = f"{title} [dim]({escape(result.vary.path)})[/]"
        tables.append(sweep_table(title, [escape(label)], [[result.vary.show(v)] for v in result.vary.values], points, fractions))
    return tables


def sweep_table(title: str, headings: Sequence[str], values: Sequence[Sequence[str]], points: Sequence[RulesetResult],
                 fractions: bool) -> Fitted:
    """A sweep's or grid's table for one ruleset: a column per varied number (``headings``, the
    point's ``values`` per row), the party_wins bar, the chance the party is wiped out (what an
    outcome may hide: a party that fled may have left everyone behind), every other outcome, the
    mean length."""
    caption = results_caption(points, fractions)
    breaking = widest_intervals(points, [o.value for o in OUTCOMES] + ["wiped_out"])
    mixed = mixed_methods(points)

    def build(narrowing: Narrowing) -> Table:
        table = data_table(title, caption, narrowing.padding)
        table.show_lines = any(r.ci95 for r in points)  # a blank line keeps each value's lines together
        for heading in headings:
            table.add_column(heading, justify="right")
        # The bar has a column of its own after party_wins: it starts in the same column on every
        # row, whatever the width of the number beside it.
        for k, outcome in enumerate(OUTCOMES):
            table.add_column(outcome_name(outcome.value), justify="right")
            if k == 0:
                table.add_column("", no_wrap=True)
                table.add_column(casualty_name("wiped_out"), justify="right")
        units = add_length_columns(table, points)
        broken = set(breaking[:narrowing.broken])
        for shown, r in zip(values, points):
            row = list(shown)
            if mixed:
                method = row_method(r)
                row[-1] += f"\n[dim]{escape(wrapped_words(method) if narrowing.wrap_method else method)}[/]"
            cells = [outcome_cell(r, o.value, fractions, o.value in broken) for o in OUTCOMES]
            shown_bar = f"[green]{bar(r.outcomes['party_wins'], BAR_WIDTH)}[/]"
            wiped = casualty_cell(r, "wiped_out", fractions, "wiped_out" in broken)
            table.add_row(*row, cells[0], shown_bar, wiped, *cells[1:], *length_cells(r, units))
        return table

    return Fitted(build, len(breaking))


def bracket_intervals(bracket: Sequence[dict[str, Any]]) -> str:
    """The 95% intervals of a balance bracket's two values, ``exact`` for one solved exactly."""
    exact = method_name("exact")
    shown = [interval(point["ci95"]) or exact for point in bracket]
    return exact if set(shown) == {exact} else " / ".join(shown)


def balance_table(result: Balance, label: str | None = None) -> Table:
    """Per ruleset: the bracketing values and their party_wins, or where it stays when it never crosses."""
    doc = result.to_dict()
    label = label or vary_label(result.vary.path, result.encounter, result.vary.relative)
    confidence = percent_sign(format_integer(95))
    title = _("{encounter}: {outcome} = {target} along {label}").format(
        encounter=escape(result.encounter.name), outcome=outcome_name("party_wins"), target=percent(result.target),
        label=escape(label))
    caption = _("{confidence} interval: the Wilson interval of each sampled value (exact: none needed).").format(
        confidence=confidence)
    table = data_table(title, caption + "\n" + _(EXPLAIN_HINT))
    for column in (_("ruleset"), _("crosses between"), outcome_name("party_wins"),
                   _("{confidence} interval").format(confidence=confidence)):
        table.add_column(column)
    for row in doc["results"]:
        if row["crosses"]:
            table.add_row(escape(row["ruleset"]), *crossing_cells(row["bracket"]), bracket_intervals(row["bracket"]))
        else:
            table.add_row(escape(row["ruleset"]), styled("yellow", _("never crosses")), stays(row["evaluated"]), "")
    return table


def crossing_cells(bracket: Sequence[dict[str, Any]]) -> tuple[str, str]:
    """The two values a balance bracket lies between, and their party_wins: ``3 and 4``, ``62.5% → 41.0%``."""
    low, high = bracket
    between = _("{low} and {high}").format(low=low["value"], high=high["value"])
    return between, f"{percent(low['party_wins'])} → {percent(high['party_wins'])}"


def stays(evaluated: Sequence[dict[str, Any]]) -> str:
    """Where party_wins stays when it never crosses the target: ``stays at 100%``, ``stays within 20.0%–45.1%``."""
    wins = [p["party_wins"] for p in evaluated]
    low, high = percent(min(wins)), percent(max(wins))
    return _("stays at {value}").format(value=low) if low == high else _("stays within {low}–{high}").format(low=low, high=high)


PLUGIN_COLUMNS = {
    "name": N_("name"), "kind": N_("kind"), "title": N_("title"), "package": N_("package"), "version": N_("version"),
    "disabled": N_("disabled"), "hooks": N_("hooks"), "source": N_("source"),
}
"""The titles of the plugin tables' columns, by the record field each shows."""


def plugin_cell(row: dict[str, Any], column: str) -> str:
    """A plugin record's field as a table shows it: the kind and the switched-off flag in words."""
    value = row.get(column, "")
    if column == "kind":
        kinds = {"ruleset": pgettext("plugin kind", "ruleset"), "modifier": pgettext("plugin kind", "modifier"),
                 "tactics": pgettext("plugin kind", "tactics")}
        return kinds.get(value, str(value))
    if column == "disabled":
        return pgettext("switched off", "True") if value else pgettext("switched off", "False")
    return str(value)


def plugin_table(title: str, records: Iterable[Any], columns: tuple[str, ...], detail: str) -> None:
    """A table of discovered plugins (``PluginRecord`` rows): the chosen columns, with the ``detail``
    field (hooks, source) as a dim second line under the title, where it has room to wrap."""
    table = data_table(title)
    table.show_lines = True  # a blank line between plugins: each one's detail wraps over several lines
    for column in columns:
        heading = _(PLUGIN_COLUMNS[column])
        if column == "title":
            heading = _("{title} / {detail}").format(title=heading, detail=_(PLUGIN_COLUMNS[detail]))
        table.add_column(heading, overflow="fold")
    for record in records:
        row = record.to_dict()
        extra = row.get(detail, "")
        if detail == "hooks":
            extra = ", ".join(h.removeprefix("rulebench_") for h in extra)
        cells = [escape(plugin_cell(row, c)) for c in columns]
        if "title" in columns and extra:
            cells[columns.index("title")] += f"\n[dim]{escape(str(extra))}[/]"
        table.add_row(*cells)
    out.print(table)
