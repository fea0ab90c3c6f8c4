"""A day's figures under one ruleset, however they were obtained (docs/chains.md, "The results").

Sampling and exact analysis both end in a :class:`DayTally`, the weight of each way a day went
(:data:`~rulebench.analysis.chain_play.Day`: each stage reached with its outcome, its dead and
whether the day ended there), and are reported through one :class:`ChainResult`: the chance the
party gets through the day, per stage the chance to reach it, to win it and the deaths expected in
it, and each member's chance to live through the day.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rulebench.analysis.chain_play import FINISHED, GOES_ON, WIPED_OUT, Day
from rulebench.analysis.results import Number, wilson
from rulebench.core.outcome import OUTCOMES, Outcome


@dataclass
class DayTally:
    """The weight of each way a day went: day counts when sampled, probabilities when exact."""

    days: Counter[Day] = field(default_factory=Counter)
    total: Number = 0

    def add(self, day: Day, weight: Number = 1) -> None:
        """Count one day with ``weight``."""
        weight_: Any = weight  # Counter is typed for counts; here it also holds probabilities
        self.days[day] += weight_
        self.total += weight

    def merge(self, other: DayTally) -> DayTally:
        """Add another tally of the same chain and ruleset into this one, and return this one."""
        self.days.update(other.days)
        self.total += other.total
        return self


@dataclass
class ChainResult:
    """One ruleset's day on one chain (a row of ``rulebench chain``).

    Attributes:
        ruleset: the ruleset's name.
        method: ``monte-carlo`` or ``exact``.
        stages: each stage's name, in order.
        rests: the rest after each stage.
        members: the party's names, in marching order.
        tally: the weight of each way the day went.
        chains: how many days were sampled (None when exact).
        seed: the sampling seed (None when exact).
        stopped_by: for sampling, what stopped it: ``fights`` (a fixed count), ``precision`` or ``cap``.
        rounding: for exact analysis in floating point, a bound on every probability's rounding error.
        states: for exact analysis, the fight states its solves handled, and the ways of the day
            kept between stages (what the budget, ``--max-states``, bounds).
        provenance: where the numbers came from.
    """

    ruleset: str
    method: str
    stages: tuple[str, ...]
    rests: tuple[str, ...]
    members: tuple[str, ...]
    tally: DayTally
    chains: int | None = None
    seed: int | None = None
    stopped_by: str | None = None
    rounding: float | None = None
    states: int | None = None
    provenance: dict[str, Any] = field(default_factory=dict)

    @property
    def exact(self) -> bool:
        """Whether the figures are exact (no intervals)."""
        return self.method == "exact"

    def probability(self, weight: Number) -> Number:
        """A weight of the tally as a probability (a Fraction when the tally holds fractions)."""
        total = self.tally.total
        if isinstance(total, Fraction) or isinstance(weight, Fraction):
            return Fraction(weight) / Fraction(total)
        return weight / total

    def chance(self, weight: Number) -> Number:
        """A weight of some of the tally's days as a chance: in floating point a sum of some ways of
        the day can round past the sum of them all, and a chance is at most 1."""
        p = self.probability(weight)
        return p if isinstance(p, Fraction) else min(p, 1.0)

    def _share(self, keep: Any) -> Number:
        """The probability of the days ``keep`` says yes to."""
        weight: Number = sum((w for day, w in self.tally.days.items() if keep(day)), start=0)
        return self.chance(weight)

    def survived(self) -> Number:
        """The chance the party gets through every stage, neither wiped out nor finished."""
        count = len(self.stages)
        return self._share(lambda day: len(day) == count and day[-1].end == GOES_ON)

    def ended(self, how: str) -> Number:
        """The chance the day ends early for the party ``how`` (``WIPED_OUT`` or ``FINISHED``), at any stage."""
        return self._share(lambda day: day[-1].end == how)

    def stage(self, index: int) -> dict[str, Any]:
        """Stage ``index``'s figures: the chance to reach it, to win it, to be wiped out or finished
        in it, each outcome's chance (all four add up to ``reached``), and the deaths expected in
        it over every day (a day that never reached it counts none)."""
        reached = [(day[index], w) for day, w in self.tally.days.items() if len(day) > index]
        deaths: Number = sum((len(end.dead) * w for end, w in reached), start=0)

        def weight(keep: Any) -> Number:
            return self.chance(sum((w for end, w in reached if keep(end)), start=0))

        return {
            "name": self.stages[index],
            "rest": self.rests[index],
            "reached": weight(lambda end: True),
            "won": weight(lambda end: end.outcome == Outcome.PARTY_WINS.value),
            "deaths": self.probability(deaths),
            "wiped_out": weight(lambda end: end.end == WIPED_OUT),
            "finished": weight(lambda end: end.end == FINISHED),
            "outcomes": {o.value: weight(lambda end, o=o: end.outcome == o.value) for o in OUTCOMES},
        }

    def member_survived(self, name: str) -> Number:
        """The chance ``name`` lives through the day (is not dead when it ends for the party)."""
        return self._share(lambda day: not any(name in end.dead for end in day))

    def interval(self, p: Number) -> tuple[float, float] | None:
        """The Wilson 95% interval of a sampled probability; None when exact."""
        if self.exact:
            return None
        n = int(self.tally.total)
        return wilson(round(float(p) * n), n)

    def half_width(self) -> float:
        """The widest 95% half-width over every chance reported (survival, each stage's reached
        and won, each member's survival): what a precision-driven run stops on."""
        chances = [self.survived(), *(self.member_survived(name) for name in self.members)]
        for index in range(len(self.stages)):
            figures = self.stage(index)
            chances += [figures["reached"], figures["won"]]
        widths = [(high - low) / 2 for low, high in (self.interval(p) or (0.0, 0.0) for p in chances)]
        return max(widths)

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``chain --json`` entry; ``fractions`` writes exact probabilities as "n/d" strings."""

        def num(value: Number) -> Any:
            if fractions and isinstance(value, Fraction):
                return f"{value.numerator}/{value.denominator}"
            return float(value)

        def ci(value: Number) -> list[float] | None:
            bounds = self.interval(value)
            return list(bounds) if bounds is not None else None

        survived = self.survived()
        stages = []
        for index in range(len(self.stages)):
            figures = self.stage(index)
            entry: dict[str, Any] = {key: figures[key] for key in ("name", "rest")}
            entry |= {key: num(figures[key]) for key in ("reached", "won", "deaths", "wiped_out", "finished")}
            entry["outcomes"] = {key: num(value) for key, value in figures["outcomes"].items()}
            if not self.exact:
                entry["ci95"] = {key: ci(figures[key]) for key in ("reached", "won", "wiped_out", "finished")}
            stages.append(entry)
        members = []
        for name in self.members:
            chance = self.member_survived(name)
            members.append({"name": name, "survived": num(chance), **({} if self.exact else {"ci95": ci(chance)})})
        return {
            "ruleset": self.ruleset,
            "method": self.method,
            "chains": self.chains,
            "seed": self.seed,
            "survived": num(survived),
            "ci95": None if self.exact else {"survived": ci(survived)},
            "wiped_out": num(self.ended(WIPED_OUT)),
            "finished": num(self.ended(FINISHED)),
            "stages": stages,
            "members": members,
            **({"rounding_bound": self.rounding} if self.rounding is not None else {}),
            **({"stopped_by": self.stopped_by} if self.stopped_by is not None else {}),
            **({"provenance": self.provenance} if self.provenance else {}),
        }
