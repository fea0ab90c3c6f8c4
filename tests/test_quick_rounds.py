"""talisman plays a silent fight's rounds at once when only its own rules hooks take part (its
``quick`` module): fight for fight, dice for dice, the same as playing every turn through the
kernel. Sampling gives up the round memo early where it keeps missing, with the same fights."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebench import Fight, FightResult, Outcome, RandomRoller
from rulebench.analysis.results import Tally
from rulebench.analysis.round_memo import WINDOW, memo_of
from rulebench.analysis.sampling import run_chunk
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.kernel import FightConfig, configure, play

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RULESETS = ("talisman",)


class TurnByTurn(RandomRoller):
    """The same random numbers as ``RandomRoller``; not a plain one, so every turn is played."""


def _played(fight: Fight, count: int) -> list[FightResult]:
    """The results of ``count`` fights played one after another on ``fight``."""
    results = []
    for _ in range(count):
        fight.reset()
        results.append(play(fight))
    return results


def _fights(config: FightConfig, roller: RandomRoller, count: int) -> tuple[list[FightResult], Fight]:
    fight = config.new_fight(roller)
    return _played(fight, count), fight


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_quick_rounds_play_the_fights_every_turn_plays(ruleset: str, example: str) -> None:
    config = configure(load_encounter(EXAMPLES / example), ruleset, catalog=discover())
    quick, fight = _fights(config, RandomRoller(11), 300)
    turn_by_turn, _ = _fights(config, TurnByTurn(11), 300)
    assert quick == turn_by_turn
    if not config.encounter.enemy.grouped:  # else every turn is played
        assert any(fight.cache.values()), "the quick path was not taken"


def test_the_quick_path_is_not_taken_when_anything_else_takes_part() -> None:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    for ruleset in RULESETS:
        recorded = configure(encounter, ruleset, catalog=discover()).new_fight(RandomRoller(1), record=True)
        play(recorded)
        assert not any(recorded.cache.values()), ruleset


SCRIPTS = {
    "nobody": [{"evade": []}],
    "the Thief in round 1": [{"evade": ["Thief"]}, {"evade": []}],
    "everyone in round 2": [{"evade": []}, {"evade": ["Knight", "Thief", "Revenant", "Minstrel"]}, {"evade": []}],
    "the Knight every round": [{"evade": ["Knight"]}],
}


def _asked_and_played(config: FightConfig, roller: RandomRoller, count: int) -> tuple[list[tuple[str, str, int]], list[FightResult], Fight]:
    """The decisions ``count`` fights ask (kind, who, round), in order, and the fights' results."""
    fight = config.new_fight(roller)
    decide, asked = fight.decide, []

    def spy(kind: str, who: Any = None, options: tuple[Any, ...] = (), **context: Any) -> Any:
        asked.append((kind, who.name if who else "", fight.round))
        return decide(kind, who, options, **context)

    fight.decide = spy  # type: ignore[method-assign]
    return asked, _played(fight, count), fight


@pytest.mark.parametrize("tactics", [None, "cautious", "reckless"])
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_talisman_asks_each_member_whether_he_evades_where_his_turn_would(script: str, tactics: str | None) -> None:
    """Under a script or a tactics plugin, talisman's quick rounds ask ``evade`` where each turn
    would: the same fights, flights included, and the same decisions asked, in the same order."""
    data = load_encounter(EXAMPLES / "talisman-rivals.toml").model_dump(mode="json", exclude_none=True)
    data["tactics"] = {"round": SCRIPTS[script]}
    config = configure(encounter_from_dict(data), "talisman", catalog=discover(), tactics=tactics)
    asked, quick, fight = _asked_and_played(config, RandomRoller(5), 300)
    asked_turn_by_turn, turn_by_turn, _ = _asked_and_played(config, TurnByTurn(5), 300)
    assert any(fight.cache.values()), "the quick path was not taken"
    assert quick == turn_by_turn
    assert asked == asked_turn_by_turn
    assert any(kind == "evade" for kind, _, _ in asked)
    if script == "everyone in round 2":
        assert any(result.outcome is Outcome.PARTY_FLED for result in quick)


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


def _tally(config: FightConfig, seed: str, count: int) -> Tally:
    results, fight = _fights(config, RandomRoller(seed), count)
    tally = Tally(tuple(c.name for c in fight.combatants))
    for result in results:
        tally.add(result)
    return tally
