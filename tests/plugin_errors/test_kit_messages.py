"""The conformance kit says what differed, with both values, and certifies no ruleset whose fights
depend on a process's first fight.

Each broken variant of the d20 duel (``broken_rulesets.py``) differs from the sound one in one
field: a fate only, a state value, one die, a module global that changes in the first fight only.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from broken_rulesets import NAME, Duel, ModuleState, RecordingOnly, catalog, duel_encounter

from rulebench import Combatant, EndState, Fate, Fight, RandomRoller, hookimpl
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.i18n import language, set_language
from rulebench.core.loop import play_out
from rulebench.core.outcome import FightResult, Outcome
from rulebench.core.plugin_errors import PluginError
from rulebench.testing.conformance import ConformanceFailure, FightChecks, Kit, check_encounter
from rulebench.testing.differences import canonical, dice_difference, result_difference, state_difference

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
VALUE = r"(?:'[^']*'|[\w.\-]+)(?: \([^)]*\))?"
"""One value a message compares: a word or number, a quoted text, with a condition in parentheses."""


def says_what_differed(detail: str) -> list[tuple[str, str]]:
    """Every ``A instead of B`` of a failure, checked to compare two different values."""
    pairs = re.findall(rf"({VALUE}) instead of ({VALUE})", detail)
    assert pairs, detail
    assert all(a != b for a, b in pairs), detail
    return pairs


class RecordedCondition(Duel):
    """Names a hurt combatant's condition differently while the fight records: only a fate differs."""

    @hookimpl
    def rulebench_end_state(self, fight: Fight, combatant: Combatant) -> Any:
        fate = super().rulebench_end_state(fight, combatant)
        return Fate(fate.state, "watched") if fight.recording and fate.state is EndState.HURT else fate


class RecordingHeals(Duel):
    """Heals the hero at the end of round 1 while the fight records: the state parts there."""

    @hookimpl
    def rulebench_round_end(self, fight: Fight) -> Any:
        if fight.recording and fight.round == 1:
            fight.party.members[0].vars["hp"] += 100
        return super().rulebench_round_end(fight)


class FirstFightOnly(Duel):
    """Strikes harder in the first fight this plugin object plays, and remembers that it played one."""

    def __init__(self) -> None:
        self.warm = False

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        super().rulebench_setup(fight)
        for c in fight.party.members:
            c.stats["skill"] += 0 if self.warm else 20
        self.warm = True


def failing_fight(plugin: Duel) -> str:
    """The kit's failure for the first seed of the ogre duel that ``plugin`` fails on."""
    checks = FightChecks(NAME, catalog(plugin))
    for seed in range(40):
        try:
            checks.check_fight(duel_encounter(), seed)
        except ConformanceFailure as failure:
            return str(failure)
    raise AssertionError(f"{type(plugin).__name__} passed 40 fights")


def test_a_fight_that_differs_in_a_fate_only_names_the_fate_with_both_values() -> None:
    detail = failing_fight(RecordedCondition())
    assert "played with the event log recording it came out differently" in detail
    assert ("hurt (watched)", "hurt (hurt)") in says_what_differed(detail)
    assert "Hero's fate hurt (watched) instead of hurt (hurt)" in detail or "Ogre's fate hurt (watched) instead of hurt (hurt)" in detail
    assert "the state was the same after setup and every round" in detail


def test_a_fight_whose_state_parts_names_the_state_value_and_the_round() -> None:
    detail = failing_fight(RecordingHeals())
    pairs = says_what_differed(detail)
    assert re.search(r"after round 1, Hero\.vars\['hp'\] is \d+ instead of \d+", detail), detail
    assert any(int(a) == int(b) + 100 for a, b in pairs if a.isdigit() and b.isdigit()), pairs


def test_a_die_rolled_only_while_recording_is_named_by_its_roll_in_the_log() -> None:
    detail = failing_fight(RecordingOnly())
    assert "with the event log recording" in detail and "the dice first differ at roll" in detail
    assert "the roll 'flavour' (1d6) of Hero in round 1 of the log" in detail, detail


def test_module_state_names_the_changed_value_then_and_now() -> None:
    [result] = Kit(NAME, catalog=catalog(ModuleState()), seconds=1, fights=10).run(only=("no-outside-state",)).results
    assert not result.passed
    if "changed" in result.detail:
        assert re.search(r"broken_rulesets\.HITS from \[.*\] to \[1, ", result.detail), result.detail
    else:
        says_what_differed(result.detail)


def test_a_change_in_the_kits_first_fight_is_seen_though_later_fights_agree() -> None:
    """The descriptor check plays the first fight; no-outside-state compares with what was before it."""
    report = Kit(NAME, catalog=catalog(FirstFightOnly()), seconds=1, fights=5).run(only=("descriptor", "no-outside-state"))
    descriptor, outside = report.results
    assert descriptor.passed and not outside.passed
    assert "FirstFightOnly.warm from False to True" in outside.detail


