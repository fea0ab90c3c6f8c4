"""One test per hook of the contract (a test below fails when a hook lacks one), and the generated
hook reference (docs/hooks.md) kept equal to what core/hookspecs.py generates."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from broken_rulesets import NAME, Charm, Duel, catalog, duel_encounter, standing

from rulebench import (
    Attack,
    Combatant,
    Damage,
    Decision,
    EndState,
    Fate,
    Fight,
    Modifier,
    Outcome,
    PluginInfo,
    RandomRoller,
    ScriptedRoller,
    discover,
    hookimpl,
)
from rulebench.api import configure, play
from rulebench.cli import hook_reference
from rulebench.core.discovery import MODIFIER, RULESET
from rulebench.core.loop import play_round, play_step

DOCS = Path(__file__).resolve().parents[2] / "docs" / "hooks.md"


def fight_of(ruleset: Any, *others: tuple[str, Any], plugins: tuple[str, ...] = (), roller: Any = None) -> Fight:
    config = configure(duel_encounter(), NAME, catalog=catalog(ruleset, *others), plugins=plugins)
    return config.new_fight(roller or RandomRoller(5), record=True)


# -- the reference -------------------------------------------------------------------------------


def test_the_reference_is_generated_from_the_contract() -> None:
    assert DOCS.read_text(encoding="utf-8") == hook_reference.reference(), "python -m rulebench.cli.hook_reference > docs/hooks.md"
    assert hook_reference.main(["--check", str(DOCS)]) == 0


def test_every_hook_has_an_entry_a_caller_and_a_test_of_its_own() -> None:
    text = DOCS.read_text(encoding="utf-8")
    tests = {name for name in dir(sys.modules[__name__]) if name.startswith("test_hook_")}
    for name, _, _ in hook_reference.hooks():
        assert f"\n## {name}\n" in text, f"docs/hooks.md has no entry for {name}"
        assert name in hook_reference.CALLED_BY, f"hook_reference.CALLED_BY does not say who calls {name}"
        assert f"test_hook_{name.removeprefix('rulebench_')}" in tests, f"{name} has no test_hook_* of its own"


def test_every_hook_has_a_worked_example_that_compiles() -> None:
    for name, function, _ in hook_reference.hooks():
        blocks = re.findall(r"```python\n(.*?)```", hook_reference._markdown(function.__doc__ or ""), re.DOTALL)
        assert blocks, f"{name} has no example"
        compile(blocks[0], f"<{name} example>", "exec")
        assert f"def {name}(" in blocks[0]


# -- one test per hook -------------------------------------------------------------------------------


def test_hook_ruleset() -> None:
    record = catalog(Duel()).get(NAME, RULESET)
    assert record.kind == RULESET and record.info.stats == ("skill", "armour", "hp")  # type: ignore[union-attr]


def test_hook_plugin() -> None:
    record = catalog(Duel(), ("charm", Charm())).get("charm", MODIFIER)
    assert record.kind == MODIFIER and not record.default and "rulebench_modifiers" in record.hooks


def test_hook_setup() -> None:
    fight = fight_of(Duel())
    ogre = fight.combatants[1]
    assert ogre.stats == {"skill": 5, "armour": 1, "hp": 15} and ogre.vars == {"hp": 15} and fight.round == 0


def test_hook_round_start() -> None:
    seen: list[int] = []

    class Counting(Duel):
        @hookimpl
        def rulebench_round_start(self, fight: Fight) -> None:
            seen.append(fight.round)

    result = play(fight_of(Counting(), roller=ScriptedRoller([1, 1] * 10)))
    assert seen == list(range(1, result.rounds + 1)) and result.rounds == 10


def test_hook_initiative() -> None:
    """A tuple of turns is kept in the fight state, one step per turn."""
    fight = fight_of(Duel())
    play_step(fight)
    assert [c.name for c in fight._pending or ()] == ["Hero", "Ogre"]
    play_step(fight)
    assert [c.name for c in fight._pending or ()] == ["Ogre"]


def test_hook_turn() -> None:
    """A fallen combatant's turn is skipped: the turn hook answers None for it."""
    fight = fight_of(Duel(), roller=ScriptedRoller([20, 8, 8, 8, 1] * 10))
    fight.combatants[1].vars["hp"] = 1
    play_round(fight)
    assert fight.outcome is Outcome.PARTY_WINS
    assert not [e for e in fight.log or () if e.get("label") == "attack" and e.get("who") == "Ogre"]


def test_hook_attack() -> None:
    """A miss deals no damage: damage and wounds are not asked."""
    fight = fight_of(Duel(), roller=ScriptedRoller([1, 1]))
    ogre_hp = fight.combatants[1].vars["hp"]
    play_step(fight)
    play_step(fight)
    assert fight.combatants[1].vars["hp"] == ogre_hp


