"""rulebench: compare tabletop-RPG combat rulesets on the same encounter.

The public API: the ``hookimpl`` marker and value types for plugin authors, and the entry points
for scripts and notebooks.

Each name is imported from its module when first used (PEP 562), not when ``rulebench`` is: a
plugin that needs ``hookimpl`` and a few values, and every ``rulebench`` command as it starts, do
not pay for the exact solver, the sampler and the encounter model they may never touch. The
imports under ``TYPE_CHECKING`` are the same names for type checkers and documentation tools.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebench.core.lazy_exports import lazy_exports
from rulebench.version import __version__

if TYPE_CHECKING:
    from rulebench.analysis.analyse import AnalysisOptions
    from rulebench.analysis.sampling import simulate
    from rulebench.api import Comparison, balance, compare, fight, sweep
    from rulebench.core.chain import Done
    from rulebench.core.combatants import ENEMY, PARTY, Combatant, Side
    from rulebench.core.default_hooks import roll_sentence
    from rulebench.core.dice import Dice, RandomRoller, ScriptedRoller
    from rulebench.core.discovery import discover
    from rulebench.core.encounter import Encounter, load_encounter
    from rulebench.core.errors import BadInput, RulebenchError
    from rulebench.core.fight import Fight
    from rulebench.core.i18n import N_, Messages, format_integer, language, set_language
    from rulebench.core.kernel import FightConfig, configure, fast_plan, play, plays_only, run_fight
    from rulebench.core.markers import hookimpl
    from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
    from rulebench.core.values import Attack, Damage, Decision, DecisionInfo, Modifier, PluginInfo, RulesetInfo

_HOMES: dict[str, tuple[str, ...]] = {
    "rulebench.analysis.analyse": ("AnalysisOptions",),
    "rulebench.analysis.sampling": ("simulate",),
    "rulebench.api": ("Comparison", "balance", "compare", "fight", "sweep"),
    "rulebench.core.chain": ("Done",),
    "rulebench.core.combatants": ("ENEMY", "PARTY", "Combatant", "Side"),
    "rulebench.core.default_hooks": ("roll_sentence",),
    "rulebench.core.dice": ("Dice", "RandomRoller", "ScriptedRoller"),
    "rulebench.core.discovery": ("discover",),
    "rulebench.core.encounter": ("Encounter", "load_encounter"),
    "rulebench.core.errors": ("BadInput", "RulebenchError"),
    "rulebench.core.fight": ("Fight",),
    "rulebench.core.i18n": ("N_", "Messages", "format_integer", "language", "set_language"),
    "rulebench.core.kernel": ("FightConfig", "configure", "fast_plan", "play", "plays_only", "run_fight"),
    "rulebench.core.markers": ("hookimpl",),
    "rulebench.core.outcome": ("EndState", "Fate", "FightResult", "Outcome"),
    "rulebench.core.values": ("Attack", "Damage", "Decision", "DecisionInfo", "Modifier", "PluginInfo", "RulesetInfo"),
}
"""The module each public name lives in; the TYPE_CHECKING imports above say the same."""

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
    "fast_plan",
    "PluginInfo",
    "RandomRoller",
    "RulebenchError",
    "RulesetInfo",
    "roll_sentence",
    "run_fight",
    "ScriptedRoller",
    "set_language",
    "Side",
    "simulate",
    "sweep",
    "__version__",
]


if not TYPE_CHECKING:  # type checkers see the imports above, so a misspelt name stays an error for them
    __getattr__, __dir__ = lazy_exports(globals(), _HOMES)
