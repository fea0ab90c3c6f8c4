"""Grid sweeps and balance curves: several numbers of the encounter varied together, on any pool.

``sweep --vary A --vary B`` analyses every combination of the values of A and B (row-major: the
last path varies fastest); ``balance --vary A --along B`` finds, at each value of B, the pair of
neighbouring values of A between which ``party_wins`` crosses the target.

All the work of one command goes through :func:`analyse_all`, which hands it to the command's
sampling pool as tasks: an exact attempt per (point, ruleset), then, for what does not fit or is to
be sampled, chunks of fights. The pool is local processes or a Dask cluster
(:mod:`rulebench.analysis.cluster`); every task is seeded by what it is, never by where it runs,
and parts are merged in a fixed order, so the results are the same everywhere, bit for bit.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.analysis.analyse import (
    AnalysisOptions,
    OptionArgs,
    ProgressFactory,
    dataframe,
    load,
    provenance,
    ruleset_names,
)
from rulebench.analysis.analyse import (
    analyse_all as analyse_all,  # re-exported: commands and tests run their analyses through it
)
from rulebench.analysis.cluster import sampling_pool
from rulebench.analysis.notes import Notes
from rulebench.analysis.precision import target_side
from rulebench.analysis.results import RulesetResult, Tally, result_row
from rulebench.analysis.sampling import SamplingPool
from rulebench.analysis.sweeps import Balance, Sweep, Vary, balance, bracket_steps, csv_document, sweep
from rulebench.core.assembly import configure
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput, EncounterError
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from typing_extensions import Unpack

MAX_GRID_POINTS = 2_000
"""The most combinations one grid visits (each under every ruleset): beyond it, use larger steps."""

Point = tuple[int, ...]
"""One combination of a grid's values, in the order of its paths."""


@dataclass(frozen=True)
class Grid:
    """The encounter numbers varied together and the values each takes."""

    varies: tuple[Vary, ...]

    @classmethod
    def parse(cls, texts: Sequence[str | Vary], encounter: Encounter) -> Grid:
        """Read each ``PATH=A..B[:STEP]`` and check the grid as a whole.

        Raises:
            BadInput: a bad range (as ``--vary``), a path varied twice, more than ``MAX_GRID_POINTS``
                combinations, or a combination that makes the encounter invalid.
        """
        varies = tuple(v if isinstance(v, Vary) else Vary.parse(v, encounter) for v in texts)
        if not varies:
            raise BadInput(_("--vary: expected at least one PATH=A..B[:STEP]"))
        paths = [p for v in varies for p in v.paths]  # a whole side overlaps each of its members
        twice = sorted({p for p in paths if paths.count(p) > 1})
        if twice:
            raise BadInput(_("--vary {path} is given twice; vary each path once").format(path=twice[0]))
        grid = cls(varies)
        size = len(grid.points())
        if size > MAX_GRID_POINTS:
            shape = " x ".join(str(len(v.values)) for v in varies)
            raise BadInput(_("--vary: a grid of {shape} = {size} points; at most {limit}, use larger steps").format(
                shape=shape, size=size, limit=MAX_GRID_POINTS))
        for point in grid.points():
            grid.encounter_at(encounter, point)  # every combination checked before any work starts
        return grid

    @property
    def paths(self) -> tuple[str, ...]:
        """The varied paths, in the order given."""
        return tuple(v.path for v in self.varies)

    def points(self) -> list[Point]:
        """Every combination, the last path varying fastest."""
        return list(itertools.product(*(v.values for v in self.varies)))

    def label(self, point: Point) -> str:
        """``path = value, path = value``: how notes and messages name a point."""
        return ", ".join(f"{v.path} = {v.show(value)}" for v, value in zip(self.varies, point))

    def encounter_at(self, encounter: Encounter, point: Point) -> Encounter:
        """The encounter with every path set to its value at ``point``.

        Raises:
            BadInput: the combination is not a valid encounter (each end of each range alone may be).
        """
        changed = encounter
        for vary, value in zip(self.varies, point):
            try:
                changed = vary.apply(changed, value)
            except EncounterError as err:
                problems = "; ".join(f"{where}: {what}" for where, what in err.problems)
                raise BadInput(_("--vary: {point} is not a valid encounter: {problems}").format(point=self.label(point), problems=problems)) from None
        return changed


