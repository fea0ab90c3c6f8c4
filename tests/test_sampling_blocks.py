"""Precision runs play chunks in blocks and may stop inside a chunk (issue #13).

A chunk's fights are the successive fights of its random stream, so a chunk played in blocks, each
resuming the stream where the last left it, is the chunk played whole; the blocks are handed out
in the same order whatever the worker count, so a run's stopping point does not depend on it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebench.analysis.results import Tally
from rulebench.analysis.sampling import BLOCK, CHUNK, SamplingPool, run_block, run_chunk
from rulebench.core.assembly import configure
from rulebench.core.encounter import load_encounter

GUARDS = Path(__file__).resolve().parent.parent / "examples" / "skeleton-guards.toml"


def _sum(*tallies: Tally) -> Tally:
    total = Tally(tallies[0].names)
    for tally in tallies:
        total.merge(tally)
    return total


def _same(a: Tally, b: Tally) -> bool:
    return (a.total, a.outcomes, a.rounds, a.fates, a.conditions) == (b.total, b.outcomes, b.rounds, b.fates, b.conditions)


@pytest.mark.parametrize("ruleset", ["ambermarch", "classic", "dsa", "endurance", "talisman"])
def test_a_chunk_played_in_blocks_is_the_chunk_played_whole(ruleset: str) -> None:
    config = configure(load_encounter(GUARDS), ruleset)
    whole = run_chunk(config, 7, 3, 120)
    first, stream = run_block(config, 7, 3, 50)
    second, stream = run_block(config, 7, 3, 40, stream)
    third, _ = run_block(config, 7, 3, 30, stream)
    assert _same(_sum(first, second, third), whole)
    assert not _same(run_block(config, 7, 3, 120)[0], run_chunk(config, 7, 4, 120))  # another chunk, other fights


def test_blocks_come_in_order_whatever_the_worker_count() -> None:
    config = configure(load_encounter(GUARDS).with_value("enemy.members[0].count", 3), "classic")
    cap = CHUNK + 3 * BLOCK // 2  # the last chunk ends inside a block

    def played(workers: int, worth: int) -> list[Tally]:
        with SamplingPool(workers) as pool:
            return list(pool.blocks(config, 11, cap, lambda: worth))

    alone = played(1, cap)
    assert [int(t.total) for t in alone] == [BLOCK] * (CHUNK // BLOCK) + [BLOCK, BLOCK // 2]
    assert _same(_sum(*alone[:2]), run_chunk(config, 11, 0, 2 * BLOCK))
    for workers, worth in [(2, cap), (3, 1)]:  # played far ahead, or only the block asked for
        assert all(_same(a, b) for a, b in zip(alone, played(workers, worth), strict=True))
