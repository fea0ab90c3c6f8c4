"""Sweeps and balance searches: how the outcome moves as one number of the encounter changes.

Every point of a sweep is analysed like ``compare`` analyses an encounter (exact where it fits);
sampled points share one seed, so neighbouring points differ by the change, not by luck.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.analysis.analyse import (
    Analysed,
    AnalysisOptions,
    OptionArgs,
    ProgressFactory,
    analyse_all,
    dataframe,
    load,
    provenance,
    ruleset_names,
)
from rulebench.analysis.cluster import sampling_pool
from rulebench.analysis.notes import Notes
from rulebench.analysis.precision import target_side
from rulebench.analysis.results import RulesetResult, Tally, result_row
from rulebench.analysis.sampling import SamplingPool
from rulebench.analysis.varying import MAX_POINTS as MAX_POINTS  # re-exported: where it always was
from rulebench.analysis.varying import Vary as Vary
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from typing_extensions import Unpack

def csv_document(varied: str, meta: dict[str, Any], rows: list[dict[str, Any]]) -> str:
    """Rows as CSV, after ``#`` comment lines naming what was varied and carrying the provenance."""
    buffer = io.StringIO()
    buffer.write(f"# rulebench sweep of {varied}\n# provenance: {json.dumps(meta)}\n")
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()

@dataclass
class Sweep:
    """Every outcome of every ruleset at every value of one encounter number (``rulebench sweep``).

    ``points[ruleset]`` holds one result per value of ``vary.values``.
    """

    encounter: Encounter
    source: str | None
    vary: Vary
    points: dict[str, list[RulesetResult]]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)
    """The notes by cause, to say once with another command's (a report's)."""

    def _point(self, value: int, result: RulesetResult, fractions: bool) -> dict[str, Any]:
        entry = result.to_dict(fractions)
        return {"value": value, **{k: entry[k] for k in ("method", "outcomes", "casualties", "ci95", "fights", "seed")},
                "rounds_mean": entry["rounds"]["mean"], "rounds_unit": entry["rounds"]["unit"]}

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``sweep --json`` document (the JSON contract in the README), with provenance."""
        return {
            "encounter": self.encounter.name,
            "vary": self.vary.to_dict(),
            "results": [
                {"ruleset": name, "points": [self._point(v, r, fractions) for v, r in zip(self.vary.values, results)]}
                for name, results in self.points.items()
            ],
            "provenance": provenance(self.encounter, self.source, [rs[0] for rs in self.points.values()]),
        }

    def rows(self) -> list[dict[str, Any]]:
        """Flat rows, one per ruleset and value: outcomes, interval bounds, method, fights, seed."""
        rows = []
        for name, results in self.points.items():
            for value, r in zip(self.vary.values, results):
                rows.append({"ruleset": name, self.vary.path: value} | result_row(r))
        return rows

    def to_csv(self) -> str:
        """The rows as CSV, after ``#`` comment lines carrying the provenance as JSON."""
        meta = provenance(self.encounter, self.source, [rs[0] for rs in self.points.values()])
        return csv_document(self.vary.path, meta, self.rows())

    def to_dataframe(self) -> Any:
        """The rows as a pandas DataFrame (pandas is optional)."""
        return dataframe(self.rows())


@dataclass
class Balance:
    """Per ruleset, where ``party_wins`` crosses the target as one number changes (``rulebench balance``).

    ``brackets[ruleset]`` is the pair of neighbouring values (ascending) whose results straddle the
    target, or None when it never crosses; ``evaluated[ruleset]`` every value analysed on the way.
    """

    encounter: Encounter
    source: str | None
    vary: Vary
    target: float
    brackets: dict[str, tuple[int, int] | None]
    evaluated: dict[str, dict[int, RulesetResult]]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)
    """The notes by cause, to say once with another command's (a report's)."""

    def _point(self, name: str, value: int) -> dict[str, Any]:
        r = self.evaluated[name][value]
        ci = r.ci95
        return {"value": value, "party_wins": float(r.outcomes["party_wins"]),
                "ci95": list(ci["party_wins"]) if ci else None, "method": r.method, "fights": r.fights,
                "stopped_by": r.stopped_by}

    def to_dict(self) -> dict[str, Any]:
        """The ``balance --json`` document (the JSON contract in the README), with provenance."""
        results = []
        for name, bracket in self.brackets.items():
            results.append({
                "ruleset": name,
                "crosses": bracket is not None,
                "bracket": [self._point(name, v) for v in bracket] if bracket else None,
                "evaluated": [self._point(name, v) for v in sorted(self.evaluated[name])],
            })
        first = [next(iter(e.values())) for e in self.evaluated.values()]
        return {
            "encounter": self.encounter.name,
            "vary": {**self.vary.to_dict(), "values": [self.vary.values[0], self.vary.values[-1]]},
            "target": self.target,
            "results": results,
            "provenance": provenance(self.encounter, self.source, first),
        }


