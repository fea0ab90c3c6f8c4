"""The sampled side of ``sensitivity``: every change fought in pairs with the unchanged encounter.

Each ruleset's unchanged encounter and its changes play blocks of :data:`BLOCK` fights with the
same seeds (:mod:`rulebench.analysis.paired`). A change stops once the paired intervals of its
changes to the party's chance to win and to be wiped out are both at most the precision wide on
either side (:data:`PRECISION` unless ``--precision`` says otherwise; or after ``-n`` fights,
or at the cap); the unchanged encounter plays as many fights
as its longest change, and at least until its own Wilson intervals are that narrow. Every block of
every run still going is sent to the pool at once, one round after another, and each decision
depends only on the blocks before it: the result is the same for any worker count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

from rulebench.analysis.analyse import AnalysisOptions, ProgressFactory
from rulebench.analysis.paired import WINS, WIPED, Pairs, pair, paired_difference, share, submit_codes, table
from rulebench.analysis.results import RulesetResult, Tally, wilson
from rulebench.analysis.sampling import BLOCK, SamplingPool
from rulebench.core.assembly import FightConfig
from rulebench.core.i18n import _

PRECISION = 0.025
"""The half-width a change's paired intervals are sampled to when no precision is asked for: a
ranking needs no more, pairs make a small change precise long before that, and the default
sensitivity of an example stays within half a minute on two cores (docs/sensitivity.md)."""


@dataclass
class Point:
    """One point of a sensitivity: the party's chance to win and to be wiped out, and (for a
    change) how far they moved from the unchanged encounter, with the paired 95% interval of
    that move when sampled."""

    method: str
    party_wins: float
    wiped_out: float
    change: float = 0.0
    wiped_change: float = 0.0
    ci95: tuple[float, float] | None = None
    wiped_ci95: tuple[float, float] | None = None
    fights: int | None = None
    base_ci95: dict[str, tuple[float, float]] | None = None
    """For a sampled unchanged encounter: the Wilson intervals of its two chances."""

    def relative_to(self, base: Point) -> Point:
        """This exact point with its changes from ``base`` (exact too) filled in."""
        self.change, self.wiped_change = self.party_wins - base.party_wins, self.wiped_out - base.wiped_out
        return self

    def to_dict(self) -> dict[str, Any]:
        """The JSON of a base (``party_wins``, ``wiped_out``) or a change (also ``change``,
        ``wiped_out_change`` and, sampled, their ``ci95`` and ``wiped_out_ci95``)."""
        entry: dict[str, Any] = {"method": self.method, "party_wins": self.party_wins, "change": self.change}
        if self.ci95 is not None:
            entry["ci95"] = list(self.ci95)
        entry["wiped_out"] = self.wiped_out
        entry["wiped_out_change"] = self.wiped_change
        if self.wiped_ci95 is not None:
            entry["wiped_out_ci95"] = list(self.wiped_ci95)
        if self.fights is not None:
            entry["fights"] = self.fights
        return entry

    def base_dict(self) -> dict[str, Any]:
        """The JSON of the unchanged encounter."""
        entry: dict[str, Any] = {"method": self.method, "party_wins": self.party_wins, "wiped_out": self.wiped_out}
        if self.base_ci95 is not None:
            entry["ci95"] = {k: list(v) for k, v in self.base_ci95.items()}
        if self.fights is not None:
            entry["fights"] = self.fights
        return entry


@dataclass
class _Change:
    """One change's paired fights so far."""

    config: FightConfig
    pairs: Pairs = field(default_factory=Counter)
    fights: int = 0
    done: bool = False
    stopped_by: str = ""


