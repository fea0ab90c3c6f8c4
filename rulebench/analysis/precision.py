"""Precision-driven sampling: play chunks of fights until every outcome is known to within ``E``.

Chunk ``i`` is seeded exactly as :func:`rulebench.analysis.sampling.simulate` seeds it and played
in blocks of ``BLOCK`` fights, so a run that stops after ``N`` fights gives the same result as
``simulate(config, N, seed)``: asking for a precision is only another way of choosing the fight
count, and the answer reproduces with ``-n N``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from statistics import NormalDist

from rulebench.analysis.results import Z95, RulesetResult, Tally, wilson
from rulebench.analysis.sampling import BLOCK, Progress, SamplingPool
from rulebench.core.assembly import FightConfig
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _
from rulebench.core.outcome import OUTCOMES

DEFAULT_CAP = 1_000_000
"""The most fights a precision run plays before it gives up and reports what it reached."""


def half_width(tally: Tally) -> float:
    """The widest Wilson 95% half-width over the four outcomes of a Monte Carlo tally."""
    n = int(tally.total)
    widths = [(hi - lo) / 2 for lo, hi in (wilson(int(tally.outcomes.get(o.value, 0)), n) for o in OUTCOMES)]
    return max(widths)


def check_precision(precision: float) -> None:
    """Refuse a target half-width that no run could meet or that means nothing.

    Raises:
        BadInput: ``precision`` is not in (0, 0.5].
    """
    if not 0 < precision <= 0.5:
        raise BadInput(_("--precision {precision}: expected a 95% half-width above 0 and at most 0.5, such as 0.01").format(precision=precision))


def target_side(target: float, precision: float) -> Callable[[Tally], bool]:
    """The rule that stops a balance's run once it is known on which side of ``target`` the
    party wins: ``party_wins``'s Wilson interval lies wholly above or below it.

    A balance only asks of each value whether the party wins at least ``target`` of the fights,
    so a value far from the crossing needs far fewer fights than one near it. The rule is
    looked at after every block of a run that the precision rule stops after at most
    ``looks(precision)`` blocks; each look uses the interval of confidence 1 - 5% / looks, so the
    chance that any look puts the value on the wrong side stays below 5% (Bonferroni), as a single
    95% interval promises. The reported intervals stay the plain 95% Wilson intervals.
    """
    z = NormalDist().inv_cdf(1 - 0.05 / (2 * looks(precision)))

    def decided(tally: Tally) -> bool:
        low, high = wilson(int(tally.outcomes.get("party_wins", 0)), int(tally.total), z)
        return high < target or low > target

    return decided


def looks(precision: float) -> int:
    """The most blocks a run to ``precision`` checks its rules after: a Wilson 95% half-width is
    below ``Z95 / (2 * sqrt(n))``, so ``(Z95 / (2 * precision)) ** 2`` fights always reach it."""
    return max(1, math.ceil((Z95 / (2 * precision)) ** 2 / BLOCK))


def fights_needed(tally: Tally, precision: float) -> int:
    """About how many fights bring every half-width of ``tally`` down to ``precision`` (for progress).

    A half-width shrinks as one over the square root of the fight count.
    """
    return max(int(tally.total), math.ceil(tally.total * (half_width(tally) / precision) ** 2))


def simulate_to_precision(
    config: FightConfig,
    precision: float,
    seed: int,
    *,
    cap: int = DEFAULT_CAP,
    workers: int = 1,
    progress: Progress | None = None,
    pool: SamplingPool | None = None,
    decided: Callable[[Tally], bool] | None = None,
) -> tuple[RulesetResult, float]:
    """Play blocks of ``BLOCK`` fights until every outcome's 95% half-width is at most ``precision``
    (or, with ``decided``, until it says the question asked is answered).

    The rule is checked after every block, in order, so the number of fights does not depend on
    how many workers played them, and a run overshoots the fights it needs by less than a block.

    Args:
        config: the fight configuration.
        precision: the target half-width, e.g. 0.01 for ±1 percentage point.
        seed: the run's seed (chunks are seeded as ``simulate`` seeds them).
        cap: stop after this many fights even if the target is not met.
        workers: processes to share the chunks between, when no ``pool`` is given.
        progress: told after each block how many fights it played, and how many it may take.
        pool: worker processes to reuse (a command's); else a pool of ``workers`` for this run.
        decided: checked after every block too: True stops the run (``target_side``).

    Returns:
        The result (its ``fights`` is the number needed, its ``stopped_by`` ``precision``,
        ``target`` (``decided``) or ``cap``) and the half-width reached.
    """
    check_precision(precision)
    if pool is None:
        with SamplingPool(workers) as own:
            return simulate_to_precision(config, precision, seed, cap=cap, progress=progress, pool=own, decided=decided)
    tally: Tally | None = None
    played = 0
    reached = 1.0
    stopped_by = "cap"

    def worth() -> int:
        # Before the first block nothing is known: a block per worker; then the fights the
        # half-width so far asks for.
        return pool.workers * BLOCK if tally is None else fights_needed(tally, precision)

    parts = pool.blocks(config, seed, cap, worth)
    try:
        for part in parts:
            tally = part if tally is None else tally.merge(part)
            size = int(part.total)
            played += size
            if progress:
                progress(size, min(cap, fights_needed(tally, precision)))
            reached = half_width(tally)
            if reached <= precision:
                stopped_by = "precision"
                break
            if decided is not None and decided(tally):
                stopped_by = "target"
                break
    finally:
        parts.close()  # cancels the blocks played ahead
    assert tally is not None
    result = RulesetResult(
        ruleset=config.ruleset.name,
        method="monte-carlo",
        tally=tally,
        party_size=len(config.encounter.party),
        fights=played,
        seed=seed,
        stopped_by=stopped_by,
    )
    return result, reached