def find_bracket(count: int, above: Callable[[int], bool]) -> tuple[int, int] | None:
    """Indices ``(i, i + 1)`` where ``above`` changes, or None; bisects when the ends differ.

    Bisection needs only a few analyses for a monotone outcome; when both ends agree, a crossing
    can only be a rise and fall (or fall and rise), so every value is checked in order.
    """
    known: dict[int, bool] = {}
    search = bracket_steps(count, known)
    try:
        while True:
            for index in next(search):
                if index not in known:
                    known[index] = above(index)
    except StopIteration as done:
        found: tuple[int, int] | None = done.value
        return found


def bracket_steps(count: int, above: dict[int, bool]) -> Generator[list[int], None, tuple[int, int] | None]:
    """:func:`find_bracket` in steps: yields the indices it needs next, and the caller fills
    ``above`` for them before resuming, so the searches of several rulesets can be analysed side
    by side; the same indices in the same order as ``find_bracket``."""
    lo, hi = 0, count - 1
    yield [lo, hi]
    if above[lo] != above[hi]:
        while hi - lo > 1:
            mid = (lo + hi) // 2
            yield [mid]
            lo, hi = (mid, hi) if above[mid] == above[lo] else (lo, mid)
        return lo, hi
    for i in range(1, hi):
        yield [i]
        if above[i] != above[lo]:
            return i - 1, i
    return None


def _setup(encounter: Encounter | str | Path, vary: str | Vary, rulesets: Sequence[str] | str | None,
           catalog: Catalog | None) -> tuple[Encounter, str | None, Vary, Catalog, list[str]]:
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    parsed = vary if isinstance(vary, Vary) else Vary.parse(vary, model)
    return model, source, parsed, catalog, ruleset_names(catalog, rulesets)


PointKey = tuple[str, str, AnalysisOptions, bool]
"""What makes two analyses of a varied encounter the same (:meth:`SharedPoints.key`)."""


class SharedPoints:
    """Points analysed in full, kept for the next sweep or balance of the same encounter under the
    same options and plugins (a report runs both, after a comparison that keeps its analyses here
    too): a point found here is not analysed again.

    Only analyses that do not depend on which command asks are kept: those without a ``decided``
    rule (balance's coarse look), or insisting on exact analysis, which never reads it. A point is
    known by the content of its encounter (the varied number set), the ruleset and the options in
    full (``fractions`` too); the memo serves only commands whose catalog equals the first one's.
    """

    def __init__(self) -> None:
        self._catalog: Catalog | None = None
        self._done: dict[PointKey, Analysed] = {}

    def serves(self, catalog: Catalog) -> bool:
        """Whether commands with ``catalog`` may use the memo: one equal to the first command's,
        the same plugin objects under the same names (a new ``discover()`` in this process gives one)."""
        if self._catalog is None:
            self._catalog = catalog
        return self._catalog == catalog

    def key(self, encounter: Encounter, ruleset: str, options: AnalysisOptions) -> PointKey:
        """The encounter's content hash, the ruleset, the options and ``fractions`` (which options' equality ignores)."""
        return encounter.content_hash(), ruleset, options, options.fractions

    def get(self, key: PointKey) -> Analysed | None:
        """The analysis kept under ``key``, if any."""
        return self._done.get(key)

    def keep(self, key: PointKey, done: Analysed) -> None:
        """Keep ``done`` for the commands that follow."""
        self._done[key] = done