def test_hook_damage() -> None:
    """A tryfirst damage hook answering None lets the ruleset's answer stand; answering replaces it."""
    class Doubling:
        @hookimpl
        def rulebench_plugin(self) -> PluginInfo:
            return PluginInfo(name="doubling", kind="modifier", title="Doubling")

        @hookimpl(tryfirst=True)
        def rulebench_damage(self, fight: Fight, attack: Attack) -> Damage | None:
            return Damage(100) if attack.margin >= 12 else None

    hits = {}
    for roll in (13, 20):
        fight = fight_of(Duel(), ("doubling", Doubling()), plugins=("doubling",), roller=ScriptedRoller([roll, 3]))
        play_step(fight)
        play_step(fight)
        hits[roll] = fight.combatants[1].vars["hp"]
    assert hits == {13: 12, 20: 0}


def test_hook_wounds() -> None:
    fight = fight_of(Duel(), roller=ScriptedRoller([15, 6]))
    play_step(fight)
    play_step(fight)
    assert fight.combatants[1].vars["hp"] == 15 - 6


def test_hook_round_end() -> None:
    result = play(fight_of(Duel(), roller=ScriptedRoller([1, 1] * 10)))
    assert (result.outcome, result.rounds) == (Outcome.WITHDRAWN, 10)


def test_hook_fight_end() -> None:
    ended: list[Any] = []

    class Noting(Duel):
        @hookimpl
        def rulebench_fight_end(self, fight: Fight) -> None:
            ended.append(fight.outcome)

    result = play(fight_of(Noting()))
    assert ended == [result.outcome]


def test_hook_end_state() -> None:
    result = play(fight_of(Duel(), roller=ScriptedRoller([1, 1] * 10)))
    assert result.fates == (Fate(EndState.UNHURT, "fresh"), Fate(EndState.UNHURT, "fresh"))


def test_hook_modifiers() -> None:
    """Every plugin's modifiers are collected into one flat list for rules code."""
    fight = fight_of(Duel(), ("charm", Charm()), plugins=("charm",))
    hero: Combatant = fight.combatants[0]
    assert list(fight.modifiers(hero, "weapon", fight.combatants[1])) == [Modifier(1, "charm")]
    assert not fight.modifiers(hero, "armour", None)


def test_hook_decide() -> None:
    """A tactics plugin answers before the ruleset's default tactics; None passes the question on."""
    class Bold:
        @hookimpl
        def rulebench_plugin(self) -> PluginInfo:
            return PluginInfo(name="bold", kind="tactics", title="Bold")

        @hookimpl
        def rulebench_decide(self, fight: Fight, decision: Decision) -> Any:
            return "charge" if decision.kind == "stance" else None

    config = configure(duel_encounter(), NAME, catalog=catalog(Duel(), ("bold", Bold())), tactics="bold")
    fight = config.new_fight(RandomRoller(1))
    assert fight.decide("stance", fight.combatants[0], ("charge", "hold")) == "charge"
    assert fight.decide("flee", fight.combatants[0], ("no", "yes")) == "no"  # the duel's default: the first option


def test_hook_narrate() -> None:
    """A plugin renders the kinds it knows; the rest fall through to the kernel's renderer, and a
    silent fight renders nothing at all."""
    class Herald:
        @hookimpl
        def rulebench_plugin(self) -> PluginInfo:
            return PluginInfo(name="herald", kind="modifier", title="Herald")

        @hookimpl
        def rulebench_narrate(self, fight: Fight, event: dict[str, Any]) -> str | None:
            return f"{event['who']} is hailed ({event['times']}×)" if event["kind"] == "hail" else None

    config = configure(duel_encounter(), NAME, catalog=catalog(Duel(), ("herald", Herald())), plugins=("herald",))
    fight = config.new_fight(RandomRoller(1), record=True)
    hero = fight.combatants[0]
    fight.emit("hail", who=hero, times=2)
    fight.emit("unknown")
    fight.emit("told", "a sentence of its own", who=hero)
    fight.die(6, "luck", hero)
    kinds_and_texts = [(e["kind"], e["text"]) for e in fight.log or []]
    assert kinds_and_texts[:3] == [("hail", f"{hero.name} is hailed (2×)"), ("unknown", "unknown"), ("told", "a sentence of its own")]
    assert fight.log is not None and fight.log[1]["round"] == 0 and fight.log[0]["who"] == hero.name  # facts logged JSON-ready
    assert kinds_and_texts[3][0] == "roll" and kinds_and_texts[3][1].startswith(f"{hero.name}: luck 1d6 → ")
    silent = config.new_fight(RandomRoller(1))
    silent.emit("hail", who=hero, times=2)
    assert silent.log is None


