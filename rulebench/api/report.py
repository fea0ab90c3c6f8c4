"""One self-contained HTML report of an encounter (``rulebench report``), for a projector or a student.

The report holds the encounter, each ruleset's stat blocks, the outcome comparison (with how each
number was obtained and what its interval means), the fates, the fight-length distribution, one
narrated sample fight per ruleset, with a ``vary`` the sweep and balance, with a ``chain`` a day of
adventure under the same rulesets (:mod:`rulebench.api.report_chain`), and the provenance. Every
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
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from rulebench.analysis.analyse import DEFAULT_SEED, AnalysisOptions, OptionArgs, ProgressFactory, load
from rulebench.analysis.notes import Notes
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sensitivity import Sensitivity
from rulebench.analysis.sensitivity import sensitivity as run_sensitivity
from rulebench.analysis.sweeps import Balance, SharedPoints, Sweep, Vary, balance, sweep
from rulebench.api.inspect import Inspection, show
from rulebench.api.labels import FIELDS, casualty_name, end_state_name, method_name, outcome_words, side_name, vary_label
from rulebench.api.narrated_fight import FightRecord, fight
from rulebench.api.numbers import count_text, fixed, interval, length_units, mean_title, percent, plural, shortest
from rulebench.api.odds import FightOdds, fight_odds
from rulebench.api.plots import Series, SweepSeries, comparison_series
from rulebench.api.report_chain import chain_section
from rulebench.api.report_odds import REPORT_ODDS_FIGHTS, sample_odds
from rulebench.api.report_plots import day_plot, length_plot, outcome_plot, sensitivity_plot, sweep_plot
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

    from rulebench.api.chains import ChainComparison
    from rulebench.core.chain_file import ChainFile

__all__ = ["SECTIONS", "Report", "build_report", "render_html", "write_report"]

INSTALL = "pip install 'rulebench[plot]'"

SECTIONS = ("outcomes", "fates", "fight-length", "sweep", "balance", "sensitivity", "chain", "encounter", "stat-blocks",
            "sample-fights", "provenance")
"""The ids of the report's sections, in page order: the answers first (the outcome comparison and its
plot open the page), then what they were computed from; ``sweep`` and ``balance`` only with a ``vary``,
``sensitivity`` only when asked for, ``chain`` only with a chain file."""

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
        day: with a chain file, the day of adventure under the same rulesets.
        target: the ``party_wins`` probability balance looks for.
        seed: the seed of sampled analyses and of the sample fights.
        plugins: modifier plugins added to every fight.
        created: when the report was made (UTC).
        odds: the chance from here after every round of each sample fight.
    """

    comparison: TacticsComparison
    inspection: Inspection
    samples: list[tuple[TacticsEntry, FightRecord]]
    varied: list[VariedRun] = field(default_factory=list)
    target: float = 0.5
    seed: int = DEFAULT_SEED
    plugins: tuple[str, ...] = ()
    sensitivity: Sensitivity | None = None
    """With ``sensitivity``, which stat matters most under each ruleset."""
    day: ChainComparison | None = None
    """With a chain file, the day of adventure played under the same rulesets."""
    created: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.timezone.utc))
    odds: list[FightOdds] = field(default_factory=list)
    """The odds through each sample fight, in the order of ``samples`` (empty: none shown)."""

    @property
    def encounter(self) -> Encounter:
        """The encounter reported on."""
        return self.comparison.encounter

    def notes(self) -> list[str]:
        """The notes of every analysis the report made, once per cause for all of them (the
        comparison's rows, the sweeps and balances under each tactics, labelled as the page labels them)."""
        several = len(self.comparison.tactics) > 1
        merged = Notes(self.varied[0].sweep.vary.path) if self.varied else Notes()
        merged.merge(self.comparison.causes)
        for run in self.varied:
            def label(ruleset: str, tactics: str = run.tactics) -> str:
                return f"{ruleset} · {tactics}" if several else ruleset
            merged.merge(run.sweep.causes, label)
            merged.merge(run.balance.causes, label)
        if self.sensitivity is not None:
            merged.merge(self.sensitivity.causes)
        return merged.lines() + (self.day.notes if self.day else [])


