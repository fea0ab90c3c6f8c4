"""One attack: it always hits, its damage die is rolled, avoidance taken off, endurance and wounds
paid (docs/rules/endurance.md endurance column).

The attack fixes in ``Attack.detail`` what its damage is made of, so a plugin that changes how damage
is rolled (``critical``, endurance's optional rule: a ``tryfirst`` ``rulebench_damage``) needs nothing else:

* ``damage_dice``: the ``Dice`` to roll, or None when the blow cannot harm (damage 0, no die);
* ``damage_bonus``: the modifiers' sum, added after the roll;
* ``damage_flags``: the flags the ``Damage`` must carry (``"demonic"``: armour does not count).
"""

from __future__ import annotations

from typing import Any, cast

from rulebench import Attack, Combatant, Damage, Fight, hookimpl
from rulebench.rulesets.endurance.narration import DAMAGE
from rulebench.rulesets.endurance.state import BLEED_ROUNDS_PER_BODY, BLEEDING, SLAIN
from rulebench.rulesets.endurance.stats import magic_armour, physical_armour, release_non_fighters

DEMONIC = frozenset({"demonic"})
PLAIN: frozenset[str] = frozenset()


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant) -> Attack:
    """Always a hit (docs/rules/endurance.md, seed); settle what the damage is made of. A ghost or a
    demon struck without a magic weapon takes damage 0 (docs/rules/endurance.md).

    (reading, docs/rules/endurance.md, "Readings": the only die not rolled is the blow forced to 0, a plain
    weapon against a ghost or demon; a roll that cannot beat avoidance is still rolled, so a script
    plays the same with and without critical hits, whose extra die can lift any roll.)
    """
    mine, theirs = attacker.spec.traits, defender.spec.traits
    flags = DEMONIC if "demon" in mine else PLAIN
    if theirs and ("ghost" in theirs or "demon" in theirs) and "magic_weapon" not in mine:
        # docs/rules/endurance.md: ghost/demon vs no magic weapon, damage 0; a die forced to 0 is not rolled (docs/rules/endurance.md).
        fight.emit("hit", attacker=attacker, defender=defender, harmless=True, trait="ghost" if "ghost" in theirs else "demon")
        return Attack(attacker, defender, True, 0, {"damage_dice": None, "damage_bonus": 0, "damage_flags": flags})
    dice = attacker.stats["damage"]
    modifiers = fight.modifiers(attacker, "weapon", defender)
    bonus = sum([m.value for m in modifiers]) if modifiers else 0
    fight.emit("hit", attacker=attacker, defender=defender, dice=dice, modifiers=modifiers)
    return Attack(attacker, defender, True, 0, {"damage_dice": dice, "damage_bonus": bonus, "damage_flags": flags})


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """Roll the weapon's damage dice as one sum and add the modifiers; unarmed damage rolls nothing."""
    detail = attack.detail
    dice = detail["damage_dice"]
    if dice is None:
        return Damage(0, "none", detail["damage_flags"])
    striker = cast(Combatant, attack.attacker)  # endurance's blows are one combatant's, never a group's
    rolled = fight.roll(dice, DAMAGE, striker) if dice.terms else dice.bonus
    return Damage(rolled + detail["damage_bonus"], "normal", detail["damage_flags"])


def avoidance_against(target: Combatant, flags: frozenset[str]) -> int:
    """The target's avoidance, without its armour against a demon's blow (docs/rules/endurance.md)."""
    avoid: int = target.stats["avoidance"]
    if "demonic" in flags:
        avoid = max(0, avoid - physical_armour(target))
    return avoid


def armour_bonus(fight: Fight, target: Combatant, attacker: Combatant, flags: frozenset[str]) -> int:
    """What plugins' ``"armour"`` modifiers add to the target's avoidance against this blow: armour,
    which avoidance holds (body plus armour), so nothing against a demon's blow unless the target's
    armour is magic, as for the armour itself (docs/rules/endurance.md, reading)."""
    if "demonic" in flags and not magic_armour(target):
        return 0
    modifiers = fight.modifiers(target, "armour", attacker)
    for m in modifiers:
        fight.emit("modifier", who=target, value=m.value, reason=m.reason, purpose="armour")
    return sum([m.value for m in modifiers]) if modifiers else 0


@hookimpl
def rulebench_wounds(fight: Fight, target: Combatant, damage: Damage, attacker: Combatant) -> bool:
    """net = max(0, damage − avoidance); net > endurance left is a wound; endurance −= net, not below 0.

    At max wounds he falls and bleeds for 5 × body rounds; a wound while bleeding kills (docs/rules/endurance.md).
    """
    full = target.stats["avoidance"]
    avoid = avoidance_against(target, damage.flags) if damage.flags else full
    bonus = armour_bonus(fight, target, attacker, damage.flags)
    if bonus:
        full, avoid = max(0, full + bonus), max(0, avoid + bonus)
    amount = damage.amount
    net = amount - avoid if amount > avoid else 0
    tvars = target.vars
    before: int = tvars["endurance"]
    after = tvars["endurance"] = before - net if before > net else 0
    fight.explain("avoidance")
    fight.emit("damage", who=target, amount=amount, avoidance=avoid, armour_ignored=full - avoid, net=net,
               endurance_before=before, endurance_after=after)
    if net > before:
        wound(fight, target, net, before)
    return True


def wound(fight: Fight, target: Combatant, net: int, before: int) -> None:
    """A blow of ``net`` damage got past the ``before`` endurance left: one more wound; at max wounds
    he falls and bleeds, and a wound while bleeding kills (docs/rules/endurance.md)."""
    tvars: dict[str, Any] = target.vars
    tvars["wounds"] += 1
    wounds, most = tvars["wounds"], target.stats["max_wounds"]
    fight.emit("wound", who=target, wounds=wounds, max_wounds=most, net=net, endurance_before=before)
    if tvars["status"] == BLEEDING:
        tvars["status"] = SLAIN
        tvars["bleed"] = 0
        fight.emit("condition", who=target, condition=SLAIN)
    elif wounds >= most:
        tvars["status"] = BLEEDING
        tvars["bleed"] = BLEED_ROUNDS_PER_BODY * target.stats["body"]
        fight.explain("bleeding")
        fight.emit("condition", who=target, condition=BLEEDING, bleed=tvars["bleed"], fell=True)
        if target.spec.fighter:
            release_non_fighters(fight, target)
