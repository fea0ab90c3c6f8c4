"""Several encounters in one comparison (``compare A.toml B.toml``): "my version against yours".

Each encounter is compared as ``compare`` compares one (under each ruleset, and each tactics when
several are given), with the same options; the rows of all of them go into one table, each
labelled with its encounter (``Four skeleton guards · dsa``), and into one JSON document.

>>> both = compare_encounters(["examples/skeleton-guards.toml", "examples/crypt-wights.toml"], ["classic"])  # doctest: +SKIP
>>> both.labels                                                                                             # doctest: +SKIP
['Four skeleton guards · classic', 'Crypt wights · classic']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from rulebench.analysis.analyse import AnalysisOptions, ProgressFactory, dataframe, provenance
from rulebench.analysis.notes import Notes
from rulebench.analysis.results import RulesetResult, result_row
from rulebench.api.analyses import Comparison, compare
from rulebench.api.tactics_comparison import TacticsComparison, compare_tactics
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.i18n import _


@dataclass
class SideBySide:
    """Two or more encounters compared under the same rulesets and options.

    Attributes:
        comparisons: one per encounter, in the order given.
        names: what each encounter is called in the rows: its name, or its file's where two share a name.
    """

    comparisons: list[Comparison | TacticsComparison]
    names: list[str]

    @property
    def results(self) -> list[RulesetResult]:
        """Every row's result, encounter by encounter."""
        return [r for c in self.comparisons for r in c.results]

    @property
    def labels(self) -> list[str]:
        """Every row's label: the encounter's name, then the ruleset (and its tactics)."""
        return [f"{name} · {row}" for name, c in zip(self.names, self.comparisons) for row in own_labels(c)]

    @property
    def warnings(self) -> list[str]:
        """Plugins that failed to load, once each."""
        return list(dict.fromkeys(w for c in self.comparisons for w in c.warnings))

    @property
    def notes(self) -> list[str]:
        """The notes of every encounter's comparison, said once per cause."""
        merged = Notes()
        for name, c in zip(self.names, self.comparisons):
            merged.merge(c.causes, partial(_prefixed, name))
        return merged.lines()

    def combined(self) -> Comparison:
        """One comparison of all rows, for the tables and the plot (titled with every encounter's name)."""
        first = self.comparisons[0]
        title = _("{encounters} side by side").format(encounters=" | ".join(self.names))
        return Comparison(first.encounter.model_copy(update={"name": title}), None, self.results)

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``compare A B --json`` document: every encounter, then every row with its encounter."""
        rows = []
        for name, c in zip(self.names, self.comparisons):
            document = c.to_dict(fractions)
            rows += [{**row, "encounter": name} for row in document["results"]]
        return {
            "encounters": [{"name": c.encounter.name, "label": name, "file": c.source} for name, c in zip(self.names, self.comparisons)],
            "results": rows,
            "provenance": self._provenance(),
        }

    def _provenance(self) -> dict[str, Any]:
        """One provenance for all: the versions once, every encounter's name, hash and file, every ruleset's package."""
        each = [provenance(c.encounter, c.source, c.results) for c in self.comparisons]
        rulesets: dict[str, Any] = {}
        for one in each:
            rulesets |= one["rulesets"]
        return {"rulebench": each[0]["rulebench"], "lang": each[0]["lang"], "encounters": [one["encounter"] for one in each],
                "rulesets": rulesets}

    def titled(self) -> list[Comparison | TacticsComparison]:
        """Each encounter's comparison under the name its rows give it (for its own fates table)."""
        return [c if c.encounter.name == name else replace(c, encounter=c.encounter.model_copy(update={"name": name}))
                for name, c in zip(self.names, self.comparisons)]

    def to_dataframe(self) -> Any:
        """One row per encounter and ruleset (and tactics)."""
        rows = []
        for name, c in zip(self.names, self.comparisons):
            for label, r in zip(own_labels(c), c.results):
                rows.append({"encounter": name, "ruleset": r.ruleset, "label": label} | result_row(r))
        return dataframe(rows)


def _prefixed(name: str, subject: str) -> str:
    return f"{name} · {subject}"


def own_labels(comparison: Comparison | TacticsComparison) -> list[str]:
    """The row labels a comparison has on its own: ``dsa``, or ``dsa · cautious`` under several tactics."""
    if isinstance(comparison, TacticsComparison):
        return [e.label for e in comparison.entries]
    return [r.ruleset for r in comparison.results]


def encounter_names(encounters: Sequence[Encounter], sources: Sequence[str | None]) -> list[str]:
    """Each encounter's name in the rows: its own, or where two share one, its file's (else its place)."""
    names = [e.name for e in encounters]
    if len(set(names)) == len(names):
        return names
    files = [Path(s).stem if s else f"#{i + 1}" for i, s in enumerate(sources)]
    return files if len(set(files)) == len(files) else [f"#{i + 1} {n}" for i, n in enumerate(names)]


def compare_encounters(
    encounters: Sequence[Encounter | str | Path],
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    tactics_list: Sequence[str | None] | None = None,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
) -> SideBySide:
    """Compare each of ``encounters`` under the same rulesets and options (and tactics, when several).

    Raises:
        BadInput: as ``compare`` for any of them.
    """
    catalog = catalog if catalog is not None else discover()
    options = options or AnalysisOptions()
    comparisons: list[Comparison | TacticsComparison] = []
    for encounter in encounters:
        if tactics_list:
            comparisons.append(compare_tactics(encounter, rulesets, tactics_list, options, catalog=catalog, progress=progress))
        else:
            comparisons.append(compare(encounter, rulesets, options, catalog=catalog, progress=progress))
    names = encounter_names([c.encounter for c in comparisons], [c.source for c in comparisons])
    return SideBySide(comparisons, names)
