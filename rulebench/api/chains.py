"""A day of adventure under every ruleset (``rulebench chain``): the API behind the command.

>>> import rulebench.api.chains
>>> day = rulebench.api.chains.chain("examples/chains/haunted-crypt.toml", ["classic"], fights=2000)
>>> day.to_dict()["results"][0]["survived"]     # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rulebench.analysis import exact
from rulebench.analysis.analyse import AnalysisOptions, OptionArgs, ProgressFactory, jsonable, ruleset_names
from rulebench.analysis.chain_exact import solve_day
from rulebench.analysis.chain_play import DayPlan
from rulebench.analysis.chain_results import ChainResult
from rulebench.analysis.chain_sampling import sample, sample_to_precision
from rulebench.analysis.cluster import sampling_pool
from rulebench.analysis.sampling import SamplingPool
from rulebench.core.chain_file import ChainFile, load_chain
from rulebench.core.discovery import Catalog, discover
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.i18n import _, format_integer, language, localise_decimal
from rulebench.core.plugin_errors import PluginError
from rulebench.version import __version__

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["ChainComparison", "chain", "load"]


@dataclass
class ChainComparison:
    """Rulesets side by side on one day (``rulebench chain``).

    Attributes:
        chain: the chain played.
        source: the file it was read from, if any.
        results: one result per ruleset, in the order asked for.
        warnings: plugins that failed to load.
        notes: a run that stopped at its cap.
    """

    chain: ChainFile
    source: str | None
    results: list[ChainResult]
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``chain --json`` document, with provenance (the README's JSON conventions)."""
        return {
            "chain": self.chain.name,
            "stages": [{"name": stage.name, "rest": stage.rest, "file": stage.file} for stage in self.chain.stages],
            "results": [result.to_dict(fractions) for result in self.results],
            "provenance": provenance(self.chain, self.source, self.results),
        }


def provenance(chain: ChainFile, source: str | None, results: Sequence[ChainResult]) -> dict[str, Any]:
    """Where a day's numbers came from: versions, the chain's name and content hash, each ruleset,
    and the language of the document's texts."""
    return {
        "rulebench": __version__,
        "lang": language(),
        "chain": {"name": chain.name, "hash": chain.content_hash(), "file": source},
        "rulesets": {r.ruleset: {k: r.provenance["ruleset"][k] for k in ("package", "version")} for r in results if r.provenance},
    }


def load(chain: ChainFile | str | Path) -> tuple[ChainFile, str | None]:
    """A chain given as a model or a path, and the file it came from (None for a model)."""
    if isinstance(chain, ChainFile):
        return chain, None
    return load_chain(chain), str(chain)


def chain(
    file: ChainFile | str | Path,
    rulesets: Sequence[str] | str | None = None,
    options: AnalysisOptions | None = None,
    *,
    catalog: Catalog | None = None,
    progress: ProgressFactory | None = None,
    **kwargs: Unpack[OptionArgs],
) -> ChainComparison:
    """Play a whole day of ``file`` under each ruleset: exact where it fits, else sampled as whole days.

    Args:
        file: a :class:`ChainFile` or the path of a chain TOML file.
        rulesets: ruleset names; every loaded ruleset when None.
        options: how to analyse (:class:`AnalysisOptions`), or its fields as keyword arguments:
            ``exact`` (True: solve exactly or refuse; False: sample; None, the default: exact where
            the day fits ``max_states``, else sampled), ``fights`` (sample exactly this many days),
            ``precision`` (sample until every chance's 95% half-width is at most this; 0.01 by
            default), ``max_states``, ``seed``, ``workers``, ``plugins``, ``tactics``, ``fractions``.
        catalog: discovered plugins, to reuse between calls.
        progress: a progress display factory (the CLI passes a rich progress bar).

    Raises:
        BadInput: a bad chain file, an unknown ruleset or plugin, contradictory options, or
            ``exact=True`` for a day that does not fit.
    """
    chosen = AnalysisOptions.build(options, **kwargs)
    model, source = load(file)
    catalog = catalog if catalog is not None else discover()
    plans = [DayPlan(model, name, catalog=catalog, plugins=chosen.plugins, tactics=chosen.tactics)
             for name in ruleset_names(catalog, rulesets)]
    results: list[ChainResult] = []
    notes: list[str] = []
    with sampling_pool(chosen) as pool:
        for plan in plans:
            solved = _solved(plan, chosen, progress)
            if isinstance(solved, ChainResult):
                results.append(solved)
                continue
            result, note = _sampled(plan, chosen, pool, progress)
            results.append(result)
            notes += [note] if note else []
            if solved is not None:
                notes.append(_("{ruleset}: sampled, since the day does not fit exact analysis: {reason}").format(
                    ruleset=plan.ruleset, reason=solved))
    return ChainComparison(model, source, results, list(catalog.warnings), notes)


def _solved(plan: DayPlan, options: AnalysisOptions, progress: ProgressFactory | None) -> ChainResult | str | None:
    """One ruleset's day solved exactly, with provenance, as the options ask: None when they insist
    on sampling, why not when it does not fit the budget (``exact=True`` then refuses)."""
    if options.exact is False:
        return None
    if progress:
        progress(_("{label}: solving exactly").format(label=plan.ruleset), None)
    try:
        result = solve_day(plan, max_states=options.budget, fractions=options.fractions, early=options.exact is None)
    except PluginError:
        raise  # a plugin breaking the rules is not "does not fit": never sample past it
    except (exact.StateBudgetExceeded, RulebenchError) as err:
        if options.exact:
            raise BadInput(_("--exact: {ruleset} on the day {chain!r}: {reason}; sample with -n DAYS or --precision E").format(
                ruleset=plan.ruleset, chain=plan.chain.name, reason=err)) from None
        return str(err)
    config = plan.first
    result.provenance = jsonable({
        "ruleset": {"name": config.ruleset.name, "package": config.package[0], "version": config.package[1]},
        "method": result.method,
        "plugins": list(config.plugins),
        "tactics": config.tactics,
        "max_states": options.budget,
        "states": result.states,
        **({"rounding_bound": result.rounding} if result.rounding is not None else {}),
    })
    return result


def _sampled(plan: DayPlan, options: AnalysisOptions, pool: SamplingPool,
             progress: ProgressFactory | None) -> tuple[ChainResult, str | None]:
    """One ruleset's days, sampled as the options say, with provenance; a note if it hit the cap."""
    extra: dict[str, Any] = {}
    note = None
    if options.fights is not None:
        advance = progress(_("{label}: sampled").format(label=plan.ruleset), options.fights) if progress else None
        result = sample(plan, options.fights, options.seed, pool, advance)
    else:
        precision = options.stop_precision
        label = _("{label}: sampled to ±{precision}").format(label=plan.ruleset, precision=localise_decimal(f"{precision:g}"))
        advance = progress(label, None) if progress else None
        result, reached = sample_to_precision(plan, precision, options.seed, pool, options.cap, advance)
        extra = {"precision": precision, "half_width": reached, "cap": options.cap}
        if result.stopped_by == "cap":
            note = _("{ruleset}: stopped at the cap of {cap} days with a half-width of {reached}").format(
                ruleset=plan.ruleset, cap=format_integer(options.cap), reached=localise_decimal(f"{reached:.4f}"))
    config = plan.first
    result.provenance = jsonable({
        "ruleset": {"name": config.ruleset.name, "package": config.package[0], "version": config.package[1]},
        "method": result.method,
        "seed": result.seed,
        "chains": result.chains,
        "plugins": list(config.plugins),
        "tactics": config.tactics,
        **extra,
    })
    return result, note
