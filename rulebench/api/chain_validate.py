"""Checking a chain file before any day is played (``rulebench validate`` on a chain file).

The chain itself (its fields, its party, each stage as an encounter of that party), then each
stage's fit to the installed rulesets, exactly as ``validate`` checks an encounter
(:mod:`rulebench.api.inspect`): every problem with its field, a stage's under ``stage[i]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebench.api.inspect import Validation, _setup_problems
from rulebench.core.chain_file import ChainError, ChainFile, is_chain, load_chain
from rulebench.core.discovery import MODIFIER, TACTICS, Catalog, discover
from rulebench.core.encounter import display_name, read_toml
from rulebench.core.encounter_fit import encounter_fit
from rulebench.core.errors import EncounterError
from rulebench.core.values import PluginInfo, RulesetInfo

__all__ = ["ChainValidation", "is_chain_file", "validate_chain"]


def is_chain_file(path: str | Path) -> bool:
    """Whether ``path`` is a TOML file with ``[[stage]]`` tables (one that cannot be read is not:
    reading it as an encounter says why)."""
    try:
        return is_chain(read_toml(path, display_name(path)))
    except EncounterError:
        return False


@dataclass
class ChainValidation(Validation):
    """Every problem of one chain file; ``chain`` is the chain when the file itself is valid."""

    chain: ChainFile | None = None

    def error(self) -> ChainError | None:
        """The problems as one error naming the file and each field (None when valid)."""
        return ChainError(self.source, self.problems, self.labels) if self.problems else None

    def to_dict(self) -> dict[str, Any]:
        """The ``validate --json`` document of a chain file: ``chain`` and ``stages`` in place of ``encounter``."""
        document = super().to_dict()
        document["chain"] = self.chain.name if self.chain else None
        document["stages"] = [stage.name for stage in self.chain.stages] if self.chain else None
        document["hash"] = self.chain.content_hash() if self.chain else None
        return document


def validate_chain(
    path: str | Path, rulesets: Sequence[str] | str | None = None, *, catalog: Catalog | None = None
) -> ChainValidation:
    """Check a chain file for everything a day of it could refuse: the file, then each stage's fit
    to the installed rulesets (under ``rulesets``, or every installed one when None).

    Raises:
        BadInput: a ruleset in ``rulesets`` is not installed.
    """
    source = display_name(path)
    try:
        chain = load_chain(path)
    except ChainError as error:
        return ChainValidation(source, None, error.problems, error.labels)
    catalog = catalog if catalog is not None else discover()
    chosen: list[str] = []
    if rulesets:
        from rulebench.analysis.analyse import ruleset_names

        chosen = ruleset_names(catalog, rulesets)
    infos = {name: r.info for name, r in catalog.rulesets().items() if isinstance(r.info, RulesetInfo)}
    plugins = [r.info for kind in (MODIFIER, TACTICS) for r in catalog.of_kind(kind).values() if isinstance(r.info, PluginInfo)]
    result = ChainValidation(source, None, warnings=list(catalog.warnings), chain=chain)
    for index, stage in enumerate(chain.stages):
        at = f"stage[{index}]"
        result.labels[at] = stage.file or stage.name
        fit = encounter_fit(stage.encounter, infos, chosen, plugins)
        result.warnings += [f"{at}: {warning}" for warning in fit.warnings]
        problems = fit.problems
        if not problems:  # a ruleset's setup would only repeat what is wrong already
            for name in chosen or sorted(infos):
                problems += _setup_problems(stage.encounter, name, catalog)
        result.problems += [(f"{at}.{where}" if not where.startswith("<") else at, what) for where, what in problems]
    return result
