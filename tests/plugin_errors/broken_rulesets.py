"""A small sound ruleset (``d20duel``) and deliberately broken variants of it, one mistake each.

d20duel: each standing combatant, party first, strikes the front-most standing foe with d20 + melee
against 10 + armour; a hit deals the weapon's damage from three hit points per life; ten rounds.
"""

from __future__ import annotations

from typing import Any

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
    RulesetInfo,
    discover,
    hookimpl,
    load_encounter,
)
from rulebench.core.discovery import Catalog

NAME = "d20duel"
STATS = ("skill", "armour", "hp")


def standing(members: list[Combatant]) -> list[Combatant]:
    """The members still up."""
    return [m for m in members if m.vars["hp"] > 0]


class Duel:
    """The sound ruleset; each broken variant overrides one hook."""

    @hookimpl
    def rulebench_ruleset(self) -> RulesetInfo:
        return RulesetInfo(name=NAME, title="d20 duel", source="tests", summary="d20 + melee vs 10 + armour", stats=STATS)

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        for c in fight.combatants:
            c.stats["skill"] = fight.override(c, "skill", c.spec.melee)
            c.stats["armour"] = fight.override(c, "armour", c.spec.armour)
            c.stats["hp"] = fight.override(c, "hp", 3 * c.spec.life)
            c.vars["hp"] = c.stats["hp"]

    @hookimpl
    def rulebench_round_start(self, fight: Fight) -> None:
        return None

    @hookimpl
    def rulebench_initiative(self, fight: Fight) -> Any:
        return tuple(standing(fight.party.members) + standing(fight.enemy.members))

    @hookimpl
    def rulebench_turn(self, fight: Fight, turn: Any) -> Any:
        foes = standing(fight.opponents_of(turn).members)
        return (turn, foes[0]) if turn.vars["hp"] > 0 and foes else None

    @hookimpl
    def rulebench_attack(self, fight: Fight, attacker: Combatant, defender: Combatant) -> Any:
        bonus = sum(m.value for m in fight.modifiers(attacker, "weapon", defender))
        total = fight.die(20, "attack", attacker) + attacker.stats["skill"] + bonus
        return Attack(attacker, defender, total >= 10 + defender.stats["armour"], total - 10)

    @hookimpl
    def rulebench_damage(self, fight: Fight, attack: Attack) -> Any:
        weapon = attack.attacker.spec.weapon  # type: ignore[union-attr]
        return Damage(fight.roll(weapon, "damage") if weapon is not None else 1)

    @hookimpl
    def rulebench_wounds(self, fight: Fight, target: Combatant, damage: Damage) -> Any:
        target.vars["hp"] = max(0, target.vars["hp"] - damage.amount)
        return True

    @hookimpl
    def rulebench_round_end(self, fight: Fight) -> Any:
        if not standing(fight.enemy.members):
            return Outcome.PARTY_WINS
        if not standing(fight.party.members):
            return Outcome.ENEMY_WINS
        return Outcome.WITHDRAWN if fight.round >= 10 else None

    @hookimpl
    def rulebench_fight_end(self, fight: Fight) -> None:
        return None

    @hookimpl
    def rulebench_end_state(self, fight: Fight, combatant: Combatant) -> Any:
        hp = combatant.vars["hp"]
        if hp == combatant.stats["hp"]:
            return Fate(EndState.UNHURT, "fresh")
        return Fate(EndState.HURT, "hurt") if hp > 0 else Fate(EndState.OUT, "down")

    @hookimpl
    def rulebench_decide(self, fight: Fight, decision: Decision) -> Any:
        return decision.options[0] if decision.options else None


class Charm:
    """A modifier plugin that offers +1 to every weapon value and sets every skill to 9 in setup."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="charm", kind="modifier", title="Charm", summary="+1 weapon")

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        for c in fight.combatants:
            c.stats["skill"] = 9

    @hookimpl
    def rulebench_modifiers(self, fight: Fight, combatant: Combatant, purpose: str, against: Any) -> Any:
        return [Modifier(1, "charm")] if purpose == "weapon" else None


class Asking(Duel):
    """Asks each round's first party member a stance (the sound duel asks no decision by itself)."""

    @hookimpl
    def rulebench_round_start(self, fight: Fight) -> None:
        fight.decide("stance", fight.party.members[0], ("attack",))


