"""Hits: TP against RS, critical hits, LE, unconsciousness and death (docs/rules/dsa.md)."""

from __future__ import annotations

import functools
from typing import Any, cast

from rulebench import Attack, Combatant, Damage, Dice, Fight, hookimpl
from rulebench.rulesets.dsa.narration import CRITICAL, SEVERITY, TP
from rulebench.rulesets.dsa.stats import UNCONSCIOUS_BELOW

IGNORES_ARMOUR = frozenset({"ignores_armour"})
NO_FLAGS: frozenset[str] = frozenset()


def struck(fight: Fight, attacker: Combatant, defender: Combatant, detail: dict[str, object]) -> Attack:
    """An attack that got through: damage follows unless the defender cannot be harmed by it.

    docs/rules/dsa.md: a ghost or demon struck without a magic weapon takes nothing ("hit does
    nothing"); no TP or critical die is rolled then, since neither can matter (docs/rules/dsa.md).
    """
    if harmless(attacker, defender):
        fight.emit("hit", attacker=attacker, defender=defender, harmless=True)
        return Attack(attacker, defender, False, 0, {**detail, "struck": True})
    fight.emit("hit", attacker=attacker, defender=defender)
    return Attack(attacker, defender, True, 0, detail)


def harmless(attacker: Combatant, defender: Combatant) -> bool:
    """Whether the defender is a ghost or demon and the attacker has no magic weapon (docs/rules/dsa.md)."""
    traits = defender.spec.traits
    return bool(traits) and ("ghost" in traits or "demon" in traits) and "magic_weapon" not in attacker.spec.traits


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """The damage of a hit (``roll_damage``)."""
    # dsa's attacks are always one combatant against another, never a group (a Side).
    return roll_damage(fight, cast(Combatant, attack.attacker), cast(Combatant, attack.defender))


def roll_damage(fight: Fight, attacker: Combatant, defender: Combatant) -> Damage:
    """Roll TP (silver and other weapon modifiers added), then the critical d20, then on a 1 the d100.

    docs/rules/dsa.md and DS-1's dice order. A critical hit's severity is TP + d100; at least
    100 and more than 10 × RS kills (kind ``lethal``), otherwise the TP go through ignoring RS (kind
    ``critical``; reading: the text's table is missing). A demon's blow against armour that is not
    magic meets RS 0 (docs/rules/dsa.md); both carry the ``ignores_armour`` flag.
    """
    dice = attacker.stats["tp"]
    modifiers = fight.modifiers(attacker, "weapon", defender)
    if modifiers:
        dice = _plus(dice, sum(m.value for m in modifiers))
        for m in modifiers:
            fight.emit("modifier", who=attacker, value=m.value, reason=m.reason)
    # A negative TP (an override like 1d6-3) would heal; a blow takes nothing off at worst.
    tp = max(0, fight.roll(dice, TP, attacker))
    armourless = "demon" in attacker.spec.traits and "magic_armour" not in defender.spec.traits
    # Each die matters only through one yes/no, so each is asked as a check: rolled and logged as
    # any die, while exact analysis branches two ways instead of over 20 or 100 faces.
    if not fight.check(20, _is_one, CRITICAL, attacker, ("dsa critical",)):
        return Damage(tp, "normal", IGNORES_ARMOUR if armourless else NO_FLAGS)
    rs = 0 if armourless else armour_rs(fight, defender, attacker)
    seen = [0]  # the d100 as rolled, for the report only (exact analysis settles the check without one)

    def kills(face: int) -> bool:
        seen[0] = face
        return tp + face >= 100 and tp + face > 10 * rs

    lethal = bool(fight.check(100, kills, SEVERITY, attacker, ("dsa severity", tp, rs)))
    fight.emit("critical", attacker=attacker, defender=defender, tp=tp, d100=seen[0], severity=tp + seen[0], rs=rs,
               lethal=lethal)
    return Damage(tp, "lethal" if lethal else "critical", IGNORES_ARMOUR)


@functools.lru_cache(maxsize=256)
def _plus(dice: Dice, bonus: int) -> Dice:
    """``dice`` with ``bonus`` added, built once per weapon and bonus: asked at every hit."""
    return dice.plus(bonus)


def _is_one(face: int) -> bool:
    """A critical hit: the d20 shows 1."""
    return face == 1


def armour_rs(fight: Fight, defender: Combatant, attacker: Combatant) -> int:
    """The defender's RS (Rüstungsschutz) against ``attacker``'s blow: his armour's, plus every
    plugin's ``"armour"`` modifiers (an RS bonus, docs/rules/dsa.md), not below 0.

    Asked once per hit, only where RS counts: TP − RS on a normal hit, or a critical's 10 × RS.
    """
    rs: int = defender.stats["rs"]
    modifiers = fight.modifiers(defender, "armour", attacker)
    if modifiers:
        rs = max(0, rs + sum(m.value for m in modifiers))
        for m in modifiers:
            fight.emit("modifier", who=defender, value=m.value, reason=m.reason, purpose="armour")
    return rs


@hookimpl
def rulebench_wounds(fight: Fight, target: Combatant, damage: Damage, attacker: Combatant) -> bool:
    """Take the damage off LE (``take_damage``)."""
    take_damage(fight, target, damage, attacker)
    return True


def take_damage(fight: Fight, target: Combatant, damage: Damage, attacker: Combatant) -> None:
    """Take the damage off LE: TP − RS (``armour_rs``), or all TP when armour is ignored; a lethal
    critical kills.

    docs/rules/dsa.md: LE < 0 dead, LE < 10 unconscious (bewusstlos), both out at once.
    """
    vars_: dict[str, Any] = target.vars
    before: int = vars_["le"]
    ignores_armour = "ignores_armour" in damage.flags
    rs: int = target.stats["rs"]
    if damage.kind == "lethal":
        vars_["slain"] = True
        loss = 0
    elif ignores_armour:
        loss = damage.amount
    else:
        rs = armour_rs(fight, target, attacker)
        loss = max(0, damage.amount - rs)
    after = before - loss
    vars_["le"] = after
    fallen = vars_["slain"] or after < UNCONSCIOUS_BELOW
    if damage.kind == "lethal":
        fight.emit("condition", who=target, condition="dead", le=after, lethal=True)
    else:
        fight.emit("damage", who=target, tp=damage.amount, loss=loss, le_before=before, le=after,
                   rs=rs, ignores_armour=ignores_armour)
        if after < 0:
            fight.emit("condition", who=target, condition="dead", le=after)
        elif after < UNCONSCIOUS_BELOW <= before:
            fight.emit("condition", who=target, condition="unconscious", le=after)
    if fallen:
        vars_["standing"] = False
        fight.vars["regroup"] = True
        # A fallen combatant never fights again; dropping his pairs and a free attack he still
        # owes keeps equal states equal.
        vars_["lost"] = False
        name = target.name
        holders: frozenset[tuple[str, str]] = fight.vars["holders"]
        fight.vars["holders"] = frozenset(pair for pair in holders if name not in pair)
