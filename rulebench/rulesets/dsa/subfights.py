"""Sub-fights (Teilgefechte), rebuilt at the start of every exchange (RULES.md §4.1 step 1)."""

from __future__ import annotations

from rulebench import Fight
from rulebench.core.fight import Combatant, Side

from rulebench.rulesets.dsa.stats import position


def front_line(fight: Fight, side: Side) -> list[Combatant]:
    """The side's members who fight this exchange, front first.

    Non-fighters neither act nor are targeted while a fighter of theirs stands (RULES.md §0). The
    party stands in damage order, reversed when ambushed from behind (RULES.md §0 "Order"): those
    who take the first blows are the ones the enemy meets first.
    """
    members = side.members
    if side is fight.party and fight.encounter.ambush_from_behind:
        members = members[::-1]
    standing = [c for c in members if c.vars["standing"]]
    fighters = [c for c in standing if c.spec.fighter]
    return fighters or standing


def build_subfights(fight: Fight) -> tuple[tuple[int, ...], ...]:
    """Pair the sides into sub-fights and set each participant's ``foe`` and ``penalty``.

    RULES.md §4.1 step 1: the smaller side (the party if equal) are singles; the i-th single gets
    the i-th of the larger side as his primary; the rest are dealt round the singles from the
    front. With k ≥ 2 attackers every participant's AT, PA and dodge drop by max(0, k − 1 −
    coordination), each by his own coordination (reading: the text lowers "all participants'"
    values "by the participants' coordination").

    Returns:
        The sub-fights in the order of their singles, each as positions in ``fight.combatants``:
        (single, primary, secondaries...). Also stored in ``fight.vars["subfights"]``.
    """
    party = front_line(fight, fight.party)
    enemy = front_line(fight, fight.enemy)
    if not party or not enemy:
        fight.vars["subfights"] = ()
        return ()
    singles, many = (party, enemy) if len(party) <= len(enemy) else (enemy, party)
    count = len(singles)
    groups = [[single, many[i]] for i, single in enumerate(singles)]
    for j, extra in enumerate(many[count:]):
        groups[j % count].append(extra)
    subfights = []
    for single, *attackers in groups:
        k = len(attackers)
        single.vars["foe"] = attackers[0].name
        for attacker in attackers:
            attacker.vars["foe"] = single.name
        if k >= 2:
            for c in (single, *attackers):
                c.vars["penalty"] = max(0, k - 1 - c.stats["coordination"])
        subfights.append(tuple(position(fight, c) for c in (single, *attackers)))
        if fight.recording:
            _narrate(fight, single, attackers)
    result = tuple(subfights)
    fight.vars["subfights"] = result
    return result


def _narrate(fight: Fight, single: Combatant, attackers: list[Combatant]) -> None:
    primary, *secondaries = attackers
    if not secondaries:
        fight.emit(
            "subfight",
            f"{single.name} fights {primary.name} man against man.",
            single=single.name,
            primary=primary.name,
            secondaries=[],
            penalties={},
        )
        return
    others = ", ".join(c.name for c in secondaries)
    penalties = {c.name: c.vars["penalty"] for c in (single, *attackers)}
    lowered = ", ".join(f"{name} −{p}" for name, p in penalties.items())
    fight.emit(
        "subfight",
        f"{single.name} stands alone against {primary.name} (primary) and {others} (free attacks); "
        f"coordination penalty to AT, PA and dodge: {lowered}.",
        single=single.name,
        primary=primary.name,
        secondaries=[c.name for c in secondaries],
        penalties=penalties,
    )