def raising(hook: str) -> Duel:
    """The duel with ``hook`` raising ``KeyError('to-hit table')`` (a modifier hook is added for it)."""
    def broken(self: Any, *args: Any) -> Any:
        raise KeyError("to-hit table")

    names = {
        "rulebench_setup": ("fight",),
        "rulebench_round_start": ("fight",),
        "rulebench_initiative": ("fight",),
        "rulebench_turn": ("fight", "turn"),
        "rulebench_attack": ("fight", "attacker", "defender"),
        "rulebench_damage": ("fight", "attack"),
        "rulebench_wounds": ("fight", "target", "damage"),
        "rulebench_round_end": ("fight",),
        "rulebench_fight_end": ("fight",),
        "rulebench_end_state": ("fight", "combatant"),
        "rulebench_modifiers": ("fight", "combatant", "purpose", "against"),
        "rulebench_decide": ("fight", "decision"),
    }[hook]
    # A function with the hook's own argument names, so pluggy accepts it as that hook.
    namespace: dict[str, Any] = {"broken": broken}
    exec(f"def {hook}(self, {', '.join(names)}): return broken(self)", namespace)
    base = Asking if hook == "rulebench_decide" else Duel
    variant = type(f"Raising_{hook}", (base,), {hook: hookimpl(namespace[hook])})
    return variant()  # type: ignore[no-any-return]


def answering(hook: str, answer: Any) -> Duel:
    """The duel with ``hook`` answering ``answer`` whatever it is asked."""
    original = getattr(Duel, hook)
    arguments = original.__code__.co_varnames[1: original.__code__.co_argcount]
    namespace: dict[str, Any] = {"answer": answer}
    exec(f"def {hook}(self, {', '.join(arguments)}): return answer", namespace)
    return type(f"Answering_{hook}", (Duel,), {hook: hookimpl(namespace[hook])})()  # type: ignore[no-any-return]


class LateKey(Duel):
    """Creates ``fight.vars['momentum']`` in the first round instead of in setup, and counts hits in it."""

    @hookimpl
    def rulebench_attack(self, fight: Fight, attacker: Combatant, defender: Combatant) -> Any:
        attack = super().rulebench_attack(fight, attacker, defender)
        momentum = fight.vars.get("momentum", 0)
        # Momentum the snapshot loses: exact analysis restores every state without it.
        attack.hit = attack.hit or momentum >= 1
        fight.vars["momentum"] = momentum + 1 if not attack.hit else 0
        return attack


class Unhashable(Duel):
    """Keeps a list in a combatant's state."""

    @hookimpl
    def rulebench_wounds(self, fight: Fight, target: Combatant, damage: Damage) -> Any:
        super().rulebench_wounds(fight, target, damage)
        target.vars["hp"] = [target.vars["hp"]]
        return True


class Endless(Duel):
    """Never ends a fight."""

    @hookimpl
    def rulebench_round_end(self, fight: Fight) -> Any:
        return None


HITS: list[int] = []
"""Module state the ``ModuleState`` variant keeps: a streak bonus that outlives its fight."""


class ModuleState(Duel):
    """Counts hits in a module global, so a fight depends on the fights before it."""

    @hookimpl
    def rulebench_attack(self, fight: Fight, attacker: Combatant, defender: Combatant) -> Any:
        attack = super().rulebench_attack(fight, attacker, defender)
        if attack.hit:
            HITS.append(1)
        attack.hit = attack.hit or len(HITS) % 7 == 3
        return attack


class StatChanger(Duel):
    """Changes a stat during the fight, which no snapshot restores."""

    @hookimpl
    def rulebench_round_start(self, fight: Fight) -> None:
        fight.party.members[0].stats["skill"] += 1


class RecordingOnly(Duel):
    """Rolls an extra die only while the event log is recording: narrated and silent fights differ."""

    @hookimpl
    def rulebench_attack(self, fight: Fight, attacker: Combatant, defender: Combatant) -> Any:
        if fight.recording:
            fight.die(6, "flavour", attacker)
        return super().rulebench_attack(fight, attacker, defender)


class Undeclared(Duel):
    """Derives a stat its descriptor does not declare."""

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        super().rulebench_setup(fight)
        for c in fight.combatants:
            c.stats["luck"] = 3


def catalog(ruleset: Any, *others: tuple[str, Any]) -> Catalog:
    """The installed plugins plus ``ruleset`` as d20duel (and ``others``)."""
    return discover(extra=[(NAME, ruleset), *others])


def duel_encounter() -> Any:
    """examples/ogre-duel.toml."""
    from pathlib import Path

    return load_encounter(Path(__file__).resolve().parents[2] / "examples" / "ogre-duel.toml")


class CacheCounter(Duel):
    """Counts attacks in ``fight.cache``, which outlives a fight (``reset``) and is no part of its
    state: a round the memo walks instead of playing counts nothing."""

    @hookimpl
    def rulebench_attack(self, fight: Fight, attacker: Combatant, defender: Combatant) -> Any:
        attack = super().rulebench_attack(fight, attacker, defender)
        count = fight.cache["attacks"] = fight.cache.get("attacks", 0) + 1
        attack.hit = attack.hit or count % 7 == 3
        return attack
