"""Sensitivity: which stat matters most under each ruleset (``rulebench sensitivity``).

Every numeric stat of every member, and of each whole side, is changed by -1 and by +1 within
its allowed range (an offset ``--vary`` as ``party[*].armour=+1`` reads it), and each change is
analysed under each ruleset beside the encounter as it is. A ruleset's changes share one budget:
they are solved exactly (as ``compare`` solves) only where the unchanged encounter fits and its
solve, times the number of changes, stays within the budget of one solve (:func:`_affordable`);
else they are sampled fight for fight from the same random numbers as the unchanged encounter
(:mod:`rulebench.analysis.paired`), so that a change's interval is that of a paired difference.
Changes are ranked by how far they move the party's chance to win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.analysis.analyse import (
    Analysed,
    AnalysisOptions,
    Dropped,
    OptionArgs,
    ProgressFactory,
    Solved,
    load,
    provenance,
    record_provenance,
    ruleset_names,
    solve_all,
)
from rulebench.analysis.cluster import sampling_pool
from rulebench.analysis.notes import Notes
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sensitivity_runs import PairedRun, Point, run_paired
from rulebench.analysis.varying import STATS, Vary, side_paths
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from typing_extensions import Unpack

SIDES = ("party", "enemy", "both")
"""What ``--side`` may name."""
NUMBERS = (*STATS, "count")
"""What ``--stat`` may name: a member's stats, and an enemy entry's count."""


@dataclass(frozen=True)
class Change:
    """One change: ``path`` (a member's stat or a whole side's, ``party[*].armour``) by ``delta``."""

    path: str
    delta: int
    vary: Vary

    def to_dict(self) -> dict[str, Any]:
        """``{"path", "delta"}``."""
        return {"path": self.path, "delta": self.delta}


@dataclass(frozen=True)
class Skipped:
    """A change not made, and why (a stat at the end of its range)."""

    path: str
    delta: int
    reason: str


def changes_of(encounter: Encounter, stats: Sequence[str] = (), side: str = "both") -> tuple[list[Change], list[Skipped]]:
    """Every change ``sensitivity`` makes: each stat of each member of the chosen sides, then of
    each side as a whole (a side of two members or more), by -1 and +1; those that would leave a
    stat's range are skipped with the reason.

    Raises:
        BadInput: an unknown stat or side.
    """
    if side not in SIDES:
        raise BadInput(_("--side {side!r}: expected one of {sides}").format(side=side, sides=", ".join(SIDES)))
    for stat in stats:
        if stat not in NUMBERS:
            raise BadInput(_("--stat {stat!r}: expected one of {stats}").format(stat=stat, stats=", ".join(NUMBERS)))
    chosen = list(dict.fromkeys(stats)) or list(STATS)
    changes: list[Change] = []
    skipped: list[Skipped] = []
    for name in ("party", "enemy") if side == "both" else (side,):
        numbers = [s for s in chosen if s != "count" or name == "enemy"]  # only enemy entries take a count
        wholes = [f"{name}[*].{s}" for s in numbers] if len(side_paths(encounter, name, "melee")) > 1 else []
        singles = [p for s in numbers for p in side_paths(encounter, name, s)]
        for path in singles + wholes:
            for delta in (-1, 1):
                try:
                    changes.append(Change(path, delta, Vary.parse(f"{path}={delta:+d}", encounter)))
                except BadInput as err:
                    skipped.append(Skipped(path, delta, str(err).split(": ", 1)[-1]))
    return changes, skipped


@dataclass
class RulesetSensitivity:
    """One ruleset's answer: the unchanged encounter, then every change ranked by how far it
    moves the party's chance to win (the largest first)."""

    ruleset: str
    base: Point
    changes: list[tuple[Change, Point]]
    result: RulesetResult
    """The unchanged encounter's result in full (its provenance)."""

    def to_dict(self) -> dict[str, Any]:
        """``{"ruleset", "base", "changes"}`` as the JSON contract has it."""
        return {"ruleset": self.ruleset, "base": self.base.base_dict(),
                "changes": [change.to_dict() | point.to_dict() for change, point in self.changes],
                "provenance": self.result.provenance}


@dataclass
class Sensitivity:
    """Every ruleset's sensitivity on one encounter (``rulebench sensitivity``)."""

    encounter: Encounter
    source: str | None
    results: list[RulesetSensitivity]
    skipped: list[Skipped]
    options: AnalysisOptions
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)
    """The notes by cause, to say once with another command's (a report's)."""

    def to_dict(self) -> dict[str, Any]:
        """The ``sensitivity --json`` document, with provenance."""
        return {
            "encounter": self.encounter.name,
            "seed": self.options.seed,
            "results": [r.to_dict() for r in self.results],
            "skipped": [{"path": s.path, "delta": s.delta, "reason": s.reason} for s in self.skipped],
            "provenance": provenance(self.encounter, self.source, [r.result for r in self.results]),
        }


