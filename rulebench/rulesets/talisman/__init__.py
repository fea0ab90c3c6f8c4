"""talisman: duels of one die plus strength (docs/rules/talisman.md).

Each standing party member in turn duels the front-most standing enemy (or, when the encounter
marks the enemy ``grouped``, all standing enemies at once): 1d6 + strength each, the higher combat
power (Kampfkraft) wins, a tie is a standoff (Unentschieden). The loser pays one life.

pluggy registers this package module, so every hook implementation is imported here.

Modules: ``stats`` (descriptor and setup), ``duel`` (who duels whom, the duel itself),
``traits`` (ghosts and demons, harmed only by a magic weapon), ``lives`` (paying a life,
protection, end states), ``ending`` (the verdict and raiders), ``tactics`` (default tactics:
never evade), ``carry`` (what carries into a day's next fight, what a rest heals), ``narration`` (``rulebench_narrate``: the sentences of a narrated fight, rendered from
the events the rule modules report).
"""

from rulebench.rulesets.talisman.carry import rulebench_carry, rulebench_rest
from rulebench.rulesets.talisman.duel import rulebench_attack, rulebench_damage, rulebench_initiative, rulebench_turn
from rulebench.rulesets.talisman.ending import rulebench_fight_end, rulebench_round_end
from rulebench.rulesets.talisman.health import rulebench_health
from rulebench.rulesets.talisman.lives import rulebench_end_state, rulebench_wounds
from rulebench.rulesets.talisman.narration import rulebench_narrate
from rulebench.rulesets.talisman.stats import ROUND_CAP, rulebench_ruleset, rulebench_setup
from rulebench.rulesets.talisman.tactics import rulebench_decide

__all__ = [
    "ROUND_CAP",
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
