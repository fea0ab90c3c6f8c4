"""The Python API for scripts and notebooks, above the kernel and analysis; the CLI is a thin layer over it.

The names below are imported from their modules on first use (PEP 562): importing one light module
of this package (``rulebench.api.numbers``, ``rulebench.api.labels``) does not import the analyses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rulebench.core.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from rulebench.analysis.sampling import simulate
    from rulebench.api.analyses import Balance, Comparison, FightRecord, Sweep, balance, compare, fight, sweep
    from rulebench.api.inspect import Inspection, Validation, show, validate
    from rulebench.api.stat_sensitivity import Sensitivity, sensitivity
    from rulebench.core.assembly import FightConfig, configure
    from rulebench.core.loop import play, run_fight

_HOMES = {
    "rulebench.api.analyses": ("Balance", "Comparison", "FightRecord", "Sweep", "balance", "compare", "fight", "sweep"),
    "rulebench.api.inspect": ("Inspection", "Validation", "show", "validate"),
    "rulebench.api.stat_sensitivity": ("Sensitivity", "sensitivity"),
    "rulebench.analysis.sampling": ("simulate",),
    "rulebench.core.assembly": ("FightConfig", "configure"),
    "rulebench.core.loop": ("play", "run_fight"),
}

__all__ = [
    "Balance", "Comparison", "FightConfig", "FightRecord", "Inspection", "Sensitivity", "Sweep", "Validation", "balance",
    "compare", "configure", "fight", "play", "run_fight", "sensitivity", "show", "simulate", "sweep", "validate",
]


if not TYPE_CHECKING:  # type checkers see the imports above, so a misspelt name stays an error for them
    __getattr__, __dir__ = lazy_exports(globals(), _HOMES)