def _exact_point(result: RulesetResult) -> Point:
    casualties = result.casualties()
    return Point("exact", float(result.outcomes["party_wins"]), float(casualties["wiped_out"]))


def sensitivity(
    encounter: Encounter | str | Path,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    stats: Sequence[str] = (),
    side: str = "both",
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    **kwargs: Unpack[OptionArgs],
) -> Sensitivity:
    """Change each stat of each member and side by -1 and +1 and rank, per ruleset, how far each
    change moves the party's chance to win and to be wiped out.

    ``stats`` names the stats to change (default: every member stat, :data:`STATS`; ``count`` adds
    each enemy entry's count), ``side`` whose (``party``, ``enemy``, ``both``). The other arguments
    are those of :func:`rulebench.api.analyses.compare`. Where the unchanged encounter fits exact
    analysis, each change is tried exactly too; where it or a change does not, they are sampled
    in pairs from the same seeds, fight for fight.

    Raises:
        BadInput: as ``compare``, an unknown stat or side, or no change possible.
    """
    chosen = AnalysisOptions.build(options, **kwargs)
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    names = ruleset_names(catalog, rulesets)
    changes, skipped = changes_of(model, stats, side)
    if not changes:
        raise BadInput(_("{encounter!r}: no stat can be changed by -1 or +1 within its range ({stats})").format(
            encounter=model.name, stats=", ".join(stats or STATS)))
    changed = [change.vary.apply(model, change.delta) for change in changes]

    def config(encounter: Encounter, ruleset: str) -> FightConfig:
        return configure(encounter, ruleset, catalog=catalog, plugins=chosen.plugins, tactics=chosen.tactics)

    bases = [config(model, name) for name in names]
    notes = Notes()
    with sampling_pool(chosen) as pool:
        solved = solve_all(bases, chosen, pool, progress)
        fits = [s is not None and not isinstance(s, Dropped) for s in solved]
        _refuse_inexact(chosen, bases, solved)
        shared = [i for i, fit in enumerate(fits) if fit and not _affordable(solved[i], len(changes), chosen)]
        tried = [(i, k) for i, fit in enumerate(fits) if fit and i not in shared for k in range(len(changes))]
        configs = {(i, k): config(changed[k], names[i]) for i in range(len(names)) for k in range(len(changes))}
        more = solve_all([configs[key] for key in tried], chosen, pool, progress)
        _refuse_inexact(chosen, [configs[key] for key in tried], more)
        exact = {key: s for key, s in zip(tried, more) if isinstance(s, RulesetResult)}
        runs = [PairedRun(bases[i], [configs[i, k] for k in range(len(changes)) if (i, k) not in exact])
                for i in range(len(names))]
        run_paired([run for run in runs if run.changes], chosen, pool, progress)
    results = []
    for i, name in enumerate(names):
        run = runs[i]
        done = solved[i]
        result = done if isinstance(done, RulesetResult) else run.base_result()
        record_provenance(bases[i], result)
        notes.add(name, Analysed(result, done if isinstance(done, Dropped) else None), chosen)
        if i in shared:
            notes.add_shared_budget(name, chosen)
        base = _exact_point(result) if result.method == "exact" else run.base_point()
        sampled = iter(run.points(base))
        points = []
        for k, change in enumerate(changes):
            found = exact.get((i, k))
            point = _exact_point(found).relative_to(base) if found is not None else next(sampled)
            points.append((change, point))
        points.sort(key=lambda cp: (-abs(cp[1].change), -abs(cp[1].wiped_change)))
        results.append(RulesetSensitivity(name, base, points, result))
    return Sensitivity(model, source, results, skipped, chosen, list(catalog.warnings), notes.lines(), notes)


def _affordable(solved: Solved | None, changes: int, options: AnalysisOptions) -> bool:
    """Whether a ruleset's changes may all be solved exactly: ``--exact`` insists, else their
    solves together, each costing about what the unchanged encounter's did, must fit the budget one
    solve may spend (a sensitivity costs what one ``compare`` may, whatever the number of changes)."""
    if options.exact or not isinstance(solved, RulesetResult):
        return bool(options.exact)
    return (solved.states or 0) * changes <= options.budget


def _refuse_inexact(options: AnalysisOptions, configs: Sequence[FightConfig], solved: Sequence[object]) -> None:
    """With ``--exact``, refuse the first configuration that does not fit, as ``compare`` does."""
    if not options.exact:
        return
    for config, done in zip(configs, solved):
        if isinstance(done, Dropped):
            raise BadInput(_("--exact: {ruleset} on {encounter!r}: {reason}; sample with -n FIGHTS or --precision E").format(
                ruleset=config.ruleset.name, encounter=config.encounter.name, reason=done.reason))
