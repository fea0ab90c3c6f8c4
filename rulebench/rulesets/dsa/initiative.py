"""Attack initiative (Angriffsinitiative) and the order of an exchange (docs/rules/dsa.md)."""

from __future__ import annotations

import functools
from collections.abc import Hashable

from rulebench import Combatant, Done, Fight, hookimpl
from rulebench.rulesets.dsa.narration import INITIATIVE
from rulebench.rulesets.dsa.subfights import report_subfights


@hookimpl
def rulebench_round_start(fight: Fight) -> None:
    """Settle who holds the initiative in each primary pair of this exchange's sub-fights.

    docs/rules/dsa.md: a pair that fought before keeps its last holder; a new pair rolls
    1d100 + reaction at the exchange's start, in sub-fight order, the party member first, ties
    reroll both; in exchange 1 a surprising side holds it without a roll (seed: Igor).
    """
    subfights: tuple[tuple[int, ...], ...] = fight.vars["subfights"]
    combatants = fight.combatants
    report_subfights(fight)
    holders: frozenset[tuple[str, str]] = fight.vars["holders"]
    surprise = fight.encounter.effective_surprise() if fight.round == 1 else "none"
    for group in subfights:
        single, primary = combatants[group[0]], combatants[group[1]]
        if (single.name, primary.name) in holders:
            fight.emit("initiative", holder=single, other=primary, kept=True)
            continue
        if (primary.name, single.name) in holders:
            fight.emit("initiative", holder=primary, other=single, kept=True)
            continue
        member, enemy = (single, primary) if single.side == "party" else (primary, single)
        if surprise == "party":
            holder, other = member, enemy
        elif surprise == "enemy":
            holder, other = enemy, member
        else:
            holder, other = _roll_off(fight, member, enemy)
        if surprise != "none":
            fight.emit("initiative", holder=holder, other=other, surprise=True)
        holders = holders | {(holder.name, other.name)}
    fight.vars["holders"] = holders


def _roll_off(fight: Fight, member: Combatant, enemy: Combatant) -> tuple[Combatant, Combatant]:
    """1d100 + reaction each, the party member first; a tie rerolls both.

    The rerolls can repeat without bound, so the roll-off is a ``fight.chain`` of d100s whose
    state is who rolls next (and the member's die once rolled); only the reaction difference
    shapes it, which is its key.
    """
    ours_bonus, theirs_bonus = member.stats["reaction"], enemy.stats["reaction"]
    totals = [0, 0]  # the last totals rolled, for the report only; the roll-off never reads them

    def step(state: Hashable, face: int) -> Hashable:
        if state is None:
            return face
        ours, theirs = state + ours_bonus, face + theirs_bonus
        totals[0], totals[1] = ours, theirs
        if ours == theirs:
            fight.emit("initiative", tie=ours)
            return None
        return Done(ours > theirs)

    member_holds = fight.chain(None, 100, step, INITIATIVE, ("dsa initiative", ours_bonus - theirs_bonus))
    holder, other = (member, enemy) if member_holds else (enemy, member)
    fight.emit("initiative", holder=holder, other=other, totals={member.name: totals[0], enemy.name: totals[1]},
               member=member, enemy=enemy, member_reaction=ours_bonus, enemy_reaction=theirs_bonus)
    return holder, other


@hookimpl
def rulebench_initiative(fight: Fight) -> tuple[tuple[str, int, int], ...]:
    """Each sub-fight in the order of its single: its chain, then its secondaries' free attacks.

    docs/rules/dsa.md. The turns are tokens, resolved when they come (``rulebench_turn``):
    ``("chain", single, primary)`` and ``("free", secondary, single)``, positions in
    ``fight.combatants``.
    """
    return exchange_turns(fight.vars["subfights"])


@functools.lru_cache(maxsize=1024)
def exchange_turns(subfights: tuple[tuple[int, ...], ...]) -> tuple[tuple[str, int, int], ...]:
    """The turns of an exchange with these sub-fights; they change only when someone falls, so
    each layout's turns are worked out once (a pure function of the layout, remembered)."""
    turns: list[tuple[str, int, int]] = []
    for single, primary, *secondaries in subfights:
        turns.append(("chain", single, primary))
        turns.extend(("free", secondary, single) for secondary in secondaries)
    return tuple(turns)


@hookimpl
def rulebench_turn(fight: Fight, turn: tuple[str, int, int]) -> tuple[Combatant, Combatant] | None:
    """Who acts in a turn: the pair's holder against the other; a secondary against his single.

    A free attack needs the single standing (docs/rules/dsa.md); a secondary who missed a free
    attack lets this one pass (seed: the time of one attack passes): his next free attack, however
    many exchanges later it comes, as primary of a single or facing a rebuilt sub-fight in between.
    """
    kind, first, second = turn
    combatants = fight.combatants
    if kind == "chain":
        single, primary = combatants[first], combatants[second]
        if (single.name, primary.name) in fight.vars["holders"]:
            return single, primary
        return primary, single
    secondary, single = combatants[first], combatants[second]
    if not single.vars["standing"]:
        return None
    if secondary.vars["lost"]:
        secondary.vars["lost"] = False
        fight.emit("skip", who=secondary)
        return None
    return secondary, single

