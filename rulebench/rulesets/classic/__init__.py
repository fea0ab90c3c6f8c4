"""classic: the three-round group fight (docs/rules/classic.md).

The party's fighters roll their combat strength (Kampfstärke, KS) and sum it; the enemy group rolls
its summed KS. The difference is damage to the lower side: against the enemy it must beat the
group's armour value (Rüstungswert, RW), against the party it walks down the line through each
fighter's RW, round again from the front. One wound ends the fight; at most three rounds.
The encounter's ``surprise`` plays no part: classic knows only the ambush from behind, which
reverses the damage order (reading: the seed has no other surprise rule).

Modules: ``info`` (descriptor, shared words), ``stats`` (stat blocks and state), ``exchange`` (the
round's decisions and rolls), ``line`` (damage down the line), ``ending`` (verdict, flight, robbers,
fates), ``tactics`` (default tactics), ``carry`` (what carries into a day's next fight, what a
rest heals, when the party is finished), ``narration`` (``rulebench_narrate``: the sentence for each
event the rule modules report, so they read as rules and a silent fight builds no text). pluggy
registers this package, so the hook implementations are imported here as module attributes.
"""

from rulebench.rulesets.classic.carry import rulebench_carry, rulebench_party_finished, rulebench_rest
from rulebench.rulesets.classic.ending import rulebench_end_state, rulebench_fight_end, rulebench_round_end
from rulebench.rulesets.classic.exchange import (
    rulebench_attack,
    rulebench_damage,
    rulebench_initiative,
    rulebench_round_start,
)
from rulebench.rulesets.classic.health import rulebench_health
from rulebench.rulesets.classic.info import rulebench_ruleset
from rulebench.rulesets.classic.line import rulebench_wounds
from rulebench.rulesets.classic.narration import rulebench_narrate
from rulebench.rulesets.classic.stats import rulebench_setup
from rulebench.rulesets.classic.tactics import rulebench_decide

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
    "rulebench_party_finished",
    "rulebench_rest",
    "rulebench_round_end",
    "rulebench_round_start",
    "rulebench_ruleset",
    "rulebench_setup",
    "rulebench_wounds",
]
