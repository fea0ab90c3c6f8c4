"""classic's narration: the sentences a narrated fight logs, kept out of the rule modules.

Each function logs one event of a recorded fight (``fight.emit``); the rule modules call them only
when ``fight.recording``, so a silent fight (Monte Carlo, exact analysis) builds no text at all.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import Combatant, Dice, Fight, Modifier, Outcome, Side
from rulebench.rulesets.classic.choices import Fighter
from rulebench.rulesets.classic.info import ORDER

_OUTCOME_TEXT = {
    Outcome.PARTY_WINS: "the enemy is wounded and withdraws: the party wins",
    Outcome.ENEMY_WINS: "the party is wounded and withdraws: the enemy wins",
    Outcome.WITHDRAWN: "three drawn rounds: both sides are exhausted (erschöpft) and withdraw",
    Outcome.PARTY_FLED: "the party has fled",
}


def damage_to_party(fight: Fight, amount: int, fighters: list[Combatant]) -> None:
    """The round's damage starts down the party's line."""
    names = ", ".join(m.name for m in fighters)
    fight.emit("damage", f"damage {amount} to the party, down the line {names}", amount=amount, side="party")


def absorbed_the_rest(fight: Fight, member: Combatant, rw: int, left: int, wounded: bool) -> None:
    """``member``'s RW takes what is left; with nobody wounded yet the round is drawn."""
    stops = "the damage stops" if wounded else "nobody is wounded, the round is drawn"
    fight.emit("absorbed", f"{member.name}'s RW {rw} absorbs the last {left}: {stops}",
               who=member.name, rw=rw, amount=left, left=0)


def point_wounds(fight: Fight, member: Combatant, rw: int, left: int, cursed: bool) -> None:
    """``member``'s RW took its share and the next point wounds him; ``left`` goes on."""
    took = f"'s RW {rw} absorbs {rw}, the next point" if rw else " has RW 0: the first point"
    fight.emit("wound", f"{member.name}{took} is a wound; {left} left",
               who=member.name, rw=rw, absorbed=rw, points=rw + 1, left=left, cursed=cursed)


def wraps_around(fight: Fight, left: int) -> None:
    """The damage passed the last fighter and starts at the front again."""
    fight.emit("wrap", f"past the last fighter with {left} left: back to the front, RW protects again", left=left)


def passes_through(fight: Fight, left: int) -> None:
    """Nobody the enemy can harm is left standing in the line: the rest is lost."""
    fight.emit("lost", f"the blows pass through the ghostly fighters; the last {left} points are lost", amount=left)


def all_fighters_dead(fight: Fight, left: int) -> None:
    """Every fighter is dead: the rest of the damage is lost."""
    fight.emit("lost", f"every fighter is dead; the last {left} points are lost", amount=left)


def stayed_out_takes_two(fight: Fight, member: Combatant) -> None:
    """A member who stayed out takes two wounds once every fighter is dead."""
    fight.emit("note", f"every fighter is dead: {member.name}, who stayed out, takes two wounds", who=member.name)


def potion(fight: Fight, member: Combatant, cause: str) -> None:
    """``member`` drinks a life-saving potion and the second wound is averted."""
    fight.emit("potion", f"{member.name} drinks a life-saving potion: the second wound ({cause}) is averted",
               who=member.name)


def condition(fight: Fight, member: Combatant, wounds: int) -> None:
    """``member``'s condition after a wound: out with one, dead with two."""
    state = "out, unable to act (one wound)" if wounds == 1 else "dead (two wounds)"
    fight.emit("condition", f"{member.name} is {state}", who=member.name, wounds=wounds)


def cursed(fight: Fight, member: Combatant) -> None:
    """``member``'s wound is cursed: rest cannot heal it."""
    fight.emit("cursed", f"{member.name}'s wound is cursed (verfluchter Schaden): rest cannot heal it", who=member.name)


def enemy_wounded(fight: Fight, amount: int, rw: int) -> None:
    """The party's damage beats the group's RW."""
    fight.emit("wound", f"damage {amount} beats the enemy's RW {rw}: the enemy is wounded and withdraws",
               side="enemy", amount=amount, rw=rw, absorbed=rw, points=amount)


def enemy_absorbs(fight: Fight, amount: int, rw: int) -> None:
    """The group's RW takes all of the party's damage: a drawn round."""
    fight.emit("absorbed", f"damage {amount}: the enemy's RW {rw} absorbs it all, the round is drawn",
               side="enemy", amount=amount, rw=rw, left=0)


