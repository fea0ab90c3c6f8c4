"""Sub-fights (Teilgefechte): who fights whom in an exchange (docs/rules/dsa.md)."""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import Fight, Side

_NO_PENALTIES: dict[str, int] = {}
"""A man-against-man sub-fight's coordination penalties: none (reported as they are, never changed)."""


def anyone_stands(side: Side) -> bool:
    """Whether anyone of ``side`` still stands: a side nobody stands for has lost (docs/rules/dsa.md)."""
    # A loop rather than any() over a generator: asked after every exchange played turn by turn.
    for c in side.members:  # noqa: SIM110
        if c.vars["standing"]:
            return True
    return False


def front_line(fight: Fight, positions: Sequence[int]) -> list[int]:
    """Who of ``positions`` (one side, front first) fights now, as positions in ``fight.combatants``.

    Non-fighters neither act nor are targeted while a fighter of theirs stands (docs/rules/dsa.md).
    """
    combatants = fight.combatants
    standing = [i for i in positions if combatants[i].vars["standing"]]
    fighters = [i for i in standing if combatants[i].spec.fighter]
    return fighters or standing


def build_subfights(fight: Fight) -> tuple[tuple[int, ...], ...]:
    """Pair the sides into sub-fights and set each combatant's ``foe`` and ``penalty``.

    docs/rules/dsa.md: the smaller side (the party if equal) are singles; the i-th single gets
    the i-th of the larger side as his primary; the rest are dealt round the singles from the
    front. With k ≥ 2 attackers every participant's AT, PA and dodge drop by max(0, k − 1 −
    coordination), each by his own coordination (reading: the text lowers "all participants'"
    values "by the participants' coordination"). The party stands in damage order, reversed when
    ambushed from behind (docs/rules/dsa.md, "Sub-fights (Teilgefechte)"): those who take the first
    blows meet the enemy first.

    The sub-fights depend only on who stands, so they are rebuilt when someone has fallen
    (docs/rules/dsa.md rebuilds them each exchange; an unchanged line gives the same sub-fights).

    Returns:
        The sub-fights in the order of their singles, each as positions in ``fight.combatants``:
        (single, primary, secondaries...). Also stored in ``fight.vars["subfights"]``.
    """
    combatants = fight.combatants
    size = len(fight.party.members)
    order = range(size - 1, -1, -1) if fight.encounter.ambush_from_behind else range(size)
    party = front_line(fight, order)
    enemy = front_line(fight, range(size, len(combatants)))
    for c in combatants:
        c.vars["foe"] = ""
        c.vars["penalty"] = 0
    if not party or not enemy:
        fight.vars["subfights"] = ()
        return ()
    singles, many = (party, enemy) if len(party) <= len(enemy) else (enemy, party)
    count = len(singles)
    groups = [[single, many[i]] for i, single in enumerate(singles)]
    for j, extra in enumerate(many[count:]):
        groups[j % count].append(extra)
    for single, *attackers in groups:
        combatants[single].vars["foe"] = combatants[attackers[0]].name
        name = combatants[single].name
        for attacker in attackers:
            combatants[attacker].vars["foe"] = name
        k = len(attackers)
        if k >= 2:
            for i in (single, *attackers):
                c = combatants[i]
                c.vars["penalty"] = max(0, k - 1 - c.stats["coordination"])
    result = tuple(tuple(group) for group in groups)
    fight.vars["subfights"] = result
    return result


def report_subfights(fight: Fight, for_flight: bool = False) -> None:
    """One ``subfight`` event per sub-fight as they stand: who faces whom, and the penalties.

    At an exchange's start; and, ``for_flight``, when the party flees after an exchange in which
    someone fell: the sub-fights are rebuilt then, as after every fall, and each fleeing member's
    pursuer is his opponent in them (docs/rules/dsa.md, "End of the exchange").
    """
    combatants = fight.combatants
    for group in fight.vars["subfights"]:
        single, primary = combatants[group[0]], combatants[group[1]]
        if len(group) == 2:
            fight.emit("subfight", single=single, primary=primary, secondaries=(), penalties=_NO_PENALTIES,
                       flight=for_flight)
            continue
        secondaries = tuple([combatants[i] for i in group[2:]])
        penalties = {c.name: c.vars["penalty"] for c in (single, primary, *secondaries)}
        fight.emit("subfight", single=single, primary=primary, secondaries=secondaries, penalties=penalties,
                   flight=for_flight)