@dataclass
class PairedRun:
    """A ruleset's unchanged encounter and the changes it samples, fought in pairs."""

    base: FightConfig
    changes: list[FightConfig]
    blocks: list[bytes] = field(default_factory=list)
    """The unchanged encounter's fights, block by block."""
    runs: list[_Change] = field(default_factory=list)
    base_done: bool = False
    seed: int = 1

    def __post_init__(self) -> None:
        self.runs = [_Change(config) for config in self.changes]

    @property
    def fights(self) -> int:
        """How many fights the unchanged encounter played."""
        return sum(len(b) for b in self.blocks)

    def count(self, bit: int) -> int:
        """How many of the unchanged encounter's fights so far have ``bit``."""
        return sum(share(b, bit) for b in self.blocks)

    def base_point(self) -> Point:
        """The unchanged encounter, sampled: its two chances with their Wilson intervals."""
        n = self.fights
        wins, wiped = self.count(WINS), self.count(WIPED)
        return Point("monte-carlo", wins / n, wiped / n, fights=n,
                     base_ci95={"party_wins": wilson(wins, n), "wiped_out": wilson(wiped, n)})

    def base_result(self) -> RulesetResult:
        """The unchanged encounter's sampled result as provenance records it (fights and seed)."""
        return RulesetResult(self.base.ruleset.name, "monte-carlo", Tally(()), len(self.base.encounter.party),
                             fights=self.fights, seed=self.seed, stopped_by="paired")

    def points(self, base: Point) -> list[Point]:
        """Every sampled change, in order: the unchanged encounter's chance plus the paired
        difference (so a change and its move always agree), and the paired interval of the move."""
        found = []
        for run in self.runs:
            wins, wins_ci = paired_difference(*table(run.pairs, WINS))
            wiped, wiped_ci = paired_difference(*table(run.pairs, WIPED))
            found.append(Point("monte-carlo", min(1.0, max(0.0, base.party_wins + wins)),
                               min(1.0, max(0.0, base.wiped_out + wiped)), wins, wiped, wins_ci, wiped_ci, run.fights))
        return found


def _wide(pairs: Pairs, precision: float) -> bool:
    """Whether either paired interval still reaches further than ``precision`` from its estimate."""
    for bit in (WINS, WIPED):
        d, (low, high) = paired_difference(*table(pairs, bit))
        if max(d - low, high - d) > precision:
            return True
    return False


def _base_wide(run: PairedRun, precision: float) -> bool:
    """Whether the unchanged encounter's own Wilson intervals are still wider than ``precision``
    (before its first fight: always)."""
    n = run.fights
    if not n:
        return True
    for bit in (WINS, WIPED):
        low, high = wilson(run.count(bit), n)
        if (high - low) / 2 > precision:
            return True
    return False


def run_paired(runs: Sequence[PairedRun], options: AnalysisOptions, pool: SamplingPool,
               progress: ProgressFactory | None = None) -> None:
    """Play every run's pairs, block by block, until each change and each unchanged encounter
    is as precise as ``options`` ask (or has played ``options.fights``, or the cap)."""
    precision, cap = options.precision or PRECISION, options.fights or options.cap
    count = sum(len(r.runs) for r in runs)
    advance = progress(_("sampling {count} changes in pairs").format(count=count), None) if progress and runs else None
    for run in runs:
        run.seed = options.seed
    while True:
        base_jobs: list[tuple[PairedRun, Future[bytes]]] = []
        jobs: list[tuple[PairedRun, _Change, Future[bytes]]] = []
        for run in runs:
            active = [c for c in run.runs if not c.done]
            # Changes still going have all played the same fights: the next block is the same for all.
            start = active[0].fights if active else run.fights
            wanted = run.fights < cap and (options.fights is not None or _base_wide(run, precision))
            size = min(BLOCK, cap - start) if active or wanted else 0
            if run.fights < start + size:
                base_jobs.append((run, submit_codes(pool, run.base, options.seed, run.fights, start + size - run.fights)))
            jobs.extend((run, c, submit_codes(pool, c.config, options.seed, c.fights, size)) for c in active)
        if not base_jobs and not jobs:
            return
        for run, job in base_jobs:
            run.blocks.append(job.result())
            if advance:
                advance(len(run.blocks[-1]))
        for run, c, job in jobs:
            codes = job.result()
            pair(c.pairs, run.blocks[c.fights // BLOCK], codes)
            c.fights += len(codes)
            if advance:
                advance(len(codes))
            if c.fights >= cap:
                c.done, c.stopped_by = True, "fights" if options.fights else "cap"
            elif options.fights is None and not _wide(c.pairs, precision):
                c.done, c.stopped_by = True, "precision"
