"""How one fight configuration is analysed: exact where it fits, else sampled, and where it came from.

Shared by every entry point of :mod:`rulebench.api.analyses` (compare, sweep, balance), so the choice between
exact analysis, a fixed number of fights and precision-driven sampling is made in one place.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypedDict

if TYPE_CHECKING:
    from typing_extensions import Unpack

from rulebench.analysis import exact
from rulebench.analysis.precision import DEFAULT_CAP, check_precision, simulate_to_precision
from rulebench.analysis.results import RulesetResult, Tally
from rulebench.analysis.sampling import ConfigSpec, Progress, SamplingPool, simulate, spec_of, worker_config
from rulebench.core.assembly import FightConfig
from rulebench.core.dice import Dice
from rulebench.core.discovery import RULESET, Catalog
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Snapshot
from rulebench.core.i18n import _, language, localise_decimal
from rulebench.core.plugin_errors import PluginError
from rulebench.version import __version__

DEFAULT_PRECISION = 0.01
"""The 95% half-width sampling stops at when neither a fight count nor a precision was asked for:
one percentage point on every outcome."""

DEFAULT_SEED = 1
"""The seed of a sampled run when none is given, so the same command prints the same numbers."""

ProgressFactory = Callable[[str, "int | None"], Progress]
"""Starts a progress display for a task of ``total`` fights (None: unknown) and returns its advance callback."""


def available_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity masks
        return os.cpu_count() or 1


class OptionArgs(TypedDict, total=False):
    """The analysis options as keyword arguments, for the API functions that take them one by one."""

    exact: bool | None
    fights: int | None
    precision: float | None
    max_states: int | None
    seed: int | None
    workers: int | None
    scheduler: str | None
    plugins: Sequence[str]
    tactics: str | None


@dataclass(frozen=True)
class AnalysisOptions:
    """How to analyse, shared by ``compare``, ``sweep`` and ``balance`` in the API and the CLI.

    Each field says what it chooses; build it with :meth:`make`, which checks the options together
    (``--exact`` with ``--fights``, a count below 1, ...), or :meth:`build` from keyword arguments.
    """

    exact: bool | None = None
    """True insists on exact analysis, False on sampling, None chooses: exact where the encounter
    fits the solver's budget (``max_states``), else sampling."""
    fights: int | None = None
    """Sampling plays exactly this many fights (``-n``); None plays to ``precision`` instead."""
    precision: float | None = None
    """Sampling plays chunks of fights until every outcome's 95% half-width is at most this
    (``--precision``; None: ``DEFAULT_PRECISION``, 0.01) or ``cap`` fights were played."""
    max_states: int | None = None
    """The exact solver's budget of fight states (``--max-states``; None: ``exact.DEFAULT_MAX_STATES``)."""
    seed: int = DEFAULT_SEED
    """The seed sampling's fights are drawn from: the same seed and number of fights give the same
    result, whatever the worker count or scheduler."""
    workers: int | None = None
    """How many processes share the sampling (None: every CPU this process may use); the result
    does not depend on it."""
    scheduler: str | None = None
    """A Dask scheduler's address: the work runs on its cluster instead of local processes (see
    ``rulebench.analysis.cluster``, which also reads ``RULEBENCH_SCHEDULER``); the result is the same."""
    plugins: tuple[str, ...] = ()
    """Modifier plugins (``--plugin``) added to each ruleset compared, by name."""
    tactics: str | None = None
    """A tactics plugin (``--tactics``) that replaces each ruleset's default tactics, by name; None
    keeps the defaults."""
    cap: int = DEFAULT_CAP
    """The most fights a precision-driven run plays before it stops short of ``precision``."""
    fractions: bool = field(default=False, compare=False)
    """Compute exact probabilities as fractions rather than floating point (slower, no rounding)."""

    @classmethod
    def make(
        cls,
        *,
        exact: bool | None = None,
        fights: int | None = None,
        precision: float | None = None,
        max_states: int | None = None,
        seed: int | None = None,
        workers: int | None = None,
        scheduler: str | None = None,
        plugins: Sequence[str] = (),
        tactics: str | None = None,
        fractions: bool = False,
    ) -> AnalysisOptions:
        """Check the options together and build them.

        Raises:
            BadInput: contradictory options, or a count, precision or worker number out of range.
        """
        if exact and (fights is not None or precision is not None):
            raise BadInput(_("--exact cannot be combined with -n/--fights or --precision: exact analysis plays no fights"))
        if fights is not None and precision is not None:
            raise BadInput(_("-n/--fights and --precision both choose how many fights to play; give only one"))
        if fights is not None and fights < 1:
            raise BadInput(_("-n/--fights {fights}: expected at least 1 fight").format(fights=fights))
        if precision is not None:
            check_precision(precision)
        if workers is not None and workers < 1:
            raise BadInput(_("--workers {workers}: expected at least 1").format(workers=workers))
        if max_states is not None and max_states < 1:
            raise BadInput(_("--max-states {states}: expected at least 1 fight state").format(states=max_states))
        sampling = fights is not None or precision is not None
        return cls(
            exact=False if sampling else exact,
            fights=fights,
            precision=precision,
            max_states=max_states,
            seed=DEFAULT_SEED if seed is None else seed,
            workers=workers,
            scheduler=scheduler,
            plugins=tuple(plugins),
            tactics=tactics,
            fractions=fractions,
        )

    @classmethod
    def build(cls, options: AnalysisOptions | None = None, **kwargs: Unpack[OptionArgs]) -> AnalysisOptions:
        """``options`` as given, or made from keyword arguments; not both.

        Raises:
            BadInput: as :meth:`make`.
            TypeError: both an options object and keyword options were given.
        """
        if options is None:
            return cls.make(**kwargs)
        if kwargs:
            raise TypeError(f"give either options or keyword options, not both (got {', '.join(sorted(kwargs))})")
        return options

    @property
    def method(self) -> str:
        """``exact`` (insisted on), ``sampled`` (insisted on) or ``auto`` (exact where it fits)."""
        return "auto" if self.exact is None else "exact" if self.exact else "sampled"

    @property
    def stop_precision(self) -> float:
        """The half-width a precision-driven run stops at."""
        return DEFAULT_PRECISION if self.precision is None else self.precision

    @property
    def processes(self) -> int:
        """How many worker processes sampling uses."""
        return available_cpus() if self.workers is None else self.workers

    @property
    def budget(self) -> int:
        """The exact solver's budget of fight states."""
        return self.max_states or exact.DEFAULT_MAX_STATES


