"""rulebench: compare tabletop-RPG combat rulesets on the same encounter.

The public API: the ``hookimpl`` marker and value types for plugin authors, and the entry points
for scripts and notebooks.
"""

from rulebench.core.contract import Attack, Damage, Decision, Modifier, PluginInfo, RulesetInfo
from rulebench.core.dice import Dice
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.fight import Combatant, Fight, Side
from rulebench.core.kernel import FightConfig, configure, run_fight
from rulebench.core.montecarlo import simulate
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
from rulebench.core.plugins import discover, hookimpl

__version__ = "0.1.0"

# After __version__: the API reads it for provenance.
from rulebench.api import Comparison, balance, compare, fight, sweep  # noqa: E402

__all__ = [
    "Attack",
    "Combatant",
    "Comparison",
    "Damage",
    "Decision",
    "Dice",
    "EndState",
    "Encounter",
    "Fate",
    "Fight",
    "FightConfig",
    "FightResult",
    "Modifier",
    "Outcome",
    "PluginInfo",
    "RulesetInfo",
    "Side",
    "balance",
    "compare",
    "configure",
    "discover",
    "fight",
    "hookimpl",
    "load_encounter",
    "run_fight",
    "simulate",
    "sweep",
    "__version__",
]