# --- running many analyses on one pool -------------------------------------------------------


# --- grid sweeps ----------------------------------------------------------------------------


@dataclass
class GridSweep:
    """Every outcome of every ruleset at every combination of several encounter numbers.

    ``points[ruleset]`` holds one result per point of ``grid.points()``, in that order.
    """

    encounter: Encounter
    source: str | None
    grid: Grid
    points: dict[str, list[RulesetResult]]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)
    """The notes by cause, to say once with another command's (a report's)."""

    def _point(self, point: Point, result: RulesetResult, fractions: bool) -> dict[str, Any]:
        entry = result.to_dict(fractions)
        return {"values": dict(zip(self.grid.paths, point)),
                **{k: entry[k] for k in ("method", "outcomes", "ci95", "fights", "seed")},
                "rounds_mean": entry["rounds"]["mean"], "rounds_unit": entry["rounds"]["unit"]}

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``sweep --json`` document of a grid: ``vary`` lists every path, each point has ``values``."""
        points = self.grid.points()
        return {
            "encounter": self.encounter.name,
            "vary": [v.to_dict() for v in self.grid.varies],
            "results": [
                {"ruleset": name, "points": [self._point(p, r, fractions) for p, r in zip(points, results)]}
                for name, results in self.points.items()
            ],
            "provenance": provenance(self.encounter, self.source, [rs[0] for rs in self.points.values()]),
        }

    def rows(self) -> list[dict[str, Any]]:
        """Flat rows, one per ruleset and point: each path's value, outcomes, interval bounds, method."""
        rows = []
        for name, results in self.points.items():
            for point, r in zip(self.grid.points(), results):
                rows.append({"ruleset": name, **dict(zip(self.grid.paths, point))} | result_row(r))
        return rows

    def to_csv(self) -> str:
        """The rows as CSV, after ``#`` comment lines carrying the provenance as JSON."""
        meta = provenance(self.encounter, self.source, [rs[0] for rs in self.points.values()])
        return csv_document(" x ".join(self.grid.paths), meta, self.rows())

    def to_dataframe(self) -> Any:
        """The rows as a pandas DataFrame (pandas is optional)."""
        return dataframe(self.rows())


def _catalog_names(encounter: Encounter | str | Path, rulesets: Sequence[str] | str | None,
                   catalog: Catalog | None) -> tuple[Encounter, str | None, Catalog, list[str]]:
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    return model, source, catalog, ruleset_names(catalog, rulesets)


def grid_sweep(
    encounter: Encounter | str | Path,
    varies: str | Vary | Sequence[str | Vary],
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    **kwargs: Unpack[OptionArgs],
) -> GridSweep | Sweep:
    """Analyse the encounter at every combination of ``varies`` under each ruleset.

    One path gives the :class:`~rulebench.analysis.sweeps.Sweep` that ``sweep`` gives (the same
    JSON: ``sweep`` itself runs), several a :class:`GridSweep`. The work runs on the Dask cluster of
    ``options.scheduler`` (else ``RULEBENCH_SCHEDULER``) when one is named, else
    on ``options.processes`` local processes. The other arguments are those of ``sweep``.

    Raises:
        BadInput: as ``sweep``, for a bad grid, or a cluster that cannot be used.
    """
    chosen = AnalysisOptions.build(options, **kwargs)
    varies = [varies] if isinstance(varies, (str, Vary)) else list(varies)
    if len(varies) == 1:
        return sweep(encounter, varies[0], rulesets, chosen, catalog=catalog, progress=progress)
    model, source, catalog, names = _catalog_names(encounter, rulesets, catalog)
    grid = Grid.parse(varies, model)
    points = grid.points()
    wanted = list(itertools.product(names, points))
    configs = [configure(grid.encounter_at(model, point), name, catalog=catalog, plugins=chosen.plugins,
                         tactics=chosen.tactics) for name, point in wanted]
    labels = [_("{ruleset} at {point}").format(ruleset=name, point=grid.label(point)) for name, point in wanted]
    with sampling_pool(chosen) as pool:
        analysed = analyse_all(configs, chosen, pool, progress, labels)
    by_ruleset: dict[str, list[RulesetResult]] = {name: [] for name in names}
    notes = Notes(points=len(points))
    for (name, point), done in zip(wanted, analysed):
        by_ruleset[name].append(done.result)
        notes.add(name, done, chosen, at=point)
    return GridSweep(model, source, grid, by_ruleset, list(catalog.warnings), notes.lines(), notes)


