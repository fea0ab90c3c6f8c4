"""Sampling gives up the round memo early where it keeps missing, and the fights stay the same ones."""

from __future__ import annotations

from pathlib import Path

from rulebench import Fight, FightResult, RandomRoller
from rulebench.analysis.results import Tally
from rulebench.analysis.round_memo import memo_of
from rulebench.analysis.sampling import run_chunk
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.loop import play

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _played(fight: Fight, count: int) -> list[FightResult]:
    """The results of ``count`` fights played one after another on ``fight``."""
    results = []
    for _ in range(count):
        fight._reset()
        results.append(play(fight))
    return results


def _tally(config: FightConfig, seed: str, count: int) -> Tally:
    fight = config.new_fight(RandomRoller(seed))
    tally = Tally(tuple(c.name for c in fight.combatants))
    for result in _played(fight, count):
        tally.add(result)
    return tally


def test_a_memo_that_keeps_missing_is_switched_off_after_its_first_fights_and_the_fights_stay() -> None:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    endurance = configure(encounter, "endurance", catalog=discover())
    assert run_chunk(endurance, 1, 0, 2000) == _tally(endurance, "1:0", 2000)
    memo = memo_of(endurance)
    # The memo of rounds gave up at its probe after 100 fights (some 500 look-ups), long before
    # its own judgement after WINDOW look-ups; the memo of steps that took its place gave up too.
    assert memo.by_step and not memo.on and memo.probed <= 250
    classic = configure(encounter, "classic", catalog=discover())
    assert run_chunk(classic, 1, 0, 2000) == _tally(classic, "1:0", 2000)
    assert memo_of(classic).on  # its rounds repeat: it pays and stays
