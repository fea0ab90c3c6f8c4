"""The conformance kit: checks every ruleset plugin, built-in or third-party, must pass.

Use it from a plugin's own tests::

    from rulebench.testing import RulesetConformance

    class TestMyRuleset(RulesetConformance):
        ruleset = "myruleset"

pytest then collects the same checks ``rulebench check NAME`` runs (``rulebench/testing/conformance.py``
says what each one certifies), the per-fight ones over hypothesis-chosen encounters. The names are
imported on first use, so ``rulebench check`` needs neither pytest nor hypothesis.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebench.core.lazy_exports import Deprecated, lazy_exports

if TYPE_CHECKING:
    from rulebench.testing.dice_tape import DiceTape
    from rulebench.testing.fight_checks import ConformanceFailure
    from rulebench.testing.kit import RulesetConformance, encounter_dicts

_HOMES = {
    "rulebench.testing.dice_tape": ("DiceTape",),
    "rulebench.testing.fight_checks": ("ConformanceFailure",),
    "rulebench.testing.kit": ("RulesetConformance", "encounter_dicts"),
}

_DEPRECATED: Deprecated = {
    "RecordingRoller": ("rulebench.testing.dice_tape", "use rulebench.testing.DiceTape(RandomRoller(seed)), which writes the faces down"),
}

__all__ = ["ConformanceFailure", "DiceTape", "RulesetConformance", "encounter_dicts"]


if not TYPE_CHECKING:  # type checkers see the imports above, so a misspelt name stays an error for them
    __getattr__, __dir__ = lazy_exports(globals(), _HOMES, _DEPRECATED)