# --- balance curves -------------------------------------------------------------------------


@dataclass
class _Search:
    """One bracket search under way: a ruleset, the encounter it varies, and what it has seen."""

    ruleset: str
    encounter: Encounter
    count: int
    where: str = ""
    """How notes name the fixed value of ``along`` this search runs at (empty without ``along``)."""
    above: dict[int, bool] = field(default_factory=dict)
    seen: dict[int, RulesetResult] = field(default_factory=dict)
    found: tuple[int, int] | None = None
    asks: list[int] = field(default_factory=list)
    final: set[int] = field(default_factory=set)
    """The indices analysed in full (the bracket's), not only until their side was clear."""

    def __post_init__(self) -> None:
        self.restart()

    def restart(self) -> None:
        """Search again from the answers known so far (a bracket's value turned out on the other side)."""
        self.steps = bracket_steps(self.count, self.above)  # the search reads the answers filled in here
        self.found = None

    def advance(self) -> bool:
        """Move to the next request; False once the search is over (``found`` holds its answer)."""
        try:
            self.asks = [i for i in dict.fromkeys(next(self.steps)) if i not in self.above]
            return True
        except StopIteration as stop:
            self.found = stop.value
            return False


def _run_searches(searches: list[_Search], vary: Vary, target: float, options: AnalysisOptions, pool: SamplingPool,
                  catalog: Catalog, progress: ProgressFactory | None, notes: Notes) -> None:
    """Drive every search to its end, analysing each round of requests together on ``pool``.

    As ``balance``: without a fight count, a value is analysed only until its side of the target
    is clear (sampled, even in the automatic choice), and each bracket's two values are then
    analysed in full; a search whose bracket value turns out on the other side goes on.
    """
    decided = target_side(target, options.stop_precision) if options.fights is None else None
    coarse = replace(options, exact=False) if decided is not None and options.exact is None else options

    def analyse(wanted: list[tuple[_Search, int]], chosen: AnalysisOptions, rule: Callable[[Tally], bool] | None) -> list[bool]:
        # Analyse every (search, index) at once; True for each whose side the search had wrong.
        configs = [configure(vary.apply(s.encounter, vary.values[i]), s.ruleset, catalog=catalog,
                             plugins=options.plugins, tactics=options.tactics) for s, i in wanted]
        labels = [f"{s.where}{vary.path} = {vary.show(vary.values[i])}" for s, i in wanted]
        moved = []
        for (s, i), done in zip(wanted, analyse_all(configs, chosen, pool, progress, labels, rule)):
            s.seen[vary.values[i]] = done.result
            side = done.result.outcomes["party_wins"] >= target
            moved.append(i in s.above and s.above[i] != side)
            s.above[i] = side
            if rule is None or done.result.method == "exact" or (chosen is options and done.result.stopped_by != "target"):
                s.final.add(i)
            notes.add(s.ruleset, done, chosen, at=(s.where, vary.values[i]))  # a point of the curve's grid
        return moved

    active = [s for s in searches if s.advance()]
    while active:
        analyse([(s, i) for s in active for i in s.asks], coarse, decided)
        active = [s for s in active if s.advance()]
        if active or decided is None:
            continue
        # Every search is over: the brackets' values not yet analysed in full are, all at once.
        wanted = [(s, i) for s in searches if s.found for i in s.found if i not in s.final]
        for (s, _index), moved in zip(wanted, analyse(wanted, options, None)):
            if moved and s not in active:
                s.restart()
                active.append(s)
        active = [s for s in active if s.advance()]


