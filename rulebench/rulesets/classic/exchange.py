"""One round's exchange: reordering, who fights how, the KS rolls and the totals (docs/rules/classic.md).

What happens is reported as events (``fight.emit``); ``narration`` renders them.
"""

from __future__ import annotations

from collections.abc import Sequence

import rulebench.rulesets.classic.narration as narration
from rulebench import Attack, BadInput, Damage, Dice, Fight, Modifier, Side, hookimpl
from rulebench.rulesets.classic.choices import Fighter, candidates, lineup, summed
from rulebench.rulesets.classic.info import (
    ATTENTION,
    DRAWN_ROUND,
    ENEMY_HIGHER,
    ENEMY_KS,
    ENEMY_WINS_ROUND,
    FIGHT,
    FIGHT_OPTIONS,
    KS,
    NONE,
    ORDER,
    PARTY_HIGHER,
    PARTY_KS,
    PARTY_WINS_ROUND,
)
from rulebench.rulesets.classic.line import CURSED, armour_value, damage_line, demon_striking, enemy_rw, unharmed

_CURSED = frozenset({CURSED})
_PLAIN: frozenset[str] = frozenset()


def voluntary(fight: Fight) -> bool:
    """A voluntary (?) fight, or a forced (!) one that an engaged member's attention makes voluntary.

    Reading: any engaged member with the skill Aufmerksamkeit (``attention``) is enough. Declining a
    voluntary fight is not modelled: the encounter is the fight, and docs/glossary.md has no outcome for it.
    """
    if not fight.encounter.forced:
        return True
    return any(m.engaged and m.has_skill(ATTENTION) for m in fight.party.members)


def _ask_order(fight: Fight) -> None:
    """Ask the ``order`` decision: the whole party's names, front first; the default keeps the order."""
    members = fight.party.members
    current = tuple(members[i].name for i in fight.vars["order"])
    answer = fight.decide(ORDER, None, current=current)
    if not isinstance(answer, (tuple, list)) or sorted(answer) != sorted(current):
        raise BadInput(narration.bad_order(fight.round, answer, current))
    if tuple(answer) == current:
        return
    index = {m.name: m.index for m in members}
    fight.vars["order"] = tuple(index[name] for name in answer)
    fight.emit("decision", decision=ORDER, order=answer)


def _ask_modes(fight: Fight) -> None:
    """Ask each choosing member (``choices.candidates``) to fight melee, ranged or not at all
   ; a script that leaves nobody fighting is bad input."""
    options = FIGHT_OPTIONS[fight.encounter.mode]
    modes = [NONE] * len(fight.party.members)
    asked = candidates(fight)
    for member in asked:
        modes[member.index] = fight.decide(FIGHT, member, options=options)
    # Nobody asked: every living member came in wounded, and nobody can fight (not the script's doing).
    if asked and all(modes[m.index] == NONE for m in asked):
        raise BadInput(narration.nobody_fights(fight.round))
    fight.vars["modes"] = tuple(modes)


@hookimpl
def rulebench_round_start(fight: Fight) -> None:
    """Reorder before a voluntary fight and between rounds, then choose who fights how.

    With the default tactics as the only source nothing is asked: they keep the order, and setup
    already holds their choices (``choices.default_modes``), which cannot change between rounds.
    """
    if fight.default_tactics:
        return
    if fight.round > 1 or voluntary(fight):
        _ask_order(fight)
    _ask_modes(fight)


@hookimpl
def rulebench_initiative(fight: Fight) -> tuple[tuple[Side, Side]]:
    """One opposed roll a round: the party's summed KS against the enemy group's."""
    return ((fight.party, fight.enemy),)


@hookimpl
def rulebench_attack(fight: Fight, attacker: Side, defender: Side) -> Attack:
    """Both totals; the difference is damage to the lower side, equal totals a drawn round.

    The trait rules hold for either side (docs/rules/classic.md): weapon modifiers are asked of the enemies
    too, against the party, which counts as undead when any member is one, as a mixed group does
    (reading): an enemy's silver weapon adds 1 to the group's KS against an undead party member.
    """
    party, enemy = fight.party, fight.enemy
    party_dice = party.stats["ks"]
    enemy_dice = enemy.stats["ks"]
    # The one place the exchange asks whether the fight is told: a reader sees both totals and
    # each fighter's faces, so a told fight rolls the two totals. A silent one under the default
    # tactics rolls their difference as one roll where that draws the same dice in the same order
    # (summed dice, neither side subtracting any), so a seed or a script gives the same fight, but
    # exact analysis and the round memo branch over the difference alone. A silent fight never
    # reads the faces either: the round memo remembers a round by its totals (analysis/round_memo.py).
    told = fight.recording
    if not told and fight.default_tactics and party_dice is not None and not party_dice.subtracts \
            and not enemy_dice.subtracts:
        margin = _difference(fight, party_dice, enemy_dice)
    else:
        margin = _two_totals(fight, lineup(fight), enemy_dice, told)
    if margin > 0:
        return Attack(party, enemy, True, margin)
    if margin < 0:
        return Attack(enemy, party, True, -margin)
    return Attack(party, enemy, False, 0)


