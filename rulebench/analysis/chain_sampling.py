"""Many days of a chain from one seed, seeded and chunked as fights are (``sampling``).

A sampled day is played whole, stage after stage on one random stream: chunk ``i`` of ``CHUNK``
days draws from ``"{seed}:{i}"``, its days one after another, so a chunk's first ``k`` days are the
same whether it is played whole or in blocks of ``BLOCK``, and the result depends only on the seed
and the number of days, never on the worker count. A chain of one stage is therefore the very
fights ``compare`` samples from the same seed. A precision-driven run checks its rule after every
block, in order (``ChainResult.half_width``), as ``precision`` does for one encounter.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Iterator
from concurrent.futures import Future

from rulebench.analysis.chain_play import DayPlan
from rulebench.analysis.chain_results import ChainResult, DayTally
from rulebench.analysis.sampling import BLOCK, CHUNK, Progress, SamplingPool
from rulebench.core.chain_file import ChainFile
from rulebench.core.dice import RandomRoller

PlanSpec = tuple[ChainFile, str, tuple[str, ...], "str | None"]
"""What a worker needs to rebuild a day's plan: the chain, the ruleset, its plugins, its tactics."""

_worker_plans: dict[tuple[str, str, tuple[str, ...], str | None], DayPlan] = {}
"""In a worker process, every plan it was asked to sample, built once each."""


def spec_of(plan: DayPlan) -> PlanSpec:
    """What a worker process needs to rebuild ``plan``."""
    return (plan.chain, plan.ruleset, plan.plugins, plan.tactics)


def worker_plan(spec: PlanSpec) -> DayPlan:
    """In a worker process, the plan ``spec`` describes, built the first time it is met."""
    chain, ruleset, plugins, tactics = spec
    key = (chain.content_hash(), ruleset, plugins, tactics)
    plan = _worker_plans.get(key)
    if plan is None:
        plan = _worker_plans[key] = DayPlan(chain, ruleset, plugins=plugins, tactics=tactics, default_plugins=False)
    return plan


def play_days(plan: DayPlan, roller: RandomRoller, size: int) -> DayTally:
    """The next ``size`` days of ``roller``'s stream, tallied."""
    tally = DayTally()
    for _ in range(size):
        tally.add(plan.play_day(roller))
    return tally


def run_chunk(plan: DayPlan, seed: int, index: int, size: int) -> DayTally:
    """The first ``size`` days of chunk ``index``."""
    return play_days(plan, RandomRoller(f"{seed}:{index}"), size)


def run_chunk_blocks(plan: DayPlan, seed: int, index: int, size: int) -> list[DayTally]:
    """The first ``size`` days of chunk ``index``, tallied block by block, in order."""
    roller = RandomRoller(f"{seed}:{index}")
    return [play_days(plan, roller, min(BLOCK, size - start)) for start in range(0, size, BLOCK)]


def _worker_chunk(spec: PlanSpec, seed: int, index: int, size: int) -> DayTally:
    return run_chunk(worker_plan(spec), seed, index, size)


def _worker_chunk_blocks(spec: PlanSpec, seed: int, index: int, size: int) -> list[DayTally]:
    return run_chunk_blocks(worker_plan(spec), seed, index, size)


def _chunks(total: int) -> list[int]:
    return [min(CHUNK, total - start) for start in range(0, total, CHUNK)]


def _local(plan: DayPlan, pool: SamplingPool) -> bool:
    """Whether the days are played in this process: one worker, or a plugin no worker can load."""
    return pool.workers <= 1 or not plan.portable


def sample(plan: DayPlan, days: int, seed: int, pool: SamplingPool, progress: Progress | None = None) -> ChainResult:
    """Play ``days`` days from ``seed`` and report their figures."""
    sizes = _chunks(days)
    if _local(plan, pool):
        parts: Iterator[DayTally] = (run_chunk(plan, seed, index, size) for index, size in enumerate(sizes))
    else:
        parts = pool.map(_worker_chunk, [(spec_of(plan), seed, index, size) for index, size in enumerate(sizes)])
    tally = DayTally()
    for size, part in zip(sizes, parts):
        tally.merge(part)
        if progress:
            progress(size, days)
    return _result(plan, tally, days, seed, "fights")


def sample_to_precision(
    plan: DayPlan, precision: float, seed: int, pool: SamplingPool, cap: int, progress: Progress | None = None
) -> tuple[ChainResult, float]:
    """Play blocks of ``BLOCK`` days until every chance reported has a 95% half-width of at most
    ``precision``, or ``cap`` days were played; the result and the half-width reached."""
    tally = DayTally()
    played = 0
    reached = 1.0
    stopped_by = "cap"
    blocks = _blocks(plan, seed, cap, pool)
    try:
        for part in blocks:
            tally.merge(part)
            played += int(part.total)
            reached = _result(plan, tally, played, seed, "").half_width()
            if progress:
                progress(int(part.total), min(cap, max(played, round(played * (reached / precision) ** 2))))
            if reached <= precision:
                stopped_by = "precision"
                break
    finally:
        blocks.close()
    return _result(plan, tally, played, seed, stopped_by), reached


def _blocks(plan: DayPlan, seed: int, cap: int, pool: SamplingPool) -> Generator[DayTally, None, None]:
    """The tallies of the blocks that make up chunks ``0, 1, ...`` (``cap`` days in all), in order.

    In this process each block is played when it is asked for; in worker processes a chunk is one
    task, played block by block there, with one chunk per worker under way, and closing the
    iterator cancels the chunks not yet started (a run that is done).
    """
    sizes = _chunks(cap)
    if _local(plan, pool):
        for index, size in enumerate(sizes):
            roller = RandomRoller(f"{seed}:{index}")
            for start in range(0, size, BLOCK):
                yield play_days(plan, roller, min(BLOCK, size - start))
        return
    spec = spec_of(plan)
    ahead: deque[Future[list[DayTally]]] = deque()
    sent = 0
    try:
        while ahead or sent < len(sizes):
            while sent < len(sizes) and len(ahead) < pool.workers:
                ahead.append(pool.submit(_worker_chunk_blocks, spec, seed, sent, sizes[sent]))
                sent += 1
            yield from ahead.popleft().result()
    finally:
        for future in ahead:
            future.cancel()


def _result(plan: DayPlan, tally: DayTally, days: int, seed: int, stopped_by: str) -> ChainResult:
    return ChainResult(
        **plan.names(),
        method="monte-carlo",
        tally=tally,
        chains=days,
        seed=seed,
        stopped_by=stopped_by or None,
    )
