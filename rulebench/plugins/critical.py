"""Critical hits for endurance: a damage die that shows its maximum is rolled once more and added
(docs/rules/endurance.md, seed: "Optional! Kritische Treffer"). Off unless chosen with ``--plugin critical``.

The seed lets a crit roll again for extra damage or pick an effect (fear, torn armour, tripping); we
model the extra damage only (docs/rules/: "a die at its maximum is rolled once more and added, right
after it (reading: no chains)"). A subtracted die never crits (reading: a crit adds damage, it cannot
take any away). Unarmed blows roll no die, so they never crit.

Written only against the public hooks, as a third-party plugin would be: it answers
``rulebench_damage`` first (``tryfirst``) and rolls, die by die, the damage the ruleset fixed in
``Attack.detail`` (``damage_dice``, ``damage_bonus``, ``damage_flags``; see
``rulebench.rulesets.endurance.strike``). Where that detail is missing or nothing is rolled it
returns None and the ruleset rolls as usual.
"""

from __future__ import annotations

from pathlib import Path

from rulebench import N_, Attack, Combatant, Damage, Dice, Fight, Messages, PluginInfo, hookimpl

MESSAGES = Messages("rulebench-plugins", Path(__file__).with_name("locale"))
"""The built-in plugins' catalog (the domain ``rulebench-plugins``), as a third-party plugin ships its own."""
_ = MESSAGES.gettext


# Roll labels, translated when a recorded fight logs them.
# TRANSLATORS: the label of a damage die in the log ("Hero: damage 1d6 → 6").
DAMAGE = N_("damage")
# TRANSLATORS: the label of the extra roll of a critical hit in the log ("Hero: critical 1d6 → 3").
CRITICAL = N_("critical")


@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the critical-hit modifier: off by default, endurance only."""
    return PluginInfo(
        name="critical",
        kind="modifier",
        title=_("Critical hits (endurance, optional rule)"),
        summary=_("A damage die that shows its maximum is rolled once more and the second roll added."),
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
    recording = fight.recording
    damage_label = _(DAMAGE) if recording else DAMAGE
    critical_label = _(CRITICAL) if recording else CRITICAL
    total = dice.bonus
    extra = 0
    for count, sides in dice.terms:
        for _die in range(abs(count)):
            face = fight.die(sides, damage_label, who)
            if count < 0:
                total -= face
                continue
            total += face
            if face == sides:
                bonus = fight.die(sides, critical_label, who)
                extra += bonus
                if recording:
                    narrate_critical(fight, attack, sides, bonus)
    amount = total + extra + attack.detail.get("damage_bonus", 0)
    return Damage(amount, "critical" if extra else "normal", attack.detail.get("damage_flags", frozenset()))


def narrate_critical(fight: Fight, attack: Attack, sides: int, bonus: int) -> None:
    """A damage die at its maximum, rolled once more: who, which die, and what the second roll added."""
    name = attack.attacker.name
    fight.explain(
        "critical hit",
        _("Critical hits (an optional endurance rule): a damage die that shows its highest face is rolled "
          "once more and the second roll is added too, once, never again."),
    )
    text = _("{name}'s d{sides} shows its maximum {sides}: a critical hit, rolled once more for +{bonus}").format(
        name=name, sides=sides, bonus=bonus
    )
    fight.emit("critical", text, who=name, sides=sides, extra=bonus)
