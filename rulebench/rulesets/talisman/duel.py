"""Who duels whom, and the duel itself: 1d6 + strength against 1d6 + strength (docs/rules/talisman.md)."""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import ENEMY, Attack, Combatant, Damage, Dice, Fight, Modifier, Side, hookimpl, plays_only
from rulebench.rulesets.talisman.lives import pay, rulebench_wounds
from rulebench.rulesets.talisman.narration import (
    DUEL_LABEL,
    explain_duel,
    label,
    name_of,
    narrate_certain,
    narrate_duel,
    narrate_evade,
)
from rulebench.rulesets.talisman.quick import play_round
from rulebench.rulesets.talisman.stakes import FOE_PAYS, MEMBER_PAYS, NOBODY, certain, result_of, stakes
from rulebench.rulesets.talisman.traits import harmless, spared

DUEL = Dice(((1, 6), (-1, 6)))
"""The member's d6 minus the opponent's, asked as one roll: only the difference decides a duel, and a script still gives the member's die first (docs/rules/talisman.md)."""

LIFE = Damage(1, "life")
"""What losing a duel costs (seed: "einen Lebenspunkt abgeben")."""

EVADE_OPTIONS = (False, True)

def standing_foes(fight: Fight) -> list[Combatant]:
    """The enemies a member may duel now, front first.

    Non-fighters are neither targeted while a fighter of theirs stands (docs/rules/talisman.md); after that
    they fight like anyone else.
    """
    standing = [e for e in fight.enemy.members if e.vars["lives"] > 0]
    return [e for e in standing if e.spec.fighter] or standing


def front_foe(fight: Fight) -> Combatant | None:
    """The front-most of ``standing_foes``, found in one pass: asked at every member's turn."""
    rear = None
    for enemy in fight.enemy.members:
        if enemy.vars["lives"] > 0:
            if enemy.spec.fighter:
                return enemy
            rear = rear or enemy
    return rear


@hookimpl
def rulebench_initiative(fight: Fight) -> tuple[int, ...]:
    """Each standing engaged member in damage order duels while an enemy stands (docs/rules/talisman.md).

    Damage order is the marching order, reversed when ambushed from behind, with non-fighters at
    the back (docs/rules/talisman.md). The turns are the members' indices; ``rulebench_turn`` resolves each
    when it comes, so that exact analysis merges fight states after every duel. A silent fight
    that only talisman's own rules hooks play, on a plain random roller (Monte Carlo), has the
    round's duels played here at once instead (``quick``: the same dice, the same decisions, the
    same lives) and no turns.
    """
    if play_round(fight, _own_hooks, _evades):
        return ()
    members = fight.party.members
    return tuple([i for i in fight.party.stats["turn_order"] if members[i].vars["lives"] > 0])


def _own_hooks(fight: Fight) -> bool:
    """Whether talisman's own turn, attack, damage and wounds hooks are the only ones."""
    return plays_only(fight, turn=rulebench_turn, attack=rulebench_attack, damage=rulebench_damage, wounds=rulebench_wounds)


def _evades(fight: Fight, member: Combatant, opponent: Combatant | Side) -> bool:
    """Whether the tactics sources have the member evade his duel against ``opponent`` this round."""
    return bool(fight.decide("evade", member, EVADE_OPTIONS, opponent=name_of(opponent)))


@hookimpl
def rulebench_turn(fight: Fight, turn: int) -> tuple[Combatant, Combatant | Side] | None:
    """The member's duel against the front-most standing enemy, or None when he sits it out.

    Skipped: a member who has fallen this round, a non-fighter while a fighter of the party stands
    (docs/rules/talisman.md), and everyone once no enemy stands. The member is then asked ``evade`` before the
    dice (seed: the character says first whether he evades); an evading member sits out unharmed
    (reading: the evade rules are missing, so it always works). The opponent is looked up now,
    since the previous duel may have defeated the front-most enemy; a ``grouped`` enemy is all
    standing foes as one side.
    """
    member = fight.party.members[turn]
    if member.vars["lives"] <= 0:
        return None
    if not member.spec.fighter and any(
        m.engaged and m.spec.fighter and m.vars["lives"] > 0 for m in fight.party.members
    ):
        return None
    opponent: Combatant | Side | None
    if fight.encounter.enemy.grouped:
        foes = standing_foes(fight)
        opponent = Side(ENEMY, foes) if foes else None
    else:
        opponent = front_foe(fight)
    if opponent is None:
        return None
    # The default tactics never evade: with no other tactics source, skip building the decision.
    if fight.default_tactics:
        if (
            not fight.recording
            and type(opponent) is Combatant
            and plays_only(fight, attack=rulebench_attack, damage=rulebench_damage, wounds=rulebench_wounds)
        ):
            _duel_at_once(fight, member, opponent)
            return None
    elif _evades(fight, member, opponent):
        member.vars["evaded"] = True
        if fight.recording:
            narrate_evade(fight, member, opponent)
        return None
    return member, opponent


