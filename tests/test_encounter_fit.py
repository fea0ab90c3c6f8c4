"""An encounter against the rulesets' descriptors (core/encounter_fit.py) and the scripted tactics
source: skills, overrides, decision names and every kind of scripted answer."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from rulebench import DecisionInfo, PluginInfo, RulesetInfo
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.encounter_fit import encounter_fit
from rulebench.core.scripted_tactics import ScriptedTactics
from rulebench.core.values import Decision

STANCES = ("attack", "cover", "hold-back")
RULESETS = {
    "marsh": RulesetInfo(
        "marsh", "Marsh", "-", "-", stats=("pool", "armour"), decisions=("stance", "momentum", "order", "retreat"),
        asks=(
            DecisionInfo("stance", per_member=True, options=STANCES),
            DecisionInfo("momentum", answer="whole_number", maximum=3),
            DecisionInfo("order", answer="party_order"),
            DecisionInfo("retreat", options=(True, False)),
        ),
        skills=("alertness",),
    ),
    "line": RulesetInfo(
        "line", "Line", "-", "-", stats=("rw",), decisions=("fight", "retreat", "target", "evade"),
        asks=(
            DecisionInfo("fight", per_member=True, options_by_mode=(("melee", ("melee", "none")), ("mixed", ("melee", "ranged", "none")))),
            DecisionInfo("retreat", options=(True, False)),
            DecisionInfo("target", per_member=True, answer="opponent"),
            DecisionInfo("evade", per_member=True, options=(False, True)),
        ),
        skills=("robust",),
    ),
}
BASE: dict[str, Any] = {
    "name": "Fit",
    "party": [{"name": "Warrior"}, {"name": "Scout", "skills": ["robust"]}],
    "enemy": {"members": [{"name": "Orc", "count": 2}]},
}


def problems(extra: dict[str, Any], chosen: tuple[str, ...] = (), plugins: tuple[PluginInfo, ...] = ()) -> dict[str, str]:
    encounter = encounter_from_dict({**BASE, **extra})
    return dict(encounter_fit(encounter, RULESETS, chosen, plugins).problems)


def scripted(**table: Any) -> dict[str, str]:
    return problems({"tactics": {"round": [table]}})


def test_a_fitting_encounter_has_no_problems() -> None:
    assert scripted(stance={"Warrior": "attack", "Scout": "hold-back"}, momentum=2, order=["Scout", "Warrior"],
                    retreat=False, fight="melee", target={"Warrior": "Orc 1", "Orc 2": "Scout"}, evade=["Scout"]) == {}


def test_a_skill_nobody_reads_suggests_the_closest() -> None:
    found = problems({"party": [{"name": "Knight", "skills": ["robst", "alertness"]}]})
    assert found == {
        "party[0].skills[0]": "no installed ruleset or plugin reads the skill 'robst' (did you mean 'robust'?); "
        "the skills they read: alertness, robust"
    }


def test_a_plugin_may_read_a_skill() -> None:
    extra = {"party": [{"name": "Knight", "skills": ["parry"]}]}
    assert "party[0].skills[0]" in problems(extra)
    assert problems(extra, plugins=(PluginInfo("fencing", "modifier", "Fencing", skills=("parry",)),)) == {}


def test_overrides_of_a_near_ruleset_name_and_of_unknown_stats() -> None:
    found = problems({"overrides": {"marsch": {"Orc": {"pool": "2d6"}}, "line": {"Orc": {"rww": 2}}}})
    assert found == {
        "overrides.marsch": "no installed ruleset 'marsch' (did you mean 'marsh'?); installed: line, marsh",
        "overrides.line.Orc.rww": "line has no derived stat 'rww' (did you mean 'rw'?); expected one of: rw",
    }


def test_overrides_of_a_ruleset_installed_elsewhere_are_a_warning() -> None:
    encounter = encounter_from_dict({**BASE, "overrides": {"d20duel": {"Orc": {"ac": 12}}}})
    fit = encounter_fit(encounter, RULESETS)
    assert fit.problems == []
    assert fit.warnings == ["overrides.d20duel: ruleset 'd20duel' is not installed, so its overrides were not checked"]


def test_a_decision_no_ruleset_asks() -> None:
    assert scripted(stanse={"Warrior": "attack"}) == {
        "tactics.round[0].stanse": "no installed ruleset asks a 'stanse' decision (did you mean 'stance'?); "
        "the decisions they ask: evade, fight, momentum, order, retreat, stance, target"
    }


@pytest.mark.parametrize(
    ("table", "path", "message"),
    [
        ({"stance": {"Warrior": "attack attack"}}, "tactics.round[0].stance.Warrior",
         "expected one of 'attack', 'cover', 'hold-back', got 'attack attack' (did you mean 'attack'?) (under marsh)"),
        ({"stance": {"Warrior": 3}}, "tactics.round[0].stance.Warrior",
         "expected one of 'attack', 'cover', 'hold-back', got 3 (under marsh)"),
        ({"stance": "dance"}, "tactics.round[0].stance", "expected one of 'attack', 'cover', 'hold-back', got 'dance' (under marsh)"),
        ({"stance": ["Warrior"]}, "tactics.round[0].stance",
         "a list of names answers only a yes/no decision; expected one of 'attack', 'cover', 'hold-back' for everyone, "
         "or a table {Name = answer} (under marsh)"),
        ({"momentum": -1}, "tactics.round[0].momentum", "expected a whole number from 0 to 3, got -1 (under marsh)"),
        ({"momentum": True}, "tactics.round[0].momentum", "expected a whole number from 0 to 3, got true (under marsh)"),
        ({"order": ["Warrior"]}, "tactics.round[0].order",
         "expected every party member's name once, front first (Warrior, Scout), got a list (under marsh)"),
        ({"order": "Warrior"}, "tactics.round[0].order",
         "expected every party member's name once, front first (Warrior, Scout), got 'Warrior' (under marsh)"),
        # TOML's 1 is not true: the answer is compared with its type.
        ({"retreat": 1}, "tactics.round[0].retreat", "expected one of true, false, got 1 (under marsh, line)"),
        ({"retreat": {"Warrior": True}}, "tactics.round[0].retreat",
         "'retreat' is decided for the whole side; expected one answer, not a table of names (under marsh, line)"),
        ({"fight": "ranged"}, "tactics.round[0].fight",
         "expected one of 'melee', 'none' (mode = 'melee'), got 'ranged' (under line)"),
        ({"target": {"Warrior": "Scout"}}, "tactics.round[0].target.Warrior",
         "expected the name of one of Warrior's opponents (Orc 1, Orc 2), got 'Scout' (under line)"),
        ({"target": {"Orc 1": "Orc 2"}}, "tactics.round[0].target.\"Orc 1\"",
         "expected the name of one of Orc 1's opponents (Warrior, Scout), got 'Orc 2' (under line)"),
        ({"evade": {"Scout": "yes"}}, "tactics.round[0].evade.Scout", "expected one of false, true, got 'yes' (under line)"),
    ],
)
def test_each_scripted_answer_is_checked(table: dict[str, Any], path: str, message: str) -> None:
    found = problems({"mode": "melee", "tactics": {"round": [table]}})
    assert found == {path: message}


def test_only_the_chosen_rulesets_judge_answers() -> None:
    extra = {"tactics": {"round": [{"retreat": 1, "momentum": 9}]}}
    assert problems(extra, chosen=("line",)) == {"tactics.round[0].retreat": "expected one of true, false, got 1 (under line)"}
    assert set(problems(extra, chosen=("marsh",))) == {"tactics.round[0].retreat", "tactics.round[0].momentum"}


def _decision(kind: str, who: str | None, options: tuple[Any, ...] = ()) -> Decision:
    return Decision(kind, 1, SimpleNamespace(name=who) if who else None, options)  # type: ignore[arg-type]


def test_a_scripted_target_who_has_fallen_leaves_the_choice_to_the_next_source() -> None:
    tactics = ScriptedTactics([{"target": {"Warrior": "Orc 1"}, "stance": "attack"}])
    fight = SimpleNamespace(combatants=[SimpleNamespace(name=n) for n in ("Warrior", "Orc 1", "Orc 2")])
    assert tactics.rulebench_decide(fight, _decision("target", "Warrior", ("Orc 1", "Orc 2"))) == "Orc 1"  # type: ignore[arg-type]
    assert tactics.rulebench_decide(fight, _decision("target", "Warrior", ("Orc 2",))) is None  # type: ignore[arg-type]
    # An answer that names nobody is still passed on, for the ruleset to refuse.
    assert tactics.rulebench_decide(fight, _decision("stance", "Warrior", ("cover",))) == "attack"  # type: ignore[arg-type]
