"""talisman's wording: the sentences a narrated fight tells, kept out of the rule modules.

Called only while a fight records (``fight.recording``), so sampling never builds them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import Attack, Combatant, Fight, Modifier, Side
from rulebench.rulesets.talisman.stats import is_character
from rulebench.rulesets.talisman.traits import harmless, spared


def name_of(who: Combatant | Side) -> str:
    """A combatant's name, or a grouped side's names joined with " + "."""
    return " + ".join(m.name for m in who.members) if isinstance(who, Side) else who.name


def _power_text(name: str, die: int | None, strength: int, mods: Sequence[Modifier], total: int) -> str:
    rolled = f" 1d6 {die}" if die is not None else ""
    extra = "".join(f" {m.value:+d} {m.reason}" for m in mods)
    return f"{name}{rolled} + strength {strength}{extra} = {total}"


def narrate_duel(
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
    """One sentence per duel: both dice, both combat powers, the winner (docs/rules/talisman.md)."""
    faces = fight.roller.last_faces
    own, other = faces if faces is not None and len(faces) == 2 else (None, None)
    if own is not None and other is not None:
        power, against = power + own, against + other
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    strength = sum(f.stats["strength"] for f in foes)
    text = (
        f"{_power_text(member.name, own, member.stats['strength'], mine, power)} against "
        f"{_power_text(name_of(opponent), other, strength, theirs, against)}: "
    )
    if winner is None:
        text += "a standoff (Unentschieden), nobody is hurt."
        result = "standoff"
    elif spared:
        loser = opponent if winner is member else member
        text += (
            f"{name_of(winner)} wins, but without a magic weapon cannot harm {name_of(loser)} ({spared}): "
            "a standoff, nobody is hurt."
        )
        result = "standoff"
    else:
        text += f"{name_of(winner)} wins."
        result = "member" if winner is member else "opponent"
    fight.emit(
        "duel",
        text,
        attacker=member.name,
        defender=name_of(opponent),
        member_die=own,
        opponent_die=other,
        member_power=power,
        opponent_power=against,
        winner=name_of(winner) if winner is not None and not spared else None,
        result=result,
    )


def narrate_certain(
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
    no die is rolled (docs/rules/talisman.md)."""
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    strength = sum(f.stats["strength"] for f in foes)
    me, them = member.name, name_of(opponent)
    text = (
        f"{_range_text(me, member.stats['strength'], mine, power)} against "
        f"{_range_text(them, strength, theirs, against)}: no dice are rolled, no roll can change the result: "
    )
    if attack.hit:
        winner = attack.attacker
        text += f"{name_of(winner)} always wins."
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
        winner=name_of(attack.attacker) if attack.hit else None,
        result=result,
        rolled=False,
    )


def _range_text(name: str, strength: int, mods: Sequence[Modifier], total: int) -> str:
    extra = "".join(f" {m.value:+d} {m.reason}" for m in mods)
    return f"{name} strength {strength}{extra} ({total + 1}–{total + 6} with 1d6)"


def _standoff_reason(member: Combatant, opponent: Combatant | Side, base: int) -> str:
    """Why a duel decided before the dice hurts nobody (see ``_certain``)."""
    me, them = member.name, name_of(opponent)
    mine_harmless, theirs_harmless = harmless(member, opponent), harmless(opponent, member)
    if mine_harmless and theirs_harmless:
        return (f"neither can harm the other without a magic weapon ({me}: {spared(member)}, "
                f"{them}: {spared(opponent)})")
    if mine_harmless:
        return f"{them} never wins, and {me} cannot harm {them} ({spared(opponent)}) without a magic weapon"
    return f"{me} never wins, and {them} cannot harm {me} ({spared(member)}) without a magic weapon"


def narrate_life(fight: Fight, combatant: Combatant, left: int) -> None:
    """A life given up: how many are left, or dead (a character) or defeated (a creature)."""
    full = combatant.stats["lives"]
    if left > 0:
        text = f"{combatant.name} gives up a life: {left} of {full} left."
        fight.emit("wound", text, who=combatant.name, lives=left, max_lives=full)
    elif is_character(fight, combatant):
        text = f"{combatant.name} gives up a life and has none left: dead."
        fight.emit("condition", text, who=combatant.name, lives=0, max_lives=full, condition="dead")
    else:
        lost = "its last life" if full > 1 else "its life"
        text = f"{combatant.name} loses {lost} and is defeated (besiegt)."
        fight.emit("condition", text, who=combatant.name, lives=0, max_lives=full, condition="defeated")