def _duel_at_once(fight: Fight, member: Combatant, foe: Combatant) -> None:
    """The member's duel against one foe and the life it costs, played within the turn.

    The Monte Carlo path, taken when talisman's own attack, damage and wounds hooks are the only
    ones and nobody records: it rolls the same dice in the same order and takes the same life as
    ``rulebench_attack``, ``rulebench_damage`` and ``rulebench_wounds`` would, without building
    an ``Attack`` and a ``Damage`` for each duel and three hook calls to pass them along.
    """
    base, won, lost = stakes(fight, member, foe)
    # Within 4 of each other with the win harming, all of win, loss and tie can happen: no need to ask.
    result = certain(base, won, lost) if not -5 < base < 5 or not won else None
    if result is None:
        result = result_of(base + fight.roll(DUEL, DUEL_LABEL, member), won, lost)
    if result > 0:
        pay(fight, foe, 1)
    elif result < 0:
        pay(fight, member, 1)


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant | Side) -> Attack:
    """One duel: combat power (Kampfkraft) = d6 + strength + weapon modifiers; higher wins (seed).

    A grouped opponent adds up the strengths of its standing members against one die (seed: "Mehr
    als ein Gegner"). Silver and any other ``"weapon"`` modifier adds to the combat power of
    either duellist (docs/rules/talisman.md "+1 total"). A winner without a magic weapon does not harm a
    ghost or demon: the win is a standoff (docs/rules/talisman.md); the rule holds both ways, so a rival
    or enemy cannot harm a ghostly member either (reading: the same creature means the same
    everywhere). The dice are rolled only when some face combination can change who pays a life
    (docs/rules/talisman.md "a die whose result cannot matter is not rolled"; ``_certain``); every duel of
    docs/rules/talisman.md TA-1 to TA-4 is open before the dice, so they roll both.

    The returned attack's ``defender`` is the loser (possibly the member), ``hit`` whether the
    loser pays a life, ``margin`` the difference in combat power (without dice, the least it can be).
    """
    modifiers = fight.modifiers
    mine = modifiers(attacker, "weapon", defender)
    power = attacker.stats["strength"]
    if mine:
        power += sum(m.value for m in mine)
    theirs: Sequence[Modifier]
    if isinstance(defender, Side):
        theirs = [m for foe in defender.members for m in modifiers(foe, "weapon", attacker)]
        against = sum(foe.stats["strength"] for foe in defender.members)
    else:
        theirs = modifiers(defender, "weapon", attacker)
        against = defender.stats["strength"]
    if theirs:
        against += sum(m.value for m in theirs)
    base = power - against
    if fight.recording:
        explain_duel(fight, attacker, defender, mine, theirs)
    # Within 4 of each other either side may win; if the member's win harms, the dice matter.
    if not -5 < base < 5 or harmless(attacker, defender):
        certain = _certain(attacker, defender, base)
        if certain is not None:
            if fight.recording:
                narrate_certain(fight, attacker, defender, power, against, mine, theirs, certain)
            return certain
    lead = base + fight.roll(DUEL, label(DUEL_LABEL) if fight.recording else DUEL_LABEL, attacker)
    if lead == 0:
        if fight.recording:
            narrate_duel(fight, attacker, defender, power, against, mine, theirs, None, "")
        return Attack(attacker, defender, False, 0)
    winner: Combatant | Side
    loser: Combatant | Side
    if lead > 0:
        winner, loser = attacker, defender
    else:
        winner, loser, lead = defender, attacker, -lead
    kind = spared(loser)
    unharmed = kind is not None and not winner.has_trait("magic_weapon")
    if fight.recording:
        narrate_duel(fight, attacker, defender, power, against, mine, theirs, winner, kind if unharmed and kind else "")
    return Attack(winner, loser, not unharmed, lead)


def _certain(member: Combatant, opponent: Combatant | Side, base: int) -> Attack | None:
    """The duel's attack when no face of the two dice can change it, else None (``stakes.certain``).

    ``base`` is the member's combat power before the dice minus the opponent's (a grouped side's
    too). What a duel decides is who pays a life: the member's opponent (a member's win that
    harms), the member (an opponent's win that harms), or nobody (a standoff, or a win that
    cannot harm a ghost or demon).
    """
    result = certain(
        base,
        NOBODY if harmless(member, opponent) else FOE_PAYS,
        NOBODY if harmless(opponent, member) else MEMBER_PAYS,
    )
    if result == FOE_PAYS:
        return Attack(member, opponent, True, base - 5)
    if result == MEMBER_PAYS:
        return Attack(opponent, member, True, -base - 5)
    return None if result is None else Attack(member, opponent, False, 0)


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """Losing a duel costs one life, whoever loses (seed)."""
    return LIFE


