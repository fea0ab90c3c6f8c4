"""One day of a chain file under one ruleset: the stages played in order, the party carried between.

A :class:`DayPlan` knows the chain, the ruleset and its plugins. Each stage's fight is a fight
configuration of the stage as the living fight it (``ChainFile.encounter``), its party starting
from what they carry (``FightConfig.carrying``). Once a stage's fight is over (:meth:`DayPlan.after`)
the dead leave, the day ends if the party is wiped out or finished, and each living member's
carried state is asked of his ruleset (``rulebench_carry``) and healed by the stage's rest
(``rulebench_rest``): docs/chains.md, "Between the stages". Sampling plays many days on one
random stream (``chain_sampling``), exact analysis carries the distribution of parties from stage
to stage (``chain_exact``); both count a day by its :data:`Day`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from rulebench.core import plugin_errors
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.chain_file import ChainFile
from rulebench.core.combatants import Combatant
from rulebench.core.dice import Roller
from rulebench.core.discovery import Catalog, discover
from rulebench.core.fight import Fight, Snapshot
from rulebench.core.loop import play_out, result_of
from rulebench.core.outcome import EndState, FightResult

Carried = frozenset[tuple[str, Any]]
"""A member's carried state, frozen (``frozen``): the ruleset's keys with their values; empty: fresh."""

Party = tuple[tuple[str, Carried], ...]
"""Who stands at a stage's start, in marching order, each with what he carries."""

MAX_KEPT = 50_000
"""Fights, and what final states leave, a plan keeps before it starts afresh (dsa's life energy
makes many parties): a few tens of megabytes at most."""

GOES_ON = ""
WIPED_OUT = "wiped_out"
FINISHED = "finished"


class StageEnd(NamedTuple):
    """How a stage ended for the party: the fight's outcome, who died in it, and whether the day
    ended there (``WIPED_OUT``, ``FINISHED``) or goes on (``GOES_ON``)."""

    outcome: str
    dead: tuple[str, ...]
    end: str


Day = tuple[StageEnd, ...]
"""A whole day as it went: each stage reached, in order (a day that ended early has fewer)."""


@dataclass(frozen=True)
class After:
    """A finished stage: its result, how it ended, and the party the next stage starts with (after
    the rest, None once the day is over), with what each member carried before the rest."""

    result: FightResult
    end: StageEnd
    party: Party | None
    carried: Party = ()


def frozen(value: Any) -> Any:
    """A JSON-ready value as a hashable one: a dict as the frozenset of its items, a list as a tuple.

    Raises:
        TypeError: ``value`` holds something JSON cannot carry.
    """
    if isinstance(value, dict):
        return frozenset((str(key), frozen(item)) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"{type(value).__name__} is not JSON-ready")


def thawed(value: Any) -> Any:
    """A frozen value as JSON-ready data again (a carried state as the dict a ruleset reads, keys in
    order), the inverse of :func:`frozen`."""
    if isinstance(value, frozenset):
        return {key: thawed(item) for key, item in sorted(value)}
    if isinstance(value, tuple):
        return [thawed(item) for item in value]
    return value