@dataclass
class Analysed:
    """One configuration's result, and why exact analysis was dropped for it (if it was); a command
    words its notes from these (:class:`rulebench.analysis.notes.Notes`)."""

    result: RulesetResult
    dropped: Dropped | None = None
    """In the automatic choice, why exact analysis did not fit and the configuration was sampled."""
    unasked: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The ``--plugin`` modifiers whose declared purposes the ruleset never asks (``FightConfig.unasked``)."""


class Dropped(NamedTuple):
    """Why an exact attempt does not fit: in full, and its gist without this solve's counts, the
    same wherever the same thing stopped it; ``budget`` when it is the budget of fight states
    (else a rule exact analysis cannot follow, which the gist names), ``predicted`` when the solve
    gave up early on a prediction that it would not fit."""

    reason: str
    gist: str
    budget: bool = False
    predicted: bool = False


Solved = RulesetResult | Dropped
"""An exact attempt's result, or why it does not fit."""


def attempt(config: FightConfig, options: AnalysisOptions, start: Snapshot | None = None) -> Solved:
    """Solve ``config`` exactly within the options' budget, or say why it does not fit; from the
    state ``start`` when given (``Fight._snapshot``: the rest of the fight, conditional on it).

    In the automatic choice the solve gives up early when it is predicted not to fit
    (``exact.Solver.early``); ``--exact`` tries the whole budget.
    """
    try:
        return exact.solve(config, max_states=options.budget, fractions=options.fractions, early=options.exact is None,
                           start=start)
    except PluginError:
        raise  # a plugin breaking the rules is not "does not fit": never fall back to sampling past it
    except (exact.StateBudgetExceeded, RulebenchError) as err:
        # Both mean "does not fit": too many states, or a round with too many rolls to branch over.
        if isinstance(err, exact.StateBudgetExceeded):
            return Dropped(str(err), err.gist, budget=True, predicted=err.predicted)
        return Dropped(str(err), str(err))


def _attempt_in_worker(spec: ConfigSpec, options: AnalysisOptions) -> Solved:
    return attempt(worker_config(spec), options)


def solve_all(
    configs: Sequence[FightConfig], options: AnalysisOptions, pool: SamplingPool, progress: ProgressFactory | None = None
) -> list[Solved | None]:
    """Every configuration's exact attempt (None where the options insist on sampling), side by
    side in the pool's worker processes, so the attempts of a command share every core."""
    if options.exact is False or not configs:
        return [None] * len(configs)
    _say_solving(configs, progress)
    if pool.workers <= 1 or not all(config.portable for config in configs):
        return [attempt(config, options) for config in configs]
    return list(pool.map(_attempt_in_worker, [(spec_of(config), options) for config in configs]))


def _say_solving(configs: Sequence[FightConfig], progress: ProgressFactory | None) -> None:
    if progress:
        names = ", ".join(dict.fromkeys(c.ruleset.name for c in configs))
        if len(configs) > 1:
            progress(_("solving exactly: {names} ({count} configurations)").format(names=names, count=len(configs)), None)
        else:
            progress(_("solving exactly: {names}").format(names=names), None)


