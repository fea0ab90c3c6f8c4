"""``plays_only``: whether a ruleset's own implementations are the only ones behind a fight's hooks,
the question a ruleset's fast path asks before it plays turns or rounds without the hooks."""

from __future__ import annotations

from pathlib import Path

from rulebench import (
    Attack,
    Damage,
    Fight,
    PluginInfo,
    RandomRoller,
    ScriptedRoller,
    configure,
    discover,
    fast_plan,
    hookimpl,
    plays_only,
)
from rulebench.core.encounter import load_encounter
from rulebench.rulesets.endurance import strike, turns

ENCOUNTER = Path(__file__).resolve().parent.parent / "examples" / "skeleton-guards.toml"


class NeverAnswers:
    """A third-party modifier that also implements ``rulebench_damage``, and never answers."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the modifier."""
        return PluginInfo(name="never-answers", kind="modifier", title="Never answers", rulesets=("endurance",))

    @hookimpl
    def rulebench_damage(self, fight: Fight, attack: Attack) -> Damage | None:
        """No damage of its own: the next implementation's."""
        return None


CATALOG = discover(extra=[("never-answers", NeverAnswers())])


def _fight(*plugins: str) -> Fight:
    config = configure(load_encounter(ENCOUNTER), "endurance", catalog=CATALOG, plugins=plugins)
    return config.new_fight(RandomRoller(1))


def test_the_rulesets_own_hooks_alone_are_the_only_ones() -> None:
    fight = _fight()
    assert plays_only(
        fight, turn=turns.rulebench_turn, attack=strike.rulebench_attack, damage=strike.rulebench_damage, wounds=strike.rulebench_wounds
    )
    assert plays_only(fight, attack=strike.rulebench_attack)
    assert plays_only(fight)  # nothing asked about


def test_another_implementation_or_another_function_is_not_the_only_one() -> None:
    # critical, a built-in plugin, takes over endurance's damage.
    critical = _fight("critical")
    assert not plays_only(critical, damage=strike.rulebench_damage)
    assert not plays_only(critical, attack=strike.rulebench_attack, damage=strike.rulebench_damage)
    assert plays_only(critical, attack=strike.rulebench_attack, wounds=strike.rulebench_wounds)  # damage not asked
    # A hook played by some other function than the one named.
    assert not plays_only(_fight(), wounds=strike.rulebench_attack)


def test_a_third_party_plugin_that_never_answers_still_counts() -> None:
    # It is asked first, so the ruleset cannot skip the hook: it would skip a plugin's call.
    fight = _fight("never-answers")
    assert not plays_only(fight, damage=strike.rulebench_damage)
    assert plays_only(fight, attack=strike.rulebench_attack)


# -- fast_plan: the plan a fast path works out once per fight ----------------------------------------
def test_a_fast_plan_is_worked_out_once_and_read_only_with_a_random_roller() -> None:
    fight = _fight()
    made: list[int] = []

    def plan_of(fight: Fight) -> str:
        made.append(1)
        return "plan"

    assert fast_plan(fight, "test", plan_of) == ("plan", fight.roller)
    assert fast_plan(fight, "test", plan_of) == ("plan", fight.roller)
    assert made == [1] and fight.cache["test"] == "plan"
    scripted = configure(load_encounter(ENCOUNTER), "endurance", catalog=CATALOG).new_fight(ScriptedRoller([1] * 50))
    assert fast_plan(scripted, "test", plan_of) is None  # a scripted roller gets the turns


def test_a_fight_whose_rounds_may_not_be_played_at_once_is_asked_once() -> None:
    fight = _fight()
    made: list[int] = []

    def refused(fight: Fight) -> bool:
        made.append(1)
        return False

    assert fast_plan(fight, "test", refused) is None
    assert fast_plan(fight, "test", refused) is None
    assert made == [1]
