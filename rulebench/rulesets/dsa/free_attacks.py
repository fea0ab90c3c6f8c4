"""Free attacks (freie Attacken) of the secondaries on a single (docs/rules/dsa.md)."""

from __future__ import annotations

import rulebench.rulesets.dsa.narration as say
from rulebench import Attack, Combatant, Fight
from rulebench.rulesets.dsa.hits import struck
from rulebench.rulesets.dsa.stats import attack_value, defence_value


def free_attack(fight: Fight, attacker: Combatant, single: Combatant) -> Attack:
    """One free attack as ``rulebench_attack`` answers it (``free_attack_lands``, then ``struck``)."""
    landed = free_attack_lands(fight, attacker, single)
    if landed:
        return struck(fight, attacker, single, {"free": True})
    if landed is None:
        return Attack(attacker, single, False, 0, {"free": True, "parried": True})
    return Attack(attacker, single, False, 0, {"free": True})


def free_attack_lands(fight: Fight, attacker: Combatant, single: Combatant) -> bool | None:
    """One free attack at cap AT: True when it gets through, False when it misses, None when parried.

    docs/rules/dsa.md: a miss costs the attacker his next free attack (seed: he lets one
    attack's time pass), however many exchanges later that comes (``rulebench_turn`` takes it);
    the single may parry one free attack per exchange with cap
    min(attack roll, defence); every other successful free attack hits. The single parries the
    first one he can (reading: the seed lets him use any parry not yet used this second, and holding
    it back is a policy the text does not give).
    """
    recording = fight.recording
    at = attack_value(attacker)
    label = say.label(say.FREE_ATTACK) if recording else say.FREE_ATTACK
    roll = fight.die(20, label, attacker) if at >= 1 else None
    if roll is None or roll > at:
        attacker.vars["lost"] = True
        if recording:
            say.free_attack_missed(fight, attacker, single, at, roll)
        return False
    if single.vars["parried"]:
        if recording:
            say.free_attack_landed(fight, attacker, single, at, roll, parry_used=True)
        return True
    single.vars["parried"] = True
    defence, word = defence_value(single)
    cap = min(roll, defence)
    parry = fight.die(20, say.label(say.PARRY) if recording else say.PARRY, single) if cap >= 1 else None
    parried = parry is not None and parry <= cap
    if recording:
        say.free_attack_landed(fight, attacker, single, at, roll, False, cap, defence, word, parry)
    return None if parried else True
