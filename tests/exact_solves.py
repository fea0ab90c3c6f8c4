"""Exact solves that more than one test reads, each solved once per test process.

A solve is deterministic and the tests that take one from here only read it, so the dsa duel's
fractions (1.5 s and more of CPU) are worked out once for the exact-against-sampling grid
(test_exact.py), the folding and sharing test (test_exact_sharing.py) and, for ambermarch's
skeleton guards, the floating-point test too. Each is solved as the automatic choice solves
(``early``): for a fight that fits, giving up early never happens, so the solve is the plain one.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from rulebench.analysis.exact import Solver
from rulebench.core.assembly import configure
from rulebench.core.encounter import load_encounter
from rulebench.core.outcome import FightResult

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

SHARED = frozenset({
    ("dsa", "dsa-orc-duel"),
    ("ambermarch", "skeleton-guards"),
    ("endurance", "ogre-duel"),
    ("talisman", "classic-demon"),
})
"""(ruleset, example) pairs read by more than one test: their solves are kept for the next one.
The others are dropped once read, since every solve kept costs memory in each test process."""

_kept: dict[tuple[str, str], SolvedOnce] = {}


class SolvedOnce(Solver):
    """A solver that keeps what its one run found: ``result_of`` and a test can both read it."""

    found: dict[FightResult, Fraction | float] | None = None

    def run(self) -> dict[FightResult, Fraction | float]:
        """The probability of every result, solved at the first call and returned again after."""
        if self.found is None:
            self.found = super().run()
        return self.found


def early_solve(ruleset: str, example: str) -> SolvedOnce:
    """The solve in fractions of ``examples/<example>.toml`` under ``ruleset``, run, as the
    automatic choice runs it (``early``); kept for the next caller when the pair is in ``SHARED``.

    Raises:
        StateBudgetExceeded: the fight does not fit the default budget (nothing is kept then).
    """
    key = (ruleset, example)
    solver = _kept.get(key)
    if solver is None:
        solver = SolvedOnce(configure(load_encounter(EXAMPLES / f"{example}.toml"), ruleset), early=True)
        solver.run()
        if key in SHARED:
            _kept[key] = solver
    return solver
