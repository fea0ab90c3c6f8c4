"""One self-contained HTML report of an encounter (``rulebench report``), for a projector or a student.

The report holds the encounter, each ruleset's stat blocks, the outcome comparison (with how each
number was obtained and what its interval means), the fates, the fight-length distribution, one
narrated sample fight per ruleset, with a ``vary`` the sweep and balance, and the provenance. Every
style, script and plot is inline (plots are SVG drawn by matplotlib), and a Content-Security-Policy
forbids the page any request, so it opens the same offline, from a mail or a USB stick. The page is
written in the current language (``<html lang>`` says which): the template's sentences through
``jinja2.ext.i18n`` and the ``rulebench`` catalog, the numbers and plots through the same helpers as the CLI.

>>> import rulebench.api.report as report
>>> data = report.build_report("examples/skeleton-guards.toml", ["dsa", "talisman"], fights=2000,
...                            tactics_list=[None, "cautious"], vary="enemy.members[0].count=1..8")  # doctest: +SKIP
>>> report.write_report(data, "skeleton-guards.html")  # doctest: +SKIP
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from rulebench.analysis.analyse import DEFAULT_SEED, AnalysisOptions, OptionArgs, ProgressFactory, load
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sweeps import Balance, SharedPoints, Sweep, Vary, balance, sweep
from rulebench.api.inspect import Inspection, show
from rulebench.api.labels import FIELDS, end_state_name, method_name, outcome_name, side_name, vary_label
from rulebench.api.narrated_fight import FightRecord, fight
from rulebench.api.numbers import count_text, interval, length_text, percent, plural, round_word, shortest
from rulebench.api.plots import percent_axis
from rulebench.api.tactics_comparison import DEFAULT_TACTICS, TacticsComparison, TacticsEntry, compare_tactics
from rulebench.core.combatants import ENEMY, PARTY
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _, format_integer, language, ngettext, percent_sign, pgettext
from rulebench.core.outcome import END_STATES, OUTCOMES
from rulebench.version import __version__

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["SECTIONS", "Report", "build_report", "render_html", "write_report"]

INSTALL = "pip install 'rulebench[plot]'"

SECTIONS = ("encounter", "stat-blocks", "outcomes", "fates", "fight-length", "sample-fights", "sweep", "balance", "provenance")
"""The ids of the report's sections, in page order; ``sweep`` and ``balance`` only with a ``vary``."""

CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'unsafe-inline'"
"""The page may load nothing: everything it shows is inside the file."""


@dataclass
class VariedRun:
    """The sweep and balance of one tactics source over the varied number."""

    tactics: str
    sweep: Sweep
    balance: Balance


@dataclass
class Report:
    """Everything the report shows, computed through the Python API; :func:`render_html` lays it out.

    Attributes:
        comparison: the rulesets under each tactics source.
        inspection: each ruleset's derived stat blocks.
        samples: one narrated fight per comparison entry, with the seed that replays it.
        varied: with a ``vary``, the sweep and balance per tactics source.
        target: the ``party_wins`` probability balance looks for.
        seed: the seed of sampled analyses and of the sample fights.
        plugins: modifier plugins added to every fight.
        created: when the report was made (UTC).
    """

    comparison: TacticsComparison
    inspection: Inspection
    samples: list[tuple[TacticsEntry, FightRecord]]
    varied: list[VariedRun] = field(default_factory=list)
    target: float = 0.5
    seed: int = DEFAULT_SEED
    plugins: tuple[str, ...] = ()
    created: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.timezone.utc))

    @property
    def encounter(self) -> Encounter:
        """The encounter reported on."""
        return self.comparison.encounter