def _difference(fight: Fight, party_dice: Dice, enemy_dice: Dice) -> int:
    """The party's total minus the enemy's as one roll: the default lineup's summed KS dice and the
    weapon modifiers of those who roll them (``party.stats``, from setup), less the group's KS and
    its weapon modifiers; the party's dice come first, as in the two totals."""
    members, modifiers, enemy = fight.party.members, fight.modifiers, fight.enemy
    bonus = -_enemy_weapons(fight, fight.party)
    for i in fight.party.stats["rolling"]:
        for modifier in modifiers(members[i], "weapon", enemy):
            bonus += modifier.value
    # A label no reader sees: the fight is silent.
    return fight.roll(party_dice.minus(enemy_dice, bonus), "party KS vs enemy KS")


def _rolling(fighters: Sequence[Fighter]) -> tuple[Dice, ...]:
    """The KS dice the round's fighters roll, in marching order (a fighter with KS 0 rolls none)."""
    return tuple(dice for _, _, dice in fighters if dice is not None)


def _bonuses(fight: Fight, fighters: Sequence[Fighter]) -> list[Sequence[Modifier]]:
    """Each fighter's weapon modifiers against the enemy group (silver vs undead); none for a fighter
    with KS 0, who rolls no die."""
    modifiers, enemy = fight.modifiers, fight.enemy
    return [modifiers(member, "weapon", enemy) if dice is not None else () for member, _, dice in fighters]


def _two_totals(fight: Fight, fighters: Sequence[Fighter], enemy_dice: Dice, told: bool) -> int:
    """The party's total (the fighters' KS rolls plus their weapon modifiers) and the enemy's, as two
    rolls, each reported; their difference."""
    bonuses = _bonuses(fight, fighters)
    rolling = _rolling(fighters)
    party_dice = fight.party.stats["ks"] if fight.default_tactics else summed(rolling)
    rolled, faces = _roll(fight, rolling, party_dice, told) if rolling else (0, None)
    extra = sum(m.value for found in bonuses for m in found)
    if any(bonuses):
        # The fact has always named each modifier in words, so the JSON keeps doing so; only a
        # round with modifiers builds them.
        named = [f"{member.name} {m.value:+d} {m.reason}" for (member, _, _), found in zip(fighters, bonuses) for m in found]
        fight.emit("modifier", value=extra, modifiers=named, rolled=rolled)
    _report_fighters(fight, fighters, bonuses, faces)
    party_total = rolled + extra
    enemy_total = fight.roll(enemy_dice, ENEMY_KS) + _enemy_weapons(fight, fight.party)
    margin = party_total - enemy_total
    fight.emit("totals", party_total=party_total, enemy_total=enemy_total, dice=enemy_dice,
               verdict=_verdict(fight, margin))
    return margin


def _roll(fight: Fight, rolling: tuple[Dice, ...], party_dice: Dice | None, told: bool) -> tuple[int, Sequence[int] | None]:
    """The fighters' dice as one summed roll, or one by one where summing would reorder them; the
    total and, in a told fight where the roller tells them, the faces in marching order."""
    if party_dice is not None:
        total = fight.roll(party_dice, PARTY_KS)
        return total, fight.last_faces if told else None
    total = 0
    faces: list[int] = []
    for dice in rolling:
        total += fight.roll(dice, KS)
        if told:
            faces.extend(fight.last_faces or ())
    return total, faces if told and len(faces) == sum(len(d.dice_sides) for d in rolling) else None


def _report_fighters(fight: Fight, fighters: Sequence[Fighter], bonuses: Sequence[Sequence[Modifier]],
                     faces: Sequence[int] | None) -> None:
    """Each fighter's KS in marching order, his faces read off the party's dice in that order."""
    start = 0
    for (member, mode, dice), found in zip(fighters, bonuses):
        if dice is None:
            fight.emit("total", who=member, mode=mode, ks=0)
            continue
        count = len(dice.dice_sides)
        own = faces[start:start + count] if faces is not None else None
        start += count
        ks = dice.total_of(own) + sum(m.value for m in found) if own is not None else None
        fight.emit("total", who=member, mode=mode, dice=dice, faces=own, ks=ks, modifiers=found)


def _enemy_weapons(fight: Fight, party: Side) -> int:
    """What the enemies' weapon modifiers add to the group's KS against the party (silver vs undead)."""
    bonus = 0
    for enemy in fight.enemy.members:
        for modifier in fight.modifiers(enemy, "weapon", party):
            bonus += modifier.value
            fight.emit("modifier", who=enemy, value=modifier.value, reason=modifier.reason)
    return bonus


def _verdict(fight: Fight, margin: int) -> str:
    """The totals event's verdict: the round's result where the difference already decides it, else
    only whose total is higher, the result following once armour has spoken (``line``).

    The difference wins the round when it passes the armour it meets first: the
    enemy group's RW, or the RW of the first fighter in damage order (every fighter is unhurt at
    a round's start: any wound ends the fight).
    """
    if margin == 0:
        return DRAWN_ROUND
    if margin > 0:
        return PARTY_WINS_ROUND if margin > enemy_rw(fight, demon_striking(fight)) else PARTY_HIGHER
    fighters, _ = damage_line(fight)
    first = next((m for m in fighters if m.vars["wounds"] < 2 and not unharmed(fight, m)), None)
    if first is not None and -margin > armour_value(fight, first):
        return ENEMY_WINS_ROUND
    return ENEMY_HIGHER


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """The difference of the totals; cursed when ghosts or demons deal it."""
    cursed = attack.defender is fight.party and fight.enemy.stats["cursed"]
    return Damage(attack.margin, flags=_CURSED if cursed else _PLAIN)
