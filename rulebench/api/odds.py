"""The odds through one fight (``rulebench fight --odds``): each outcome's chance from here, round by round.

At the start and after every round (dsa: every exchange) of a narrated fight, the rest of the fight
is analysed from the state it reached (:mod:`rulebench.analysis.from_state`): exact where that
state fits the budget compare uses, else sampled from it with 95% Wilson intervals. The turning
point is the round that moved the party's chance to win the most.

The states are nested: each was reached from the one before with real dice, so every state the
solver meets from a later one it meets from an earlier one too. Exact attempts are therefore made
from the last state backwards, and the first that gives up ends them: every state before it is
sampled without an attempt (:func:`exact_suffix`).

>>> from rulebench.api.narrated_fight import fight
>>> odds = fight_odds(fight("examples/ogre-duel.toml", "dsa", seed=7))   # doctest: +SKIP
>>> odds.points[0].outcomes["party_wins"], odds.turning_point().number     # doctest: +SKIP
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, replace
from typing import Any

from rulebench.analysis.analyse import DEFAULT_SEED, Analysed, AnalysisOptions, Dropped, ProgressFactory, Solved, attempt, record_provenance
from rulebench.analysis.from_state import analyse_from, insisted, play_states
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sampling import ConfigSpec, SamplingPool, spec_of, worker_config
from rulebench.api.narrated_fight import FightRecord
from rulebench.api.numbers import plural
from rulebench.core.assembly import FightConfig
from rulebench.core.fight import Snapshot
from rulebench.core.i18n import _
from rulebench.core.outcome import OUTCOMES

ODDS_FIGHTS = 2_000
"""Fights sampled from each state that does not fit exact analysis: a 95% half-width of at most
2.2 points, at a second or two a round even for the slowest rulesets."""


@dataclass(frozen=True)
class OddsPoint:
    """The chance of each outcome from one moment of the fight on.

    Attributes:
        number: the round (or exchange) just ended; 0 before the first.
        method: ``exact`` or ``sampled``.
        outcomes: each outcome's probability (``party_wins``, ``enemy_wins``, ``withdrawn``, ``party_fled``).
        ci95: for sampled points, each outcome's 95% Wilson interval.
        fights: for sampled points, how many fights were played from this state.
        dropped: for points sampled in the automatic choice, why exact analysis did not fit:
            the reason its own attempt gave up, or that a later state's did (then none was made here).
    """

    number: int
    method: str
    outcomes: dict[str, float]
    ci95: dict[str, tuple[float, float]] | None = None
    fights: int | None = None
    dropped: str | None = None

    @property
    def party_wins(self) -> float:
        """The party's chance to win from here."""
        return self.outcomes["party_wins"]

    def to_dict(self) -> dict[str, Any]:
        """One entry of the ``fight --json`` document's ``odds``."""
        entry: dict[str, Any] = {"round": self.number, "method": self.method, **self.outcomes}
        if self.ci95 is not None:
            entry["ci95"] = {k: [lo, hi] for k, (lo, hi) in self.ci95.items()}
            entry["fights"] = self.fights
        return entry


@dataclass(frozen=True)
class TurningPoint:
    """The round that moved the party's chance to win the most, and the dice rolled in it.

    Attributes:
        number: the round (or exchange).
        before: the party's chance before it.
        after: the party's chance after it.
        rolls: the texts of the rolls made in it, in order (``attack/parry 1d20 → 2``).
    """

    number: int
    before: float
    after: float
    rolls: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The ``fight --json`` document's ``turning_point``."""
        return {"round": self.number, "party_wins_before": self.before, "party_wins_after": self.after,
                "rolls": list(self.rolls)}


@dataclass
class FightOdds:
    """The odds through one narrated fight: a point at the start and after every round."""

    record: FightRecord
    points: list[OddsPoint]

    def at(self, number: int) -> OddsPoint:
        """The point after round ``number`` (0: the start)."""
        return self.points[number]

    def turning_point(self) -> TurningPoint | None:
        """The round whose play moved the party's chance to win the most (the first of equals);
        None for a fight of no rounds."""
        if len(self.points) < 2:
            return None
        moves = [abs(b.party_wins - a.party_wins) for a, b in zip(self.points, self.points[1:])]
        number = moves.index(max(moves)) + 1
        rolls = tuple(str(e.get("text", "")) for e in self.record.events
                      if e.get("kind") == "roll" and e.get("round") == number)
        return TurningPoint(number, self.points[number - 1].party_wins, self.points[number].party_wins, rolls)

    @property
    def methods(self) -> set[str]:
        """The methods its points were obtained by."""
        return {p.method for p in self.points}

    def to_dict(self) -> dict[str, Any]:
        """``odds`` and ``turning_point`` of the ``fight --json`` document."""
        turning = self.turning_point()
        return {"odds": [p.to_dict() for p in self.points], "turning_point": turning.to_dict() if turning else None}


