"""Attack initiative (Angriffsinitiative) and the order of an exchange (RULES.md §4.1 steps 2-4)."""

from __future__ import annotations

from collections.abc import Iterator

from rulebench import Fight, hookimpl
from rulebench.core.fight import Combatant

from rulebench.rulesets.dsa.stats import SKIP_NEXT
from rulebench.rulesets.dsa.subfights import narrate_subfights


@hookimpl
def rulebench_round_start(fight: Fight) -> None:
    """Settle who holds the initiative in each primary pair of this exchange's sub-fights.

    RULES.md §4.1 step 2: a pair that fought before keeps its last holder; a new pair rolls
    1d100 + reaction at the exchange's start, in sub-fight order, the party member first, ties
    reroll both; in exchange 1 a surprising side holds it without a roll (seed: Igor).
    """
    if fight.recording:
        narrate_subfights(fight)
    subfights = fight.vars["subfights"]
    holders = fight.vars["holders"]
    surprise = fight.encounter.effective_surprise() if fight.round == 1 else "none"
    combatants = fight.combatants
    for group in subfights:  # type: ignore[union-attr]
        single, primary = combatants[group[0]], combatants[group[1]]
        if (single.name, primary.name) in holders:
            _narrate_kept(fight, single, primary)
            continue
        if (primary.name, single.name) in holders:
            _narrate_kept(fight, primary, single)
            continue
        member, enemy = (single, primary) if single.side == "party" else (primary, single)
        if surprise == "party":
            holder, other = member, enemy
        elif surprise == "enemy":
            holder, other = enemy, member
        else:
            holder, other = _roll_off(fight, member, enemy)
        if surprise != "none" and fight.recording:
            fight.emit(
                "initiative",
                f"{holder.name} surprises {other.name} and holds the initiative.",
                holder=holder.name,
                other=other.name,
                surprise=True,
            )
        holders = holders | {(holder.name, other.name)}
    fight.vars["holders"] = holders


def _roll_off(fight: Fight, member: Combatant, enemy: Combatant) -> tuple[Combatant, Combatant]:
    """1d100 + reaction each, the party member first; a tie rerolls both."""
    while True:
        ours = fight.die(100, "initiative", member) + member.stats["reaction"]
        theirs = fight.die(100, "initiative", enemy) + enemy.stats["reaction"]
        if ours != theirs:
            break
        if fight.recording:
            fight.emit("initiative", f"Initiative tied at {ours}: both roll again.", tie=ours)
    holder, other = (member, enemy) if ours > theirs else (enemy, member)
    if fight.recording:
        fight.emit(
            "initiative",
            f"Initiative: {member.name} {ours} (reaction {member.stats['reaction']}), "
            f"{enemy.name} {theirs} (reaction {enemy.stats['reaction']}): {holder.name} holds it.",
            holder=holder.name,
            other=other.name,
            totals={member.name: ours, enemy.name: theirs},
        )
    return holder, other


def _narrate_kept(fight: Fight, holder: Combatant, other: Combatant) -> None:
    if fight.recording:
        fight.emit(
            "initiative",
            f"{holder.name} still holds the initiative against {other.name}.",
            holder=holder.name,
            other=other.name,
            kept=True,
        )


@hookimpl
def rulebench_initiative(fight: Fight) -> Iterator[tuple[Combatant, Combatant]]:
    """Each sub-fight in the order of its single: the chain of the primary pair, its holder
    attacking, then the secondaries' free attacks while the single stands (RULES.md §4.1 steps 3-4).

    A secondary who missed a free attack in the last exchange lets this one pass (seed: the time
    of one attack passes).
    """
    combatants = fight.combatants
    for group in fight.vars["subfights"]:
        single, primary = combatants[group[0]], combatants[group[1]]
        if (single.name, primary.name) in fight.vars["holders"]:
            yield single, primary
        else:
            yield primary, single
        for pos in group[2:]:
            if not single.vars["standing"]:
                break
            secondary = combatants[pos]
            if secondary.vars["lost"] == SKIP_NEXT:
                secondary.vars["lost"] = 0
                if fight.recording:
                    fight.emit(
                        "skip",
                        f"{secondary.name} lets an attack's time pass after his miss: no free attack.",
                        who=secondary.name,
                    )
                continue
            yield secondary, single
