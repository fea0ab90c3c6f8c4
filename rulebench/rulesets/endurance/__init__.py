"""endurance: every attack hits, avoidance soaks, endurance wears down, wounds fell, the fallen bleed out.

The rules as implemented: docs/rules/endurance.md. The package is the plugin: pluggy registers this
module, so every hook implementation is imported here. The modules, one job each:

* ``stats``: the stat block (docs/rules/endurance.md) and starting state;
* ``turns``: the round's turns in order, and whom each strikes (the ``target`` decision);
* ``strike``: the always-hitting attack, its damage roll, avoidance, endurance, wounds, the fall;
* ``ending``: the bleeding clock, the verdict, flight (the ``retreat`` decision), the cap, fates;
* ``tactics``: the default answers to ``target`` and ``flee``;
* ``carry``: what carries into a day's next fight (endurance, wounds), what a rest heals;
* ``narration``: the sentences of the events the rules report (``rulebench_narrate``), the descriptor's texts.
"""

from rulebench.rulesets.endurance.carry import rulebench_carry, rulebench_rest
from rulebench.rulesets.endurance.ending import rulebench_end_state, rulebench_fight_end, rulebench_round_end
from rulebench.rulesets.endurance.health import rulebench_health
from rulebench.rulesets.endurance.narration import rulebench_narrate
from rulebench.rulesets.endurance.stats import rulebench_ruleset, rulebench_setup
from rulebench.rulesets.endurance.strike import rulebench_attack, rulebench_damage, rulebench_wounds
from rulebench.rulesets.endurance.tactics import rulebench_decide
from rulebench.rulesets.endurance.turns import rulebench_initiative, rulebench_turn

__all__ = [
    "rulebench_attack",
    "rulebench_carry",
    "rulebench_damage",
    "rulebench_decide",
    "rulebench_end_state",
    "rulebench_fight_end",
    "rulebench_health",
    "rulebench_initiative",
    "rulebench_narrate",
    "rulebench_rest",
    "rulebench_round_end",
    "rulebench_ruleset",
    "rulebench_setup",
    "rulebench_turn",
    "rulebench_wounds",
]