def build_report(
    encounter: Encounter | str | Path,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    tactics_list: Sequence[str | None] = (None,),
    vary: str | None = None,
    target: float = 0.5,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    **kwargs: Unpack[OptionArgs],
) -> Report:
    """Analyse ``encounter`` for the report: compare, stat blocks, sample fights, and sweep and balance with ``vary``.

    Args:
        encounter: an :class:`Encounter` or the path of a TOML file.
        rulesets: ruleset names; every loaded ruleset when None.
        options: how to analyse, or its fields as keyword arguments, as for
            :func:`rulebench.api.analyses.compare` (its ``tactics`` is one more entry of ``tactics_list``).
        tactics_list: tactics sources side by side (None or ``"default"``: each ruleset's own).
        vary: ``"PATH=A..B[:STEP]"``: sweep that number and find where ``party_wins`` crosses ``target``.
        target: the probability balance looks for.
        catalog: discovered plugins, to reuse between calls.
        progress: a progress display factory.

    Raises:
        BadInput: as ``compare``, ``sweep`` and ``balance``; matplotlib missing (the plots need it).
    """
    if importlib.util.find_spec("matplotlib") is None:
        raise BadInput(_("the report's plots need matplotlib, which is not installed: {install}").format(install=INSTALL))
    if not 0 < target < 1:
        raise BadInput(_("--target {target}: expected a probability strictly between 0 and 1, such as 0.5").format(target=target))
    base = AnalysisOptions.build(options, **kwargs)
    if base.tactics is not None:  # `--tactics A` alone: the defaults against A
        tactics_list = [*tactics_list, base.tactics] if base.tactics not in tactics_list else tactics_list
        base = replace(base, tactics=None)
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    # What the sweep and balance would analyse again is taken from what was analysed before: the
    # comparison is the sweep at the encounter's own value; the balance visits swept values.
    shared = SharedPoints()
    comparison = compare_tactics(model, rulesets, tactics_list, base, catalog=catalog, progress=progress, shared=shared)
    comparison.source = source
    names = list(dict.fromkeys(e.ruleset for e in comparison.entries))
    inspection = show(model, names, plugins=base.plugins, catalog=catalog)
    inspection.source = source
    samples = [
        (e, fight(model, e.ruleset, seed=base.seed, plugins=base.plugins, tactics=e.tactics, catalog=catalog))
        for e in comparison.entries
    ]
    varied = []
    if vary is not None:
        parsed = Vary.parse(vary, model)
        for name in comparison.tactics:
            chosen = replace(base, tactics=name)
            swept = sweep(model, parsed, names, chosen, catalog=catalog, progress=progress, shared=shared)
            balanced = balance(model, parsed, target, names, chosen, catalog=catalog, progress=progress, shared=shared)
            varied.append(VariedRun(name or DEFAULT_TACTICS, swept, balanced))
    return Report(comparison, inspection, samples, varied, target, base.seed, base.plugins)


# -- plots -------------------------------------------------------------------------------------

def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.fonttype"] = "path"  # glyphs as paths: the SVG needs no font from anywhere
    plt.rcParams["svg.hashsalt"] = "rulebench"  # stable ids, so one report's SVG is the same each time
    return plt


def _svg(fig: Any) -> str:
    """The figure as an inline ``<svg>`` element that scales with the page (no fixed width or height)."""
    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    _pyplot().close(fig)
    text = buffer.getvalue()
    text = text[text.index("<svg"):]
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 role="img" preserveAspectRatio="xMidYMid meet"', text, count=1)


def _colour(i: int) -> str:
    """The i-th row's colour, the same in every plot of a report."""
    return f"C{i % 10}"


def _legend(fig: Any, ax: Any, rows: int) -> None:
    """The legend under the plot, never over a bar or line, in as many columns as fit a phone's width."""
    fig.legend(*ax.get_legend_handles_labels(), loc="outside lower center", ncols=min(3, max(1, rows)), fontsize="small",
               frameon=False)


def _outcome_words() -> list[str]:
    """The outcomes as the report's plots and tables head them: ``party wins`` (``Sieg der Gruppe``)."""
    return [outcome_name(o.value).replace("_", " ") for o in OUTCOMES]


