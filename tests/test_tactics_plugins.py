"""The cautious and reckless tactics plugins: found, answer where their tactics have a bearing (the
rulesets' defaults answer the rest), behave as named, and read only the neutral view of a fight."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from forwarders import only_forwards  # tests/ is on sys.path under pytest

import rulebench
from rulebench import Decision, Fight, RandomRoller, discover, load_encounter
from rulebench.api import configure, play
from rulebench.plugins import cautious, reckless

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RULESETS = ("ambermarch", "classic", "talisman", "dsa", "endurance")
TACTICS = ("cautious", "reckless")
OWN = {"cautious": cautious.rulebench_decide, "reckless": reckless.rulebench_decide}


class Spy:
    """Stands in for a fight's resolved hooks and records every decision with the plugin's own answer
    (None where it leaves the decision to the ruleset's defaults) and the answer the plugin gives as
    a tactics source: its own, else the ruleset's default tactics'."""

    def __init__(self, rules: Any, tactics: str, defaults: Any) -> None:
        self.rules = rules
        self.own = OWN[tactics]
        self.defaults = defaults
        self.asked: list[tuple[Decision, Any, Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def decide(self, fight: Fight, decision: Decision) -> Any:
        own = self.own(fight, decision)
        self.asked.append((decision, own, own if own is not None else self.defaults(fight, decision)))
        return self.rules.decide(fight, decision)


@functools.cache
def spied_fights(ruleset: str, tactics: str, fights: int = 40) -> tuple[tuple[Decision, Any, Any], ...]:
    """Every decision asked in ``fights`` seeded fights of every example, with the plugin's own
    answer and the answer taken.

    Kept per process: several tests read the same ruleset's and tactics' decisions, and the
    seeded fights give the same ones each time.
    """
    catalog = discover()
    asked: list[tuple[Decision, Any, Any]] = []
    for path in sorted(EXAMPLES.glob("*.toml")):
        config = configure(load_encounter(path), ruleset, catalog=catalog, tactics=tactics)
        defaults = catalog.get(ruleset, "ruleset").plugin.rulebench_decide
        for seed in range(fights):
            fight = config.new_fight(RandomRoller(seed))
            spy = Spy(fight._rules, tactics, defaults)
            fight._rules = spy
            play(fight)
            asked.extend(spy.asked)
    return tuple(asked)


def test_both_are_tactics_plugins_for_every_ruleset() -> None:
    catalog = discover()
    for name in TACTICS:
        record = catalog.get(name, "tactics")
        assert record.package == "rulebench"
        assert all(record.applies_to(r) for r in RULESETS)


@pytest.mark.parametrize("tactics", TACTICS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_decision_asked_is_answered_by_the_plugin_or_the_defaults(ruleset: str, tactics: str) -> None:
    info = discover().get(ruleset, "ruleset").info
    assert isinstance(info, rulebench.RulesetInfo)
    declared = set(info.decisions)
    asked = list(spied_fights(ruleset, tactics))
    assert asked, "no decision was asked at all"
    for decision, _, taken in asked:
        assert decision.kind in declared
        assert taken is not None, f"neither {tactics} nor the defaults answered {decision.kind} under {ruleset}"
        if decision.options:
            assert taken in decision.options


def kinds_answered(ruleset: str, tactics: str) -> dict[str, set[Any]]:
    answers: dict[str, set[Any]] = {}
    for decision, _, answer in spied_fights(ruleset, tactics):
        answers.setdefault(decision.kind, set()).add(answer if not isinstance(answer, list) else tuple(answer))
    return answers


def test_reckless_never_takes_cover_retreats_or_evades() -> None:
    for ruleset in RULESETS:
        answers = kinds_answered(ruleset, "reckless")
        for kind in ("retreat", "evade", "decline", "potion"):
            assert answers.get(kind, {False}) == {False}, (ruleset, kind)
        assert not {"cover", "hold-back"} & answers.get("stance", set())


def test_cautious_takes_cover_and_leaves_where_the_rules_allow() -> None:
    assert "cover" in kinds_answered("ambermarch", "cautious")["stance"]
    for ruleset in ("ambermarch", "classic", "dsa", "endurance"):
        assert True in kinds_answered(ruleset, "cautious")["retreat"], ruleset
    assert True in kinds_answered("talisman", "cautious")["evade"]


def ambermarch_fight(tactics: str) -> Fight:
    config = configure(load_encounter(EXAMPLES / "skeleton-guards.toml"), "ambermarch", tactics=tactics)
    return config.new_fight(RandomRoller(1))


def test_cautious_ambermarch_covers_once_battered_and_retreats_once_wounded() -> None:
    fight = ambermarch_fight("cautious")
    warrior = fight.party.members[0]
    stance = Decision("stance", 1, warrior, ("attack", "attack-ranged", "cover", "technique", "hold-back"), {"attack": "attack"})
    retreat = Decision("retreat", 1, None, (True, False), {})
    assert cautious.rulebench_decide(fight, stance) is None  # unhurt: the defaults attack
    assert fight._rules.decide(fight, stance) == "attack"
    assert cautious.rulebench_decide(fight, retreat) is False
    warrior.vars["ladder"] = 1  # battered (docs/rules/ambermarch.md)
    assert cautious.rulebench_decide(fight, stance) == "cover"
    assert cautious.rulebench_decide(fight, retreat) is False
    warrior.vars["ladder"] = 2  # wounded: his last stand
    assert cautious.rulebench_decide(fight, retreat) is True
    assert reckless.rulebench_decide(fight, stance) == "attack"
    assert reckless.rulebench_decide(fight, retreat) is False


def test_cautious_leaves_a_drawn_fight_at_once() -> None:
    fight = ambermarch_fight("cautious")
    assert cautious.rulebench_decide(fight, Decision("retreat", 1, None, (True, False), {"drawn": True})) is True


@pytest.mark.parametrize(("standing", "engaged", "leaves"), [(3, 3, False), (2, 3, True), (1, 1, False), (0, 2, True)])
def test_cautious_flees_when_the_first_member_falls(standing: int, engaged: int, leaves: bool) -> None:
    fight = ambermarch_fight("cautious")
    fight.ruleset = "dsa"
    decision = Decision("retreat", 2, None, (True, False), {"standing": standing, "engaged": engaged})
    assert cautious.rulebench_decide(fight, decision) is leaves
    assert reckless.rulebench_decide(fight, decision) is False


def test_a_retreat_without_counts_waits_for_a_last_stand_where_the_ruleset_tells_none() -> None:
    """A ruleset that tells no health and counts nobody in the decision: the cautious party stays
    (nothing tells it to leave), the reckless one too."""
    fight = ambermarch_fight("cautious")
    fight._rules = NoHealth(fight._rules)
    decision = Decision("retreat", 1, None, (True, False), {})
    assert cautious.rulebench_decide(fight, decision) is False
    assert reckless.rulebench_decide(fight, decision) is False


class NoHealth:
    """A fight's resolved hooks as a ruleset without ``rulebench_health`` would have them."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def health(self, fight: Fight, combatant: Any) -> None:
        return None


PLUGIN_MODULES = sorted(path for path in (Path(rulebench.__file__).parent / "plugins").glob("*.py") if not only_forwards(path))
"""Every module of the built-in cross-ruleset plugins (a ruleset's own optional rule, such as
endurance's critical hits, lives in the ruleset's package; its old home here only forwards to it)."""


@pytest.mark.parametrize("path", PLUGIN_MODULES, ids=[path.name for path in PLUGIN_MODULES])
def test_the_cross_ruleset_plugins_name_no_ruleset_and_read_no_state(path: Path) -> None:
    """They read the neutral view (``fight.health``, decisions' options and context, traits): no
    ruleset's name, and no ``vars``, ``stats`` or ``fight.ruleset`` read in their code."""
    import ast
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    code = ast.unparse([node for node in tree.body if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant))])
    for name in RULESETS:
        assert name not in code, f"{path.name} names {name}"
    reads = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert not reads & {"vars", "stats", "ruleset"}, reads & {"vars", "stats", "ruleset"}