class DayPlan:
    """A chain under one ruleset, its plugins and tactics: the configurations of its stages, and
    what becomes of the party after each.

    Args:
        chain: the validated chain.
        ruleset: the ruleset's name.
        catalog: discovered plugins (discovered afresh when None).
        plugins, tactics, default_plugins: as for ``configure``.
    """

    def __init__(
        self,
        chain: ChainFile,
        ruleset: str,
        *,
        catalog: Catalog | None = None,
        plugins: Sequence[str] = (),
        tactics: str | None = None,
        default_plugins: bool = True,
    ) -> None:
        self.chain = chain
        self.ruleset = ruleset
        self._catalog = catalog if catalog is not None else discover()
        self._plugins = tuple(plugins)
        self.tactics = tactics
        self._default_plugins = default_plugins
        self._bases: dict[tuple[int, tuple[str, ...]], FightConfig] = {}
        self._configs: dict[tuple[int, Party], FightConfig] = {}
        self._fights: dict[tuple[int, Party], Fight] = {}
        """One fight per stage and party, reset and played again, as sampling plays a configuration's
        fights on one."""
        self._afters: dict[tuple[int, Party, Snapshot], After] = {}
        """What each final state of a stage leaves: fights end in few distinct states."""
        self.first = self.config(0, self.start())
        """The first stage's configuration, whose ruleset, plugins and package every stage shares."""

    @property
    def plugins(self) -> tuple[str, ...]:
        """Every modifier plugin taking part, those on by default included (as the configurations have them)."""
        return self.first.plugins

    def names(self) -> dict[str, Any]:
        """What a result of this plan is labelled with: the ruleset, the stages, the rests after
        them and the party's members (:class:`rulebench.analysis.chain_results.ChainResult`'s fields)."""
        stages = self.chain.stages
        return {"ruleset": self.ruleset, "stages": tuple(stage.name for stage in stages),
                "rests": tuple(stage.rest for stage in stages), "members": tuple(member.name for member in self.chain.party)}

    @property
    def portable(self) -> bool:
        """Whether a worker process can rebuild the plan from names (every plugin is installed)."""
        return self.first.portable

    def start(self) -> Party:
        """The party at the day's start: everyone, fresh."""
        return tuple((member.name, frozenset()) for member in self.chain.party)

    def config(self, index: int, party: Party) -> FightConfig:
        """Stage ``index``'s configuration for ``party``: the living, starting from what they carry."""
        key = (index, party)
        found = self._configs.get(key)
        if found is None:
            living = tuple(name for name, _ in party)
            base = self._bases.get((index, living))
            if base is None:
                base = self._bases[(index, living)] = configure(
                    self.chain.encounter(index, living), self.ruleset, catalog=self._catalog, plugins=self._plugins,
                    tactics=self.tactics, default_plugins=self._default_plugins)
            carried = {name: thawed(state) for name, state in party if state}
            if len(self._configs) >= MAX_KEPT:
                self._configs.clear()
            found = self._configs[key] = base.carrying(carried) if carried else base
        return found

    def new_fight(self, index: int, party: Party, roller: Roller, record: bool = False) -> Fight:
        """Stage ``index``'s fight for ``party``, set up and at round 0."""
        return self.config(index, party).new_fight(roller, record)

    def after(self, index: int, fight: Fight) -> After:
        """What stage ``index``'s finished ``fight`` leaves: the dead out, the day over if the party
        is wiped out or finished, else each living member's carried state after the stage's rest."""
        result = result_of(fight)
        members = fight.party.members
        fates = result.fates[: len(members)]
        dead = tuple(m.name for m, fate in zip(members, fates) if fate.state == EndState.DEAD)
        living = [m for m, fate in zip(members, fates) if fate.state != EndState.DEAD]
        # Nobody of the party left on his feet, whether he fought or not: a member who sat the
        # stage out still carries the fallen on (with every member engaged, compare's wiped_out).
        wiped = all(fate.state in (EndState.OUT, EndState.DEAD) for fate in fates)
        rules = fight._rules
        try:
            finished = not wiped and bool(rules.party_finished(fight))
            carried = tuple((m.name, self._carried(fight, m)) for m in living)
        except Exception as error:
            plugin_errors.reraise(error, fight)
        end = WIPED_OUT if wiped else FINISHED if finished else GOES_ON
        stage_end = StageEnd(result.outcome.value, dead, end)
        if end != GOES_ON or index + 1 == len(self.chain.stages):
            return After(result, stage_end, None, carried)
        rest = self.chain.stages[index].rest
        try:
            rested = tuple((m.name, self._rested(fight, m, state, rest)) for m, (_, state) in zip(living, carried))
        except Exception as error:
            plugin_errors.reraise(error, fight)
        return After(result, stage_end, rested, carried)

    def play_day(self, roller: Roller) -> Day:
        """Play one day from ``roller``: every stage in order until the day ends."""
        party = self.start()
        ends: list[StageEnd] = []
        fights, afters = self._fights, self._afters
        for index in range(len(self.chain.stages)):
            key = (index, party)
            fight = fights.get(key)
            if fight is None:
                if len(fights) >= MAX_KEPT:
                    fights.clear()
                fight = fights[key] = self.new_fight(index, party, roller)
            else:
                fight._reset()
                if fight._roller is not roller:
                    fight._roller = roller
            play_out(fight)
            final = (index, party, fight._snapshot())
            after = afters.get(final)
            if after is None:
                if len(afters) >= MAX_KEPT:
                    afters.clear()
                after = afters[final] = self.after(index, fight)
            ends.append(after.end)
            if after.party is None:
                break
            party = after.party
        return tuple(ends)

    def _carried(self, fight: Fight, member: Combatant) -> Carried:
        answer = fight._rules.carry(fight, member)
        if answer is not None and not isinstance(answer, dict):
            raise plugin_errors.wrong_answer(fight, "rulebench_carry", answer, (member,))
        return _frozen_answer(fight, "rulebench_carry", answer or {}, member)

    def _rested(self, fight: Fight, member: Combatant, state: Carried, rest: str) -> Carried:
        answer = fight._rules.rest(fight, member, thawed(state), rest)
        if not isinstance(answer, dict):
            raise plugin_errors.wrong_answer(fight, "rulebench_rest", answer, (member,))
        return _frozen_answer(fight, "rulebench_rest", answer, member)


def _frozen_answer(fight: Fight, hook: str, answer: dict[str, Any], member: Combatant) -> Carried:
    """A hook's carried state frozen; one JSON cannot carry is the hook's wrong answer."""
    try:
        state: Carried = frozen(answer)
    except TypeError:
        raise plugin_errors.wrong_answer(fight, hook, answer, (member,)) from None
    return state