def flight(fight: Fight, rolled: int | None, forced: bool, count: int, hit: list[Combatant]) -> None:
    """A flight or a forced flight: its d3 (if rolled) and who takes a wound."""
    why = "the tireless enemy forces the party to flee" if forced else "the party flees (Flucht)"
    fight.emit("flight", f"{why}: {_flight_text(rolled, forced, count, hit)}", forced=forced, count=count,
               wounded=[m.name for m in hit])


def _flight_text(rolled: int | None, forced: bool, count: int, hit: list[Combatant]) -> str:
    """The die, how many it calls for, and who is actually wounded: fewer when fewer are left."""
    names = ", ".join(m.name for m in hit)
    if rolled is None:
        return f"no die, {names} is the only one left and takes a wound"
    die = f"d3 {rolled}" if forced else f"d3 {rolled} − 1 = {count}"
    if count == 0:
        return f"{die}: nobody takes a wound"
    first = "the first takes a wound" if count == 1 else f"the first {count} take a wound"
    if len(hit) < count:
        return f"{die}: {first}, and there {'is' if len(hit) == 1 else 'are'} only {len(hit)}: {names}"
    return f"{die}: {first}: {names}"


def flees_unwounded(fight: Fight, member: Combatant) -> None:
    """A member the enemy cannot harm gets away from the flight unwounded."""
    fight.emit("note", f"{member.name} cannot be harmed without a magic weapon: he flees unwounded", who=member.name)


def outcome(fight: Fight, outcome: Outcome) -> None:
    """How the fight ended."""
    fight.emit("outcome", _OUTCOME_TEXT[outcome], outcome=outcome.value)


def robbed(fight: Fight, member: Combatant, line: int) -> None:
    """Robbers take what ``member`` carries on equipment line ``line``."""
    fight.emit("robbed", f"robbers take what {member.name} carries on equipment line {line}, if anything",
               who=member.name, line=line)


def reorder(fight: Fight, order: Sequence[str]) -> None:
    """The party's new marching order."""
    fight.emit("decision", f"the party reorders: {', '.join(order)}", decision=ORDER, order=list(order))


def fighters_modifiers(fight: Fight, fighters: Sequence[Fighter], rolled: int, extra: int, enemy: Side) -> None:
    """The weapon modifiers the party's KS roll does not show (silver +1 vs undead),
    right under that roll: from the rolled sum to the party's total."""
    named = [f"{member.name} {m.value:+d} {m.reason}"
             for member, _, dice in fighters if dice is not None
             for m in fight.modifiers(member, "weapon", enemy)]
    if named:
        fight.emit("modifier", f"{', '.join(named)}: party {rolled} {'+' if extra >= 0 else '−'} {abs(extra)} "
                   f"= {rolled + extra}", value=extra, modifiers=named)


def ks_rolls(fight: Fight, fighters: Sequence[Fighter], extras: Sequence[int],
             faces: Sequence[int] | None, enemy: Side) -> None:
    """Each fighter's KS roll in marching order, his faces read off the party's dice in that order."""
    start = 0
    for (member, mode, dice), extra in zip(fighters, extras):
        if dice is None:
            fight.emit("total", f"{member.name} fights {mode} without a magic weapon: KS 0, no die",
                       who=member.name, mode=mode, ks=0)
            continue
        count = len(dice.dice_sides)
        own = faces[start:start + count] if faces is not None else None
        start += count
        ks = dice.total_of(own) + extra if own is not None else None
        reasons = "".join(f" {m.value:+d} {m.reason}" for m in fight.modifiers(member, "weapon", enemy))
        rolled = " ".join(map(str, own)) if own is not None else "?"
        result = f" = {ks}" if ks is not None else ""
        fight.emit("total", f"{member.name} fights {mode}: KS {dice}{reasons}, rolled {rolled}{result}",
                   who=member.name, mode=mode, dice=str(dice), faces=list(own) if own is not None else None, ks=ks)


def totals(fight: Fight, party_total: int, enemy_total: int, enemy_dice: Dice, verdict: str) -> None:
    """Both sides' totals and what they mean for the round."""
    fight.emit("totals", f"party {party_total} vs enemy {enemy_total} (KS {enemy_dice}): {verdict}",
               party_total=party_total, enemy_total=enemy_total)


def enemy_modifier(fight: Fight, enemy: Combatant, modifier: Modifier) -> None:
    """A modifier on an enemy's weapon, added to the group's KS."""
    fight.emit("modifier", f"{enemy.name}: {modifier.value:+d} {modifier.reason} to the enemy's KS",
               who=enemy.name, value=modifier.value, reason=modifier.reason)
