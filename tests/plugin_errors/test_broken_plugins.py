"""Deliberately broken plugins: each mistake is named (plugin, hook, round, combatants) or caught by the kit."""

from __future__ import annotations

from typing import Any

import pytest
from broken_rulesets import (
    NAME,
    CacheCounter,
    Charm,
    Duel,
    Endless,
    LateKey,
    ModuleState,
    RecordingOnly,
    StatChanger,
    Undeclared,
    Unhashable,
    answering,
    catalog,
    duel_encounter,
    raising,
)

from rulebench import Combatant, Fight, RandomRoller, hookimpl
from rulebench.analysis.exact import solve
from rulebench.api import configure, play
from rulebench.core import loop
from rulebench.core.plugin_errors import PluginError
from rulebench.testing.conformance import Kit

HOOKS_IN_A_FIGHT = (
    "rulebench_setup",
    "rulebench_round_start",
    "rulebench_initiative",
    "rulebench_turn",
    "rulebench_attack",
    "rulebench_damage",
    "rulebench_wounds",
    "rulebench_round_end",
    "rulebench_fight_end",
    "rulebench_end_state",
    "rulebench_modifiers",
    "rulebench_decide",
)


def fight_with(ruleset: Any, *others: tuple[str, Any], check: bool = False, plugins: tuple[str, ...] = ()) -> Any:
    config = configure(duel_encounter(), NAME, catalog=catalog(ruleset, *others), check=check, plugins=plugins)
    return config.new_fight(RandomRoller(3))


def failure(ruleset: Any, *, check: bool = False) -> PluginError:
    with pytest.raises(PluginError) as caught:
        play(fight_with(ruleset, check=check))
    return caught.value


def test_the_sound_duel_plays() -> None:
    assert play(fight_with(Duel())).rounds >= 1


@pytest.mark.parametrize("hook", HOOKS_IN_A_FIGHT)
def test_a_raising_hook_is_named_with_plugin_round_and_combatants(hook: str) -> None:
    error = failure(raising(hook))
    assert error.plugin == NAME and error.hook == hook and error.exit_code == 3
    message = str(error)
    assert f"plugin {NAME!r}" in message and hook in message and "KeyError: 'to-hit table'" in message
    assert error.round == (0 if hook == "rulebench_setup" else 1) or hook in ("rulebench_fight_end", "rulebench_end_state")
    if hook in ("rulebench_attack", "rulebench_damage"):
        assert set(error.combatants) == {"Hero", "Ogre"} and " against " in message, message
    if hook in ("rulebench_turn", "rulebench_wounds", "rulebench_end_state", "rulebench_modifiers", "rulebench_decide"):
        assert error.combatants, message


@pytest.mark.parametrize(
    ("hook", "answer", "expected"),
    [
        ("rulebench_attack", True, "returned True (bool), expected an Attack or None"),
        ("rulebench_damage", 4, "returned 4 (int), expected a Damage or None"),
        ("rulebench_turn", "Hero", "returned 'Hero' (str), expected an (attacker, defender) pair"),
        ("rulebench_initiative", 5, "returned 5 (int), expected a tuple"),
        ("rulebench_round_end", True, "returned True (bool), expected an Outcome"),
        ("rulebench_end_state", "dead", "returned 'dead' (str), expected a Fate"),
    ],
)
def test_a_wrong_return_type_is_named(hook: str, answer: Any, expected: str) -> None:
    error = failure(answering(hook, answer))
    assert error.plugin == NAME and error.hook == hook
    assert expected in str(error), str(error)


def test_wrong_damage_is_blamed_on_the_damage_hook_not_on_wounds() -> None:
    error = failure(answering("rulebench_damage", 4))
    assert error.hook == "rulebench_damage" and "in round 1" in str(error)


def test_an_endless_fight_names_the_ruleset(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loop, "MAX_ROUNDS", 50)
    error = failure(Endless())
    assert error.plugin == NAME and f"ruleset {NAME!r} did not end the fight within 50 rounds" in str(error)


def test_a_late_state_key_is_refused_by_exact_analysis_naming_the_key() -> None:
    config = configure(duel_encounter(), NAME, catalog=catalog(LateKey()))
    with pytest.raises(PluginError, match=r"created the key 'momentum' in fight\.vars after setup"):
        solve(config)


def test_a_late_state_key_is_named_with_its_hook_under_check() -> None:
    error = failure(LateKey(), check=True)
    assert error.hook == "rulebench_attack" and "'momentum'" in str(error) and "round 1" in str(error)