def analyse_all(configs: Sequence[FightConfig], options: AnalysisOptions, pool: SamplingPool,
                progress: ProgressFactory | None = None, labels: Sequence[str] | None = None,
                decided: Callable[[Tally], bool] | None = None) -> list[Analysed]:
    """Analyse every configuration as ``options`` say, with the results ``analyse`` gives one by one
    (``decided`` as ``analyse`` takes it).

    With several workers, every exact attempt is sent to ``pool`` at once, and a configuration
    whose attempt is dropped (or that is to be sampled) starts sampling the moment it is known,
    while the other attempts still run: no core waits for the slowest attempt, and several
    configurations sample at once, so all the workers have chunks to play (on a Dask cluster, many).
    Each run merges its own chunks in order, so running them side by side changes nothing.

    Raises:
        BadInput: exact analysis was insisted on and a configuration does not fit.
    """
    labels = list(labels) if labels is not None else [c.ruleset.name for c in configs]
    if pool.workers <= 1 or len(configs) <= 1 or not all(config.portable for config in configs):
        solved = solve_all(configs, options, pool, progress)
        return [analyse(config, options, progress, pool, label, done, decided) for config, label, done in zip(configs, labels, solved)]
    attempts: list[Future[Solved] | None] = [None] * len(configs)
    if options.exact is not False:
        _say_solving(configs, progress)
        attempts = [pool.submit(_attempt_in_worker, spec_of(config), options) for config in configs]

    def one(i: int) -> Analysed:
        found = attempts[i]
        return analyse(configs[i], options, progress, pool, labels[i], None if found is None else found.result(), decided)

    # Threads only wait here: the work runs in the pool. Twice as many runs as workers keep every
    # worker busy while each run waits for its next chunk.
    with ThreadPoolExecutor(min(len(configs), 2 * pool.workers)) as runs:
        return list(runs.map(one, range(len(configs))))


def analyse(
    config: FightConfig, options: AnalysisOptions, progress: ProgressFactory | None = None,
    pool: SamplingPool | None = None, label: str | None = None, solved: Solved | None = None,
    decided: Callable[[Tally], bool] | None = None,
) -> Analysed:
    """Analyse one configuration as ``options`` say; provenance is filled in on the result.

    Args:
        config: the fight configuration.
        options: how to analyse.
        progress: starts a progress display per phase (exact solve, sampling).
        pool: the command's worker processes (else one pool for this configuration).
        label: how progress names the configuration (default: its ruleset).
        solved: the exact attempt already made (``solve_all``); None to make it here if the options ask.
        decided: a precision-driven run also stops when this says the question asked of the
            configuration is answered (``precision.target_side``, for balance).

    Raises:
        BadInput: exact analysis was insisted on but is unavailable or the encounter is too big.
    """
    result: RulesetResult | None = None
    dropped = None
    label = label or config.ruleset.name
    if options.exact is not False:
        if solved is None:
            if progress:
                progress(_("{label}: solving exactly").format(label=label), None)
            solved = attempt(config, options)
        if isinstance(solved, Dropped):
            if options.exact:
                raise BadInput(_("--exact: {ruleset} on {encounter!r}: {reason}; sample with -n FIGHTS or --precision E").format(
                    ruleset=config.ruleset.name, encounter=config.encounter.name, reason=solved.reason))
            dropped = solved
        else:
            result = solved
    extra: dict[str, Any] = {}
    if result is None:
        if pool is None:
            with SamplingPool(options.processes) as own:
                return analyse(config, options, progress, own, label, solved, decided)  # the attempt is not made again
        if options.fights is None:
            precision = options.stop_precision
            advance = progress(_("{label}: sampled to ±{precision}").format(label=label, precision=localise_decimal(f"{precision:g}")), None) if progress else None
            result, reached = simulate_to_precision(config, precision, options.seed, cap=options.cap, progress=advance, pool=pool,
                                                     decided=decided)
            extra = {"precision": precision, "half_width": reached, "cap": options.cap}
        else:
            advance = progress(_("{label}: sampled").format(label=label), options.fights) if progress else None
            result = simulate(config, options.fights, options.seed, progress=advance, pool=pool)
    return Analysed(record_provenance(config, result, extra), dropped, config.unasked)


def record_provenance(config: FightConfig, result: RulesetResult, extra: dict[str, Any] | None = None) -> RulesetResult:
    """Fill in where ``result`` came from (ruleset, package, method, seed, plugins, tactics, ``extra``)
    and return it; every way of analysing a configuration records it alike."""
    result.unit = config.ruleset.round_word
    result.engaged = tuple(config.encounter.is_engaged(m.name) for m in config.encounter.party)
    result.provenance = {
        "ruleset": {"name": config.ruleset.name, "package": config.package[0], "version": config.package[1]},
        "method": result.method,
        "seed": result.seed,
        "fights": result.fights,
        "plugins": list(config.plugins),
        "tactics": config.tactics,
        **(extra or {}),
    }
    return result


def load(encounter: Encounter | str | Path) -> tuple[Encounter, str | None]:
    """An encounter given as a model or a TOML path, and the file it came from (None for a model)."""
    if isinstance(encounter, Encounter):
        return encounter, None
    return load_encounter(encounter), str(encounter)


def provenance(encounter: Encounter, source: str | None, results: list[RulesetResult]) -> dict[str, Any]:
    """Where a set of numbers came from: versions, the encounter's name and content hash, each ruleset,
    and the language its text fields (notes, labels) are written in."""

    return {
        "rulebench": __version__,
        "lang": language(),
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
            raise BadInput(_("no ruleset is loaded; see `rulebench rulesets` and the warnings above"))
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
