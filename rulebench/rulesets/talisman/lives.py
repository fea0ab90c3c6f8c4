"""Paying a life, protection from items and spells, and the end states (docs/rules/talisman.md)."""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import N_, PARTY, Combatant, Damage, EndState, Fate, Fight, Modifier, Side, hookimpl
from rulebench.rulesets.talisman.stats import is_character

# The conditions stay English in results and JSON (keys, like the end states); a recorded fight's
# narration words them (the ``fate`` request).
FULL = Fate(EndState.UNHURT, N_("full lives"))
LIVES_LOST = Fate(EndState.HURT, N_("lives lost"))
NO_LIVES = Fate(EndState.DEAD, N_("no lives left"))
PLUNDERED = Fate(EndState.DEAD, N_("plundered"))
DEFEATED = Fate(EndState.OUT, N_("defeated"))


@hookimpl
def rulebench_wounds(fight: Fight, target: Combatant | Side, damage: Damage, attacker: Combatant | Side) -> bool:
    """The loser of a duel gives up a life; a beaten group loses one life each (docs/rules/talisman.md).

    ``attacker`` is unused but named, so the kernel calls this directly, without an adapter.
    """
    if isinstance(target, Side):
        for combatant in target.members:
            pay(fight, combatant, damage.amount)
    else:
        pay(fight, target, damage.amount)
    return True


def pay(fight: Fight, combatant: Combatant, amount: int) -> None:
    """Take ``amount`` lives unless an item or spell protects (seed), never below 0.

    Protection is an extension point, none by default: any plugin may offer modifiers of purpose
    ``"protection"`` for the character about to lose a life; a positive total spares it (seed:
    "falls er nicht durch einen Gegenstand oder einen Zauberspruch davor geschützt ist"). Only
    characters are asked, party members and rival characters alike (seed, character against
    character: the loser may protect himself); a creature card has no items or spells, so a
    beaten enemy creature is not asked.
    """
    protection = shields(fight, combatant)
    if protection:
        fight.explain("protection")
        fight.emit("absorbed", who=combatant, reasons=[shield.reason for shield in protection])
        return
    left: int = combatant.vars["lives"] - amount
    if left < 0:
        left = 0
    combatant.vars["lives"] = left
    full = combatant.stats["lives"]
    fight.explain("lives")
    if left > 0:
        fight.emit("wound", who=combatant, lives=left, max_lives=full)
    elif is_character(fight, combatant):
        fight.emit("condition", who=combatant, lives=0, max_lives=full, condition="dead")
    else:
        if combatant.spec.life > full:  # why the encounter's larger life does not count (a monster card's lives)
            fight.explain("monster lives", who=combatant, lives=full, life=combatant.spec.life)
        fight.emit("condition", who=combatant, lives=0, max_lives=full, condition="defeated")


def shields(fight: Fight, combatant: Combatant) -> Sequence[Modifier]:
    """The items and spells that spare ``combatant`` the life a lost duel costs; empty when they do not
    (``pay``)."""
    if not is_character(fight, combatant):
        return ()
    found = fight.modifiers(combatant, "protection", None)
    return found if found and sum(s.value for s in found) > 0 else ()


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """Full lives unhurt, fewer hurt, none dead; a defeated enemy out (docs/rules/talisman.md).

    A rival party's member (``enemy.characters``) with no lives left is dead like a party member
    (reading: a character, not a creature card, so "defeated" does not apply). A party member
    plundered by raiders is dead with the condition ``plundered`` (docs/rules/talisman.md).
    """
    lives = combatant.vars["lives"]
    if lives == combatant.stats["lives"]:
        return FULL
    if lives > 0:
        return LIVES_LOST
    if combatant.side == PARTY and combatant.vars["plundered"]:
        return PLUNDERED
    return NO_LIVES if is_character(fight, combatant) else DEFEATED
