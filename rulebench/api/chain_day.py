"""One day narrated (``rulebench chain FILE -r RULESET --narrate``): every stage's fight told as
``rulebench fight`` tells one, and between the stages who died, whether the day ended, and what
the rest healed.

The whole day is rolled from one seed, stage after stage on one random stream, as a sampled day is.
What happens between two stages is reported as events of the stage's fight (``fight.emit``), so the
ruleset's narration renders them in the reader's language as it renders the fight: ``rest`` (``who``,
``rest``, ``before`` and ``after``: his carried state, the ruleset's own keys) and ``finished``
(``living``: the names still alive). They are taken out of the fight's log into the stage's
``between`` list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebench.analysis.chain_play import FINISHED, GOES_ON, DayPlan, StageEnd, thawed
from rulebench.api.narrated_fight import FightRecord, fate_changes
from rulebench.core.chain_file import ChainFile, load_chain
from rulebench.core.dice import RandomRoller
from rulebench.core.discovery import Catalog, discover
from rulebench.core.loop import play

__all__ = ["DayRecord", "DayStage", "day"]


@dataclass
class DayStage:
    """One stage of a narrated day.

    Attributes:
        record: the stage's fight, told as ``rulebench fight`` tells one.
        end: its outcome, who died in it, whether the day ended there.
        carried: what each living member carries out of the fight (the ruleset's keys; empty: nothing).
        rested: what each carries into the next stage after the rest; None once the day is over.
        between: the events told between this stage and the next (``rest``, ``finished``).
    """

    record: FightRecord
    end: StageEnd
    carried: dict[str, dict[str, Any]]
    rested: dict[str, dict[str, Any]] | None
    between: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class DayRecord:
    """A whole day under one ruleset, from one seed."""

    chain: ChainFile
    ruleset: str
    seed: int
    stages: list[DayStage]
    warnings: tuple[str, ...] = ()

    @property
    def survived(self) -> bool:
        """Whether the party got through every stage, neither wiped out nor finished."""
        return len(self.stages) == len(self.chain.stages) and self.stages[-1].end.end == GOES_ON

    def to_dict(self) -> dict[str, Any]:
        """The ``chain --narrate --json`` document: each stage's fight as ``fight --json`` has it,
        with what happened after it."""
        from rulebench.analysis.analyse import jsonable  # only the JSON needs the analysis helpers

        document: dict[str, Any] = jsonable({
            "chain": self.chain.name,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "survived": self.survived,
            "stages": [
                {
                    "name": self.chain.stages[i].name,
                    "rest": self.chain.stages[i].rest,
                    "fight": stage.record.to_dict(),
                    "dead": list(stage.end.dead),
                    "end": stage.end.end or None,
                    "carried": stage.carried,
                    "rested": stage.rested,
                    "between": stage.between,
                }
                for i, stage in enumerate(self.stages)
            ],
        })
        return document


def day(
    file: ChainFile | str | Path,
    ruleset: str,
    *,
    seed: int,
    plugins: Sequence[str] = (),
    tactics: str | None = None,
    catalog: Catalog | None = None,
) -> DayRecord:
    """Play and record one day of ``file`` under ``ruleset`` from ``seed``.

    Raises:
        BadInput: a bad chain file, or an unknown ruleset or plugin.
    """
    chain = file if isinstance(file, ChainFile) else load_chain(file)
    catalog = catalog if catalog is not None else discover()
    plan = DayPlan(chain, ruleset, catalog=catalog, plugins=plugins, tactics=tactics)
    roller = RandomRoller(seed)
    party = plan.start()
    stages: list[DayStage] = []
    for index in range(len(chain.stages)):
        config = plan.config(index, party)
        start = roller.stream.getstate()

        def replay(state: Any = start) -> RandomRoller:
            again = RandomRoller(seed)
            again.stream.setstate(state)
            return again

        fight = config.new_fight(roller, record=True)
        result = play(fight)
        changes = fate_changes(config, replay, result, [c.side for c in fight.combatants])
        record = FightRecord(config, seed, result, fight, warnings=tuple(catalog.warnings), changes=changes)
        after = plan.after(index, fight)
        told = len(fight.log or [])
        if after.end.end == FINISHED:
            fight.emit("finished", living=[name for name, _ in after.carried])
        if after.party is not None:
            rest = chain.stages[index].rest
            for (name, before), (_, healed) in zip(after.carried, after.party):
                if before:  # he carries something: the rest heals it, or not
                    fight.emit("rest", who=name, rest=rest, before=thawed(before), after=thawed(healed))
        log = fight.log or []
        between, log[told:] = log[told:], []
        carried = {name: thawed(state) for name, state in after.carried}
        rested = None if after.party is None else {name: thawed(state) for name, state in after.party}
        stages.append(DayStage(record, after.end, carried, rested, between))
        if after.party is None:
            break
        party = after.party
    return DayRecord(chain, ruleset, seed, stages, tuple(catalog.warnings))
