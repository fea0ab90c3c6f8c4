"""How one fight configuration is analysed: exact where it fits, else sampled, and where it came from.

Shared by every entry point of :mod:`rulebench.api.analyses` (compare, sweep, balance), so the choice between
exact analysis, a fixed number of fights and precision-driven sampling is made in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import Any

from rulebench.analysis import exact
from rulebench.analysis.precision import DEFAULT_CAP, check_precision, simulate_to_precision
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sampling import Progress, simulate
from rulebench.core.dice import Dice
from rulebench.core.discovery import RULESET, Catalog
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.kernel import FightConfig
from rulebench.version import __version__

DEFAULT_FIGHTS = 20_000
"""Fights sampled when exact analysis does not fit and no count or precision was asked for."""

DEFAULT_SEED = 1
"""The seed of a sampled run when none is given, so the same command prints the same numbers."""

ProgressFactory = Callable[[str, "int | None"], Progress]
"""Starts a progress display for a task of ``total`` fights (None: unknown) and returns its advance callback."""


@dataclass(frozen=True)
class Plan:
    """How to analyse: exact, a fixed number of fights, or fights until a precision is reached.

    ``exact`` is True to insist on exact analysis, False to insist on sampling and None for the
    automatic choice (exact where the encounter fits, else sampling). ``max_states`` is the exact
    solver's budget (None: its default, ``core.exact.DEFAULT_MAX_STATES``).
    """

    exact: bool | None = None
    fights: int | None = None
    precision: float | None = None
    max_states: int | None = None
    seed: int = DEFAULT_SEED
    cap: int = DEFAULT_CAP
    workers: int = 1

    @classmethod
    def make(
        cls,
        *,
        exact: bool | None = None,
        fights: int | None = None,
        precision: float | None = None,
        max_states: int | None = None,
        seed: int | None = None,
        workers: int = 1,
    ) -> Plan:
        """Check the options together and build the plan.

        Raises:
            BadInput: contradictory options, or a count, precision or worker number out of range.
        """
        if exact and (fights is not None or precision is not None):
            raise BadInput("--exact cannot be combined with -n/--fights or --precision: exact analysis plays no fights")
        if fights is not None and precision is not None:
            raise BadInput("-n/--fights and --precision both choose how many fights to play; give only one")
        if fights is not None and fights < 1:
            raise BadInput(f"-n/--fights {fights}: expected at least 1 fight")
        if precision is not None:
            check_precision(precision)
        if workers < 1:
            raise BadInput(f"--workers {workers}: expected at least 1")
        if max_states is not None and max_states < 1:
            raise BadInput(f"--max-states {max_states}: expected at least 1 fight state")
        sampling = fights is not None or precision is not None
        return cls(
            exact=False if sampling else exact,
            fights=fights,
            precision=precision,
            max_states=max_states,
            seed=DEFAULT_SEED if seed is None else seed,
            workers=workers,
        )


@dataclass
class Analysed:
    """One configuration's result, with a note when the automatic choice fell back to sampling."""

    result: RulesetResult
    notes: list[str] = field(default_factory=list)


def analyse(config: FightConfig, plan: Plan, progress: ProgressFactory | None = None) -> Analysed:
    """Analyse one configuration as ``plan`` says; provenance is filled in on the result.

    Raises:
        BadInput: exact analysis was insisted on but is unavailable or the encounter is too big.
    """
    notes: list[str] = []
    result: RulesetResult | None = None
    if plan.exact is not False:
        try:
            result = exact.solve(config, max_states=plan.max_states or exact.DEFAULT_MAX_STATES)
        except (exact.StateBudgetExceeded, RulebenchError) as err:
            # Both mean "does not fit": too many states, or a round with too many rolls to branch over.
            if plan.exact:
                raise BadInput(f"--exact: {config.ruleset.name} on {config.encounter.name!r}: {err}; sample with -n FIGHTS or --precision E") from None
            notes.append(f"{config.ruleset.name}: exact analysis does not fit: {err}; sampled instead")
    extra: dict[str, Any] = {}
    if result is None:
        label = config.ruleset.name
        if plan.precision is not None:
            advance = progress(f"{label} to ±{plan.precision}", None) if progress else None
            result, reached = simulate_to_precision(
                config, plan.precision, plan.seed, cap=plan.cap, workers=plan.workers, progress=advance
            )
            extra = {"precision": plan.precision, "half_width": reached, "cap": plan.cap}
            if reached > plan.precision:
                notes.append(f"{label}: stopped at the cap of {plan.cap} fights with a half-width of {reached:.4f}")
        else:
            fights = plan.fights or DEFAULT_FIGHTS
            advance = progress(label, fights) if progress else None
            result = simulate(config, fights, plan.seed, workers=plan.workers, progress=advance)
    result.provenance = {
        "ruleset": {"name": config.ruleset.name, "package": config.package[0], "version": config.package[1]},
        "method": result.method,
        "seed": result.seed,
        "fights": result.fights,
        "plugins": list(config.plugins),
        "tactics": config.tactics,
        **extra,
    }
    return Analysed(result, notes)


def load(encounter: Encounter | str | Path) -> tuple[Encounter, str | None]:
    """An encounter given as a model or a TOML path, and the file it came from (None for a model)."""
    if isinstance(encounter, Encounter):
        return encounter, None
    return load_encounter(encounter), str(encounter)


def provenance(encounter: Encounter, source: str | None, results: list[RulesetResult]) -> dict[str, Any]:
    """Where a set of numbers came from: versions, the encounter's name and content hash, each ruleset."""

    return {
        "rulebench": __version__,
        "encounter": {"name": encounter.name, "hash": encounter.content_hash(), "file": source},
        "rulesets": {
            r.ruleset: {k: r.provenance["ruleset"][k] for k in ("package", "version")} for r in results if r.provenance
        },
    }


def dataframe(rows: list[dict[str, Any]]) -> Any:
    """A pandas DataFrame of ``rows``; pandas is optional, so say how to get it."""
    try:
        import pandas
    except ModuleNotFoundError:
        raise ImportError("to_dataframe() needs pandas: pip install pandas") from None
    return pandas.DataFrame(rows)


def ruleset_names(catalog: Catalog, rulesets: Sequence[str] | str | None) -> list[str]:
    """The rulesets asked for, checked against the catalog; every loaded one when none is named."""
    if isinstance(rulesets, str):
        rulesets = [rulesets]
    if not rulesets:
        names = sorted(catalog.rulesets())
        if not names:
            raise BadInput("no ruleset is loaded; see `rulebench rulesets` and the warnings above")
        return names
    for name in rulesets:
        catalog.get(name, RULESET)  # unknown names are bad input listing the known ones
    return list(dict.fromkeys(rulesets))


def jsonable(value: Any) -> Any:
    """``value`` with tuples, enums, fractions and dice turned into plain JSON types."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, Enum):
        return jsonable(value.value)
    if isinstance(value, Fraction):
        return float(value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Dice):
        return str(value)
    return getattr(value, "name", None) or str(value)
