"""The party's line: damage order, single wounds, and damage walking down the line (docs/rules/classic.md).

What happens is reported as events (``fight.emit``); ``narration`` renders them.
"""

from __future__ import annotations

from rulebench import Combatant, Damage, Fight, Side, hookimpl
from rulebench.rulesets.classic.choices import lineup
from rulebench.rulesets.classic.info import BY_DAMAGE, BY_FIGHTERS_FALL, ENEMY_WON, NONE, PARTY_WON, POTION, STAYED_OUT, YES_NO

CURSED = "cursed"
DEMONS = "classic party demons"
"""``fight.cache``: whether any party member is a demon."""


def damage_line(fight: Fight) -> tuple[list[Combatant], list[Combatant]]:
    """The engaged members in damage order: (fighters, non-fighters), the non-fighters behind.

    Damage order is the current marching order, reversed when ambushed from behind. Whoever
    stays out this round, by the ``fighter`` field or by a ``fight = "none"`` decision, stands at
    the back of it (docs/rules/README.md, docs/rules/classic.md; reading: a scripted "none" moves the member back rather than
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
    """One wound (Verletzung): the first puts a member out, the second kills (docs/rules/classic.md).

    Before a second wound the ``potion`` decision is asked (unless the default tactics, which never
    drink, are the only source): the seed's life-saving action (a magic
    potion of his own or his Hintermann's). It is off by default (default tactics answer False;
    reading: encounters carry no potions); answered True, the member drinks, the wound is averted
    and he stays at one wound. The point that caused it is spent all the same.
    """
    if member.vars["wounds"] == 1 and not fight.default_tactics and fight.decide(POTION, member, options=YES_NO):
        fight.emit("decision", decision=POTION, who=member, value=True)
        fight.explain("potion")
        fight.emit("potion", who=member, cause=cause)
        return
    member.vars["wounds"] += 1
    fight.emit("condition", who=member, wounds=member.vars["wounds"])
    if cursed and not member.vars["cursed"]:
        member.vars["cursed"] = True
        fight.explain("cursed damage")
        fight.emit("cursed", who=member)


def unharmed(fight: Fight, member: Combatant) -> bool:
    """Whether the enemy cannot wound ``member``: a ghost or demon, and no magic weapon in the group
    (docs/rules/classic.md, "Traits and special cases": the trait rules hold for party members too;
    a mixed group has a magic weapon if any member has one, as it has any other trait)."""
    return (member.has_trait("ghost") or member.has_trait("demon")) and not fight.enemy.has_trait("magic_weapon")


def demon_striking(fight: Fight) -> Combatant | None:
    """The first of this round's fighters, in marching order, who is a demon and rolls his KS (a
    fighter with KS 0 against ghosts and demons strikes no blow).

    docs/rules/classic.md, "Traits and special cases": the trait rules hold for party members too,
    so a demon's blows ignore the enemy's armour that is not magic, as the enemy's demons ignore
    the party's; the party's total is one sum, so one such fighter is enough (reading), as one
    demon makes a mixed enemy group demonic.
    """
    demons = fight.cache.get(DEMONS)
    if demons is None:  # worked out at the first won round: traits never change in a fight
        demons = fight.cache[DEMONS] = any(m.has_trait("demon") for m in fight.party.members)
    if not demons:
        return None
    return next((member for member, _, dice in lineup(fight) if dice is not None and member.has_trait("demon")), None)


def enemy_rw(fight: Fight, demon: Combatant | None) -> int:
    """The enemy group's RW against the party's damage: its lowest RW, armour that is not magic
    counting 0 against a ``demon``'s blows (``demon_striking``)."""
    enemy = fight.enemy
    if demon is None:
        rw: int = enemy.stats["rw"]
        return rw
    return min(e.stats["rw"] if e.has_trait("magic_armour") else 0 for e in enemy.members)


def armour_value(fight: Fight, member: Combatant) -> int:
    """A member's RW against this enemy: 0 from non-magic armour against demons, plus collected modifiers."""
    enemy = fight.enemy
    base = 0 if enemy.stats["demon"] and not member.has_trait("magic_armour") else member.stats["rw"]
    return base + sum(m.value for m in fight.modifiers(member, "armour", enemy))


def _walk(fight: Fight, damage: Damage) -> None:
    """Damage to the party: through each fighter's RW in damage order, round again from the front.

    Each fighter absorbs up to his RW; the next point is a wound, the rest goes on.
    After the last fighter the walk starts at the front again, RW protecting again, the dead
    skipped. A ghostly or demonic fighter the enemy cannot harm (``unharmed``) is skipped too: the
    blows pass through him (reading). Every point is accounted for by one event: absorbed, a wound,
    or lost once no fighter the enemy can harm is left.
    """
    fighters, others = damage_line(fight)
    cursed = CURSED in damage.flags
    left = damage.amount
    fight.explain("damage line")
    fight.emit("damage", amount=left, side="party", line=fighters)
    wounded = False
    passes = 0
    while left > 0:
        standing = [m for m in fighters if m.vars["wounds"] < 2 and not unharmed(fight, m)]
        if not standing:
            break
        if passes:
            fight.emit("wrap", left=left)
        passes += 1
        for member in standing:
            rw = armour_value(fight, member)
            if left <= rw:
                # No wound at all: a drawn round.
                fight.emit("absorbed", who=member, rw=rw, amount=left, left=0, drawn=not wounded)
                left = 0
                break
            left -= rw + 1
            fight.emit("wound", who=member, rw=rw, absorbed=rw, points=rw + 1, left=left, cursed=cursed)
            wound(fight, member, cursed, BY_DAMAGE)
            wounded = True
            if left == 0:
                break
    fallen = all(m.vars["wounds"] >= 2 for m in fighters)
    if left > 0:
        fight.emit("lost", amount=left, fallen=fallen)
    if fallen:
        for member in others:
            # When every fighter is dead, each non-fighter takes two wounds (one the
            # enemy cannot harm excepted).
            if unharmed(fight, member):
                continue
            fight.emit("note", who=member, note=STAYED_OUT)
            for _ in range(2):
                if member.vars["wounds"] < 2:  # one who came in wounded dies of the first
                    wound(fight, member, cursed, BY_FIGHTERS_FALL)
            wounded = True
    if wounded:
        fight.vars["verdict"] = ENEMY_WON


def _hit_enemy(fight: Fight, enemy: Side, damage: Damage) -> None:
    """Damage to the enemy group: above its RW it is wounded and the party wins, else drawn."""
    demon = demon_striking(fight)
    rw = enemy_rw(fight, demon)
    fight.explain("enemy rw")
    if demon is not None:
        fight.explain("demon blows")
    if damage.amount > rw:
        fight.vars["verdict"] = PARTY_WON
        fight.emit("wound", side="enemy", amount=damage.amount, rw=rw, absorbed=rw, points=damage.amount, demon=demon)
    else:
        fight.emit("absorbed", side="enemy", amount=damage.amount, rw=rw, left=0, demon=demon)


@hookimpl
def rulebench_wounds(fight: Fight, target: Side, damage: Damage, attacker: Side) -> bool:
    """Apply the round's damage to the losing side: the enemy group, or the party's line.

    ``attacker`` is unused but named, so the kernel calls this directly, without an adapter.
    """
    if target is fight.enemy:
        _hit_enemy(fight, target, damage)
    else:
        _walk(fight, damage)
    return True
