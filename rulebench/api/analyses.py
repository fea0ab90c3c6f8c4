"""The Python API for scripts and notebooks; the CLI is a thin layer over it.

>>> import rulebench
>>> result = rulebench.compare("examples/skeleton-guards.toml", ["ambermarch"], fights=2000)
>>> result.to_dict()["results"][0]["outcomes"]["party_wins"]     # doctest: +SKIP
>>> rulebench.sweep("examples/skeleton-guards.toml", "enemy.members[0].count=1..6").to_dataframe()  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.analysis.analyse import (
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
from rulebench.analysis.results import RulesetResult, result_row
from rulebench.analysis.sweeps import Balance, Sweep, balance, sweep
from rulebench.api.narrated_fight import FightRecord, fight
from rulebench.core.assembly import configure
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["AnalysisOptions", "Balance", "Comparison", "FightRecord", "Sweep", "balance", "compare", "fight", "sweep"]

EncounterLike = Encounter | str | Path


@dataclass
class Comparison:
    """Rulesets side by side on one encounter (``rulebench compare``).

    Attributes:
        encounter: the encounter compared.
        source: the file it was read from, if any.
        results: one result per ruleset, in the order asked for.
        warnings: plugins that failed to load.
        notes: where the automatic choice of method fell back to sampling, or a run hit its cap.
        causes: the notes by cause, to say once with another command's (a report's).
    """

    encounter: Encounter
    source: str | None
    results: list[RulesetResult]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``compare --json`` document (the JSON contract in the README), with provenance."""
        return {
            "encounter": self.encounter.name,
            "results": [r.to_dict(fractions) for r in self.results],
            "provenance": provenance(self.encounter, self.source, self.results),
        }

    def to_dataframe(self) -> Any:
        """One row per ruleset: method, fights, each outcome, its interval bounds and mean rounds."""
        return dataframe([{"ruleset": r.ruleset} | result_row(r) for r in self.results])


def compare(
    encounter: EncounterLike,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    **kwargs: Unpack[OptionArgs],
) -> Comparison:
    """Analyse ``encounter`` under each ruleset.

    Args:
        encounter: an :class:`Encounter` or the path of a TOML file.
        rulesets: ruleset names; every loaded ruleset when None.
        options: how to analyse (:class:`AnalysisOptions`); or give its fields as keyword
            arguments instead: ``exact`` (True insists on exact analysis, False on sampling, None
            picks exact where it fits), ``fights`` (sample exactly this many), ``precision``
            (sample until every outcome's 95% half-width is at most this; 0.01 by default),
            ``max_states`` (the exact solver's budget), ``seed`` (default 1, so runs reproduce),
            ``workers`` (processes for sampling; default every CPU this process may use),
            ``plugins`` (modifier plugins to add), ``tactics`` (a tactics plugin replacing each
            ruleset's default tactics).
        catalog: discovered plugins, to reuse between calls.
        progress: a progress display factory (the CLI passes a rich progress bar).

    Raises:
        BadInput: a bad encounter, unknown ruleset or plugin, contradictory options, or ``exact``
            insisted on where it does not fit.
    """
    chosen = AnalysisOptions.build(options, **kwargs)
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    results: list[RulesetResult] = []
    notes = Notes()
    configs = [configure(model, name, catalog=catalog, plugins=chosen.plugins, tactics=chosen.tactics)
               for name in ruleset_names(catalog, rulesets)]
    with sampling_pool(chosen) as pool:  # local processes, or a Dask cluster's workers
        analysed = analyse_all(configs, chosen, pool, progress)
    for config, done in zip(configs, analysed):
        results.append(done.result)
        notes.add(config.ruleset.name, done, chosen)
    return Comparison(model, source, results, list(catalog.warnings), notes.lines(), notes)
