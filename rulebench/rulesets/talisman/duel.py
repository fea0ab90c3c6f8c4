"""Who duels whom, and the duel itself: 1d6 + strength against 1d6 + strength (RULES.md §3 step 1)."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rulebench import ENEMY, Attack, Combatant, Damage, Dice, Fight, Modifier, Side, hookimpl
from rulebench.rulesets.talisman.lives import pay, rulebench_wounds

DUEL = Dice(((1, 6), (-1, 6)))
"""The member's d6 minus the opponent's, asked as one roll: only the difference decides a duel
(DESIGN.md principle 3), and a script still gives the member's die first (RULES.md §3)."""

LIFE = Damage(1, "life")
"""What losing a duel costs (seed: "einen Lebenspunkt abgeben")."""

EVADE_OPTIONS = (False, True)

HARMLESS_TO = ("ghost", "demon")
"""Only a magic weapon harms these: a win without one is a standoff (RULES.md §6.3)."""


def standing_foes(fight: Fight) -> list[Combatant]:
    """The enemies a member may duel now, front first.

    Non-fighters are neither targeted while a fighter of theirs stands (RULES.md §0); after that
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
    """Each standing engaged member in damage order duels while an enemy stands (RULES.md §3 step 1).

    Damage order is the marching order, reversed when ambushed from behind, with non-fighters at
    the back (RULES.md §0). The turns are the members' indices; ``rulebench_turn`` resolves each
    when it comes, so that exact analysis merges fight states after every duel.
    """
    members = fight.party.members
    return tuple([i for i in fight.party.stats["turn_order"] if members[i].vars["lives"] > 0])


@hookimpl
def rulebench_turn(fight: Fight, turn: int) -> tuple[Combatant, Combatant | Side] | None:
    """The member's duel against the front-most standing enemy, or None when he sits it out.

    Skipped: a member who has fallen this round, a non-fighter while a fighter of the party stands
    (RULES.md §0), and everyone once no enemy stands. The member is then asked ``evade`` before the
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
        rules = fight.rules
        if (
            rules.attack is rulebench_attack
            and rules.wounds is rulebench_wounds
            and rules.damage is rulebench_damage
            and not fight.recording
            and type(opponent) is Combatant
        ):
            _duel_at_once(fight, member, opponent)
            return None
    elif fight.decide("evade", member, EVADE_OPTIONS, opponent=_name(opponent)):
        member.vars["evaded"] = True
        if fight.recording:
            fight.emit(
                "decision",
                f"{member.name} evades {_name(opponent)} (Umgehungsmanöver) and sits the round out unharmed.",
                who=member.name,
                decision="evade",
                opponent=_name(opponent),
            )
        return None
    return member, opponent


