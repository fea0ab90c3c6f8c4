"""Sampling gives up the round memo early where it keeps missing, and the fights stay the same ones."""

from __future__ import annotations

from pathlib import Path

from rulebench import Fight, FightResult, RandomRoller
from rulebench.analysis.results import Tally
from rulebench.analysis.round_memo import WINDOW, memo_of
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
        fight.reset()
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
    # Switched off by sampling's first probe (100 fights, some 500 look-ups), long before the
    # memo's own judgement after WINDOW look-ups.
    assert not memo.on and memo.lookups < WINDOW
    classic = configure(encounter, "classic", catalog=discover())
    assert run_chunk(classic, 1, 0, 2000) == _tally(classic, "1:0", 2000)
    assert memo_of(classic).on  # its rounds repeat: it pays and stays
