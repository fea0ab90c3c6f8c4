"""The attack/parry chain of a primary pair (docs/rules/dsa.md; seed: "und so weiter")."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import rulebench.rulesets.dsa.narration as say
from rulebench import Attack, Combatant, Done, Fight, hookimpl
from rulebench.rulesets.dsa.free_attacks import free_attack
from rulebench.rulesets.dsa.hits import struck
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
    recording = fight.recording
    at = attack_value(holder)
    defence, word = defence_value(other)
    if at < 1:
        if recording:
            say.cannot_attack(fight, holder, other, at)
        result: Hashable = "miss"
    else:
        label = say.label(say.ATTACK_PARRY) if recording else say.ATTACK_PARRY
        step = _step(fight, holder, other, at, defence, word)
        result = fight.chain(("attack", at, False), 20, step, label, ("dsa chain", at, defence))
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
    holder's next attack. Each attack is told with the parry against it once that is rolled."""
    attack = {"step": 1, "cap": at, "roll": 0}  # the attack awaiting its parry, for its event; the chain never reads it

    def step(state: Any, face: int) -> Hashable:  # state: (kind, cap, renewed), as the chain starts it
        kind: str
        cap: int
        renewed: bool
        kind, cap, renewed = state
        if kind == "attack":
            if face > cap:
                if fight.recording:
                    say.attack_missed(fight, holder, other, attack["step"], cap, at, face)
                return MISS
            parry_cap = face if face < defence else defence
            if parry_cap < 1:
                if fight.recording:
                    say.attack_and_parry(fight, holder, other, attack["step"], cap, at, face, parry_cap, defence, word,
                                         None)
                return HIT
            attack["cap"], attack["roll"] = cap, face
            return ("parry", parry_cap, renewed)
        if fight.recording:
            say.attack_and_parry(fight, holder, other, attack["step"], attack["cap"], at, attack["roll"], cap, defence,
                                 word, face)
        attack["step"] += 1
        return ("attack", face, True) if face <= cap else HIT

    return step
