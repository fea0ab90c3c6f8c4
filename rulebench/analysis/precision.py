"""Precision-driven sampling: play chunks of fights until every outcome is known to within ``E``.

Chunk ``i`` is seeded exactly as :func:`rulebench.analysis.sampling.simulate` seeds it, so a run that
stops after ``N`` fights gives the same result as ``simulate(config, N, seed)``: asking for a
precision is only another way of choosing the fight count, and the answer reproduces with ``-n N``.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

from rulebench.analysis.results import RulesetResult, Tally, wilson
from rulebench.analysis.sampling import CHUNK, Progress, _init_worker, _worker_chunk, run_chunk
from rulebench.core.errors import BadInput
from rulebench.core.kernel import FightConfig
from rulebench.core.outcome import OUTCOMES

DEFAULT_CAP = 1_000_000
"""The most fights a precision run plays before it gives up and reports what it reached."""


def half_width(tally: Tally) -> float:
    """The widest Wilson 95% half-width over the four outcomes of a Monte Carlo tally."""
    n = int(tally.total)
    widths = [(hi - lo) / 2 for lo, hi in (wilson(int(tally.outcomes.get(o.value, 0)), n) for o in OUTCOMES)]
    return max(widths)


def check_precision(precision: float) -> None:
    """Refuse a target half-width that no run could meet or that means nothing.

    Raises:
        BadInput: ``precision`` is not in (0, 0.5].
    """
    if not 0 < precision <= 0.5:
        raise BadInput(f"--precision {precision}: expected a 95% half-width above 0 and at most 0.5, such as 0.01")


def simulate_to_precision(
    config: FightConfig,
    precision: float,
    seed: int,
    *,
    cap: int = DEFAULT_CAP,
    workers: int = 1,
    progress: Progress | None = None,
) -> tuple[RulesetResult, float]:
    """Play chunks of ``CHUNK`` fights until every outcome's 95% half-width is at most ``precision``.

    Args:
        config: the fight configuration.
        precision: the target half-width, e.g. 0.01 for ±1 percentage point.
        seed: the run's seed (chunks are seeded as ``simulate`` seeds them).
        cap: stop after this many fights even if the target is not met.
        workers: processes to share each batch of chunks between.
        progress: told after each chunk how many fights it played.

    Returns:
        The result (its ``fights`` is the number needed) and the half-width reached.
    """
    check_precision(precision)
    tally: Tally | None = None
    played = 0
    index = 0

    def add(part: Tally, size: int) -> None:
        nonlocal tally, played
        tally = part if tally is None else tally.merge(part)
        played += size
        if progress:
            progress(size)

    def done() -> bool:
        return tally is not None and (played >= cap or half_width(tally) <= precision)

    if workers <= 1:
        while not done():
            size = min(CHUNK, cap - played)
            add(run_chunk(config, seed, index, size), size)
            index += 1
    else:
        init = (config.encounter, config.ruleset.name, config.plugins, config.tactics)
        with ProcessPoolExecutor(workers, initializer=_init_worker, initargs=init) as pool:
            while not done():
                # A batch of one chunk per worker; the stopping rule is checked chunk by chunk in
                # order, so the fight count matches a single-process run exactly.
                sizes = []
                for _ in range(workers):
                    size = min(CHUNK, cap - played - sum(sizes))
                    if size <= 0:
                        break
                    sizes.append(size)
                futures = [pool.submit(_worker_chunk, seed, index + k, size) for k, size in enumerate(sizes)]
                for future, size in zip(futures, sizes):
                    if done():
                        future.cancel()
                        continue
                    add(future.result(), size)
                    index += 1
    assert tally is not None
    result = RulesetResult(
        ruleset=config.ruleset.name,
        method="monte-carlo",
        tally=tally,
        party_size=len(config.encounter.party),
        fights=played,
        seed=seed,
    )
    return result, half_width(tally)