def fight_odds(record: FightRecord, *, max_states: int | None = None, fights: int = ODDS_FIGHTS,
               exact: bool | None = None, workers: int | None = None, progress: ProgressFactory | None = None) -> FightOdds:
    """The chance of each outcome from the start of ``record``'s fight and from the end of each of
    its rounds, computed from the fight's own state there.

    The points are worked out side by side in worker processes (``workers``, default every CPU
    this process may use); each depends only on its state, seed and the states after it, so the
    answer does not depend on the workers.

    Args:
        record: a narrated fight (:func:`rulebench.api.narrated_fight.fight`).
        max_states: the exact solver's budget (compare's default when None).
        fights: fights sampled from a state that does not fit exact analysis.
        exact: None for the automatic choice; False samples every point (True insists on exact).
        workers: processes to share the points.
        progress: a progress display factory, told each point as it is finished.

    Raises:
        BadInput: ``exact`` insisted on and a state does not fit.
    """
    # Automatic or insisted-on exact analysis, with a fixed count of fights where a state is sampled.
    options = replace(AnalysisOptions.make(exact=exact, max_states=max_states, workers=workers), fights=fights)
    config = record.config
    played = play_states(config, record.new_roller())
    seed = DEFAULT_SEED if record.seed is None else record.seed
    done = 0

    def tell() -> None:
        nonlocal done
        if progress:
            progress(_("chances from here: {number} of {last} {unit}").format(
                number=done, last=played.rounds, unit=plural(config.ruleset.round_word)), None)
        done += 1

    points: dict[int, OddsPoint] = {}
    with SamplingPool(options.processes if config.portable else 1) as pool:
        solved, first = exact_suffix(config, played.states, options, pool, tell)
        for number, result in solved.items():
            points[number] = OddsPoint(number, "exact", _outcomes(result))
        if first is not None and options.exact:
            raise insisted(config, first[1])
        # Sampled: every state when sampling is asked for, else those up to the last that does not fit.
        sampled = len(played.states) if options.exact is False else 0 if first is None else first[0] + 1
        calls = [(played.states[number], options, f"{seed}:odds:{number}", _known(config, number, first))
                 for number in range(sampled)]
        found = pool.map(_sampled_in_worker, [(spec_of(config), *call) for call in calls]) if config.portable else (
            analyse_from(config, *call) for call in calls)
        for number, done_here in enumerate(found):
            result = done_here.result
            why = done_here.dropped.reason if done_here.dropped is not None else None
            points[number] = OddsPoint(number, "sampled", _outcomes(result), result.ci95, result.fights, why)
            tell()
    return FightOdds(record, [points[number] for number in sorted(points)])


def exact_suffix(config: FightConfig, states: Sequence[Snapshot], options: AnalysisOptions, pool: SamplingPool,
                 tell: Callable[[], None] = lambda: None) -> tuple[dict[int, RulesetResult], tuple[int, Dropped] | None]:
    """The exact results of the states that fit, and the last state that does not with why (None: all fit).

    Whatever the solver meets from a state it meets from every earlier state of the same fight, so
    the states that fit the budget are its last ones: they are attempted from the last backwards,
    ``pool.workers`` at a time, and the first to give up ends the search (an attempt under way below
    it is left unused). The early give-up is a prediction (``exact.Solver.early``), so an earlier
    state might still have fit; it is sampled all the same, and which state ends the search depends
    only on the attempts' own answers, never on how many ran at once. ``tell`` hears of each exact point.
    """
    # Backwards rather than by halving: the attempts that fit are needed anyway, and a give-up can
    # cost a whole budget, which the first from the end (among the smallest states) seldom does.
    solved: dict[int, RulesetResult] = {}
    if options.exact is False:
        return solved, None
    # Workers rebuild the configuration from its spec; one that no worker can rebuild is attempted
    # here, by a pool of one, which plays a call at once.
    spec = spec_of(config) if config.portable and pool.workers > 1 else None
    here = SamplingPool(1)
    ahead: deque[tuple[int, Future[Solved]]] = deque()
    following = len(states) - 1
    while True:
        while following >= 0 and len(ahead) < pool.workers:
            state = states[following]
            ahead.append((following, pool.submit(_attempt_in_worker, spec, state, options) if spec is not None
                          else here.submit(_attempt_from, config, state, options)))
            following -= 1
        if not ahead:
            return solved, None
        number, future = ahead.popleft()
        answer = future.result()
        if isinstance(answer, Dropped):
            for _number, earlier in ahead:
                earlier.cancel()
            return solved, (number, answer)
        solved[number] = answer
        tell()


def _attempt_from(config: FightConfig, state: Snapshot, options: AnalysisOptions) -> Solved:
    """The exact attempt from ``state`` with its provenance, or why it does not fit."""
    answer = attempt(config, options, state)
    return record_provenance(config, answer) if isinstance(answer, RulesetResult) else answer


def _known(config: FightConfig, number: int, first: tuple[int, Dropped] | None) -> Dropped | None:
    """Why the state after round ``number`` is sampled without an attempt: its own attempt gave up
    (``first``), or a later state's did; None when no attempt was made (sampling asked for)."""
    if first is None:
        return None
    given_up, dropped = first
    if number == given_up:
        return dropped
    reason = _("not attempted: the fight went on from here to its state after {word} {number}, and that state already "
               "did not fit exact analysis: {gist}").format(
                   word=plural(config.ruleset.round_word, 1, after=True), number=given_up, gist=dropped.gist)
    return Dropped(reason, dropped.gist, dropped.budget, dropped.predicted)


def _outcomes(result: RulesetResult) -> dict[str, float]:
    """Each outcome's probability as a float."""
    return {o.value: float(result.outcomes[o.value]) for o in OUTCOMES}


def _attempt_in_worker(spec: ConfigSpec, state: Snapshot, options: AnalysisOptions) -> Solved:
    """One exact attempt of the odds, made in a worker process."""
    return _attempt_from(worker_config(spec), state, options)


def _sampled_in_worker(spec: ConfigSpec, state: Snapshot, options: AnalysisOptions, seed: str, known: Dropped | None) -> Analysed:
    """One sampled point of the odds, played in a worker process."""
    return analyse_from(worker_config(spec), state, options, seed, known)