def test_an_unknown_decision_falls_through_to_the_rulesets_defaults() -> None:
    fight = ambermarch_fight("cautious")
    decision = Decision("parley", 1, None, (True, False), {})
    assert cautious.rulebench_decide(fight, decision) is None
    assert reckless.rulebench_decide(fight, decision) is None


# Fights per ruleset: enough that the cautious interval clears the default one by a wide margin.
# dsa's fights are the dearest and its flights common: at 1,000 fights (seed 5) the cautious party
# fled 0.36 [0.33, 0.39] against the default's 0.09 [0.07, 0.11] (at 3,000: 0.35 [0.33, 0.37]
# against 0.08 [0.07, 0.09]). endurance's flights are rare (0.023 [0.018, 0.029] against 0.001
# [0.000, 0.003] at 3,000) and keep 3,000; classic's 3,000 fights cost next to nothing.
FLIGHT_FIGHTS = {"dsa": 1000, "endurance": 3000, "classic": 3000}


@pytest.mark.parametrize("ruleset", ["dsa", "endurance", "classic"])
def test_flight_orders_the_tactics_as_their_names_say(ruleset: str) -> None:
    """Same encounter, same seed: the cautious party flees at least as often as the default, the reckless never by choice."""
    fled, bounds = {}, {}
    for tactics in (None, "cautious", "reckless"):
        # One worker: the test does not check parallelism, and the test run already fills the CPUs.
        result = rulebench.compare(EXAMPLES / "skeleton-guards.toml", [ruleset], tactics=tactics,
                                   fights=FLIGHT_FIGHTS[ruleset], seed=5, workers=1).results[0]
        fled[tactics] = float(result.outcomes["party_fled"])
        bounds[tactics] = result.ci95["party_fled"]  # type: ignore[index]
    assert bounds["cautious"][0] > bounds[None][1]  # more flight, beyond the intervals
    assert fled["reckless"] <= fled[None]
    if ruleset != "classic":  # classic's flight after a drawn third round against the tireless is forced
        assert fled["reckless"] == 0.0
