"""ambermarch (docs/rules/ambermarch.md): stances, momentum, steadfastness, the wound ladder and the 2d6 test.

The party's summed attacks meet the enemy group's pool once a round. The package's modules each hold
one part of the rules: ``stats`` (descriptor, stat blocks), ``stances`` (the round's decisions),
``exchange`` (the dice), ``technique`` (techniques as tests), ``damage`` (steadfastness, the damage
flow, the wound ladder), ``ending`` (verdict, retreat, plunder, end states), ``tactics`` (defaults),
``probe`` (the 2d6 test), ``carry`` (what carries into a day's next fight, what a rest heals) and ``narration`` (the renderer of the events the rule modules emit, with
the explanations of its mechanics, and every text in the reader's language). pluggy registers this
module, so it re-exports every hook, and ``probe_tiers`` for the ``probe`` command.
"""

from rulebench.rulesets.ambermarch.carry import rulebench_carry, rulebench_rest
from rulebench.rulesets.ambermarch.damage import rulebench_damage, rulebench_wounds
from rulebench.rulesets.ambermarch.ending import rulebench_end_state, rulebench_fight_end, rulebench_round_end
from rulebench.rulesets.ambermarch.exchange import rulebench_attack, rulebench_initiative
from rulebench.rulesets.ambermarch.health import rulebench_health
from rulebench.rulesets.ambermarch.narration import rulebench_narrate
from rulebench.rulesets.ambermarch.probe import probe_result, probe_tiers
from rulebench.rulesets.ambermarch.stances import rulebench_round_start
from rulebench.rulesets.ambermarch.stats import rulebench_ruleset, rulebench_setup
from rulebench.rulesets.ambermarch.tactics import rulebench_decide

__all__ = [
    "probe_result",
    "probe_tiers",
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
    "rulebench_round_start",
    "rulebench_ruleset",
    "rulebench_setup",
    "rulebench_wounds",
]
