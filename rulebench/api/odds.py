"""The odds through one fight (``rulebench fight --odds``): each outcome's chance from here, round by round.

At the start and after every round (dsa: every exchange) of a narrated fight, the rest of the fight
is analysed from the state it reached (:mod:`rulebench.analysis.from_state`): exact where that
state fits the budget compare uses, else sampled from it with 95% Wilson intervals. The turning
point is the round that moved the party's chance to win the most.

>>> from rulebench.api.narrated_fight import fight
>>> odds = fight_odds(fight("examples/ogre-duel.toml", "dsa", seed=7))   # doctest: +SKIP
>>> odds.points[0].outcomes["party_wins"], odds.turning_point().number     # doctest: +SKIP
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rulebench.analysis.analyse import DEFAULT_SEED, AnalysisOptions, ProgressFactory
from rulebench.analysis.from_state import analyse_from, play_states
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sampling import ConfigSpec, SamplingPool, spec_of, worker_config
from rulebench.api.narrated_fight import FightRecord
from rulebench.api.numbers import plural
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
    """

    number: int
    method: str
    outcomes: dict[str, float]
    ci95: dict[str, tuple[float, float]] | None = None
    fights: int | None = None

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
    this process may use); each depends only on its state and seed, so the answer does not.

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
    calls = [(state, options, f"{seed}:odds:{number}") for number, state in enumerate(played.states)]
    points = []
    with SamplingPool(options.processes if config.portable else 1) as pool:
        found = pool.map(_point_in_worker, [(spec_of(config), *call) for call in calls]) if config.portable else (
            analyse_from(config, *call).result for call in calls)
        for number, result in enumerate(found):
            if progress:
                progress(_("chances from here: {number} of {last} {unit}").format(
                    number=number, last=played.rounds, unit=plural(config.ruleset.round_word)), None)
            outcomes = {o.value: float(result.outcomes[o.value]) for o in OUTCOMES}
            if result.method == "exact":
                points.append(OddsPoint(number, "exact", outcomes))
            else:
                points.append(OddsPoint(number, "sampled", outcomes, result.ci95, result.fights))
    return FightOdds(record, points)


def _point_in_worker(spec: ConfigSpec, state: Snapshot, options: AnalysisOptions, seed: str) -> RulesetResult:
    """One point of the odds, worked out in a worker process."""
    return analyse_from(worker_config(spec), state, options, seed).result
