"""Outcome distributions of one ruleset on one encounter, however they were obtained.

Exact analysis and Monte Carlo both end in a ``Tally`` of weights (fight counts, or exact
probabilities as fractions) and are reported through one ``RulesetResult`` with the shape of
the README's ``compare --json`` contract.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from rulebench.core.outcome import END_STATES, OUTCOMES, EndState, FightResult

Number = int | Fraction | float

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default), clamped to [0, 1]."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # At 0 or n successes the bound is exactly 0 or 1; rounding would leave it ~1e-20 off the estimate.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass
class Tally:
    """Accumulated weight of outcomes, round counts and each combatant's end states.

    Weights are fight counts for Monte Carlo and exact probabilities for exact analysis.
    ``conditions`` keeps, per combatant, the weight of each ruleset condition name.
    """

    names: tuple[str, ...]
    outcomes: Counter[str] = field(default_factory=Counter)
    states: Counter[tuple[str, ...]] = field(default_factory=Counter)
    """The weight of each combination of end states, one per combatant in order: what the
    casualties (anyone dead, everyone down) are read from, which no combatant's own tally tells."""
    rounds: Counter[int] = field(default_factory=Counter)
    fates: list[Counter[str]] = field(default_factory=list)
    conditions: list[Counter[str]] = field(default_factory=list)
    total: Number = 0

    def __post_init__(self) -> None:
        if not self.fates:
            self.fates = [Counter() for _ in self.names]
            self.conditions = [Counter() for _ in self.names]

    def add(self, result: FightResult, weight: Number = 1) -> None:
        """Count one fight's result with ``weight``."""
        # Counter is typed for counts; here it also holds probabilities (fractions or floats).
        weight_: Any = weight
        self.total += weight
        self.outcomes[result.outcome.value] += weight_
        self.states[tuple([f.state.value for f in result.fates])] += weight_
        self.rounds[result.rounds] += weight_
        for fates, conditions, fate in zip(self.fates, self.conditions, result.fates):
            fates[fate.state.value] += weight_
            conditions[fate.condition] += weight_

    @classmethod
    def summed(cls, names: tuple[str, ...], weights: Mapping[FightResult, float]) -> Tally:
        """A tally of floating-point probabilities, each of its sums correctly rounded (``math.fsum``)."""
        tally = cls(names)
        outcomes: defaultdict[str, list[float]] = defaultdict(list)
        states: defaultdict[tuple[str, ...], list[float]] = defaultdict(list)
        rounds: defaultdict[int, list[float]] = defaultdict(list)
        fates: list[defaultdict[str, list[float]]] = [defaultdict(list) for _ in names]
        conditions: list[defaultdict[str, list[float]]] = [defaultdict(list) for _ in names]
        for result, weight in weights.items():
            outcomes[result.outcome.value].append(weight)
            states[tuple([f.state.value for f in result.fates])].append(weight)
            rounds[result.rounds].append(weight)
            for mine, kinds, fate in zip(fates, conditions, result.fates):
                mine[fate.state.value].append(weight)
                kinds[fate.condition].append(weight)
        tally.total = math.fsum(weights.values())
        tally.outcomes = Counter({k: math.fsum(v) for k, v in outcomes.items()})
        tally.states = Counter({k: math.fsum(v) for k, v in states.items()})
        tally.rounds = Counter({k: math.fsum(v) for k, v in rounds.items()})
        tally.fates = [Counter({k: math.fsum(v) for k, v in f.items()}) for f in fates]
        tally.conditions = [Counter({k: math.fsum(v) for k, v in c.items()}) for c in conditions]
        return tally

    def merge(self, other: Tally) -> Tally:
        """Add another tally of the same fight configuration into this one, and return this one."""
        self.total += other.total
        self.outcomes.update(other.outcomes)
        self.states.update(other.states)
        self.rounds.update(other.rounds)
        for mine, theirs in zip(self.fates, other.fates):
            mine.update(theirs)
        for mine, theirs in zip(self.conditions, other.conditions):
            mine.update(theirs)
        return self


