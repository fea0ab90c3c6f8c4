"""One round's exchange: reordering, who fights how, the KS rolls and the totals (docs/rules/classic.md)."""

from __future__ import annotations

from collections.abc import Sequence

import rulebench.rulesets.classic.narration as narration
from rulebench import Attack, BadInput, Damage, Dice, Fight, Side, hookimpl
from rulebench.rulesets.classic.choices import candidates, lineup, summed
from rulebench.rulesets.classic.info import (
    ATTENTION,
    FIGHT,
    FIGHT_OPTIONS,
    NONE,
    ORDER,
)
from rulebench.rulesets.classic.line import CURSED, armour_value, damage_line, unharmed

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
    if fight.recording:
        narration.reorder(fight, answer)


def _ask_modes(fight: Fight) -> None:
    """Ask each choosing member (``choices.candidates``) to fight melee, ranged or not at all
   ; a script that leaves nobody fighting is bad input."""
    options = FIGHT_OPTIONS[fight.encounter.mode]
    modes = [NONE] * len(fight.party.members)
    asked = candidates(fight)
    for member in asked:
        modes[member.index] = fight.decide(FIGHT, member, options=options)
    if all(modes[m.index] == NONE for m in asked):
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


def _party_total(fight: Fight, enemy: Side) -> int:
    """The fighters' KS rolls in marching order (``choices.lineup``) plus their weapon modifiers."""
    fighters = lineup(fight)
    extras = [sum(m.value for m in fight.modifiers(member, "weapon", enemy)) if dice is not None else 0
              for member, _, dice in fighters]
    rolling = tuple(dice for _, _, dice in fighters if dice is not None)
    total, faces = 0, None
    if rolling:
        party_dice = fight.party.stats["ks"] if fight.default_tactics else summed(rolling)
        total, faces = _roll(fight, rolling, party_dice)
    if fight.recording:
        narration.fighters_modifiers(fight, fighters, total, sum(extras), enemy)
        narration.ks_rolls(fight, fighters, extras, faces, enemy)
    return total + sum(extras)


def _silent_margin(fight: Fight, party_dice: Dice, enemy_dice: Dice) -> int:
    """The party's total minus the enemy's as one roll, for a silent fight under the default tactics.

    Only the difference decides the round, and under the default tactics the lineup never
    changes, so its summed dice and who rolls them come from setup (``party.stats["ks"]``,
    ``party.stats["rolling"]``). The roll ``party KS + modifiers − enemy KS − modifiers`` takes
    the party's dice first, then the enemy's, as the two rolls would: a seed or a script gives the
    same fight, and exact analysis branches over the difference alone.
    """
    members = fight.party.members
    modifiers = fight.modifiers
    enemy = fight.enemy
    bonus = -_enemy_weapons(fight, fight.party)
    for i in fight.party.stats["rolling"]:
        for modifier in modifiers(members[i], "weapon", enemy):
            bonus += modifier.value
    # A silent fight logs no roll, so this label never reaches a reader and is not translated.
    return fight.roll(party_dice.minus(enemy_dice, bonus), "party KS vs enemy KS")


def _roll(fight: Fight, rolling: tuple[Dice, ...], party_dice: Dice | None) -> tuple[int, Sequence[int] | None]:
    """The fighters' dice as one summed roll, or one by one where summing would reorder them; the
    total and, in a narrated fight where the roller tells them, the faces in marching order (a
    silent fight never reads them, so Monte Carlo can remember its rounds by their totals)."""
    recording = fight.recording
    if party_dice is not None:
        total = fight.roll(party_dice, narration.label(narration.PARTY_KS) if recording else narration.PARTY_KS)
        return total, fight.roller.last_faces if recording else None
    total = 0
    faces: list[int] = []
    label = narration.label(narration.KS) if recording else narration.KS
    for dice in rolling:
        total += fight.roll(dice, label)
        if recording:
            faces.extend(fight.roller.last_faces or ())
    return total, faces if recording and len(faces) == sum(len(d.dice_sides) for d in rolling) else None


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
    if (fight.default_tactics and not fight.recording and party_dice is not None
            and not party_dice.subtracts and not enemy_dice.subtracts):  # else the margin reorders the dice
        margin = _silent_margin(fight, party_dice, enemy_dice)
    else:
        margin = _narrated_margin(fight, enemy_dice)
    if margin > 0:
        return Attack(party, enemy, True, margin)
    if margin < 0:
        return Attack(enemy, party, True, -margin)
    return Attack(party, enemy, False, 0)


def _narrated_margin(fight: Fight, enemy_dice: Dice) -> int:
    """The party's total and the enemy's as two rolls, each narrated; their difference."""
    party, enemy = fight.party, fight.enemy
    party_total = _party_total(fight, enemy)
    label = narration.label(narration.ENEMY_KS) if fight.recording else narration.ENEMY_KS
    enemy_total = fight.roll(enemy_dice, label) + _enemy_weapons(fight, party)
    margin = party_total - enemy_total
    if fight.recording:
        narration.totals(fight, party_total, enemy_total, enemy_dice, _verdict(fight, margin))
    return margin


def _enemy_weapons(fight: Fight, party: Side) -> int:
    """What the enemies' weapon modifiers add to the group's KS against the party (silver vs undead)."""
    bonus = 0
    for enemy in fight.enemy.members:
        for modifier in fight.modifiers(enemy, "weapon", party):
            bonus += modifier.value
            if fight.recording:
                narration.enemy_modifier(fight, enemy, modifier)
    return bonus


def _verdict(fight: Fight, margin: int) -> str:
    """The totals line's verdict (``narration.totals``): the round's result where the difference
    already decides it, else only whose total is higher, the result following once armour has
    spoken (``line``).

    The difference wins the round when it passes the armour it meets first: the
    enemy group's RW, or the RW of the first fighter in damage order (every fighter is unhurt at
    a round's start: any wound ends the fight).
    """
    if margin == 0:
        return narration.DRAWN_ROUND
    if margin > 0:
        return narration.PARTY_WINS_ROUND if margin > fight.enemy.stats["rw"] else narration.PARTY_HIGHER
    fighters, _ = damage_line(fight)
    first = next((m for m in fighters if m.vars["wounds"] < 2 and not unharmed(fight, m)), None)
    if first is not None and -margin > armour_value(fight, first):
        return narration.ENEMY_WINS_ROUND
    return narration.ENEMY_HIGHER


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """The difference of the totals; cursed when ghosts or demons deal it."""
    cursed = attack.defender is fight.party and fight.enemy.stats["cursed"]
    return Damage(attack.margin, flags=_CURSED if cursed else _PLAIN)