@dataclass
class BalanceCurve:
    """Per ruleset and value of ``along``, where ``party_wins`` crosses the target as ``vary`` changes.

    ``brackets[ruleset][k]`` is the bracket (ascending values of ``vary``) at ``along.values[k]``,
    or None when it never crosses there; ``evaluated[ruleset][k]`` every value analysed on the way.
    """

    encounter: Encounter
    source: str | None
    vary: Vary
    along: Vary
    target: float
    brackets: dict[str, list[tuple[int, int] | None]]
    evaluated: dict[str, list[dict[int, RulesetResult]]]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)
    """The notes by cause, to say once with another command's (a report's)."""

    @staticmethod
    def _point(seen: dict[int, RulesetResult], value: int) -> dict[str, Any]:
        r = seen[value]
        ci = r.ci95
        return {"value": value, "party_wins": float(r.outcomes["party_wins"]),
                "ci95": list(ci["party_wins"]) if ci else None, "method": r.method, "fights": r.fights,
                "stopped_by": r.stopped_by}

    def crossing(self, name: str, k: int) -> float | None:
        """Where ``party_wins`` meets the target at ``along.values[k]``, interpolated inside its bracket."""
        bracket = self.brackets[name][k]
        if bracket is None:
            return None
        low, high = bracket
        p_low = float(self.evaluated[name][k][low].outcomes["party_wins"])
        p_high = float(self.evaluated[name][k][high].outcomes["party_wins"])
        if p_low == p_high:
            return (low + high) / 2
        return low + (high - low) * (self.target - p_low) / (p_high - p_low)

    def to_dict(self) -> dict[str, Any]:
        """The ``balance --along --json`` document: per ruleset a ``curve``, one entry per value of ``along``."""
        results = []
        for name, brackets in self.brackets.items():
            curve = []
            for k, (value, bracket) in enumerate(zip(self.along.values, brackets)):
                seen = self.evaluated[name][k]
                curve.append({
                    "along": value,
                    "crosses": bracket is not None,
                    "crossing": self.crossing(name, k),
                    "bracket": [self._point(seen, v) for v in bracket] if bracket else None,
                    "evaluated": [self._point(seen, v) for v in sorted(seen)],
                })
            results.append({"ruleset": name, "curve": curve})
        first = [next(iter(e[0].values())) for e in self.evaluated.values()]
        return {
            "encounter": self.encounter.name,
            "vary": {**self.vary.to_dict(), "values": [self.vary.values[0], self.vary.values[-1]]},
            "along": self.along.to_dict(),
            "target": self.target,
            "results": results,
            "provenance": provenance(self.encounter, self.source, first),
        }


def balance_curve(
    encounter: Encounter | str | Path,
    vary: str | Vary,
    target: float,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    along: str | Vary | None = None,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    **kwargs: Unpack[OptionArgs],
) -> BalanceCurve | Balance:
    """Find where ``party_wins`` crosses ``target`` along ``vary``, at each value of ``along``.

    Without ``along`` this is ``balance`` itself. The searches of all rulesets and values of
    ``along`` advance together, so each round of bisection is one batch of analyses for the pool
    (local processes, or the Dask cluster the options name); each search visits the values
    ``balance`` would visit at that value of ``along``.

    Raises:
        BadInput: as ``balance``, for a bad ``along`` (or the same path as ``vary``), or a cluster
            that cannot be used.
    """
    if not 0 < target < 1:
        raise BadInput(_("--target {target}: expected a probability strictly between 0 and 1, such as 0.5").format(target=target))
    chosen = AnalysisOptions.build(options, **kwargs)
    if along is None:
        return balance(encounter, vary, target, rulesets, chosen, catalog=catalog, progress=progress)
    model, source, catalog, names = _catalog_names(encounter, rulesets, catalog)
    grid = Grid.parse([vary, along], model)
    parsed, line = grid.varies
    searches = [_Search(name, line.apply(model, b), len(parsed.values), f"{line.path} = {line.show(b)}, ")
                for name in names for b in line.values]
    notes = Notes(points=len(parsed.values) * len(line.values))
    with sampling_pool(chosen) as pool:
        _run_searches(searches, parsed, target, chosen, pool, catalog, progress, notes)

    def bracket(s: _Search) -> tuple[int, int] | None:
        return (parsed.values[s.found[0]], parsed.values[s.found[1]]) if s.found else None

    count = len(line.values)
    rows = {name: searches[i * count:(i + 1) * count] for i, name in enumerate(names)}
    return BalanceCurve(
        model, source, parsed, line, target,
        {name: [bracket(s) for s in row] for name, row in rows.items()},
        {name: [dict(sorted(s.seen.items())) for s in row] for name, row in rows.items()},
        list(catalog.warnings), notes.lines(), notes,
    )
