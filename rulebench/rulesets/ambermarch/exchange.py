"""The exchange of a round (docs/rules/ambermarch.md): the party's sum against the enemy group's pool.

The party's dice come first, in marching order: technique tests, then one d6 per attacker; then the
enemy pool. When no attacker's die can be clamped at 0, only sums matter, so the dice are asked as
few rolls as possible (docs/architecture.md): a scripted roller still takes them die by die, party
first in marching order, and exact analysis branches over the sums only. Narrated fights ask the
attack dice as one roll ``Nd6+K`` and the pool as another, to show both totals and each attacker's
die; unrecorded fights (Monte Carlo, exact analysis) ask only for what decides the round, the margin
``Nd6+K − pool``, as one roll. Both consume the same dice in the same order, so a seed or a script
gives the same fight either way.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

import rulebench.rulesets.ambermarch.narration as narration
from rulebench import N_, Attack, BadInput, Combatant, Dice, Fight, Modifier, Side, hookimpl
from rulebench.rulesets.ambermarch.state import (
    ATTACK,
    ATTACK_RANGED,
    CONDITIONS,
    DECLINED,
    GHOSTLY,
    LADDER,
    ORDER,
    PENALTY,
    SPENT,
    STANCE,
    TECHNIQUE,
    marching_line,
)
from rulebench.rulesets.ambermarch.technique import technique_contribution

_SKILL = {ATTACK: "melee", ATTACK_RANGED: "ranged"}

# Roll labels: what a logged roll is for (translated by the narration).
PARTY_DICE = N_("party attack dice")
ENEMY_POOL = N_("enemy pool")
# TRANSLATORS: the label of one fighter's attack die in the log ("Mira: attack 1d6 → 4").
ATTACK_DIE = N_("attack")
MARGIN = "party dice vs enemy pool"  # never logged: only a silent fight rolls the margin


_Attacker = tuple[Combatant, str, int, Sequence[Modifier]]
"""An attacker this round: member, skill used, bonus (skill + wound penalty + weapon modifiers), modifiers."""


@hookimpl
def rulebench_initiative(fight: Fight) -> Iterable[tuple[Side, Side]]:
    """One opposed exchange per round, party against the enemy group; none once the fight is declined,
    nor when everyone engaged came into it down (a day's earlier fight, carry.py): the round's
    verdict then finds nobody standing."""
    if fight.vars[DECLINED] or (fight.round == 1 and not marching_line(fight)):
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
    fight.emit("note", tie=True)
    _reorder(fight)
    return Attack(party, enemy, False, 0)


def _margin(fight: Fight) -> int:
    """The party's total minus the enemy's, with every die of the round rolled in order."""
    pool: Dice = fight.enemy.stats["pool"]
    fixed, attackers, bonus, clamps = _party_side(fight)
    enemy_bonus = _enemy_weapons(fight)
    # The ruleset's one question whether the fight records, because only the narration needs the
    # two sums apart and each attacker's die: a told fight rolls the attack dice and the pool as two
    # rolls (two logged rolls) and reads the faces of the first; a silent one rolls the margin alone
    # (exact analysis branches over a few dozen margins instead of every pair of sums, and the round
    # memo keys rounds by totals, which reading faces would spoil). The dice are the same, in the
    # same order. A pool that subtracts a d6 would merge it into the party's d6 and reorder the dice
    # of the margin, so it is rolled apart either way.
    told = fight.recording
    if attackers and not clamps and not told and not pool.subtracts:
        return fight.roll(_attack_dice(len(attackers), fixed + bonus - enemy_bonus).minus(pool), MARGIN)
    if not attackers:
        party_total = fixed
    elif clamps:
        party_total = fixed + _roll_one_by_one(fight, attackers)
    else:
        party_total = fixed + fight.roll(_attack_dice(len(attackers), bonus), PARTY_DICE)
        faces = fight.last_faces if told else None
        if faces is not None and len(faces) == len(attackers):
            for attacker, face in zip(attackers, faces):
                _emit_attack(fight, attacker, face, face + attacker[2])
    fight.emit("total", side="party", total=party_total)
    enemy_total = fight.roll(pool, ENEMY_POOL) + enemy_bonus
    fight.explain("exchange")
    fight.emit("totals", party_total=party_total, enemy_total=enemy_total)
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
            fight.emit("modifier", who=enemy, value=modifier.value, reason=modifier.reason)
    return bonus


def _party_side(fight: Fight) -> tuple[int, list[_Attacker], int, bool]:
    """Everything of the party's sum but the attack dice: the fixed part (techniques, whose test dice
    are rolled here, first; momentum), the attackers, their summed bonus, and whether a die could be
    clamped at 0 (a negative bonus)."""
    ghostly = fight.vars[GHOSTLY]
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
            fight.emit("modifier", who=member, contribution=0)
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
        fight.emit("modifier", value=2 * spent, reason="momentum")
    return fixed, attackers, bonus_sum, clamps


def _roll_one_by_one(fight: Fight, attackers: list[_Attacker]) -> int:
    """Each attacker's die + bonus, at least 0 (docs/rules/ambermarch.md: a fighter cannot lower the sum)."""
    total = 0
    for attacker in attackers:
        face = fight.die(6, ATTACK_DIE, attacker[0])
        contribution = max(0, face + attacker[2])
        _emit_attack(fight, attacker, face, contribution)
        total += contribution
    return total


@functools.lru_cache(maxsize=256)
def _attack_dice(count: int, bonus: int) -> Dice:
    """``count``d6 + ``bonus``, built once: an immutable value, so caching it keeps no fight state."""
    return Dice(((count, 6),), bonus)


def _emit_attack(fight: Fight, attacker: _Attacker, face: int, contribution: int) -> None:
    """One attacker's part of the sum: his die, skill and its value, wound penalty and condition,
    weapon modifiers, and what he adds (at least 0)."""
    member, skill, bonus, modifiers = attacker
    step = member.vars[LADDER]
    fight.emit("total", who=member, die=face, skill=skill, bonus=bonus, total=contribution,
               rating=member.stats[skill], penalty=PENALTY[step], condition=CONDITIONS[step], modifiers=modifiers)


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
    fight.emit("decision", decision="order", value=answer)
