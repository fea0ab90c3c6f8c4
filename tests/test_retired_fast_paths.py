"""``fast_plan`` and ``plays_only`` are retired: a plugin written against them still loads, is told
what to do instead, and has its hooks played, never its fast path."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebench import Attack, Fight, RandomRoller, hookimpl
from rulebench.core.assembly import configure
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter

ENCOUNTER = Path(__file__).resolve().parent.parent / "examples" / "skeleton-guards.toml"


def _fight() -> Fight:
    return configure(load_encounter(ENCOUNTER), "endurance", catalog=discover()).new_fight(RandomRoller(1))


def test_the_old_names_stay_importable_from_their_old_places() -> None:
    import rulebench
    from rulebench.core import kernel

    assert "fast_plan" not in rulebench.__all__ and "plays_only" not in rulebench.__all__
    with pytest.warns(DeprecationWarning, match="kernel.fast_plan is deprecated: import it from rulebench.core.retired"):
        assert rulebench.fast_plan is kernel.fast_plan
    with pytest.warns(DeprecationWarning):
        assert rulebench.plays_only is kernel.plays_only


def test_a_plugins_fast_plan_always_answers_play_turn_by_turn() -> None:
    fight = _fight()
    asked: list[int] = []

    def plan_of(fight: Fight) -> str:
        asked.append(1)
        return "plan"

    import rulebench

    with pytest.warns(DeprecationWarning, match="fast_plan is deprecated: fast paths are gone"):
        assert rulebench.fast_plan(fight, "mine", plan_of) is None
    assert asked == [] and "mine" not in fight.cache


def test_a_plugins_plays_only_always_answers_no() -> None:
    fight = _fight()

    @hookimpl
    def rulebench_attack(fight: Fight, attacker: object, defender: object) -> Attack | None:
        """A third party's attack (never played here)."""
        return None

    import rulebench

    with pytest.warns(DeprecationWarning, match="plays_only is deprecated: fast paths are gone"):
        assert rulebench.plays_only(fight, attack=rulebench_attack) is False
    with pytest.warns(DeprecationWarning):
        assert rulebench.plays_only(fight) is False