def outcome_plot(entries: Sequence[tuple[str, RulesetResult]]) -> str:
    """Grouped bars of each outcome per row with 95% error bars where sampled, as SVG."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.6 + 0.22 * ((len(entries) + 2) // 3)), layout="constrained")
    width = 0.8 / max(1, len(entries))
    for i, (label, r) in enumerate(entries):
        xs = [k + (i - (len(entries) - 1) / 2) * width for k in range(len(OUTCOMES))]
        ps = [float(r.outcomes[o.value]) for o in OUTCOMES]
        errors = None
        if r.ci95:
            lows = [max(0.0, p - r.ci95[o.value][0]) for p, o in zip(ps, OUTCOMES)]
            highs = [max(0.0, r.ci95[o.value][1] - p) for p, o in zip(ps, OUTCOMES)]
            errors = [lows, highs]
        ax.bar(xs, ps, width, yerr=errors, capsize=2, color=_colour(i), label=f"{label} ({method_name(r.method)})")
    ax.set_xticks(range(len(OUTCOMES)), _outcome_words())
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("share of fights"))
    percent_axis(ax.yaxis)
    ax.grid(axis="y", alpha=0.3)
    _legend(fig, ax, len(entries))
    return _svg(fig)


def length_plot(entries: Sequence[tuple[str, RulesetResult]]) -> str:
    """The probability of each fight length per row, as SVG."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 3.4 + 0.22 * ((len(entries) + 2) // 3)), layout="constrained")
    for i, (label, r) in enumerate(entries):
        rounds = r.rounds_distribution
        ax.plot(list(rounds), [float(p) for p in rounds.values()], marker="o", markersize=3, color=_colour(i), label=label)
    ax.set_xlabel(_("length (rounds; dsa: exchanges)"))
    ax.set_ylabel(_("share of fights"))
    percent_axis(ax.yaxis)
    ax.grid(alpha=0.3)
    ax.xaxis.get_major_locator().set_params(integer=True)
    _legend(fig, ax, len(entries))
    return _svg(fig)


def _varied_label(runs: Sequence[VariedRun], name: str, tactics: str) -> str:
    return name if len(runs) == 1 else f"{name} · {tactics}"


