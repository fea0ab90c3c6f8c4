"""Who duels whom, and the duel itself: 1d6 + strength against 1d6 + strength (docs/rules/talisman.md)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rulebench import ENEMY, Attack, Combatant, Damage, Dice, Fight, Modifier, Side, hookimpl
from rulebench.rulesets.talisman.narration import DUEL_LABEL
from rulebench.rulesets.talisman.traits import harms, spared

DUEL = Dice(((1, 6), (-1, 6)))
"""The member's d6 minus the opponent's, asked as one roll: only the difference decides a duel, and a script still gives the member's die first (docs/rules/talisman.md)."""

LIFE = Damage(1, "life")
"""What losing a duel costs (seed: "einen Lebenspunkt abgeben")."""

EVADE_OPTIONS = (False, True)

FOE_PAYS = 1
NOBODY = 0
MEMBER_PAYS = -1
"""A duel's result: who gives up a life, the member's opponent, nobody or the member."""


def name_of(who: Combatant | Side) -> str:
    """A combatant's name, or a grouped side's names joined with " + " (as decisions and events name
    a duellist)."""
    return " + ".join(m.name for m in who.members) if isinstance(who, Side) else who.name


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
    when it comes, so that exact analysis merges fight states after every duel.
    """
    members = fight.party.members
    return tuple([i for i in fight.party.stats["turn_order"] if members[i].vars["lives"] > 0])


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
    if not fight.default_tactics:
        foe = name_of(opponent)
        if fight.decide("evade", member, EVADE_OPTIONS, opponent=foe):
            member.vars["evaded"] = True
            fight.explain("evade")
            fight.emit("decision", who=member, decision="evade", opponent=foe)
            return None
    return member, opponent


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant | Side) -> Attack:
    """One duel: combat power (Kampfkraft) = d6 + strength + weapon modifiers; higher wins (seed).

    A grouped opponent adds up the strengths of its standing members against one die (seed: "Mehr
    als ein Gegner"). Silver and any other ``"weapon"`` modifier adds to the combat power of
    either duellist (docs/rules/talisman.md, "The duel"). A winner without a magic weapon does not harm a
    ghost or demon: the win is a standoff (docs/rules/talisman.md); the rule holds both ways, so a rival
    or enemy cannot harm a ghostly member either (reading: the same creature means the same
    everywhere). The dice are rolled only when some face combination can change who pays a life
    (docs/rules/talisman.md, "The duel"; ``certain``); every duel of
    docs/rules/talisman.md TA-1 to TA-4 is open before the dice, so they roll both.

    The returned attack's ``defender`` is the loser (possibly the member), ``hit`` whether the
    loser pays a life, ``margin`` the difference in combat power (without dice, the least it can be).
    """
    modifiers = fight.modifiers
    mine = modifiers(attacker, "weapon", defender)
    strength = power = attacker.stats["strength"]
    if mine:
        power += sum(m.value for m in mine)
    theirs: Sequence[Modifier]
    if isinstance(defender, Side):
        theirs = [m for foe in defender.members for m in modifiers(foe, "weapon", attacker)]
        their_strength = against = sum(foe.stats["strength"] for foe in defender.members)
    else:
        theirs = modifiers(defender, "weapon", attacker)
        their_strength = against = defender.stats["strength"]
    if theirs:
        against += sum(m.value for m in theirs)
    base = power - against
    _explain_duel(fight, attacker, defender, mine, theirs)
    member_kind, opponent_kind = spared(attacker), spared(defender)
    won = FOE_PAYS if harms(attacker, opponent_kind) else NOBODY
    lost = MEMBER_PAYS if harms(defender, member_kind) else NOBODY
    opponent = name_of(defender)
    # Within 4 of each other with the member's win harming, all of win, loss and tie can happen.
    fixed = certain(base, won, lost) if not -5 < base < 5 or won == NOBODY else None
    if fixed is None:
        lead = base + fight.roll(DUEL, DUEL_LABEL, attacker)
        result = result_of(lead, won, lost)
        attack = Attack(attacker, defender, result != NOBODY, lead) if lead >= 0 else Attack(defender, attacker, result != NOBODY, -lead)
        own, other = _faces(fight)
        # A ghost or demon lost: spared without a magic weapon, harmed with one.
        if (opponent_kind if lead > 0 else member_kind if lead else None) is not None:
            fight.explain("ghosts and demons")
    else:
        lead, result, own, other = base, fixed, None, None
        attack = _decided(attacker, defender, base, fixed)
        fight.explain("certain duel")
        if not attack.hit or (opponent_kind if fixed == FOE_PAYS else member_kind) is not None:
            fight.explain("ghosts and demons")
    fight.emit(
        "duel",
        attacker=attacker,
        defender=opponent,
        member_die=own,
        opponent_die=other,
        member_power=power if own is None else power + own,
        opponent_power=against if other is None else against + other,
        winner=None if result == NOBODY else attacker if result == FOE_PAYS else opponent,
        result=_RESULTS[result],
        rolled=fixed is None,
        member_strength=strength,
        opponent_strength=their_strength,
        member_bonus=mine,
        opponent_bonus=theirs,
        lead=lead,
        member_spared=member_kind if lost == NOBODY else None,
        opponent_spared=opponent_kind if won == NOBODY else None,
        opponents=len(defender.members) if isinstance(defender, Side) else 1,
    )
    return attack


_RESULTS = {FOE_PAYS: "member", NOBODY: "standoff", MEMBER_PAYS: "opponent"}
"""A duel's result as its event names it: whose win it is, or a standoff."""


def _faces(fight: Fight) -> tuple[int | None, int | None]:
    """The member's and the opponent's face of the duel's one roll, for the duel's event.

    Only the narration needs the faces, and a silent fight must not read them: sampling's
    remembering roller takes a read for a round that depends on more than the roll's total and
    stops remembering rounds. So this is talisman's one question whether the fight records.
    """
    faces = fight.last_faces if fight.recording else None
    if faces is None or len(faces) != 2:
        return None, None
    return faces[0], faces[1]


def _explain_duel(fight: Fight, member: Combatant, opponent: Combatant | Side, mine: Sequence[Modifier], theirs: Sequence[Modifier]) -> None:
    """Before a duel's dice: what a duel is, and what makes this one different the first time it
    happens (a grouped opponent, a weapon bonus, a non-fighter who now fights)."""
    fight.explain("duel")
    if isinstance(opponent, Side):
        if len(opponent.members) > 1:
            fight.explain("grouped")
        foes: Sequence[Combatant] = opponent.members
    else:
        foes = (opponent,)
    if mine or theirs:
        fight.explain("weapon bonus")
    if not member.spec.fighter:
        fight.explain("non-fighter", who=member)
    else:
        for foe in foes:
            if not foe.spec.fighter:
                fight.explain("non-fighter", who=foe)
                break


def result_of(lead: int, won: int, lost: int) -> int:
    """Who pays a life in a duel the member leads by ``lead`` after the dice: ``won`` when he is
    higher, ``lost`` when his opponent is (``FOE_PAYS``, ``MEMBER_PAYS``, or ``NOBODY`` for a win
    that cannot harm a ghost or demon), nobody on a tie (docs/rules/talisman.md)."""
    return won if lead > 0 else lost if lead < 0 else NOBODY


@functools.lru_cache(maxsize=512)
def certain(base: int, won: int, lost: int) -> int | None:
    """The duel's result when no face of the two dice can change it, else None (the dice are rolled).

    ``base`` is the member's lead before the dice; the two dice add −5..+5 to it. The dice matter
    exactly when two of those leads give different results (docs/rules/talisman.md, "The duel").
    Remembered per argument, as it is a pure function of them.
    """
    results = {result_of(base + difference, won, lost) for difference in range(-5, 6)}
    return results.pop() if len(results) == 1 else None


def _decided(member: Combatant, opponent: Combatant | Side, base: int, result: int) -> Attack:
    """The attack of a duel ``certain`` decides before the dice: its winner and loser, whether the
    loser pays a life, and the least margin the dice could have given (``base`` ± 5)."""
    if result == FOE_PAYS:
        return Attack(member, opponent, True, base - 5)
    if result == MEMBER_PAYS:
        return Attack(opponent, member, True, -base - 5)
    return Attack(member, opponent, False, 0)


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """Losing a duel costs one life, whoever loses (seed)."""
    return LIFE


