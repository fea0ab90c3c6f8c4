"""Critical hits (kritische Treffer), endurance's optional rule: a damage die that shows its maximum
is rolled once more and added (docs/rules/endurance.md, "Traits and special cases"; seed:
"Optional! Kritische Treffer"). Off unless chosen with ``--plugin critical``.

The seed lets a crit roll again for extra damage or pick an effect (fear, torn armour, tripping);
we model the extra damage only, rolled once, right after the die (reading: no chains). A subtracted
die never crits (reading: a crit adds damage, it cannot take any away). Unarmed blows roll no die,
so they never crit.

A plugin of its own, since the rule is optional: it answers ``rulebench_damage`` first
(``tryfirst``) and rolls, die by die, the damage ``strike.rulebench_attack`` fixed in
``Attack.detail`` (``damage_dice``, ``damage_bonus``, ``damage_flags``). Where that detail is
missing or nothing is rolled it returns None and the ruleset rolls as usual. endurance's narration
renders what it reports (a ``critical`` event, the ``critical hit`` explanation).
"""

from __future__ import annotations

from rulebench import Attack, Combatant, Damage, Dice, Fight, PluginInfo, hookimpl
from rulebench.rulesets.endurance.narration import CRITICAL, DAMAGE, critical_summary, critical_title


@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the critical-hit rule: a modifier, off by default, endurance only."""
    return PluginInfo(
        name="critical",
        kind="modifier",
        title=critical_title(),
        summary=critical_summary(),
        default=False,
        rulesets=("endurance",),
    )


@hookimpl(tryfirst=True)
def rulebench_damage(fight: Fight, attack: Attack) -> Damage | None:
    """Roll the attack's damage dice one by one; each added die at its maximum rolls once more, right
    after it, and that roll is added too (no chains)."""
    dice = attack.detail.get("damage_dice")
    if not isinstance(dice, Dice) or dice.is_constant:
        return None
    who = attack.attacker if isinstance(attack.attacker, Combatant) else None
    total = dice.bonus
    extra = 0
    for count, sides in dice.terms:
        for _die in range(abs(count)):
            face = fight.die(sides, DAMAGE, who)
            if count < 0:
                total -= face
                continue
            total += face
            if face == sides:
                bonus = fight.die(sides, CRITICAL, who)
                extra += bonus
                fight.explain("critical hit")
                fight.emit("critical", who=attack.attacker, sides=sides, extra=bonus)
    amount = total + extra + attack.detail.get("damage_bonus", 0)
    return Damage(amount, "critical" if extra else "normal", attack.detail.get("damage_flags", frozenset()))