def sweep_plot(runs: Sequence[VariedRun], label: str, target: float, order: Sequence[str]) -> str:
    """``party_wins`` against the varied number per ruleset and tactics, 95% bands where sampled, as SVG.

    ``order`` lists the rows' labels as the other plots colour them, so a row keeps its colour.
    """
    plt = _pyplot()
    rows = [(_varied_label(runs, name, run.tactics), list(run.sweep.vary.values), results)
            for run in runs for name, results in run.sweep.points.items()]
    rows.sort(key=lambda row: order.index(row[0]) if row[0] in order else len(order))
    fig, ax = plt.subplots(figsize=(8, 3.8 + 0.22 * ((len(rows) + 2) // 3)), layout="constrained")
    for legend, values, results in rows:
        colour = _colour(order.index(legend)) if legend in order else None
        ps = [float(r.outcomes["party_wins"]) for r in results]
        ax.plot(values, ps, marker="o", markersize=3, color=colour, label=legend)
        if all(r.ci95 for r in results):
            lows = [r.ci95["party_wins"][0] for r in results if r.ci95]
            highs = [r.ci95["party_wins"][1] for r in results if r.ci95]
            ax.fill_between(values, lows, highs, alpha=0.15, color=colour)
    ax.axhline(target, color="grey", linestyle="--", linewidth=1)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.set_xlabel(label)
    ax.set_ylabel(_outcome_words()[0])
    ax.set_ylim(0, 1)
    percent_axis(ax.yaxis)
    ax.grid(alpha=0.3)
    _legend(fig, ax, len(rows))
    return _svg(fig)


# -- layout ------------------------------------------------------------------------------------

def _entry_label(report: Report, entry: TacticsEntry) -> str:
    """The ruleset alone when only one tactics source is compared, else ``ruleset · tactics``."""
    return entry.label if len(report.comparison.tactics) > 1 else entry.ruleset


def _method_text(r: RulesetResult) -> str:
    """How a row was obtained: ``exact`` or ``sampled: 2,000 fights, seed 4``."""
    if r.method == "exact":
        return method_name("exact")
    fights = r.fights or 0
    return ngettext("sampled: {count} fight, seed {seed}", "sampled: {count} fights, seed {seed}", fights).format(
        count=format_integer(fights), seed=r.seed)


def _context(report: Report) -> dict[str, Any]:
    """The template's variables: every number already worded, every plot already drawn."""
    comparison = report.comparison
    labelled = [(_entry_label(report, e), e.result) for e in comparison.entries]
    outcome_rows = []
    for (label, r), entry in zip(labelled, comparison.entries):
        ci = r.ci95 or {}
        outcome_rows.append({
            "label": label,
            "method": _method_text(r),
            "cells": [{"p": percent(r.outcomes[o.value]), "ci": interval(ci.get(o.value))} for o in OUTCOMES],
            "length": length_text(r.rounds_mean, round_word(entry.ruleset)),
        })
    fates = [
        {"label": label, "rows": [{"name": row["name"], "cells": [percent(row[s.value]) for s in END_STATES]} for row in r.fates()]}
        for label, r in labelled
    ]
    samples = []
    for entry, record in report.samples:
        samples.append({
            "label": _entry_label(report, entry),
            "summary": _summary(_entry_label(report, entry), record, round_word(entry.ruleset)),
            "command": _replay_command(report, entry),
            "setup": [e["text"] for e in record.setup_events()],
            "rounds": [{"number": row["number"], "events": [(e.get("kind", ""), e["text"]) for e in row["events"]]}
                       for row in record.rounds()],
            "word": _capitalised(plural(round_word(entry.ruleset), 1)),
            "fates": [_fate_text(c.name, f.state.value, f.condition) for c, f in zip(record.fight.combatants, record.result.fates)],
        })
    varied = None
    if report.varied:
        vary = report.varied[0].sweep.vary
        label = vary_label(vary.path, report.encounter)
        sweep_rows = []
        for run in report.varied:
            for name, results in run.sweep.points.items():
                sweep_rows.append({
                    "label": _varied_label(report.varied, name, run.tactics),
                    "cells": [{"p": percent(r.outcomes["party_wins"]), "ci": interval((r.ci95 or {}).get("party_wins"))}
                              for r in results],
                })
        balance_rows = []
        for run in report.varied:
            for name, bracket in run.balance.brackets.items():
                row_label = _varied_label(report.varied, name, run.tactics)
                if bracket is None:
                    balance_rows.append({"label": row_label, "text": _("never crosses the target in this range")})
                    continue
                low, high = (run.balance.evaluated[name][v] for v in bracket)
                balance_rows.append({
                    "label": row_label,
                    "text": _("between {low} ({low_share}) and {high} ({high_share})").format(
                        low=bracket[0], low_share=percent(low.outcomes["party_wins"]),
                        high=bracket[1], high_share=percent(high.outcomes["party_wins"])),
                })
        order = [label for label, _ in labelled]
        def rank(row: dict[str, Any]) -> int:
            return order.index(row["label"]) if row["label"] in order else len(order)
        sweep_rows.sort(key=rank)
        balance_rows.sort(key=rank)
        varied = {
            "label": label,
            "path": vary.path,
            "points": list(vary.values),
            "rows": sweep_rows,
            "plot": sweep_plot(report.varied, label, report.target, order),
            "target": percent_sign(shortest(report.target * 100)),
            "balance": balance_rows,
        }
    encounter = report.encounter
    return {
        "title": _("rulebench report: {encounter}").format(encounter=encounter.name),
        "lang": language(),
        "csp": CSP,
        "encounter": encounter,
        "source": comparison.source,
        "neutral": [(column, _(FIELDS[column])) for column in FIELDS],
        "sides": {side: side_name(side) for side in (PARTY, ENEMY)},
        "stat_blocks": [_stat_block(block) for block in report.inspection.rulesets],
        "outcomes": _outcome_words(),
        "end_states": [end_state_name(s.value) for s in END_STATES],
        "outcome_rows": outcome_rows,
        "any_sampled": any(r.method != "exact" for _, r in labelled),
        "any_exact": any(r.method == "exact" for _, r in labelled),
        "outcome_plot": outcome_plot(labelled),
        "length_plot": length_plot(labelled),
        "fates": fates,
        "samples": samples,
        "varied": varied,
        "notes": comparison.notes + [n for run in report.varied for n in run.sweep.notes + run.balance.notes],
        "warnings": comparison.warnings,
        "provenance": {
            "rulebench": __version__,
            "created": report.created.strftime("%Y-%m-%d %H:%M UTC"),
            "seed": report.seed,
            "hash": encounter.content_hash(),
            "file": comparison.source or _("(given in Python)"),
            "rulesets": list(dict.fromkeys(_package_text(e.result) for e in comparison.entries)),
            "tactics": [t or DEFAULT_TACTICS for t in comparison.tactics],
            "plugins": list(report.plugins) or [_("(the default ones)")],
        },
    }


def _summary(label: str, record: FightRecord, unit: str) -> str:
    """A sample fight's one-line summary: ``dsa: party wins after 18 exchanges``."""
    outcome = outcome_name(record.result.outcome.value).replace("_", " ")
    # count_text's "after" form: German declines the unit after "nach" (nach 18 Schlagabtauschen).
    length = count_text(record.result.rounds, unit, after=True)
    return _("{label}: {outcome} after {length}").format(label=label, outcome=outcome, length=length)


def _fate_text(name: str, state: str, condition: str) -> str:
    """``Warrior: hurt (battered)``; the condition only where it says more than the end state."""
    shown = end_state_name(state)
    if not condition or condition in (shown, state):
        return f"{name}: {shown}"
    return f"{name}: {shown} ({condition})"


def _capitalised(word: str) -> str:
    """``round`` as a title's first word: ``Round`` (German nouns are capitalised already)."""
    return word[:1].upper() + word[1:]


def _package_text(result: RulesetResult) -> str:
    """``dsa: rulebench 0.1.0``: a ruleset and the package that provided it."""
    package = result.provenance.get("ruleset", {})
    return f"{result.ruleset}: {package.get('package', '?')} {package.get('version', '?')}"


def _replay_command(report: Report, entry: TacticsEntry) -> str:
    """The ``rulebench fight`` command that replays a sample fight."""
    file = report.comparison.source or "ENCOUNTER.toml"
    command = f"rulebench fight {file} -r {entry.ruleset} --seed {report.seed}"
    if entry.tactics:
        command += f" --tactics {entry.tactics}"
    return command + "".join(f" --plugin {p}" for p in report.plugins)


def _stat_block(block: dict[str, Any]) -> dict[str, Any]:
    """One ruleset's stat blocks as a table: a column per stat, identical numbered copies in one row."""
    stats = list(dict.fromkeys(k for c in block["combatants"] for k in c["stats"]))
    rows: list[dict[str, Any]] = []
    for c in block["combatants"]:
        base = re.fullmatch(r"(.*) (\d+)", c["name"])
        last = rows[-1] if rows else None
        if last and base and last["base"] == base.group(1) and last["stats"] == c["stats"] and last["side"] == c["side"]:
            last["last"] = base.group(2)
            continue
        rows.append({"base": base.group(1) if base else None, "first": base.group(2) if base else None, "last": None,
                     "name": c["name"], "side": c["side"], "engaged": c["engaged"], "stats": c["stats"]})
    for row in rows:
        if row["last"]:
            row["name"] = f"{row['base']} {row['first']}–{row['last']}"
        row["cells"] = [_stat_text(row["stats"].get(s)) for s in stats]
    sides = [{"name": side_name(side),
              "cells": [f"{k} {_stat_text(v)}" for k, v in values.items()]} for side, values in block["sides"].items()]
    return {"ruleset": block["ruleset"], "stats": stats, "rows": rows, "sides": sides}


def _stat_text(value: Any) -> str:
    if value is None:
        return "·"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value)) or "·"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "·"
    return str(value)


_ENV = jinja2.Environment(
    loader=jinja2.PackageLoader("rulebench.api", "templates"),
    autoescape=True,  # every name in an encounter file is text, never markup
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    extensions=["jinja2.ext.i18n"],
)
# The catalog's messages are extracted trimmed (tools/catalogs.py): render them trimmed, so they match.
_ENV.policies["ext.i18n.trimmed"] = True
# The callables look the language up on each call, so one environment serves every language.
# type: ignore: the i18n extension adds this method to the environment at run time, unknown to its type.
_ENV.install_gettext_callables(_, ngettext, newstyle=True, pgettext=pgettext)  # type: ignore[attr-defined]


def render_html(report: Report) -> str:
    """The report as one self-contained HTML document."""
    context = _context(report)
    for key in ("outcome_plot", "length_plot"):
        context[key] = Markup(context[key])  # our own SVG, drawn just now
    if context["varied"]:
        context["varied"]["plot"] = Markup(context["varied"]["plot"])
    return _ENV.get_template("report.html.j2").render(**context)


def write_report(report: Report, path: str | Path) -> Path:
    """Write the report to ``path`` (UTF-8) and return the path."""
    target = Path(path)
    target.write_text(render_html(report), encoding="utf-8")
    return target