class KeyBeforeModifiers(Duel):
    """Creates ``fight.vars['momentum']`` in its attack, then asks the modifiers (silver's among them)."""

    @hookimpl
    def rulebench_attack(self, fight: Fight, attacker: Combatant, defender: Combatant) -> Any:
        fight.vars["momentum"] = 1
        return super().rulebench_attack(fight, attacker, defender)


def test_a_broken_state_is_blamed_on_the_hook_that_broke_it_not_on_a_modifier_it_asked() -> None:
    # silver, on by default, answers the modifiers the attack asks after creating the key: the
    # state is already broken when silver's call starts, so the attack is to blame.
    config = configure(duel_encounter(), NAME, catalog=catalog(KeyBeforeModifiers()), check=True)
    assert "silver" in config.plugins
    with pytest.raises(PluginError) as caught:
        play(config.new_fight(RandomRoller(3)))
    assert (caught.value.plugin, caught.value.hook) == (NAME, "rulebench_attack"), str(caught.value)
    assert "'momentum'" in str(caught.value)


def test_an_unhashable_state_value_is_refused_by_exact_analysis_naming_it() -> None:
    config = configure(duel_encounter(), NAME, catalog=catalog(Unhashable()))
    with pytest.raises(PluginError, match=r"unhashable value in (Hero|Ogre)'s vars\['hp'\]"):
        solve(config)


def test_an_unhashable_state_value_is_named_with_its_hook_under_check() -> None:
    error = failure(Unhashable(), check=True)
    assert error.hook == "rulebench_wounds" and "unhashable" in str(error) and "(list)" in str(error)


def test_a_stat_changed_during_the_fight_is_refused_under_check() -> None:
    error = failure(StatChanger(), check=True)
    assert error.hook == "rulebench_round_start" and "changed the stats of Hero after setup" in str(error)


def test_module_state_is_found_by_the_kit() -> None:
    kit = Kit(NAME, catalog=catalog(ModuleState()), seconds=1, fights=10)
    [result] = kit.run(only=("no-outside-state",)).results
    assert not result.passed
    assert "state kept outside the fight" in result.detail or "HITS" in result.detail, result.detail


def test_a_recording_only_die_is_found_by_the_kit() -> None:
    kit = Kit(NAME, catalog=catalog(RecordingOnly()), seconds=1, fights=5)
    [result] = kit.run(only=("fights",)).results
    assert not result.passed
    assert "with the event log recording" in result.detail and "the dice first differ at roll" in result.detail


def test_a_late_key_is_found_by_the_kit_in_both_checks() -> None:
    report = Kit(NAME, catalog=catalog(LateKey()), seconds=1, fights=5).run(only=("fights", "exact-vs-sampled"))
    assert [r.passed for r in report.results] == [False, False]
    assert all("'momentum'" in r.detail for r in report.results), [r.detail for r in report.results]


def test_an_undeclared_stat_is_found_by_the_kit() -> None:
    [result] = Kit(NAME, catalog=catalog(Undeclared()), seconds=1).run(only=("descriptor",)).results
    assert not result.passed and "luck" in result.detail


def test_the_sound_duel_passes_the_kit() -> None:
    report = Kit(NAME, catalog=catalog(Duel()), seconds=1, fights=5).run()
    assert report.passed, [(r.name, r.detail) for r in report.results if not r.passed]


def test_a_modifier_adjusts_the_stats_the_ruleset_derived() -> None:
    """rulebench_setup runs the ruleset's first, then the modifiers': the modifier's 9 stands."""
    fight = fight_with(Duel(), ("charm", Charm()), plugins=("charm",))
    assert {c.stats["skill"] for c in fight.combatants} == {9}


def test_attribution_reads_no_frame_of_the_kernel() -> None:
    """The loop's locals are its own: plugin_errors names no function of the kernel's and reads a
    frame's variables only as a hook implementation's arguments."""
    import ast
    import inspect

    from rulebench.core import loop, plugin_errors

    source = inspect.getsource(plugin_errors)
    kernel = {name for name, value in vars(loop).items() if inspect.isfunction(value) and value.__module__ == loop.__name__}
    strings = {node.value for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not kernel & strings
    lookups = [node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Attribute) and node.attr == "f_locals"]
    assert len(lookups) == 3  # _involved and _arguments: a hook implementation's arguments, by its co_varnames


def test_state_kept_in_the_fights_cache_is_caught_where_compare_samples() -> None:
    """A count in ``fight.cache`` (kept across fights, no part of the state) makes the rounds compare's
    memo walks differ from the rounds played: the kit samples on compare's own path and says so."""
    [result] = Kit(NAME, catalog=catalog(CacheCounter()), seconds=1, fights=5).run(only=("sampled-as-compare",)).results
    assert not result.passed and "played one by one" in result.detail and "fights compare samples" in result.detail
