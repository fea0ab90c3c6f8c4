"""The old home of the exact solver (``solve``, ``Solver``, ``StateBudgetExceeded``, ...), kept so
old imports work: each name warns and names ``rulebench.analysis.exact``, where the solver lives
now, or the module of it that holds the name (docs/plugin-migration.md). The solver is analysis,
above the kernel: it is imported only when an old name is used."""

from __future__ import annotations

from rulebench.core.deprecation import forwarded

__getattr__, __dir__ = forwarded(__name__, {
    **dict.fromkeys(("DEFAULT_MAX_STATES", "REPLAY_COST", "StateBudgetExceeded", "EnumeratingRoller", "TooManyPaths",
                     "step_outcomes", "Solver", "solve"), "rulebench.analysis.exact"),
    "MAX_ROLLS_PER_STEP": "rulebench.analysis.exact.roller",
})
