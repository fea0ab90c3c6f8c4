"""Who acts when and whom he strikes (RULES.md §5 steps 1–2, §0 "Order").

The order is known at setup (speed never changes), so ``rulebench_initiative`` returns it as a
tuple of turns (each the acting combatant's position in ``fight.combatants``); ``rulebench_turn``
skips the fallen and picks the target when the turn comes, against the fight as it stands then.
Exact analysis can then merge equal states after every blow (``core/hookspecs.py``).
"""

from __future__ import annotations

from rulebench import Combatant, Fight, hookimpl
from rulebench.rulesets.endurance.state import ABSENT, BLEEDING, STANDING

PARTY = "party"


def front_order(fight: Fight, attacker: Combatant) -> list[Combatant]:
    """The attacker's opponents front first: the party in damage order, reversed by an ambush from
    behind (§0 "Order"); enemies in list order."""
    if attacker.side == PARTY:
        return fight.enemy.members
    members = fight.party.members
    return members[::-1] if fight.encounter.ambush_from_behind else members


def turn_orders(fight: Fight) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The turn order of round 1 and of every later round, as positions in ``fight.combatants``: speed
    high first, ties party first then list order; in round 1 a surprising side first (§5 step 1).

    Everyone engaged is in it for the whole fight; a turn whose combatant has fallen or is still
    sheltered is skipped when it comes, so a non-fighter released in mid-round acts at his turn.
    """
    surprise = fight.encounter.effective_surprise()
    engaged = [i for i, c in enumerate(fight.combatants) if c.vars["status"] != ABSENT]

    def order(first: str) -> tuple[int, ...]:
        def rank(i: int) -> tuple[bool, int, bool, int]:
            c = fight.combatants[i]
            return (c.side != first, -c.stats["speed"], c.side != PARTY, i)

        return tuple(sorted(engaged, key=rank))

    return order(surprise), order("none")


def choose_target(fight: Fight, attacker: Combatant) -> Combatant | None:
    """The opponent ``attacker`` strikes now, or None when no opponent stands.

    By default the front-most standing one (RULES.md §5 step 2). The ``target`` decision, asked only
    when there is a choice, offers the standing opponents front first, then the bleeding ones:
    striking the fallen is how "a wound while bleeding kills" (§5 step 3) comes about.
    """
    opponents = front_order(fight, attacker)
    if fight.default_tactics:
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
    """The round's turns: everyone engaged in turn order (``turn_orders``), fixed at setup."""
    first, later = fight.vars["turns"]  # type: ignore[misc]
    return first if fight.round == 1 else later  # type: ignore[no-any-return]


@hookimpl
def rulebench_turn(fight: Fight, turn: int) -> tuple[Combatant, Combatant] | None:
    """The combatant whose turn it is strikes the target he picks now; nothing if he has fallen, is
    still sheltered, or no opponent stands."""
    attacker = fight.combatants[turn]
    if attacker.vars["status"] != STANDING:
        return None
    target = choose_target(fight, attacker)
    return None if target is None else (attacker, target)
