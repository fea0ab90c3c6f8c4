"""The party's line: damage order, single wounds, and damage walking down the line (RULES.md §2.1 step 4)."""

from __future__ import annotations

from rulebench import Combatant, Damage, Fight, Side, hookimpl
from rulebench.rulesets.classic.info import ENEMY_WON, NONE, PARTY_WON, POTION, YES_NO

CURSED = "cursed"


def damage_line(fight: Fight) -> tuple[list[Combatant], list[Combatant]]:
    """The engaged members in damage order: (fighters, non-fighters), the non-fighters behind.

    Damage order is the current marching order, reversed when ambushed from behind (§0). Whoever
    stays out this round, by the ``fighter`` field or by a ``fight = "none"`` decision, stands at
    the back of it (§0, §2.1 step 2; reading: a scripted "none" moves the member back rather than
    being refused, which gives the seed's "only the rearmost may stay out" after a reordering).
    """
    members = fight.party.members
    modes = fight.vars["modes"]
    order = fight.vars["order"]
    if fight.encounter.ambush_from_behind:
        order = order[::-1]
    fighters: list[Combatant] = []
    others: list[Combatant] = []
    for i in order:
        member = members[i]
        if member.engaged:
            (others if modes[i] == NONE else fighters).append(member)
    return fighters, others


def wound(fight: Fight, member: Combatant, cursed: bool, cause: str) -> None:
    """One wound (Verletzung): the first puts a member out, the second kills (RULES.md §2 Specials).

    Before a second wound the ``potion`` decision is asked (unless the default tactics, which never
    drink, are the only source): the seed's life-saving action (a magic
    potion of his own or his Hintermann's). It is off by default (default tactics answer False;
    reading: encounters carry no potions); answered True, the member drinks, the wound is averted
    and he stays at one wound. The point that caused it is spent all the same.
    """
    if member.vars["wounds"] == 1 and not fight.default_tactics and fight.decide(POTION, member, options=YES_NO):
        if fight.recording:
            fight.emit("potion", f"{member.name} drinks a life-saving potion: the second wound ({cause}) is averted",
                       who=member.name)
        return
    member.vars["wounds"] += 1
    if fight.recording:
        state = "out, unable to act (one wound)" if member.vars["wounds"] == 1 else "dead (two wounds)"
        fight.emit("condition", f"{member.name} is {state}", who=member.name, wounds=member.vars["wounds"])
    if cursed and not member.vars["cursed"]:
        member.vars["cursed"] = True
        if fight.recording:
            fight.emit("cursed", f"{member.name}'s wound is cursed (verfluchter Schaden): rest cannot heal it",
                       who=member.name)


def unharmed(fight: Fight, member: Combatant) -> bool:
    """Whether the enemy cannot wound ``member``: a ghost or demon, and no magic weapon in the group
    (docs/rules/classic.md, "Traits and special cases": the trait rules hold for party members too;
    a mixed group has a magic weapon if any member has one, as it has any other trait)."""
    return (member.has_trait("ghost") or member.has_trait("demon")) and not fight.enemy.has_trait("magic_weapon")


def armour_value(fight: Fight, member: Combatant) -> int:
    """A member's RW against this enemy: 0 from non-magic armour against demons, plus collected modifiers."""
    enemy = fight.enemy
    base = 0 if enemy.stats["demon"] and not member.has_trait("magic_armour") else member.stats["rw"]
    return base + sum(m.value for m in fight.modifiers(member, "armour", enemy))


def _walk(fight: Fight, damage: Damage) -> None:
    """Damage to the party: through each fighter's RW in damage order, round again from the front.

    Each fighter absorbs up to his RW; the next point is a wound, the rest goes on (§2.1 step 4).
    After the last fighter the walk starts at the front again, RW protecting again, the dead
    skipped. A ghostly or demonic fighter the enemy cannot harm (``unharmed``) is skipped too: the
    blows pass through him (reading). Every point is accounted for by one event: absorbed, a wound,
    or lost once no fighter the enemy can harm is left.
    """
    fighters, others = damage_line(fight)
    cursed = CURSED in damage.flags
    left = damage.amount
    if fight.recording:
        names = ", ".join(m.name for m in fighters)
        fight.emit("damage", f"damage {left} to the party, down the line {names}", amount=left, side="party")
    wounded = False
    while left > 0:
        standing = [m for m in fighters if m.vars["wounds"] < 2 and not unharmed(fight, m)]
        if not standing:
            break
        for member in standing:
            rw = armour_value(fight, member)
            if left <= rw:
                if fight.recording:
                    stops = ("the damage stops" if wounded else
                             "nobody is wounded, the round is drawn")  # §2.1 step 4: "No wound at all → drawn"
                    fight.emit("absorbed", f"{member.name}'s RW {rw} absorbs the last {left}: {stops}",
                               who=member.name, rw=rw, amount=left, left=0)
                left = 0
                break
            left -= rw + 1
            if fight.recording:
                took = f"'s RW {rw} absorbs {rw}, the next point" if rw else " has RW 0: the first point"
                fight.emit("wound", f"{member.name}{took} is a wound; {left} left",
                           who=member.name, rw=rw, absorbed=rw, points=rw + 1, left=left, cursed=cursed)
            wound(fight, member, cursed, "damage")
            wounded = True
            if left == 0:
                break
        else:
            if left > 0 and fight.recording and any(m.vars["wounds"] < 2 and not unharmed(fight, m) for m in fighters):
                fight.emit("wrap", f"past the last fighter with {left} left: back to the front, RW protects again",
                           left=left)
    if left > 0 and fight.recording and not all(m.vars["wounds"] >= 2 for m in fighters):
        fight.emit("lost", f"the blows pass through the ghostly fighters; the last {left} points are lost",
                   amount=left)
    if all(m.vars["wounds"] >= 2 for m in fighters):
        if left > 0 and fight.recording:
            fight.emit("lost", f"every fighter is dead; the last {left} points are lost", amount=left)
        for member in others:
            # When every fighter is dead, each non-fighter takes two wounds (one the
            # enemy cannot harm excepted).
            if unharmed(fight, member):
                continue
            if fight.recording:
                fight.emit("note", f"every fighter is dead: {member.name}, who stayed out, takes two wounds",
                           who=member.name)
            wound(fight, member, cursed, "the fighters' fall")
            wound(fight, member, cursed, "the fighters' fall")
            wounded = True
    if wounded:
        fight.vars["verdict"] = ENEMY_WON


def _hit_enemy(fight: Fight, enemy: Side, damage: Damage) -> None:
    """Damage to the enemy group: above its RW it is wounded and the party wins, else drawn (§2.1 step 4)."""
    rw = enemy.stats["rw"]
    if damage.amount > rw:
        fight.vars["verdict"] = PARTY_WON
        if fight.recording:
            fight.emit("wound", f"damage {damage.amount} beats the enemy's RW {rw}: the enemy is wounded and withdraws",
                       side="enemy", amount=damage.amount, rw=rw, absorbed=rw, points=damage.amount)
    elif fight.recording:
        fight.emit("absorbed", f"damage {damage.amount}: the enemy's RW {rw} absorbs it all, the round is drawn",
                   side="enemy", amount=damage.amount, rw=rw, left=0)


@hookimpl
def rulebench_wounds(fight: Fight, target: Side, damage: Damage) -> bool:
    """Apply the round's damage to the losing side: the enemy group, or the party's line."""
    if target is fight.enemy:
        _hit_enemy(fight, target, damage)
    else:
        _walk(fight, damage)
    return True
