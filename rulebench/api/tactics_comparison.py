"""Tactics as a comparison axis: the same rulesets under several tactics, side by side.

>>> import rulebench.api.tactics_comparison as tc
>>> result = tc.compare_tactics("examples/skeleton-guards.toml", ["dsa"], [None, "cautious", "reckless"], fights=2000)  # doctest: +SKIP
>>> [(e.ruleset, e.tactics_label) for e in result.entries]  # doctest: +SKIP
[('dsa', 'default'), ('dsa', 'cautious'), ('dsa', 'reckless')]

Each ruleset is analysed once per tactics source with the same plan (method, seed, fights), so the
only thing that differs between two rows of one ruleset is what the party decides. ``None`` stands
for each ruleset's own default tactics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
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
from rulebench.analysis.sweeps import SharedPoints
from rulebench.api.labels import DEFAULT_TACTICS
from rulebench.core.assembly import configure
from rulebench.core.discovery import TACTICS, Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["DEFAULT_TACTICS", "TacticsComparison", "TacticsEntry", "compare_tactics"]



@dataclass
class TacticsEntry:
    """One ruleset under one tactics source: a row of the comparison.

    Attributes:
        ruleset: the ruleset's name.
        tactics: the tactics plugin's name, or None for the ruleset's default tactics.
        result: the analysis.
    """

    ruleset: str
    tactics: str | None
    result: RulesetResult

    @property
    def tactics_label(self) -> str:
        """The tactics' name, ``default`` for the ruleset's own."""
        return self.tactics or DEFAULT_TACTICS

    @property
    def label(self) -> str:
        """``dsa · cautious``: the ruleset and its tactics, as rows and legends show them."""
        return f"{self.ruleset} · {self.tactics_label}"


@dataclass
class TacticsComparison:
    """Rulesets under several tactics on one encounter (``compare --tactics A --tactics B``).

    Attributes:
        encounter: the encounter compared.
        source: the file it was read from, if any.
        tactics: the tactics compared, in the order asked for (None: the defaults).
        entries: one per ruleset and tactics, ruleset by ruleset, tactics in the order asked for.
        warnings: plugins that failed to load.
        notes: where the automatic choice of method fell back to sampling, or a run hit its cap.
        causes: the notes by cause, to say once with another command's (a report's).
    """

    encounter: Encounter
    source: str | None
    tactics: list[str | None]
    entries: list[TacticsEntry]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    causes: Notes = field(default_factory=Notes, repr=False, compare=False)

    @property
    def results(self) -> list[RulesetResult]:
        """The results alone, in entry order."""
        return [e.result for e in self.entries]

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``compare --json`` document with a ``tactics`` field on each result."""
        return {
            "encounter": self.encounter.name,
            "tactics": [t or DEFAULT_TACTICS for t in self.tactics],
            "results": [{**e.result.to_dict(fractions), "tactics": e.tactics_label} for e in self.entries],
            "provenance": provenance(self.encounter, self.source, self.results),
        }

    def to_dataframe(self) -> Any:
        """One row per ruleset and tactics: method, fights, each outcome with its interval bounds, mean length."""
        return dataframe([{"ruleset": e.ruleset, "tactics": e.tactics_label} | result_row(e.result) for e in self.entries])


def compare_tactics(
    encounter: Encounter | str | Path,
    rulesets: Sequence[str] | str | None = None,
    tactics_list: Sequence[str | None] = (None,),
    options: AnalysisOptions | None = None,
    *,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    shared: SharedPoints | None = None,
    **kwargs: Unpack[OptionArgs],
) -> TacticsComparison:
    """Analyse ``encounter`` under each ruleset and each tactics source, with one set of options.

    Args:
        encounter: an :class:`Encounter` or the path of a TOML file.
        rulesets: ruleset names; every loaded ruleset when None.
        tactics_list: tactics plugin names, None (or ``"default"``) for each ruleset's default
            tactics; they replace the options' own ``tactics``.
        options: how to analyse, or its fields as keyword arguments, as for
            :func:`rulebench.api.analyses.compare`.
        catalog: discovered plugins, to reuse between calls.
        progress: a progress display factory.
        shared: keeps each analysis for a sweep or balance of the same encounter that follows
            (:class:`~rulebench.analysis.sweeps.SharedPoints`; a report's at the encounter's own value).

    Raises:
        BadInput: as ``compare``; also for an unknown tactics plugin, one that does not apply to a
            ruleset, or the same tactics named twice.
    """
    chosen = [None if t in (None, DEFAULT_TACTICS) else t for t in tactics_list] or [None]
    if len(set(chosen)) != len(chosen):
        raise BadInput(_("--tactics names the same tactics twice: {tactics}").format(
            tactics=", ".join(t or DEFAULT_TACTICS for t in tactics_list)))
    base = AnalysisOptions.build(options, **kwargs)
    if base.tactics is not None:
        raise TypeError("compare_tactics takes the tactics to compare as tactics_list, not in the options")
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    for name in chosen:
        if name is not None:
            catalog.get(name, TACTICS)  # an unknown name fails before any analysis
    pairs = [(ruleset, name) for ruleset in ruleset_names(catalog, rulesets) for name in chosen]
    configs = [configure(model, ruleset, catalog=catalog, plugins=base.plugins, tactics=name) for ruleset, name in pairs]
    labels = [f"{ruleset} · {name or DEFAULT_TACTICS}" for ruleset, name in pairs]
    with sampling_pool(base) as pool:  # local processes, or a Dask cluster's workers, as compare
        analysed = analyse_all(configs, base, pool, progress, labels)
    entries: list[TacticsEntry] = []
    notes = Notes()
    several = len(chosen) > 1
    for (ruleset, name), label, done in zip(pairs, labels, analysed):
        if shared is not None and shared.serves(catalog):
            # The options' tactics only choose the configuration: a sweep under `name` asks with them set.
            shared.keep(shared.key(model, ruleset, replace(base, tactics=name)), done)
        entries.append(TacticsEntry(ruleset, name, done.result))
        notes.add(label if several else ruleset, done, base)  # as the tables label the row
    return TacticsComparison(model, source, chosen, entries, list(catalog.warnings), notes.lines(), notes)
