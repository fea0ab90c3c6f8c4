"""The exchange of a round (docs/rules/ambermarch.md): the party's sum against the enemy group's pool.

The party's dice come first, in marching order: technique tests, then one d6 per attacker; then the
enemy pool. When no attacker's die can be clamped at 0, only sums matter, so the dice are asked as
few rolls as possible (docs/architecture.md): a scripted roller still takes them die by die, party
first in marching order, and exact analysis branches over the sums only. Narrated fights ask the
attack dice as one roll ``Nd6+K`` and the pool as another, to show both totals; unrecorded fights
(Monte Carlo, exact analysis) ask only for what decides the round, the margin
``Nd6+K − pool``, as one roll. Both consume the same dice in the same order, so a seed or a script
gives the same fight either way.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import rulebench.rulesets.ambermarch.narration as narration
from rulebench import Attack, BadInput, Combatant, Dice, Fight, Modifier, Side, hookimpl
from rulebench.rulesets.ambermarch.state import (
    ATTACK,
    ATTACK_RANGED,
    DECLINED,
    GHOSTLY,
    LADDER,
    ORDER,
    PENALTY,
    SPENT,
    STANCE,
    TECHNIQUE,
)
from rulebench.rulesets.ambermarch.technique import technique_contribution

_SKILL = {ATTACK: "melee", ATTACK_RANGED: "ranged"}


_Attacker = tuple[Combatant, str, int, Sequence[Modifier]]
"""An attacker this round: member, skill used, bonus (skill + wound penalty + weapon modifiers), modifiers."""


@hookimpl
def rulebench_initiative(fight: Fight) -> Iterable[tuple[Side, Side]]:
    """One opposed exchange per round, party against the enemy group; none once the fight is declined."""
    if fight.vars[DECLINED]:
        return ()
    return ((fight.party, fight.enemy),)


@hookimpl
def rulebench_attack(fight: Fight, attacker: Side, defender: Side) -> Attack:
    """Roll both sums; the side with the higher total wins by the difference, a tie changes nothing.

    The returned attack's ``defender`` is the losing side and ``margin`` the difference (the party's
    lead L or the enemy's lead D of docs/rules/ambermarch.md).
    """
    party, enemy = fight.party, fight.enemy
    margin = _margin(fight)
    if margin > 0:
        return Attack(party, enemy, True, margin)
    if margin < 0:
        return Attack(enemy, party, True, -margin)
    if fight.recording:
        narration.tie(fight)
    _reorder(fight)
    return Attack(party, enemy, False, 0)


def _margin(fight: Fight) -> int:
    """The party's total minus the enemy's, with every die of the round rolled in order."""
    recording = fight.recording
    pool: Dice = fight.enemy.stats["pool"]
    fixed, attackers, bonus, clamps = _party_side(fight)
    enemy_bonus = _enemy_weapons(fight)
    # A pool that subtracts a d6 would merge it into the party's d6 and reorder the dice of the margin.
    if attackers and not clamps and not recording and not pool.subtracts:
        dice = _attack_dice(len(attackers), fixed + bonus - enemy_bonus).minus(pool)
        return fight.roll(dice, "party dice vs enemy pool")
    if not attackers:
        party_total = fixed
    elif clamps:
        party_total = fixed + _roll_one_by_one(fight, attackers)
    else:
        label = narration.label(narration.PARTY_DICE) if recording else narration.PARTY_DICE
        party_total = fixed + fight.roll(_attack_dice(len(attackers), bonus), label)
        if recording:
            faces = fight.roller.last_faces
            if faces is not None and len(faces) == len(attackers):
                for attacker, face in zip(attackers, faces):
                    _narrate(fight, attacker, face, face + attacker[2])
    if recording:
        narration.party_sum(fight, party_total)
    enemy_total = fight.roll(pool, narration.label(narration.ENEMY_POOL) if recording else narration.ENEMY_POOL) + enemy_bonus
    if recording:
        narration.totals(fight, party_total, enemy_total)
    return party_total - enemy_total


def _enemy_weapons(fight: Fight) -> int:
    """What the enemies' weapon modifiers add to their pool against the party (silver against an
    undead, ghostly or demonic party: the trait rules hold for either side, docs/rules/ambermarch.md).

    The party stands against the pool as one side, so it counts as undead when any member is one,
    as a mixed group does; a plain pool asks the same modifiers the party's weapons answer.
    """
    party = fight.party
    modifiers_of = fight.modifiers
    bonus = 0
    for enemy in fight.enemy.members:
        for modifier in modifiers_of(enemy, "weapon", party):
            bonus += modifier.value
            if fight.recording:
                narration.enemy_weapon(fight, enemy, modifier)
    return bonus


def _party_side(fight: Fight) -> tuple[int, list[_Attacker], int, bool]:
    """Everything of the party's sum but the attack dice: the fixed part (techniques, whose test dice
    are rolled here, first; momentum), the attackers, their summed bonus, and whether a die could be
    clamped at 0 (a negative bonus)."""
    ghostly = fight.vars[GHOSTLY]
    recording = fight.recording
    enemy = fight.enemy
    modifiers_of = fight.modifiers
    members = fight.party.members
    techniques: list[Combatant] = []
    attackers: list[_Attacker] = []
    bonus_sum = 0
    clamps = False
    for i in fight.vars[ORDER]:  # marching order (docs/rules/ambermarch.md)
        member = members[i]
        state = member.vars
        skill = _SKILL.get(state[STANCE])
        if skill is None:
            if state[STANCE] == TECHNIQUE:
                techniques.append(member)
            continue
        if ghostly and not member.has_trait("magic_weapon"):
            # docs/encounters.md: against ghosts and demons a weapon without magic contributes 0, no die.
            if recording:
                narration.no_magic_weapon(fight, member)
            continue
        modifiers = modifiers_of(member, "weapon", enemy)
        bonus = member.stats[skill] + PENALTY[state[LADDER]]
        for modifier in modifiers:
            bonus += modifier.value
        bonus_sum += bonus
        clamps = clamps or bonus < 0
        attackers.append((member, skill, bonus, modifiers))
    fixed = 0
    # docs/rules/ambermarch.md: techniques roll their test dice before the attack dice.
    for member in techniques:
        fixed += technique_contribution(fight, member)
    spent = fight.vars[SPENT]
    if spent:
        fixed += 2 * spent
        if recording:
            narration.momentum_added(fight, spent)
    return fixed, attackers, bonus_sum, clamps


def _roll_one_by_one(fight: Fight, attackers: list[_Attacker]) -> int:
    """Each attacker's die + bonus, at least 0 (docs/rules/ambermarch.md: a fighter cannot lower the sum)."""
    total = 0
    label = narration.label(narration.ATTACK_DIE) if fight.recording else narration.ATTACK_DIE
    for attacker in attackers:
        face = fight.die(6, label, attacker[0])
        contribution = max(0, face + attacker[2])
        if fight.recording:
            _narrate(fight, attacker, face, contribution)
        total += contribution
    return total


@functools.lru_cache(maxsize=256)
def _attack_dice(count: int, bonus: int) -> Dice:
    """``count``d6 + ``bonus``, built once: an immutable value, so caching it keeps no fight state."""
    return Dice(((count, 6),), bonus)


def _narrate(fight: Fight, attacker: _Attacker, face: int, contribution: int) -> None:
    member, skill, bonus, modifiers = attacker
    step = member.vars[LADDER]
    narration.attacks(fight, member, skill, step, PENALTY[step], modifiers, face, bonus, contribution)


def _reorder(fight: Fight) -> None:
    """On a tie, and only then, the party may change its marching order (docs/rules/ambermarch.md)."""
    members = fight.party.members
    current = tuple(members[i].name for i in fight.vars[ORDER])
    answer = fight.decide("order", None, current=current)
    if not isinstance(answer, (list, tuple)) or sorted(answer) != sorted(current):
        raise BadInput(narration.bad_order(fight.round, answer, current))
    if tuple(answer) == current:
        return
    index = {m.name: m.index for m in members}
    fight.vars[ORDER] = tuple(index[name] for name in answer)
    if fight.recording:
        narration.reorders(fight, answer)
