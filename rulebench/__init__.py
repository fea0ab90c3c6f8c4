"""rulebench: compare tabletop-RPG combat rulesets on the same encounter.

The public API: the ``hookimpl`` marker and value types for plugin authors, and the entry points
for scripts and notebooks.
"""

from rulebench.analysis.analyse import AnalysisOptions
from rulebench.analysis.sampling import simulate
from rulebench.api import Comparison, balance, compare, fight, sweep
from rulebench.core.chain import Done
from rulebench.core.combatants import ENEMY, PARTY, Combatant, Side
from rulebench.core.dice import Dice, RandomRoller, ScriptedRoller
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Fight
from rulebench.core.i18n import N_, Messages, format_integer, language, set_language
from rulebench.core.kernel import FightConfig, configure, play, plays_only, run_fight
from rulebench.core.markers import hookimpl
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
from rulebench.core.values import Attack, Damage, Decision, DecisionInfo, Modifier, PluginInfo, RulesetInfo
from rulebench.version import __version__

__all__ = [
    "AnalysisOptions",
    "ENEMY",
    "PARTY",
    "Attack",
    "BadInput",
    "balance",
    "Combatant",
    "compare",
    "Comparison",
    "configure",
    "Damage",
    "Decision",
    "DecisionInfo",
    "Dice",
    "discover",
    "Done",
    "Encounter",
    "EndState",
    "Fate",
    "Fight",
    "fight",
    "FightConfig",
    "FightResult",
    "format_integer",
    "hookimpl",
    "language",
    "load_encounter",
    "Messages",
    "Modifier",
    "N_",
    "Outcome",
    "play",
    "plays_only",
    "PluginInfo",
    "RandomRoller",
    "RulebenchError",
    "RulesetInfo",
    "run_fight",
    "ScriptedRoller",
    "set_language",
    "Side",
    "simulate",
    "sweep",
    "__version__",
]
