"""The state budget, and the early give-up that drops an attempt predicted not to fit.

An early solve (``Solver.early``, the automatic choice between exact analysis and sampling) is
checked once, when a tenth of its budget is handled: it gives up if no fight has ended by then
(``EARLY_SHARE``), or if only a thin tail is still in play in a space of states that still widens
(``TAIL``). Why these rules and thresholds: docs/architecture.md, "Where speed comes from".
"""

from __future__ import annotations

from rulebench.core.errors import BadInput
from rulebench.core.i18n import _ as gettext
from rulebench.core.i18n import format_integer

DEFAULT_MAX_STATES = 1_000_000
"""The fight states a solve may handle (``Solver.handled``): a few seconds and well under a few
hundred MB for the built-in rulesets (``bench/exact.py`` prints both). The budget also bounds the
time it takes to find out that an encounter does not fit."""

REPLAY_COST = 10
"""A state reached by replaying the rules code counts as this many carried ones: a replay costs
about as much as carrying ten states on to the next step (measured with bench/exact.py), so the
budget bounds the time of a solve whichever of the two dominates it."""

EARLY_SHARE = 10
"""An early solve gives up when no fight has ended once it has handled this share of its budget
(a tenth): measured on every built-in fight (docs/architecture.md, "Where speed comes from")."""

TAIL = 1e-9
"""An early solve with less than this share of the probability still in play at a tenth of its
budget, and more new states met in the last round than in the one before, gives up too
(docs/architecture.md, "Where speed comes from")."""


class StateBudgetExceeded(BadInput):
    """The encounter has more fight states than the exact solver may visit."""

    def __init__(self, message: str, gist: str | None = None, predicted: bool = False) -> None:
        super().__init__(message)
        self.gist = gist or message
        """The message without what this solve counted, the same for every encounter it befalls:
        how a sweep says in one note why exact analysis did not fit at several of its values."""
        self.predicted = predicted
        """Whether the solve gave up early, on a prediction, before spending its budget."""


def over_budget(max_states: int, handled: int, states: int) -> StateBudgetExceeded:
    """The error of a solve that has handled more than ``max_states`` and met ``states`` distinct
    states: how far it got tells an author how big the fight is."""
    return StateBudgetExceeded(
        gettext("needs more fight states than the budget of {budget} (--max-states); it had handled {handled} (replays counted "
          "{cost} each) and reached {states} distinct states when it stopped").format(
            budget=format_integer(max_states), handled=format_integer(handled), cost=REPLAY_COST,
            states=format_integer(states)),
        gettext("needs more fight states than the budget of {budget} (--max-states)").format(budget=format_integer(max_states)),
    )


def no_fight_ended(max_states: int, handled: int) -> StateBudgetExceeded:
    """The early give-up of a solve in which no fight has ended at a tenth of its budget."""
    return StateBudgetExceeded(
        gettext("no fight had ended after {handled} fight states, a tenth of the budget of {budget} (--max-states): "
          "predicted not to fit; --exact tries the whole budget").format(
            handled=format_integer(handled), budget=format_integer(max_states)),
        _predicted(max_states), predicted=True,
    )


def growing_tail(max_states: int, handled: int, before: int, last: int) -> StateBudgetExceeded:
    """The early give-up of a solve whose thin tail met ``last`` new states in the last round, more
    than the ``before`` of the round before."""
    return StateBudgetExceeded(
        gettext("after {handled} fight states, a tenth of the budget of {budget} (--max-states), less than a billionth "
          "of the probability was still in play, yet the last round met {new} new states, more than the {before} of "
          "the round before: predicted not to fit; --exact tries the whole budget").format(
            handled=format_integer(handled), budget=format_integer(max_states),
            new=format_integer(last), before=format_integer(before)),
        _predicted(max_states), predicted=True,
    )


def _predicted(max_states: int) -> str:
    """The gist of either early give-up: one, so that a sweep dropped early at some values for
    one reason and at others for the other says so in one sentence."""
    return gettext("predicted not to fit at a tenth of the budget of {budget} fight states (--max-states): no fight had "
                   "ended, or what was still in play (less than a billionth) met more new states every round; --exact "
                   "tries the whole budget").format(budget=format_integer(max_states))


def growth(met_by_round: list[tuple[int, int]]) -> tuple[int, int] | None:
    """The new states met in each of the last two rounds expanded (``met_by_round``: each round
    with the distinct states met when it began), if the second met more; else None."""
    if len(met_by_round) < 3:
        return None
    (_, first), (_, second), (_, third) = met_by_round[-3:]
    before, last = second - first, third - second
    return (before, last) if last > before else None
