"""Many fights from one seed: outcome frequencies with Wilson intervals, fates and fight lengths.

Fights are played in chunks of fixed size, chunk ``i`` seeded by ``"{seed}:{i}"``, so the result
depends only on the seed and the number of fights, never on how many workers share the chunks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulebench.analysis.results import RulesetResult, Tally
from rulebench.core.dice import RandomRoller
from rulebench.core.kernel import FightConfig, configure, play
from rulebench.core.outcome import FightResult

CHUNK = 2_000

Progress = Callable[[int], None]
"""Called with the number of fights just finished."""


def run_chunk(config: FightConfig, seed: int, index: int, size: int) -> Tally:
    """Play ``size`` fights of chunk ``index`` and tally them."""
    roller = RandomRoller(f"{seed}:{index}")
    fight = config.new_fight(roller)
    results: Counter[FightResult] = Counter()  # few distinct results: count them, tally once
    for _ in range(size):
        fight.reset()
        results[play(fight)] += 1
    tally = Tally(tuple(c.name for c in fight.combatants))
    for result, count in results.items():
        tally.add(result, count)
    return tally


def _chunks(fights: int) -> list[tuple[int, int]]:
    return [(i, min(CHUNK, fights - start)) for i, start in enumerate(range(0, fights, CHUNK))]


_worker_config: FightConfig | None = None


def _init_worker(encounter: Any, ruleset: str, plugins: tuple[str, ...], tactics: str | None) -> None:
    global _worker_config
    _worker_config = configure(encounter, ruleset, plugins=plugins, tactics=tactics, default_plugins=False)


def _worker_chunk(seed: int, index: int, size: int) -> Tally:
    assert _worker_config is not None
    return run_chunk(_worker_config, seed, index, size)


def simulate(
    config: FightConfig,
    fights: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Progress | None = None,
) -> RulesetResult:
    """Play ``fights`` fights of ``config`` from ``seed`` and report their frequencies.

    Args:
        config: the fight configuration.
        fights: how many fights (at least 1).
        seed: the run's seed; the same seed gives the same result whatever ``workers`` is.
        workers: processes to share the chunks between.
        progress: told after each chunk how many fights it played.
    """
    chunks = _chunks(fights)
    tally: Tally | None = None
    if workers <= 1 or len(chunks) == 1:
        parts = (run_chunk(config, seed, i, size) for i, size in chunks)
        for (_, size), part in zip(chunks, parts):
            tally = part if tally is None else tally.merge(part)
            if progress:
                progress(size)
    else:
        init = (config.encounter, config.ruleset.name, config.plugins, config.tactics)
        with ProcessPoolExecutor(workers, initializer=_init_worker, initargs=init) as pool:
            futures = [pool.submit(_worker_chunk, seed, i, size) for i, size in chunks]
            for (_, size), future in zip(chunks, futures):
                part = future.result()
                tally = part if tally is None else tally.merge(part)
                if progress:
                    progress(size)
    assert tally is not None
    return RulesetResult(
        ruleset=config.ruleset.name,
        method="monte-carlo",
        tally=tally,
        party_size=len(config.encounter.party),
        fights=fights,
        seed=seed,
    )
