"""Who acts when and whom he strikes (RULES.md §5 steps 1–2, §0 "Order")."""

from __future__ import annotations

from collections.abc import Iterator

from rulebench import Combatant, Fight, Side, hookimpl
from rulebench.rulesets.endurance.stats import BLEEDING, SHELTERED, STANDING
from rulebench.rulesets.endurance.tactics import only_defaults

PARTY = "party"


def front_order(fight: Fight, side: Side) -> list[Combatant]:
    """A side front first: the party in damage order, reversed by an ambush from behind (§0 "Order")."""
    if side.name == PARTY and fight.encounter.ambush_from_behind:
        return side.members[::-1]
    return side.members


def turn_order(fight: Fight) -> list[Combatant]:
    """Speed high first, ties party first then list order; in round 1 a surprising side first (§5 step 1).

    Sheltered non-fighters keep their place: released in mid-round, they act at their turn.
    """
    surprise = fight.encounter.effective_surprise() if fight.round == 1 else "none"
    return sorted(
        (c for c in fight.combatants if c.vars["status"] == STANDING or c.vars["status"] == SHELTERED),
        key=lambda c: (c.side != surprise, -c.stats["speed"], c.side != PARTY, c.index),
    )


def choose_target(fight: Fight, attacker: Combatant) -> Combatant | None:
    """The opponent ``attacker`` strikes now, or None when no opponent stands.

    By default the front-most standing one (RULES.md §5 step 2). The ``target`` decision, asked only
    when there is a choice, offers the standing opponents front first, then the bleeding ones:
    striking the fallen is how "a wound while bleeding kills" (§5 step 3) comes about.
    """
    standing: list[Combatant] = []
    bleeding: list[Combatant] = []
    for c in front_order(fight, fight.opponents_of(attacker)):
        status = c.vars["status"]
        if status == STANDING:
            standing.append(c)
        elif status == BLEEDING:
            bleeding.append(c)
    if not standing:
        return None
    if (len(standing) == 1 and not bleeding) or only_defaults(fight):
        return standing[0]
    options = standing + bleeding
    name = fight.decide("target", attacker, options=tuple([c.name for c in options]))
    return next(c for c in options if c.name == name)


@hookimpl
def rulebench_initiative(fight: Fight) -> Iterator[tuple[Combatant, Combatant]]:
    """Everyone standing acts once in turn order, each against the target he picks at his turn."""
    for attacker in turn_order(fight):
        if attacker.vars["status"] != STANDING:  # fallen this round, or still sheltered
            continue
        target = choose_target(fight, attacker)
        if target is None:  # nobody stands on the other side, so nobody after him has anyone to strike
            return
        yield attacker, target
