"""Who acts when and whom he strikes (docs/rules/endurance.md, "Turn order").

The order is known at setup (speed never changes), so ``rulebench_initiative`` returns it as a
tuple of turns (each the acting combatant's position in ``fight.combatants``); ``rulebench_turn``
skips the fallen and picks the target when the turn comes, against the fight as it stands then.
Exact analysis can then merge equal states after every blow (``core/hookspecs.py``).
"""

from __future__ import annotations

from rulebench import PARTY, Combatant, Fight, hookimpl
from rulebench.rulesets.endurance.state import BLEEDING, SHELTERED, STANDING

ACTING = (STANDING, SHELTERED)
"""Who may still act: the standing, and the sheltered who may yet step up."""


def choose_target(fight: Fight, attacker: Combatant) -> Combatant | None:
    """The opponent ``attacker`` strikes now, or None when no opponent stands.

    The opponents front first: for the enemy the party in damage order, reversed by an ambush from
    behind; for the party the enemies in list order. By default the front-most standing one is struck
    (docs/rules/endurance.md, "The attack"). The ``target`` decision, asked only when there is a
    choice, offers the standing opponents front first, then the bleeding ones:
    striking the fallen is how "a wound while bleeding kills" (docs/rules/endurance.md) comes about.
    """
    if attacker.side == PARTY:
        opponents = fight.enemy.members
    else:
        members = fight.party.members
        opponents = members[::-1] if fight.encounter.ambush_from_behind else members
    if fight.default_tactics:  # the answer the default tactics give, without building the decision
        for c in opponents:
            if c.vars["status"] == STANDING:
                return c
        return None
    standing = [c for c in opponents if c.vars["status"] == STANDING]
    if not standing:
        return None
    options = standing + [c for c in opponents if c.vars["status"] == BLEEDING]
    if len(options) == 1:
        return standing[0]
    name = fight.decide("target", attacker, options=tuple([c.name for c in options]))
    return next(c for c in options if c.name == name)


@hookimpl
def rulebench_initiative(fight: Fight) -> tuple[int, ...]:
    """The round's turns: everyone engaged who is still up, in turn order (``stats.turn_orders``, fixed
    at setup).

    The fallen never act again, so they get no turn; the sheltered keep theirs, since a non-fighter
    steps up in the very round the last fighter of his side falls and acts at his turn (docs/rules/endurance.md).
    """
    turns: tuple[tuple[int, ...], tuple[int, ...]] = fight.vars["turns"]
    order = turns[0] if fight.round == 1 else turns[1]
    combatants = fight.combatants
    return tuple([i for i in order if combatants[i].vars["status"] in ACTING])


@hookimpl
def rulebench_turn(fight: Fight, turn: int) -> tuple[Combatant, Combatant] | None:
    """The combatant whose turn it is strikes the target he picks now; nothing if he has fallen, is
    still sheltered, or no opponent stands; the kernel plays the blow through the attack, damage
    and wounds hooks (``strike``).
    """
    attacker = fight.combatants[turn]
    if attacker.vars["status"] != STANDING:
        return None
    target = choose_target(fight, attacker)
    if target is None:
        return None
    return attacker, target
