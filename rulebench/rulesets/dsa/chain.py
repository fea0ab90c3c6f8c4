"""The attack/parry chain of a primary pair (docs/rules/dsa.md; seed: "und so weiter")."""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any

from rulebench import Attack, Combatant, Done, Fight, hookimpl
from rulebench.rulesets.dsa.free_attacks import free_attack, free_attack_lands
from rulebench.rulesets.dsa.hits import harmless, roll_damage, struck, take_damage
from rulebench.rulesets.dsa.stats import attack_value, defence_value


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant) -> Attack:
    """The chain when the two are each other's foes (a primary pair), else a free attack."""
    if attacker.vars["foe"] == defender.name and defender.vars["foe"] == attacker.name:
        if not chain_hits(fight, attacker, defender):
            return Attack(attacker, defender, False, 0, {"chain": True})
        return struck(fight, attacker, defender, {"chain": True})
    return free_attack(fight, attacker, defender)


def attack_at_once(fight: Fight, attacker: Combatant, defender: Combatant) -> None:
    """One turn's attack through to its wounds, when nobody records.

    The Monte Carlo path, taken when dsa's own attack, damage and wounds hooks are the only ones
    (``initiative.rulebench_turn`` checks): the same dice in the same order and the same state as
    the hooks, without building an ``Attack`` with its detail per attack and three hook calls.
    """
    if attacker.vars["foe"] == defender.name and defender.vars["foe"] == attacker.name:
        if not chain_hits(fight, attacker, defender):
            return
    elif not free_attack_lands(fight, attacker, defender):
        return
    if not harmless(attacker, defender):
        take_damage(fight, defender, roll_damage(fight, attacker, defender))


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
    step = _narrated_step(fight, holder, other, at, defence, word) if recording else _quiet_step(defence)
    if at < 1:
        if recording:
            _narrate_attack(fight, holder, other, 1, at, at, None, False)
        result: Hashable = "miss"
    else:
        result = fight.chain(("attack", at, False), 20, step, "attack/parry", ("dsa chain", at, defence))
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


@functools.lru_cache(maxsize=256)
def _quiet_step(defence: int) -> Step:
    """The chain's step against ``defence`` when nobody records: built once per defence value.

    The same states and results as ``_narrated_step``: (``"attack"`` or ``"parry"``, cap, renewed).
    """

    def step(state: Any, face: int) -> Hashable:  # state: (kind, cap, renewed), as the chain starts it
        kind: str
        cap: int
        renewed: bool
        kind, cap, renewed = state
        if kind == "attack":
            if face > cap:
                return MISS
            parry_cap = face if face < defence else defence
            return HIT if parry_cap < 1 else ("parry", parry_cap, renewed)
        return ("attack", face, True) if face <= cap else HIT

    return step


def _narrated_step(fight: Fight, holder: Combatant, other: Combatant, at: int, defence: int, word: str) -> Step:
    """The chain's step for a narrated fight: each attack and parry told as it is rolled."""
    narration = {"step": 1, "roll": 0}  # what the sentences need; the chain's course never reads it

    def step(state: Any, face: int) -> Hashable:  # state: (kind, cap, renewed), as the chain starts it
        kind: str
        cap: int
        renewed: bool
        kind, cap, renewed = state
        if kind == "attack":
            _narrate_attack(fight, holder, other, narration["step"], cap, at, face, face <= cap)
            narration["roll"] = face
            if face > cap:
                return MISS
            parry_cap = min(face, defence)
            if parry_cap < 1:
                _narrate_parry(fight, other, holder, parry_cap, defence, word, face, None, False)
                return HIT
            return ("parry", parry_cap, renewed)
        _narrate_parry(fight, other, holder, cap, defence, word, narration["roll"], face, face <= cap)
        narration["step"] += 1
        return ("attack", face, True) if face <= cap else HIT

    return step


def _narrate_attack(
    fight: Fight, holder: Combatant, other: Combatant, step: int, cap: int, at: int, roll: int | None, success: bool
) -> None:
    source = f"AT {at}" if step == 1 else "the parry roll"
    again = "" if step == 1 else " again"
    if roll is None:
        text = f"{holder.name} cannot attack {other.name}{again}: cap {cap} ({source}); the initiative passes to {other.name}."
    elif success:
        text = f"{holder.name} attacks {other.name}{again}: d20 {roll} ≤ cap {cap} ({source})."
    else:
        text = (
            f"{holder.name} misses {other.name} at cap {cap} ({source}) with d20 {roll}; "
            f"the initiative passes to {other.name}."
        )
    fight.emit(
        "attack",
        text,
        who=holder.name,
        against=other.name,
        cap=cap,
        value=at,
        roll=roll,
        success=success,
        step=step,
        free=False,
    )


def _narrate_parry(
    fight: Fight,
    defender: Combatant,
    attacker: Combatant,
    cap: int,
    defence: int,
    word: str,
    attack_roll: int,
    roll: int | None,
    success: bool,
) -> None:
    why = f"cap {cap} = min(attack roll {attack_roll}, {word} {defence})"
    if roll is None:
        text = f"{defender.name} cannot parry: {why}."
    elif success:
        text = f"{defender.name} parries ({word}): d20 {roll} ≤ {why}."
    else:
        text = f"{defender.name} fails to parry ({word}): d20 {roll} > {why}."
    fight.emit(
        "parry",
        text,
        who=defender.name,
        against=attacker.name,
        cap=cap,
        value=defence,
        roll=roll,
        success=success,
    )
