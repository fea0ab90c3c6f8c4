"""What a won round costs the loser (docs/rules/ambermarch.md).

The enemy group loses steadfastness: its armour swallows part of the party's lead, and it loses
1 + one per full 4 points left, never below 0; the party gains a point of momentum, at most 3.
The party takes half the enemy's lead, rounded up, as damage that walks down the damage line: each
member's armour (with cover) absorbs what it can, the rest pushes him exactly one step up the wound
ladder at the cost of armour + 1 points and flows on to the next; what is left after the last is lost.
Each step is reported as an event of facts (``damage``, ``absorbed``, ``wound``, ``note``), which
``narration`` renders.
"""

from __future__ import annotations

from rulebench import Attack, Combatant, Damage, Fight, Side, hookimpl
from rulebench.rulesets.ambermarch.state import (
    ARMOUR_BY_KIND,
    ATTACK,
    ATTACK_RANGED,
    CONDITIONS,
    COVER,
    DEMONIC,
    DOWN,
    GHOSTLY,
    HOLD_BACK,
    LADDER,
    MAX_MOMENTUM,
    MOMENTUM,
    ORDER,
    STANCE,
    STEADFASTNESS,
    TAINTED,
    TIRELESS,
    damage_line,
)

TAINT = frozenset({"tainted"})
DEMONS = "ambermarch party demons"
"""``fight.cache``: the party indices of the members who are demons."""
COVER_BONUS = 2


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """The party's lead as it is, or half the enemy's lead rounded up (seed: "aufgerundet").

    Wounds dealt by tireless foes (undead, ghosts, demons) are tainted (verdorben).
    """
    if attack.defender is fight.enemy:
        return Damage(attack.margin, "lead")
    return Damage(-(-attack.margin // 2), "wounds", TAINT if fight.vars[TIRELESS] else frozenset())


@hookimpl
def rulebench_wounds(fight: Fight, target: Side, damage: Damage, attacker: Side) -> bool:
    """Wear down the enemy group's steadfastness, or walk the damage down the party's line.

    ``attacker`` is unused but named, so the kernel calls this directly, without an adapter.
    """
    if target is fight.enemy:
        _wear_down(fight, damage.amount)
    else:
        _hit_the_line(fight, damage)
    return True


def _wear_down(fight: Fight, lead: int) -> None:
    group = fight.enemy
    demon = demon_striking(fight)
    armour = group.stats["armour"] if demon is None else armour_against_demons(group)
    past = max(0, lead - armour)
    loss = 1 + past // 4
    before = fight.vars[STEADFASTNESS]
    after = max(0, before - loss)
    fight.vars[STEADFASTNESS] = after
    momentum = fight.vars[MOMENTUM] = min(MAX_MOMENTUM, fight.vars[MOMENTUM] + 1)
    fight.explain("group armour", armour=group.stats["armour"], kinds=fight.cache[ARMOUR_BY_KIND],
                  members=len(group.members))
    if demon is not None:
        fight.explain("demon blows")
    fight.explain("steadfastness", start=group.stats["steadfastness"])
    fight.explain("momentum")
    fight.emit("damage", lead=lead, armour=armour, past=past, loss=loss, steadfastness=after, momentum=momentum,
               before=before, demon=demon)


def _hit_the_line(fight: Fight, damage: Damage) -> None:
    remaining = damage.amount
    tainted = "tainted" in damage.flags
    line = damage_line(fight)
    # docs/rules/ambermarch.md (reading): cover gives +2 to the coverer and to the one directly behind
    # him in damage order, not cumulative; stances and standing as chosen at the round's start.
    covering = [m.vars[STANCE] == COVER for m in line]
    fight.explain("damage")
    fight.emit("damage", amount=remaining, tainted=tainted)
    for i, member in enumerate(line):
        if member.vars[STANCE] == HOLD_BACK:
            break  # holders stand behind all others, so nobody after them is hit either
        if unharmed(fight, member):
            fight.emit("absorbed", who=member, armour=0, absorbed=0, left=remaining, trait=ghostly(member))
            continue
        covered = covering[i] or (i > 0 and covering[i - 1])
        armour = member_armour(fight, member) + (COVER_BONUS if covered else 0)
        if remaining <= armour:
            fight.emit("absorbed", who=member, armour=armour, absorbed=remaining)
            return
        remaining -= armour + 1
        fight.emit("absorbed", who=member, armour=armour, absorbed=armour, left=remaining)
        step_up(fight, member, tainted)
        if not remaining:
            return
    if remaining:
        fight.emit("note", lost=remaining)


def demon_striking(fight: Fight) -> Combatant | None:
    """The first party member in marching order who strikes a demon's blows this round: a demon in
    an attack stance whose attack counts (against ghosts and demons only a magic weapon's does).

    docs/rules/ambermarch.md, "Traits and special cases": the trait rules hold for party members
    too, so a demon's blows ignore the enemy's armour that is not magic, as the enemy's demons
    ignore the party's; the party's lead is one sum, so one such attacker is enough (reading), as
    one demon makes a mixed enemy group demonic.
    """
    demons = fight.cache.get(DEMONS)
    if demons is None:  # worked out at the first won round: traits never change in a fight
        demons = fight.cache[DEMONS] = frozenset(m.index for m in fight.party.members if m.has_trait("demon"))
    if not demons:
        return None
    members = fight.party.members
    ghostly = fight.vars[GHOSTLY]
    for i in fight.vars[ORDER]:
        member: Combatant = members[i]
        if (i in demons and member.vars[STANCE] in (ATTACK, ATTACK_RANGED) and member.vars[LADDER] < DOWN
                and not (ghostly and not member.has_trait("magic_weapon"))):
            return member
    return None


def armour_against_demons(group: Side) -> int:
    """The group's armour against a demon's blows: its weakest member's, armour without magic
    counting 0 (docs/rules/ambermarch.md, "Traits and special cases")."""
    return min(e.stats["armour"] if e.has_trait("magic_armour") else 0 for e in group.members)


def unharmed(fight: Fight, member: Combatant) -> bool:
    """Whether the enemy cannot harm ``member``: a ghost or demon, and no magic weapon in the group
    (docs/rules/ambermarch.md, "Traits and special cases": the trait rules hold for party members
    too; a mixed group has a magic weapon if any member has one, as it has any other trait)."""
    return (member.has_trait("ghost") or member.has_trait("demon")) and not fight.enemy.has_trait("magic_weapon")


def ghostly(member: Combatant) -> str:
    """The trait that keeps plain weapons off ``member`` (ghost or demon), a fact of the events that
    tell the blows passing through him."""
    return "ghost" if member.has_trait("ghost") else "demon"


def member_armour(fight: Fight, member: Combatant) -> int:
    """A member's armour before cover: armour + armour modifiers; 0 against a demon without magic
    armour (docs/encounters.md; cover still adds its +2)."""
    if fight.vars[DEMONIC] and not member.has_trait("magic_armour"):
        return 0
    armour: int = member.stats["armour"]
    return max(0, armour + sum(m.value for m in fight.modifiers(member, "armour", fight.enemy)))


def step_up(fight: Fight, member: Combatant, tainted: bool, in_retreat: bool = False) -> None:
    """Move ``member`` exactly one step up the wound ladder (seed: "genau eine Stufe"), hit in the
    exchange or, ``in_retreat``, hurt by the retreat's cost."""
    ladder = member.vars[LADDER] + 1
    member.vars[LADDER] = ladder
    if tainted:
        member.vars[TAINTED] += 1
    fight.explain("wound ladder")
    fight.emit("wound", who=member, condition=CONDITIONS[ladder], step=ladder, tainted=tainted, in_retreat=in_retreat)