@pytest.mark.parametrize("ruleset", ["ambermarch", "classic", "dsa", "endurance", "talisman"])
def test_hook_health(ruleset: str) -> None:
    """Every built-in ruleset tells each party member's condition in neutral terms: unhurt and
    standing at the start, and a combatant the ruleset reports down is not standing."""
    from rulebench import Health, load_encounter

    encounter = load_encounter(Path(__file__).resolve().parents[2] / "examples" / "skeleton-guards.toml")
    fight = configure(encounter, ruleset).new_fight(RandomRoller(3))
    for member in fight.party.members:
        health = fight.health(member)
        assert isinstance(health, Health)
        assert health.left == 1.0 and not health.hurt  # a last stand may hold from the start (one wound to fall)
    play_round(fight)
    while fight.outcome is None:
        play_round(fight)
    for member in fight.combatants:
        health = fight.health(member)
        if health is not None:
            assert 0.0 <= health.left <= 1.0
            assert not (health.last_stand and not health.standing)


def test_hook_health_is_none_where_nobody_answers() -> None:
    fight = fight_of(Duel())
    assert fight.health(fight.combatants[0]) is None


class Carrying(Duel):
    """The duel carrying lost hit points into the next fight; a short rest heals 3, a long one 6."""

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        super().rulebench_setup(fight)
        for c in fight.party.members:
            c.vars["hp"] = c.stats["hp"] - fight.carried(c).get("lost", 0)

    @hookimpl
    def rulebench_carry(self, fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
        lost = combatant.stats["hp"] - combatant.vars["hp"]
        return {"lost": lost} if lost else None

    @hookimpl
    def rulebench_rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any]:
        healed = {"none": 0, "short": 3, "long": 6}[rest]
        return {"lost": max(0, carried.get("lost", 0) - healed)}


class LongRestHealsAll:
    """A house rule: a long rest heals everything, whatever the ruleset says."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="long-rest", kind="modifier", title="A long rest heals everything")

    @hookimpl(tryfirst=True)
    def rulebench_rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        return {} if rest == "long" else None


def test_hook_carry() -> None:
    """What a ruleset carries starts the member's next fight (``fight.carried`` read in setup); a
    ruleset that carries nothing answers None, and nobody carries anything into a single encounter."""
    config = configure(duel_encounter(), NAME, catalog=catalog(Carrying()))
    fight = config.new_fight(ScriptedRoller([1, 1] * 10))  # nobody hits: ten rounds, withdrawn
    hero = fight.combatants[0]
    hero.vars["hp"] -= 8  # as a blow of 8 would leave him
    play(fight)
    carried = config.rules.carry(fight, hero)
    assert carried == {"lost": 8}
    assert config.new_fight(RandomRoller(1)).combatants[0].vars["hp"] == hero.stats["hp"]  # a single encounter: fresh
    again = config.carrying({hero.name: carried}).new_fight(RandomRoller(1))
    assert again.carried(again.combatants[0]) == {"lost": 8} and again.combatants[0].vars["hp"] == hero.stats["hp"] - 8
    assert again.carried(again.combatants[1]) == {}  # an enemy never carries
    plain = fight_of(Duel(), roller=ScriptedRoller([1, 1] * 10))
    plain.combatants[0].vars["hp"] -= 8
    play(plain)
    assert plain._rules.carry(plain, plain.combatants[0]) is None


def test_hook_rest() -> None:
    """The ruleset's rest heals what it says; the kernel's heals nothing; a house rule with tryfirst
    answers first (a long rest heals everything) and leaves the other rests to the ruleset."""
    config = configure(duel_encounter(), NAME, catalog=catalog(Carrying()))
    fight = config.new_fight(RandomRoller(1))
    hero = fight.combatants[0]
    assert [config.rules.rest(fight, hero, {"lost": 8}, rest) for rest in ("none", "short", "long")] == [
        {"lost": 8}, {"lost": 5}, {"lost": 2}]
    house = configure(duel_encounter(), NAME, catalog=catalog(Carrying(), ("long-rest", LongRestHealsAll())), plugins=("long-rest",))
    fight = house.new_fight(RandomRoller(1))
    assert [house.rules.rest(fight, hero, {"lost": 8}, rest) for rest in ("none", "short", "long")] == [
        {"lost": 8}, {"lost": 5}, {}]
    plain = fight_of(Duel())
    assert plain._rules.rest(plain, plain.combatants[0], {"lost": 8}, "long") == {"lost": 8}


def test_hook_party_finished() -> None:
    """A ruleset may end the day for a party still alive; nobody answering means it goes on."""
    class Lonely(Duel):
        @hookimpl
        def rulebench_party_finished(self, fight: Fight) -> bool | None:
            return len(standing(fight.party.members)) <= 1 or None

    fight = fight_of(Lonely())
    play(fight)
    assert fight._rules.party_finished(fight) is True  # the duel's party is one hero
    plain = fight_of(Duel())
    play(plain)
    assert plain._rules.party_finished(plain) is None


@pytest.mark.parametrize("name", sorted(discover().rulesets()))
def test_installed_rulesets_implement_only_hooks_of_the_contract(name: str) -> None:
    known = {hook for hook, _, _ in hook_reference.hooks()}
    assert set(discover().rulesets()[name].hooks) <= known
