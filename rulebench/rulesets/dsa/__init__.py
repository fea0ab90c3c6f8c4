"""dsa: attack/parry chains, man against man and several against one (docs/rules/dsa.md).

One kernel round is one exchange. The sides stand in sub-fights (rebuilt whenever someone falls);
at an exchange's start every new primary pair settles its attack initiative; then each sub-fight
plays the chain of its primary pair and the secondaries' free attacks; after it the party may flee.
The hook implementations live in small modules and are gathered here, because pluggy registers
this package module; ``carry`` says what carries into a day's next fight and what a rest heals.
"""

from __future__ import annotations

from rulebench import DecisionInfo, RulesetInfo, hookimpl
from rulebench.rulesets.dsa.carry import rulebench_carry, rulebench_rest
from rulebench.rulesets.dsa.chain import rulebench_attack
from rulebench.rulesets.dsa.ending import rulebench_end_state, rulebench_fight_end, rulebench_round_end
from rulebench.rulesets.dsa.health import rulebench_health
from rulebench.rulesets.dsa.hits import rulebench_damage, rulebench_wounds
from rulebench.rulesets.dsa.initiative import rulebench_initiative, rulebench_round_start, rulebench_turn
from rulebench.rulesets.dsa.narration import _, rulebench_narrate
from rulebench.rulesets.dsa.stats import STATS, rulebench_setup
from rulebench.rulesets.dsa.tactics import rulebench_decide

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
    "rulebench_round_start",
    "rulebench_ruleset",
    "rulebench_setup",
    "rulebench_turn",
    "rulebench_wounds",
]


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe dsa, in the reader's language (title and summary are read, not keys)."""
    return RulesetInfo(
        name="dsa",
        title=_("DSA attack/parry chains"),
        source="docs/rules/dsa.md",
        summary=_(
            "d20 roll-under chains where each success caps the next roll, attack initiative held and "
            "lost, several against one with free attacks, critical hits on a 1."
        ),
        stats=STATS,
        purposes=("weapon", "armour"),  # TP; RS (docs/rules/dsa.md)
        decisions=("retreat",),
        asks=(DecisionInfo("retreat", options=(True, False)),),
        skills=(),
        round_word="exchange",
    )
