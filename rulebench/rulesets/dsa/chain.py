"""The attack/parry chain of a primary pair (docs/rules/dsa.md; seed: "und so weiter")."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from rulebench import Attack, Combatant, Done, Fight, hookimpl
from rulebench.rulesets.dsa.free_attacks import free_attack
from rulebench.rulesets.dsa.hits import struck
from rulebench.rulesets.dsa.narration import ATTACK_PARRY
from rulebench.rulesets.dsa.stats import attack_value, defence_value


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant) -> Attack:
    """The chain when the two are each other's foes (a primary pair), else a free attack."""
    if attacker.vars["foe"] == defender.name and defender.vars["foe"] == attacker.name:
        if not chain_hits(fight, attacker, defender):
            return Attack(attacker, defender, False, 0, {"chain": True})
        return struck(fight, attacker, defender, {"chain": True})
    return free_attack(fight, attacker, defender)


def chain_hits(fight: Fight, holder: Combatant, other: Combatant) -> bool:
    """Play one chain: the holder attacks, the other parries, each success capping the next roll;
    whether it ends in a hit (on a miss the initiative passes).

    docs/rules/dsa.md: the first attack's cap is AT; d20 above the cap misses and the initiative
    passes. A parry's cap is min(attack roll, defence); d20 above it is a hit and the holder keeps
    the initiative. A successful parry lets the holder attack again with the parry roll as cap.
    The chain has no length limit (a run of 1s goes on), so it is played through ``fight.chain``:
    die by die here, as an exact absorbing chain in exact analysis. Its state is
    (``"attack"`` or ``"parry"``, cap, renewed); a cap below 1 cannot be met, so no die is rolled
    for it (docs/rules/dsa.md).
    """
    at = attack_value(holder)
    defence, word = defence_value(other)
    if at < 1:
        fight.emit("attack", who=holder, against=other, cap=at, value=at, roll=None, success=False, step=1, free=False)
        result: Hashable = "miss"
    else:
        step = _step(fight, holder, other, at, defence, word)
        result = fight.chain(("attack", at, False), 20, step, ATTACK_PARRY, ("dsa chain", at, defence))
    if result == "miss":
        # The holder lost the initiative against this opponent (seed: "so wechselt die
        # Angriffsinitiative").
        holders = fight.vars["holders"]
        fight.vars["holders"] = (holders - {(holder.name, other.name)}) | {(other.name, holder.name)}
        return False
    return True


MISS = Done("miss")
HIT = Done("hit")

Step = Callable[[Hashable, int], Hashable]
"""A chain's step, as ``Fight.chain`` takes it: the state and the die's face in, the next state or
``Done(result)`` out."""


def _step(fight: Fight, holder: Combatant, other: Combatant, at: int, defence: int, word: str) -> Step:
    """The chain's step: an attack over its cap misses; one at or under it is parried at
    min(roll, defence) (no die below 1: a hit); a parry over its cap is a hit, one made caps the
    holder's next attack. Each attack is reported with the parry against it once that is rolled."""
    attack = [1, at, 0]  # the attack awaiting its parry (its number in the chain, cap, roll): the chain never reads it

    def step(state: Any, face: int) -> Hashable:  # state: (kind, cap, renewed), as the chain starts it
        kind: str
        cap: int
        renewed: bool
        kind, cap, renewed = state
        if kind == "attack":
            if face > cap:
                fight.emit("attack", who=holder, against=other, cap=cap, value=at, roll=face, success=False,
                           step=attack[0], free=False)
                return MISS
            parry_cap = face if face < defence else defence
            if parry_cap < 1:
                _parried(fight, holder, other, attack[0], cap, at, face, parry_cap, defence, word, None)
                return HIT
            attack[1], attack[2] = cap, face
            return ("parry", parry_cap, renewed)
        _parried(fight, holder, other, attack[0], attack[1], at, attack[2], cap, defence, word, face)
        attack[0] += 1
        return ("attack", face, True) if face <= cap else HIT

    return step


def _parried(fight: Fight, holder: Combatant, other: Combatant, number: int, cap: int, at: int, roll: int,
             parry_cap: int, defence: int, word: str, parry: int | None) -> None:
    """Report a landed attack and the parry against it (``parry``: its die, None when its cap is
    below 1 and none is rolled)."""
    parried = parry is not None and parry <= parry_cap
    fight.emit("attack", who=holder, against=other, cap=cap, value=at, roll=roll, success=True, step=number,
               free=False, parry_cap=parry_cap, defence=defence, defence_name=word, parry_roll=parry)
    fight.emit("parry", who=other, against=holder, cap=parry_cap, value=defence, roll=parry, success=parried,
               attack_roll=roll, defence_name=word, free=False)