def build_report(
    encounter: Encounter | str | Path,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    tactics_list: Sequence[str | None] = (None,),
    vary: str | None = None,
    target: float = 0.5,
    sensitivity: Sequence[str] | bool = False,
    chain: ChainFile | str | Path | None = None,
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
        sensitivity: True (every stat) or the stats to change: add which stat matters most
            (``rulebench sensitivity`` under the default tactics).
        chain: a chain file (or model) to play as a day under the same rulesets and options.
        catalog: discovered plugins, to reuse between calls.
        progress: a progress display factory.

    Raises:
        BadInput: as ``compare``, ``sweep``, ``balance`` and ``chain``; matplotlib missing (the plots need it).
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
    stats = () if sensitivity is True else tuple(sensitivity or ())
    ranked = run_sensitivity(model, names, base, stats=stats, catalog=catalog, progress=progress) if sensitivity else None
    day = None
    if chain is not None:
        from rulebench.api.chains import chain as play_chain

        day = play_chain(chain, names, base, catalog=catalog, progress=progress)
    # The odds through each sample fight: exact where a state fits, else a few sampled fights from it.
    odds = [fight_odds(record, max_states=base.max_states, fights=REPORT_ODDS_FIGHTS, workers=base.workers, progress=progress)
            for _entry, record in samples]
    return Report(comparison, inspection, samples, varied, target, base.seed, base.plugins, ranked, day, odds=odds)


# -- plots -------------------------------------------------------------------------------------

def _varied_entries(runs: Sequence[VariedRun], rulesets: Sequence[str]) -> list[tuple[str, VariedRun, str]]:
    """Each swept ruleset under each run's tactics as ``(label, run, ruleset)``, ruleset by ruleset in
    the order of ``rulesets``, tactics in the runs' order; labelled ``dsa · cautious`` where there are several."""
    entries = [(name if len(runs) == 1 else f"{name} · {run.tactics}", run, name) for run in runs for name in run.sweep.points]
    return sorted(entries, key=lambda entry: rulesets.index(entry[2]) if entry[2] in rulesets else len(rulesets))


def varied_series(runs: Sequence[VariedRun], rulesets: Sequence[str]) -> list[SweepSeries]:
    """The sweeps' rulesets as series (:func:`_varied_entries`), each run's tactics a variant of its ruleset."""
    return [SweepSeries(label, name, run.tactics, list(run.sweep.vary.values), run.sweep.points[name])
            for label, run, name in _varied_entries(runs, rulesets)]


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


def _outcome_rows(series: Sequence[Series], units: Sequence[str]) -> list[dict[str, Any]]:
    """The outcome table's rows: the party's chance to win and to be wiped out first, the other
    outcomes, each cell with its 95% interval where sampled, and the mean length under its unit's column."""
    rows = []
    for s in series:
        r = s.result
        ci = r.ci95 or {}
        casualties = r.casualties()
        casualties_ci = r.casualties_ci95(casualties) or {}
        cells = [{"p": percent(r.outcomes["party_wins"]), "ci": interval(ci.get("party_wins"))},
                 {"p": percent(casualties["wiped_out"]), "ci": interval(casualties_ci.get("wiped_out"))}]
        cells += [{"p": percent(r.outcomes[o]), "ci": interval(ci.get(o))} for o in LATER_OUTCOMES]
        rows.append({
            "label": s.label,
            "method": _method_text(r),
            "cells": cells,
            "lengths": [fixed(float(r.rounds_mean), 2) if r.unit == unit else "" for unit in units],
        })
    return rows


LATER_OUTCOMES = tuple(o.value for o in OUTCOMES if o.value != "party_wins")
"""The outcomes the table shows after the party's chance to win and to be wiped out."""


def _varied_context(report: Report, order: Sequence[str]) -> dict[str, Any] | None:
    """The sweep's and balance's variables (None without a ``vary``), rows ruleset by ruleset in ``order``."""
    if not report.varied:
        return None
    vary = report.varied[0].sweep.vary
    label = vary_label(vary.path, report.encounter, vary.relative)
    entries = _varied_entries(report.varied, order)
    series = varied_series(report.varied, order)
    balance_rows = []
    for row_label, run, name in entries:
        bracket = run.balance.brackets[name]
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
    return {
        "label": label,
        "path": vary.path,
        "points": [vary.show(v) for v in vary.values],
        "rows": [{"label": s.label,
                  "cells": [{"p": percent(r.outcomes["party_wins"]), "ci": interval((r.ci95 or {}).get("party_wins"))}
                            for r in s.results]} for s in series],
        "plot": sweep_plot(series, label, report.target),
        "target": percent_sign(shortest(report.target * 100)),
        "balance": balance_rows,
    }


def _sensitivity_context(result: Sensitivity | None) -> dict[str, Any] | None:
    """The sensitivity section's variables (None without one), its chart drawn as SVG."""
    if result is None:
        return None
    from rulebench.api.report_sensitivity import sensitivity_context

    return sensitivity_context(result, sensitivity_plot(result))


def _methods_caption(result: RulesetResult) -> str:
    """How every row of the outcome table was obtained, when that is the same for all of them."""
    if result.method == "exact":
        return _("Every row is exact: every possible roll counted.")
    fights = result.fights or 0
    return ngettext("Every row is sampled: {count} fight, seed {seed}.", "Every row is sampled: {count} fights, seed {seed}.",
                    fights).format(count=format_integer(fights), seed=result.seed)


def _context(report: Report) -> dict[str, Any]:
    """The template's variables: every number already worded, every plot already drawn."""
    comparison = report.comparison
    series = comparison_series(comparison)
    units = length_units(s.result.unit for s in series)
    rows = _outcome_rows(series, units)
    fates = [
        {"label": s.label, "rows": [{"name": row["name"], "cells": [percent(row[e.value]) for e in END_STATES]}
                                    for row in s.result.fates()]}
        for s in series
    ]
    samples = []
    for index, (entry, record) in enumerate(report.samples):
        unit = entry.result.unit
        samples.append(sample_odds(report.odds[index], _capitalised(plural(unit, 1))) if index < len(report.odds) else {})
        samples[-1].update({
            "label": _entry_label(report, entry),
            "summary": _summary(_entry_label(report, entry), record, unit),
            "command": _replay_command(report, entry),
            "setup": [e["text"] for e in record.setup_events()],
            "rounds": [{"number": row["number"], "events": [(e.get("kind", ""), e["text"]) for e in row["events"]]}
                       for row in record.rounds()],
            "word": _capitalised(plural(unit, 1)),
            "fates": [_fate_text(c.name, f.state.value, f.condition) for c, f in zip(record.fight.combatants, record.result.fates)],
        })
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
        "outcomes": [outcome_words(o.value) for o in OUTCOMES],
        "columns": [outcome_words("party_wins"), casualty_name("wiped_out"), *(outcome_words(o) for o in LATER_OUTCOMES)],
        "length_columns": [mean_title(unit) for unit in units],
        "end_states": [end_state_name(e.value) for e in END_STATES],
        "outcome_rows": rows,
        "mixed": len({row["method"] for row in rows}) > 1,  # then each row says how it was obtained
        "methods_caption": _methods_caption(series[0].result) if series else "",
        "any_sampled": any(s.result.method != "exact" for s in series),
        "any_exact": any(s.result.method == "exact" for s in series),
        "outcome_plot": outcome_plot(series),
        "length_plot": length_plot(series),
        "fates": fates,
        "samples": samples,
        "varied": _varied_context(report, list(dict.fromkeys(s.ruleset for s in series))),
        "sensitivity": _sensitivity_context(report.sensitivity),
        "day": chain_section(report.day, day_plot(report.day)) if report.day else None,
        "notes": report.notes(),
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
    outcome = outcome_words(record.result.outcome.value)
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
    for section in ("varied", "sensitivity", "day"):
        if context[section]:
            context[section]["plot"] = Markup(context[section]["plot"])
    return _ENV.get_template("report.html.j2").render(**context)


def write_report(report: Report, path: str | Path) -> Path:
    """Write the report to ``path`` (UTF-8) and return the path."""
    target = Path(path)
    target.write_text(render_html(report), encoding="utf-8")
    return target