FIRST_FIGHT_ONLY = '''
from rulebench_skirmish import (rulebench_initiative, rulebench_turn, rulebench_attack, rulebench_damage,
    rulebench_wounds, rulebench_round_end, rulebench_end_state)
from rulebench import RulesetInfo, hookimpl

_TABLE = []  # filled in the first fight of a process, on purpose: later fights find it full

@hookimpl
def rulebench_ruleset():
    return RulesetInfo(name="firsty", title="Firsty", source="tests", summary="skirmish, tougher at first", stats=("skill", "armour", "hp"))

@hookimpl
def rulebench_setup(fight):
    bonus = 0 if _TABLE else 5
    if not _TABLE:
        _TABLE.append("filled")
    for c in fight.combatants:
        c.stats["skill"] = fight.override(c, "skill", c.spec.melee)
        c.stats["armour"] = fight.override(c, "armour", c.spec.armour)
        c.stats["hp"] = fight.override(c, "hp", c.spec.life + bonus)
        c.vars["hp"] = c.stats["hp"]
'''


@pytest.fixture
def firsty(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An installed ruleset whose module global changes in the first fight of each process."""
    info = tmp_path / "rulebench_firsty-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebench-firsty\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[rulebench]\nfirsty = rulebench_firsty\n")
    (tmp_path / "rulebench_firsty.py").write_text(FIRST_FIGHT_ONLY)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "firsty"
    sys.modules.pop("rulebench_firsty", None)


def test_a_global_changed_only_in_a_processs_first_fight_is_not_certified(firsty: str) -> None:
    """Fights played before the kit (a test suite's earlier tests) hide the change from every
    comparison in this process; the fight played first in a fresh interpreter shows it."""
    found = discover()
    # The process's first fight, before the kit, played out without a result: a plain play() of it
    # would itself refuse the change it makes (core/fixed_state.py).
    checks = FightChecks(firsty, found)
    play_out(checks.config(checks.encounter(duel_encounter())).new_fight(RandomRoller(1)))
    [result] = Kit(firsty, catalog=found, seconds=1, fights=5).run(only=("no-outside-state",)).results
    assert not result.passed
    assert "played as a fresh process's first fight, came out differently" in result.detail, result.detail
    says_what_differed(result.detail)


def test_a_sound_installed_ruleset_agrees_with_its_fresh_process_fight() -> None:
    [result] = Kit("skirmish", seconds=1, fights=5).run(only=("no-outside-state",)).results
    assert result.passed and "replayed in a fresh process" in result.detail, result.detail


def test_check_mode_says_what_differed_after_other_fights() -> None:
    with pytest.raises(PluginError) as raised:
        check_encounter(duel_encounter(), [NAME], catalog=catalog(ModuleState()), fights=5)
    detail = str(raised.value)
    assert "HITS from" in detail or says_what_differed(detail)


def test_the_differences_name_each_field_with_both_values() -> None:
    expected = FightResult(Outcome.WITHDRAWN, 8, (Fate(EndState.HURT, "wounded"), Fate(EndState.OUT, "down")))
    fates_only = expected._replace(fates=(Fate(EndState.OUT, "down"), Fate(EndState.OUT, "down")))
    assert result_difference(fates_only, expected, ["Hero", "Ogre"]) == "Hero's fate out (down) instead of hurt (wounded)"
    longer = expected._replace(outcome=Outcome.PARTY_WINS, rounds=9)
    assert result_difference(longer, expected, ["Hero", "Ogre"]) == "the outcome party_wins instead of withdrawn; 9 rounds instead of 8"
    states = [(0, {"fight.vars['order']": canonical(("a", "b"))}), (1, {"fight.vars['order']": canonical(("b", "a"))})]
    parted = [(0, states[0][1]), (1, {"fight.vars['order']": canonical(("b",))})]
    assert state_difference(parted, states) == "after round 1, fight.vars['order'] is ('b',) instead of ('b', 'a')"
    assert dice_difference([1, 2, 3], [1, 2, 4]) == "the dice first differ at roll 3 (3 vs 4)"
    assert canonical(frozenset({"b", "a"})) == canonical(frozenset({"a", "b"})) == "{'a', 'b'}"


@pytest.mark.parametrize("ruleset", ["dsa", "endurance", "talisman"])
def test_the_kit_compares_answers_not_prose_whatever_the_language(ruleset: str) -> None:
    """A ruleset may translate a condition's name while it records (dsa does): played in German, a
    recorded fight's fates read ``bewusstlos`` where the silent one's read ``unconscious``. The kit
    plays in the source language, so neither ``check`` nor ``--check`` calls that a difference."""
    set_language("de")
    try:
        assert check_encounter(load_encounter(EXAMPLES / "dsa-orc-duel.toml"), [ruleset], fights=3) == 3
        [fights] = Kit(ruleset, seconds=1, fights=4).run(only=("fights",)).results
        assert fights.passed, fights.detail
        assert language() == "de"  # the kit's own messages stay in the reader's language
    finally:
        set_language(None)
