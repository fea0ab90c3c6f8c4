"""A day of a chain solved exactly: the distribution of parties carried from stage to stage.

Each stage is solved with the exact solver of one fight (``exact.Solver``), once for every party
that can reach it, its ends kept apart by what :meth:`DayPlan.after` makes of them (the stage's
:class:`StageEnd` and the party the next stage starts with, after the rest): the very carry and
rest hooks sampling asks. The probability of each way the day has gone so far, with the party it
leaves, is carried on to the next stage; a day that ends (wiped out, finished, or the last stage
played) goes to the tally. One budget of fight states covers every stage's solves and the ways of
the day kept between them: a day that does not fit raises ``StateBudgetExceeded``, and the
automatic choice samples it instead (``api/chains.py``).
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any, cast

from rulebench.analysis.chain_play import Day, DayPlan, Party, StageEnd
from rulebench.analysis.chain_results import ChainResult, DayTally
from rulebench.analysis.exact import Solver, StateBudgetExceeded
from rulebench.analysis.exact.give_up import DEFAULT_MAX_STATES
from rulebench.analysis.fixed_checks import verify_run
from rulebench.core.fight import Fight
from rulebench.core.i18n import _, format_integer

StageEnds = dict[tuple[StageEnd, Party | None], Any]
"""A stage's ends for one party: each way it ends with the party it leaves (None once the day is
over), and its probability."""


class DayBudgetExceeded(StateBudgetExceeded):
    """The ways a day can go, kept between its stages, outgrow the budget of fight states."""


def solve_day(plan: DayPlan, *, max_states: int = DEFAULT_MAX_STATES, fractions: bool = False,
              early: bool = False) -> ChainResult:
    """The exact figures of ``plan``'s day.

    Args:
        plan: the chain under one ruleset.
        max_states: the budget of fight states of every stage's solves and of the ways of the day
            carried between stages together.
        fractions: exact fractions; else floating point, with a bound on the rounding reported.
        early: let each solve give up early where it is predicted not to fit (``Solver.early``).

    Raises:
        StateBudgetExceeded: the day does not fit the budget.
    """
    one: Any = Fraction(1) if fractions else 1.0
    tally = DayTally()
    ways: dict[tuple[Day, Party], Any] = {((), plan.start()): one}
    spent = 0
    rounding = 0.0
    for index in range(len(plan.chain.stages)):
        solved: dict[Party, StageEnds] = {}
        going_on: dict[tuple[Day, Party], Any] = {}
        for (day, party), p in ways.items():
            ends = solved.get(party)
            if ends is None:
                try:
                    ends, used, bound = _solve_stage(plan, index, party, max_states - spent, fractions, early)
                except DayBudgetExceeded:
                    raise
                except StateBudgetExceeded as err:
                    raise _stage_over_budget(err, index, spent, max_states) from None
                solved[party] = ends
                spent += used
                rounding += float(p) * bound
            for (end, after), q in ends.items():
                went = (*day, end)
                if after is None:
                    tally.add(went, p * q)
                else:
                    going_on[(went, after)] = going_on.get((went, after), 0) + p * q
        spent += len(going_on)
        if spent > max_states:
            raise DayBudgetExceeded(
                _("the day can go {ways} ways after stage {stage}: with its solves, more than the budget of {budget} "
                  "fight states (--max-states)").format(ways=format_integer(len(going_on)), stage=index + 1,
                                                       budget=format_integer(max_states)),
                _("a day with more ways to go than the budget of {budget} fight states (--max-states)").format(
                    budget=format_integer(max_states)))
        ways = going_on
    if not fractions:
        # Every product and sum of probabilities at most 1 is off by at most a unit roundoff.
        rounding += 2 * (len(tally.days) + spent) * 2.0**-53
    return ChainResult(
        **plan.names(),
        method="exact",
        tally=tally,
        rounding=None if fractions else rounding,
        states=spent,
    )


def _stage_over_budget(err: StateBudgetExceeded, index: int, spent: int, max_states: int) -> DayBudgetExceeded:
    """A stage's solve over what is left of the budget, said with the stage and, when earlier
    stages spent some of it, how much they spent (the solver only knew what was left)."""
    if not spent:
        return DayBudgetExceeded(_("stage {stage}: {reason}").format(stage=index + 1, reason=err), err.gist)
    return DayBudgetExceeded(
        _("stage {stage}, with {spent} of the budget of {budget} fight states spent before it: {reason}").format(
            stage=index + 1, spent=format_integer(spent), budget=format_integer(max_states), reason=err),
        _("a day with more fight states than the budget of {budget} (--max-states)").format(budget=format_integer(max_states)))


def _solve_stage(plan: DayPlan, index: int, party: Party, budget: int, fractions: bool,
                 early: bool) -> tuple[StageEnds, int, float]:
    """Stage ``index`` solved for ``party``: its ends, the fight states it handled, and in floating
    point a bound on its rounding."""
    config = plan.config(index, party)

    def keyed(fight: Fight) -> Hashable:
        after = plan.after(index, fight)
        return (after.end, after.party)

    if budget < 1:
        raise DayBudgetExceeded(_("stage {stage}: no fight states left in the budget (--max-states)").format(stage=index + 1))
    solver = Solver(config, budget, fractions=fractions, early=early, keyed=keyed)
    solver.run()
    verify_run(solver.fight, config)  # a stats table or a plugin's own state changed: the solve is not the rules'
    found, summed = solver.ends_by_key()
    # keyed answers (end, party) pairs, so its answers are the stage's ends as they are.
    return cast(StageEnds, found), solver.handled, solver.rounding + summed
