"""Who fights how (docs/rules/classic.md) and the default choice."""

from __future__ import annotations

import functools

from rulebench import Combatant, Dice, Fight
from rulebench.rulesets.classic.info import FIGHT_OPTIONS, KS_STAT, MELEE, NONE, RANGED

Fighter = tuple[Combatant, str, "Dice | None"]
"""A fighter of the round: who, melee or ranged, and the KS dice he rolls (None: KS 0, no die)."""


@functools.lru_cache(maxsize=1024)
def stronger(melee: Dice, ranged: Dice) -> str:
    """Which KS is higher by its dice's mean, melee on a tie (docs/rules/classic.md default tactics)."""
    return RANGED if ranged.mean > melee.mean else MELEE


def candidates(fight: Fight) -> list[Combatant]:
    """The engaged members who choose how to fight, in marching order.

    A member with ``fighter = false`` stays out unasked. If no engaged member is a fighter, they all
    choose (reading: at least one must fight, else there is no fight; docs/rules/README.md carries this over to the
    other rulesets). A member who comes into the fight wounded (a day's earlier fight, carry.py) is
    out of action until healed (seed: "handlungs- und kampfunfähig, bis er geheilt ist") and never
    chooses; when nobody able is left, nobody fights.
    """
    members = fight.party.members
    able = [members[i] for i in fight.vars["order"] if members[i].engaged and not members[i].vars["wounds"]]
    return [m for m in able if m.spec.fighter] or able


def default_fight(member: Combatant, options: tuple[str, ...]) -> str:
    """The higher allowed KS by its dice's mean, melee on a tie."""
    if MELEE in options and RANGED in options:
        return stronger(member.stats["melee_ks"], member.stats["ranged_ks"])
    return options[0]


def default_modes(fight: Fight) -> tuple[str, ...]:
    """Every party member's default choice, by party index: melee, ranged or none."""
    options = FIGHT_OPTIONS[fight.encounter.mode]
    modes = [NONE] * len(fight.party.members)
    for member in candidates(fight):
        modes[member.index] = default_fight(member, options)
    return tuple(modes)


def lineup(fight: Fight) -> list[Fighter]:
    """The round's fighters in marching order with the dice they roll (docs/rules/classic.md).

    Against ghosts and demons a fighter without a magic weapon has KS 0 and rolls no die, silver or
    not (docs/rules/classic.md; reading: the stricter rule wins).
    """
    members = fight.party.members
    modes = fight.vars["modes"]
    magic_only = fight.enemy.stats["magic_only"]
    fighters: list[Fighter] = []
    for i in fight.vars["order"]:
        mode = modes[i]
        if mode != NONE:
            member = members[i]
            zero = magic_only and not member.has_trait("magic_weapon")
            fighters.append((member, mode, None if zero else member.stats[KS_STAT[mode]]))
    return fighters


@functools.lru_cache(maxsize=1024)
def summed(parts: tuple[Dice, ...]) -> Dice | None:
    """The fighters' KS dice as one roll, or None when summing would change the order the dice are read in.

    A scripted roller reads a summed roll in ``Dice.dice_sides`` order, which merges equal dice; the
    party's dice must be read in marching order (docs/rules/classic.md), so mixed dice roll one by one.
    """
    total = sum(parts, Dice.constant(0))
    in_order = tuple(sides for part in parts for sides in part.dice_sides)
    return total if total.dice_sides == in_order else None


def party_ks(fight: Fight) -> Dice | None:
    """The party's group KS (Gruppen-KS, seed) as the round's fighters roll it; None: one by one."""
    return summed(tuple(dice for _, _, dice in lineup(fight) if dice is not None))
