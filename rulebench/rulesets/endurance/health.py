"""endurance's condition in neutral terms (``rulebench_health``): endurance and wounds
(docs/rules/endurance.md)."""

from __future__ import annotations

from rulebench import Combatant, Fight, Health, hookimpl
from rulebench.rulesets.endurance.state import SHELTERED, STANDING


@hookimpl
def rulebench_health(fight: Fight, combatant: Combatant) -> Health:
    """Each wound takes an equal share of his health, the endurance left the share of the next;
    the last stand when the next wound is his last (he falls with it)."""
    stats = combatant.stats
    wounds, most = combatant.vars["wounds"], stats["max_wounds"]  # he falls at ``most`` wounds
    endurance = combatant.vars["endurance"] / stats["endurance"] if stats["endurance"] > 0 else 0.0
    standing = combatant.vars["status"] in (STANDING, SHELTERED)
    left = (most - wounds - 1 + endurance) / most if standing else 0.0
    return Health(standing=standing, left=max(0.0, min(1.0, left)), last_stand=standing and wounds == most - 1)