class _Points:
    """Analyses the varied encounter for one command: one worker pool, one note per dropped ruleset."""

    def __init__(self, model: Encounter, parsed: Vary, catalog: Catalog, options: AnalysisOptions,
                 progress: ProgressFactory | None, pool: SamplingPool, shared: SharedPoints | None = None) -> None:
        self.model, self.parsed, self.catalog, self.options = model, parsed, catalog, options
        self.progress, self.pool = progress, pool
        self.shared = shared if shared is not None and shared.serves(catalog) else None
        self.encounters: dict[int, Encounter] = {}
        """The varied encounter at each value met so far (``varied``)."""
        self.notes = Notes(parsed.path)
        """What the analyses brought up, by cause, with the values it befell each ruleset at."""

    def varied(self, value: int) -> Encounter:
        """The encounter with the varied number at ``value``, made and validated once per value
        (every ruleset's configuration and the shared points' key start from it)."""
        found = self.encounters.get(value)
        if found is None:
            found = self.encounters[value] = self.parsed.apply(self.model, value)
        return found

    def config(self, ruleset: str, value: int) -> FightConfig:
        """The configuration of ``ruleset`` with the varied number at ``value``."""
        return configure(self.varied(value), ruleset, catalog=self.catalog,
                         plugins=self.options.plugins, tactics=self.options.tactics)

    def label(self, ruleset: str, value: int) -> str:
        """How progress names ``ruleset`` at ``value``."""
        return _("{ruleset} at {path} = {value}").format(ruleset=ruleset, path=self.parsed.path, value=self.parsed.show(value))

    def analyse(self, pairs: list[tuple[str, int]], decided: Callable[[Tally], bool] | None = None,
                options: AnalysisOptions | None = None) -> list[RulesetResult]:
        """The encounter analysed under each ruleset with the varied number at each value, all
        on the command's pool at once (``analyse_all``, which takes ``decided``), as ``options``
        say (default: the command's); their notes kept for the end."""
        chosen = options or self.options
        # Only a full analysis is shared: balance's coarse look stops where its question is answered.
        shared = self.shared if decided is None or chosen.exact else None
        keys = [shared.key(self.varied(value), name, chosen) for name, value in pairs] if shared else []
        known = [shared.get(key) for key in keys] if shared else [None] * len(pairs)
        todo = [pair for pair, done in zip(pairs, known) if done is None]
        configs = [self.config(name, value) for name, value in todo]
        labels = [self.label(name, value) for name, value in todo]
        fresh = iter(analyse_all(configs, chosen, self.pool, self.progress, labels, decided))
        results = []
        for i, (ruleset, value) in enumerate(pairs):
            done = known[i] or next(fresh)
            if shared and known[i] is None:
                shared.keep(keys[i], done)
            self.notes.add(ruleset, done, chosen, at=value)
            results.append(done.result)
        return results

def sweep(
    encounter: Encounter | str | Path,
    vary: str | Vary,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    shared: SharedPoints | None = None,
    **kwargs: Unpack[OptionArgs],
) -> Sweep:
    """Analyse the encounter at every value of ``vary`` (``"PATH=A..B[:STEP]"``) under each ruleset.

    The other arguments are those of :func:`rulebench.api.analyses.compare`. Every point is sampled
    from the same seed, so neighbouring points differ by the change, not by luck, and the worker
    processes start once for the whole sweep. ``shared`` takes the points another command on the
    same encounter and options analysed in full, and keeps this sweep's for the next.

    Raises:
        BadInput: as ``compare``, and for a bad ``vary``.
    """
    chosen = AnalysisOptions.build(options, **kwargs)
    model, source, parsed, catalog, names = _setup(encounter, vary, rulesets, catalog)
    points: dict[str, list[RulesetResult]] = {}
    with sampling_pool(chosen) as pool:  # local processes, or the chunks on a Dask cluster
        analysed = _Points(model, parsed, catalog, chosen, progress, pool, shared)
        pairs = [(name, value) for name in names for value in parsed.values]
        for (name, _), result in zip(pairs, analysed.analyse(pairs)):
            points.setdefault(name, []).append(result)
    return Sweep(model, source, parsed, points, list(catalog.warnings), analysed.notes.lines(), analysed.notes)