def _duel_at_once(fight: Fight, member: Combatant, foe: Combatant) -> None:
    """The member's duel against one foe and the life it costs, played within the turn.

    The Monte Carlo path, taken when talisman's own attack, damage and wounds hooks are the only
    ones and nobody records: it rolls the same dice in the same order and takes the same life as
    ``rulebench_attack``, ``rulebench_damage`` and ``rulebench_wounds`` would, without building
    an ``Attack`` and a ``Damage`` for each duel and three hook calls to pass them along.
    """
    modifiers = fight.modifiers
    mine = modifiers(member, "weapon", foe)
    theirs = modifiers(foe, "weapon", member)
    base = member.stats["strength"] - foe.stats["strength"]
    if mine:
        base += sum(m.value for m in mine)
    if theirs:
        base -= sum(m.value for m in theirs)
    member_traits, foe_traits = member.spec.traits, foe.spec.traits
    # Who cannot be harmed by the other (a ghost or demon, and no magic weapon; RULES.md §6.3).
    foe_spared = bool(foe_traits) and _spared_by(foe_traits) is not None and "magic_weapon" not in member_traits
    member_spared = bool(member_traits) and _spared_by(member_traits) is not None and "magic_weapon" not in foe_traits
    if not -5 < base < 5 or foe_spared:
        # As ``_certain``: the dice matter only when two of {foe pays, member pays, nobody} can happen.
        foe_pays = base + 5 > 0 and not foe_spared
        member_pays = base - 5 < 0 and not member_spared
        nobody = base - 5 <= 0 <= base + 5 or (base + 5 > 0 and foe_spared) or (base - 5 < 0 and member_spared)
        if foe_pays + member_pays + nobody == 1:
            if foe_pays:
                pay(fight, foe, 1)
            elif member_pays:
                pay(fight, member, 1)
            return
    lead = base + fight.roll(DUEL, "duel dice (member − opponent)", member)
    if lead > 0:
        if not foe_spared:
            pay(fight, foe, 1)
    elif lead < 0 and not member_spared:
        pay(fight, member, 1)


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant | Side) -> Attack:
    """One duel: combat power (Kampfkraft) = d6 + strength + weapon modifiers; higher wins (seed).

    A grouped opponent adds up the strengths of its standing members against one die (seed: "Mehr
    als ein Gegner"). Silver and any other ``"weapon"`` modifier adds to the combat power of
    either duellist (RULES.md §6.3 "+1 total"). A winner without a magic weapon does not harm a
    ghost or demon: the win is a standoff (RULES.md §6.3); the rule holds both ways, so a rival
    or enemy cannot harm a ghostly member either (reading: the same creature means the same
    everywhere). The dice are rolled only when some face combination can change who pays a life
    (RULES.md §0 "a die whose result cannot matter is not rolled"; ``_certain``); every duel of
    §8 TA-1 to TA-4 is open before the dice, so they roll both.

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
    # Within 4 of each other either side may win; if the member's win harms, the dice matter.
    if not -5 < base < 5 or _harmless(attacker, defender):
        certain = _certain(attacker, defender, base)
        if certain is not None:
            if fight.recording:
                _narrate_certain(fight, attacker, defender, power, against, mine, theirs, certain)
            return certain
    lead = base + fight.roll(DUEL, "duel dice (member − opponent)", attacker)
    if lead == 0:
        if fight.recording:
            _narrate(fight, attacker, defender, power, against, mine, theirs, None, "")
        return Attack(attacker, defender, False, 0)
    winner: Combatant | Side
    loser: Combatant | Side
    if lead > 0:
        winner, loser = attacker, defender
    else:
        winner, loser, lead = defender, attacker, -lead
    spared = _spared(loser)
    harmless = spared is not None and not winner.has_trait("magic_weapon")
    if fight.recording:
        _narrate(fight, attacker, defender, power, against, mine, theirs, winner, spared if harmless and spared else "")
    return Attack(winner, loser, not harmless, lead)


def _harmless(winner: Combatant | Side, loser: Combatant | Side) -> bool:
    """Whether ``winner`` cannot harm ``loser``: a ghost or demon, and no magic weapon (RULES.md §6.3)."""
    return _spared(loser) is not None and not winner.has_trait("magic_weapon")


def _certain(member: Combatant, opponent: Combatant | Side, base: int) -> Attack | None:
    """The duel's result when no face of the two dice can change it, else None (RULES.md §0).

    The dice add −5..+5 to ``base`` (the member's combat power before the dice minus the
    opponent's). What a duel decides is who pays a life: the member's opponent (a member's win
    that harms), the member (an opponent's win that harms), or nobody (a standoff, or a win that
    cannot harm a ghost or demon). The dice matter exactly when two of those can happen.
    """
    results: set[str | None] = set()
    if base + 5 > 0:
        results.add("opponent" if not _harmless(member, opponent) else None)
    if base - 5 < 0:
        results.add("member" if not _harmless(opponent, member) else None)
    if base - 5 <= 0 <= base + 5:
        results.add(None)
    if len(results) != 1:
        return None
    [loser] = results
    if loser == "opponent":
        return Attack(member, opponent, True, base - 5)
    if loser == "member":
        return Attack(opponent, member, True, -base - 5)
    return Attack(member, opponent, False, 0)


def _spared(loser: Combatant | Side) -> str | None:
    """The kind in ``HARMLESS_TO`` that only a magic weapon harms, if the loser is one.

    Asked after every duel that is not a standoff, so a combatant's answer is looked up by its
    traits (fixed by the encounter) rather than searched each time.
    """
    if isinstance(loser, Side):
        return next((kind for kind in HARMLESS_TO if loser.has_trait(kind)), None)
    return _spared_by(loser.spec.traits)


@functools.lru_cache(maxsize=256)
def _spared_by(traits: tuple[str, ...]) -> str | None:
    return next((kind for kind in HARMLESS_TO if kind in traits), None)


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """Losing a duel costs one life, whoever loses (seed)."""
    return LIFE


def _name(who: Combatant | Side) -> str:
    return " + ".join(m.name for m in who.members) if isinstance(who, Side) else who.name


def _power_text(name: str, die: int | None, strength: int, mods: Sequence[Modifier], total: int) -> str:
    rolled = f" 1d6 {die}" if die is not None else ""
    extra = "".join(f" {m.value:+d} {m.reason}" for m in mods)
    return f"{name}{rolled} + strength {strength}{extra} = {total}"


def _narrate(
    fight: Fight,
    member: Combatant,
    opponent: Combatant | Side,
    power: int,
    against: int,
    mine: Sequence[Modifier],
    theirs: Sequence[Modifier],
    winner: Combatant | Side | None,
    spared: str,
) -> None:
    """One sentence per duel: both dice, both combat powers, the winner (RULES.md §3)."""
    faces = fight.roller.last_faces
    own, other = faces if faces is not None and len(faces) == 2 else (None, None)
    if own is not None and other is not None:
        power, against = power + own, against + other
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    strength = sum(f.stats["strength"] for f in foes)
    text = (
        f"{_power_text(member.name, own, member.stats['strength'], mine, power)} against "
        f"{_power_text(_name(opponent), other, strength, theirs, against)}: "
    )
    if winner is None:
        text += "a standoff (Unentschieden), nobody is hurt."
        result = "standoff"
    elif spared:
        loser = opponent if winner is member else member
        text += (
            f"{_name(winner)} wins, but without a magic weapon cannot harm {_name(loser)} ({spared}): "
            "a standoff, nobody is hurt."
        )
        result = "standoff"
    else:
        text += f"{_name(winner)} wins."
        result = "member" if winner is member else "opponent"
    fight.emit(
        "duel",
        text,
        attacker=member.name,
        defender=_name(opponent),
        member_die=own,
        opponent_die=other,
        member_power=power,
        opponent_power=against,
        winner=_name(winner) if winner is not None and not spared else None,
        result=result,
    )


def _narrate_certain(
    fight: Fight,
    member: Combatant,
    opponent: Combatant | Side,
    power: int,
    against: int,
    mine: Sequence[Modifier],
    theirs: Sequence[Modifier],
    attack: Attack,
) -> None:
    """A duel decided before the dice: both combat powers with the range a d6 gives them, and why
    no die is rolled (RULES.md §0)."""
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    strength = sum(f.stats["strength"] for f in foes)
    me, them = member.name, _name(opponent)
    text = (
        f"{_range_text(me, member.stats['strength'], mine, power)} against "
        f"{_range_text(them, strength, theirs, against)}: no dice are rolled, no roll can change the result: "
    )
    if attack.hit:
        winner = attack.attacker
        text += f"{_name(winner)} always wins."
        result = "member" if winner is member else "opponent"
    else:
        text += _standoff_reason(member, opponent, power - against) + ": a standoff, nobody is hurt."
        result = "standoff"
    fight.emit(
        "duel",
        text,
        attacker=me,
        defender=them,
        member_die=None,
        opponent_die=None,
        member_power=power,
        opponent_power=against,
        winner=_name(attack.attacker) if attack.hit else None,
        result=result,
        rolled=False,
    )


def _range_text(name: str, strength: int, mods: Sequence[Modifier], total: int) -> str:
    extra = "".join(f" {m.value:+d} {m.reason}" for m in mods)
    return f"{name} strength {strength}{extra} ({total + 1}–{total + 6} with 1d6)"


def _standoff_reason(member: Combatant, opponent: Combatant | Side, base: int) -> str:
    """Why a duel decided before the dice hurts nobody (see ``_certain``)."""
    me, them = member.name, _name(opponent)
    mine_harmless, theirs_harmless = _harmless(member, opponent), _harmless(opponent, member)
    if mine_harmless and theirs_harmless:
        return (f"neither can harm the other without a magic weapon ({me}: {_spared(member)}, "
                f"{them}: {_spared(opponent)})")
    if mine_harmless:
        return f"{them} never wins, and {me} cannot harm {them} ({_spared(opponent)}) without a magic weapon"
    return f"{me} never wins, and {them} cannot harm {me} ({_spared(member)}) without a magic weapon"
