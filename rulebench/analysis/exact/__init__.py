"""Exact outcome distributions, computed by running the rules code itself (docs/architecture.md).

No solver is written per ruleset. For every fight state, the next step (a round's start, one turn,
its end: see ``loop.play_step``) is played again and again from that state's snapshot with an
enumerating roller that walks the tree of the step's chance outcomes (``roller.py``, ``steps.py``).
Paths that end in the same state are merged, and probability is carried forward step by step,
each state expanded once, after all the probability that reaches it has arrived (``solver.py``).

Probability is computed in floating point by default (``fractions=False``), each step's
probabilities correctly rounded from exact integers, with a bound on the rounding error
(``bookkeeping.py``) and a compiled carry for layers met again (``carry.py``); with
``fractions=True`` it is exact, in integers over common denominators. An automatic attempt gives
up early where it is predicted not to fit its budget (``give_up.py``). How steps are reused across
rounds (``round_watch.py``) and shared between states (``state_reads.py``, ``sharing.py``):
docs/architecture.md, "Where speed comes from".
"""

from __future__ import annotations

from typing import cast

from rulebench.analysis.exact.bookkeeping import reported_bound
from rulebench.analysis.exact.give_up import DEFAULT_MAX_STATES, REPLAY_COST, TAIL, StateBudgetExceeded
from rulebench.analysis.exact.roller import EnumeratingRoller, absorption
from rulebench.analysis.exact.solver import Solver
from rulebench.analysis.exact.steps import Moves, TooManyPaths, step_outcomes
from rulebench.analysis.fixed_checks import verify_run
from rulebench.analysis.results import RulesetResult, Tally
from rulebench.core.assembly import FightConfig
from rulebench.core.fight import Snapshot
from rulebench.core.outcome import FightResult

__all__ = [
    "DEFAULT_MAX_STATES",
    "REPLAY_COST",
    "TAIL",
    "EnumeratingRoller",
    "Moves",
    "Solver",
    "StateBudgetExceeded",
    "TooManyPaths",
    "absorption",
    "result_of",
    "solve",
    "step_outcomes",
]


def solve(
    config: FightConfig, *, max_states: int = DEFAULT_MAX_STATES, fractions: bool = True, early: bool = False,
    start: Snapshot | None = None,
) -> RulesetResult:
    """The exact distribution of outcomes, fates and fight lengths of ``config``.

    Args:
        config: the fight configuration.
        max_states: how many fight states the solve may handle (``DEFAULT_MAX_STATES``).
        fractions: compute with exact fractions (the default here, for tests that compare
            exactly); False computes in floating point, much faster on long fights, and reports a
            bound on the rounding error as the result's ``rounding``.
        early: give up when a tenth of the budget is spent and no fight has ended yet
            (``Solver.early``), for the automatic choice between exact analysis and sampling.
        start: a state to solve from (``Fight._snapshot``), the same solve from there on: the
            distribution conditional on that state; None solves from the fight's start.

    Raises:
        StateBudgetExceeded: the fight has more states than ``max_states``.
    """
    return result_of(Solver(config, max_states, fractions=fractions, early=early, start=start))


def result_of(solver: Solver) -> RulesetResult:
    """Run ``solver`` and report its distribution.

    Raises:
        StateBudgetExceeded: the fight has more states than the solver's budget.
    """
    names = tuple(c.name for c in solver.fight.combatants)
    found = solver.run()
    verify_run(solver.fight, solver.config)  # a stats table or a plugin's own state changed: the solve is not the rules'
    rounding = None
    if solver.fractions:
        tally = Tally(names)
        for result, p in found.items():
            tally.add(result, p)
    else:
        tally = Tally.summed(names, cast(dict[FightResult, float], found))  # floats when not fractions
        rounding = reported_bound(solver.rounding)
    return RulesetResult(
        ruleset=solver.config.ruleset.name,
        method="exact",
        tally=tally,
        party_size=len(solver.config.encounter.party),
        rounding=rounding,
        states=solver.handled,
    )