@dataclass
class RulesetResult:
    """One ruleset's outcome distribution on one encounter (a row of ``compare``)."""

    ruleset: str
    method: str
    tally: Tally
    party_size: int
    fights: int | None = None
    seed: int | None = None
    provenance: dict[str, Any] = field(default_factory=dict)
    rounding: float | None = None
    """For exact analysis in floating point, a bound on the absolute rounding error of every probability."""
    stopped_by: str | None = None
    """For sampling, the rule that stopped it: ``fights`` (a fixed count), ``precision`` or ``cap``."""
    unit: str = "round"
    """What the ruleset counts a fight's length in (its ``round_word``: ``round``, dsa's ``exchange``)."""
    engaged: tuple[bool, ...] | None = None
    """Which party members took part in the fight (None: all of them); the casualties count those."""
    states: int | None = None
    """For exact analysis, how many fight states the solve handled (what it cost, in the budget's units)."""

    def probability(self, weight: Number) -> Number:
        """A weight of the tally as a probability (a Fraction when exact)."""
        if isinstance(self.tally.total, Fraction) or self.method == "exact":
            return Fraction(weight) / Fraction(self.tally.total)
        return weight / self.tally.total

    @property
    def outcomes(self) -> dict[str, Number]:
        """Each outcome's probability, in contract order, summing to 1."""
        return {o.value: self.probability(self.tally.outcomes.get(o.value, 0)) for o in OUTCOMES}

    @property
    def ci95(self) -> dict[str, tuple[float, float]] | None:
        """Wilson 95% intervals of each outcome for sampled results; None when exact."""
        if self.method == "exact":
            return None
        n = int(self.tally.total)
        return {o.value: wilson(int(self.tally.outcomes.get(o.value, 0)), n) for o in OUTCOMES}

    @property
    def rounds_distribution(self) -> dict[int, Number]:
        """The probability of each fight length, shortest first."""
        return {r: self.probability(w) for r, w in sorted(self.tally.rounds.items())}

    @property
    def rounds_mean(self) -> Number:
        """The expected fight length in rounds."""
        return sum((r * p for r, p in self.rounds_distribution.items()), start=0)

    def casualties(self) -> dict[str, Number]:
        """The party's losses: the chance that anyone of it dies (``anyone_dead``), that everyone who
        fought is down, out or dead (``wiped_out``, a total party kill, whatever the outcome is
        called), and the expected number dead (``deaths``)."""
        engaged = self.engaged or (True,) * self.party_size
        fought = [i for i, taking_part in enumerate(engaged[: self.party_size]) if taking_part]
        dead, wiped, deaths = 0, 0, 0
        down = (EndState.OUT.value, EndState.DEAD.value)
        for states, weight in self.tally.states.items():
            killed = sum(1 for i in range(self.party_size) if states[i] == EndState.DEAD.value)
            if killed:
                dead += weight
                deaths += killed * weight
            if fought and all(states[i] in down for i in fought):
                wiped += weight
        return {"anyone_dead": self.probability(dead), "wiped_out": self.probability(wiped), "deaths": self.probability(deaths)}

    def casualties_ci95(self, casualties: Mapping[str, Number] | None = None) -> dict[str, tuple[float, float]] | None:
        """Wilson 95% intervals of the two casualty chances for sampled results (``casualties``: the
        figures, when the caller has them already); None when exact."""
        if self.method == "exact":
            return None
        n = int(self.tally.total)
        casualties = casualties if casualties is not None else self.casualties()
        return {k: wilson(round(float(casualties[k]) * n), n) for k in ("anyone_dead", "wiped_out")}

    def fates(self) -> list[dict[str, Any]]:
        """Per combatant: name and the probability of each end state."""
        return [
            {"name": name, **{s.value: self.probability(counts.get(s.value, 0)) for s in END_STATES}}
            for name, counts in zip(self.tally.names, self.tally.fates)
        ]

    def conditions(self) -> list[dict[str, Number]]:
        """Per combatant: the probability of each ruleset condition name."""
        return [{c: self.probability(w) for c, w in sorted(counts.items())} for counts in self.tally.conditions]

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``compare --json`` entry; ``fractions`` writes exact probabilities as "n/d" strings."""

        def num(value: Number) -> Any:
            if fractions and isinstance(value, Fraction):
                return f"{value.numerator}/{value.denominator}"
            return float(value)

        ci = self.ci95
        figures = self.casualties()
        casualties: dict[str, Any] = {k: num(v) for k, v in figures.items()}
        casualties_ci = self.casualties_ci95(figures)
        if casualties_ci:
            casualties["ci95"] = {k: [lo, hi] for k, (lo, hi) in casualties_ci.items()}
        fates = self.fates()
        conditions = self.conditions()
        members = [
            {k: (v if k == "name" else num(v)) for k, v in row.items()} | {"conditions": {c: num(p) for c, p in cond.items()}}
            for row, cond in zip(fates, conditions)
        ]
        return {
            "ruleset": self.ruleset,
            "method": self.method,
            "fights": self.fights,
            "seed": self.seed,
            "outcomes": {k: num(v) for k, v in self.outcomes.items()},
            "ci95": {k: [lo, hi] for k, (lo, hi) in ci.items()} if ci else None,
            "casualties": casualties,
            "rounds": {
                "mean": num(self.rounds_mean),
                "unit": self.unit,  # rounds.mean is in this unit: rulesets count different things
                "distribution": {str(r): num(p) for r, p in self.rounds_distribution.items()},
            },
            "party": members[: self.party_size],
            "enemy": members[self.party_size :],
            **({"rounding_bound": self.rounding} if self.rounding is not None else {}),
            **({"stopped_by": self.stopped_by} if self.stopped_by is not None else {}),
            **({"provenance": self.provenance} if self.provenance else {}),
        }


def result_row(result: RulesetResult) -> dict[str, Any]:
    """One result as a flat row: method, outcomes with their interval bounds, casualties, the mean
    length and its unit (``round``, dsa's ``exchange``), fights, seed."""
    ci = result.ci95 or {}
    row: dict[str, Any] = {"method": result.method}
    for outcome, p in result.outcomes.items():
        row[outcome] = float(p)
        row[f"{outcome}_low"], row[f"{outcome}_high"] = ci.get(outcome, (None, None))
    casualties = {f"party_{k}": float(v) for k, v in result.casualties().items()}
    return row | casualties | {"rounds_mean": float(result.rounds_mean), "rounds_unit": result.unit, "fights": result.fights,
                               "seed": result.seed}
