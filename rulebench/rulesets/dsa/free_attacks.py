"""Free attacks (freie Attacken) of the secondaries on a single (docs/rules/dsa.md)."""

from __future__ import annotations

from rulebench import Attack, Combatant, Fight
from rulebench.rulesets.dsa.hits import struck
from rulebench.rulesets.dsa.narration import FREE_ATTACK, PARRY
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
    at = attack_value(attacker)
    roll = fight.die(20, FREE_ATTACK, attacker) if at >= 1 else None
    if roll is None or roll > at:
        attacker.vars["lost"] = True
        fight.emit("attack", who=attacker, against=single, cap=at, value=at, roll=roll, success=False, free=True)
        return False
    if single.vars["parried"]:
        fight.emit("attack", who=attacker, against=single, cap=at, value=at, roll=roll, success=True, free=True,
                   parry_used=True)
        fight.emit("note", who=single, parry_used=True)
        return True
    single.vars["parried"] = True
    defence, word = defence_value(single)
    cap = roll if roll < defence else defence
    parry = fight.die(20, PARRY, single) if cap >= 1 else None
    parried = parry is not None and parry <= cap
    fight.emit("attack", who=attacker, against=single, cap=at, value=at, roll=roll, success=True, free=True,
               parry_used=False, parry_cap=cap, defence=defence, defence_name=word, parry_roll=parry)
    fight.emit("parry", who=single, against=attacker, cap=cap, value=defence, roll=parry, success=parried,
               attack_roll=roll, defence_name=word, free=True)
    return None if parried else True