def balance(
    encounter: Encounter | str | Path,
    vary: str | Vary,
    target: float,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    shared: SharedPoints | None = None,
    **kwargs: Unpack[OptionArgs],
) -> Balance:
    """Find, per ruleset, the neighbouring values of ``vary`` between which ``party_wins`` crosses ``target``.

    Every value is sampled from the same seed (as in :func:`sweep`), so the bracket found is the
    same in every run with the same options. Without ``fights``, the search asks of each value only
    on which side of ``target`` it lies: the value is sampled until its ``party_wins`` interval
    lies wholly on one side (``target_side``; ``stopped_by``: ``target``) or the precision is
    reached, whichever comes first, even in the automatic choice, where an exact solve would
    cost far more than the few blocks of fights that tell the side. The bracket's two values are
    then analysed in full as the options say (exact where it fits, else sampled to the
    precision); should that put one on the other side, the search goes on from what it knows.
    ``shared`` (as in :func:`sweep`) saves analysing again a value a sweep of the same encounter
    and options analysed in full (the bracket's values; with ``fights``, every value).

    Raises:
        BadInput: as :func:`sweep`, and for a target outside (0, 1).
    """
    if not 0 < target < 1:
        raise BadInput(_("--target {target}: expected a probability strictly between 0 and 1, such as 0.5").format(target=target))
    chosen = AnalysisOptions.build(options, **kwargs)
    model, source, parsed, catalog, names = _setup(encounter, vary, rulesets, catalog)
    if len(parsed.values) < 2:
        raise BadInput(_("--vary {path}: balance searches a range; give two values or more, such as {path}=-1..+2").format(path=parsed.path))
    # A sampled value stops once it is clear on which side of the target it lies: values far
    # from the crossing take a block or two of fights instead of a percentage point's precision.
    decided = target_side(target, chosen.stop_precision) if chosen.fights is None else None
    coarse = replace(chosen, exact=False) if decided is not None and chosen.exact is None else chosen
    brackets: dict[str, tuple[int, int] | None] = {}
    seen: dict[str, dict[int, RulesetResult]] = {name: {} for name in names}
    above: dict[str, dict[int, bool]] = {name: {} for name in names}
    final: dict[str, set[int]] = {name: set() for name in names}
    """Per ruleset, the values analysed in full (the bracket's)."""
    searches = {name: bracket_steps(len(parsed.values), above[name]) for name in names}
    asks = {name: next(search) for name, search in searches.items()}
    with sampling_pool(chosen) as pool:  # local processes, or the chunks on a Dask cluster
        analysed = _Points(model, parsed, catalog, chosen, progress, pool, shared)
        while asks:
            # Every ruleset's next values at once: their analyses run side by side.
            pairs = [(name, parsed.values[i]) for name, indices in asks.items() for i in indices if i not in above[name]]
            for (name, value), result in zip(pairs, analysed.analyse(pairs, decided, coarse)):
                seen[name][value] = result
                above[name][parsed.values.index(value)] = result.outcomes["party_wins"] >= target
                if result.method == "exact" or (coarse is chosen and result.stopped_by != "target"):
                    final[name].add(value)  # already what the full analysis would give
            for name in list(asks):
                try:
                    asks[name] = searches[name].send(None)
                except StopIteration as done:
                    found = done.value
                    brackets[name] = (parsed.values[found[0]], parsed.values[found[1]]) if found else None
                    del asks[name]
            if asks or decided is None:
                continue
            # Every search is over: the brackets' values not yet analysed in full are, all at once.
            pairs = [(name, value) for name, bracket in brackets.items() if bracket for value in bracket if value not in final[name]]
            for (name, value), result in zip(pairs, analysed.analyse(pairs, None, chosen)):
                seen[name][value] = result
                final[name].add(value)
                index = parsed.values.index(value)
                side = result.outcomes["party_wins"] >= target
                if side != above[name][index]:  # the coarse look was wrong: search again from what is known
                    above[name][index] = side
                    searches[name] = bracket_steps(len(parsed.values), above[name])
                    asks[name] = next(searches[name])
    brackets = {name: brackets[name] for name in names}
    evaluated = {name: dict(sorted(seen[name].items())) for name in names}
    return Balance(model, source, parsed, target, brackets, evaluated, list(catalog.warnings), analysed.notes.lines(),
                   analysed.notes)
