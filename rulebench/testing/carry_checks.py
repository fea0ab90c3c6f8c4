"""The conformance kit's ``carry-rest`` check: what a ruleset carries from one fight of a day to
the next (``rulebench_carry``), what its rests heal (``rulebench_rest``), and that setup takes it.

On a generated encounter and seed the first fight is played on the roller compare plays on, with
the state guards on. Then, for every member not dead at its end:

* ``rulebench_carry`` answers a JSON-ready dict (or None), the same when asked twice, and asking it
  changes nothing of the fight (chains sample and solve a day on these answers: one that changed
  with the asking would make the day depend on how often it was asked);
* ``rulebench_rest`` answers a JSON-ready dict for each rest (``none``, ``short``, ``long``), the
  same when asked twice, without changing the carried state it was given;
* the next fight of the day (the same encounter, the dead left out) sets up from what he carries,
  before the rest and after each rest, and plays to its end with the state guards on;
* a rest never makes him worse: at the next fight's start his end state is no worse after the rest
  than before it, and where the ruleset tells health in neutral terms (``rulebench_health``) the
  share left is no smaller; and a member who would start the next fight dead is not revived by it.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from typing import Any

from rulebench.core.assembly import FightConfig, configure
from rulebench.core.chain_file import RESTS, ChainFile, chain_from_dict
from rulebench.core.combatants import Combatant
from rulebench.core.dice import RandomRoller
from rulebench.core.discovery import Catalog
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.fight import Fight
from rulebench.core.i18n import SOURCE_LANGUAGE, _, speaking
from rulebench.core.loop import play
from rulebench.core.outcome import EndState

WORSE = {EndState.UNHURT: 0, EndState.HURT: 1, EndState.OUT: 2, EndState.DEAD: 3}
"""End states from best to worst, for "a rest never makes him worse"."""

TOLERANCE = 1e-9
"""How much smaller a share of health left may come out after a rest, for a float computed two ways."""


class CarryFailure(AssertionError):
    """The carry or rest hooks broke a rule of the kit (the conformance kit turns it into its failure)."""


def _day(data: Mapping[str, Any]) -> ChainFile:
    """The generated encounter as a day of two stages: its fight twice, the party carried between."""
    fields = {key: data[key] for key in ("ambush_from_behind", "surprise", "forced", "mode", "enemy")}
    return chain_from_dict({"name": "generated", "party": data["party"],
                            "stage": [{"name": "first", **fields}, {"name": "second", **fields}]}, "generated chain")


def _json_ready(value: Any) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return False
    return True


class CarryChecks:
    """Plays first fights of generated days and checks the carry and rest hooks on their survivors.

    Args:
        ruleset: the ruleset's name.
        catalog: discovered plugins.
    """

    def __init__(self, ruleset: str, catalog: Catalog) -> None:
        self.ruleset = ruleset
        self.catalog = catalog

    def check_day(self, data: dict[str, Any], seed: int, where: str) -> int:
        """Every check on the day of ``data`` from ``seed`` (``where`` names it in a failure); how
        many members carried something.

        Raises:
            CarryFailure: a rule of the module docstring broken, said with the hook, the member and both values.
        """
        day = _day(data)
        first = configure(encounter_from_dict(data), self.ruleset, catalog=self.catalog, check=True)
        fight = first.new_fight(RandomRoller(seed))
        with speaking(SOURCE_LANGUAGE):
            result = play(fight)
        members = fight.party.members
        living = [m for m, fate in zip(members, result.fates) if fate.state != EndState.DEAD]
        if not living:
            return 0
        carried = {m.name: self._carry(fight, m, where) for m in living}
        rested = {rest: {m.name: self._rest(fight, m, carried[m.name], rest, where) for m in living} for rest in RESTS}
        second = configure(day.encounter(1, [m.name for m in living]), self.ruleset, catalog=self.catalog, check=True)
        roller_seed = random.Random(seed).randrange(2**32)
        before = self._start(second, carried, roller_seed, where, _("what rulebench_carry answered"))
        for rest, states in rested.items():
            after = self._start(second, states, roller_seed, where, _("the state after a {rest} rest").format(rest=rest))
            for name, (state, left) in after.items():
                self._no_worse(name, rest, before[name], (state, left), where)
        return sum(bool(state) for state in carried.values())

    def _carry(self, fight: Fight, member: Combatant, where: str) -> dict[str, Any]:
        """``rulebench_carry`` for ``member``, asked twice: JSON-ready, the same, and changing nothing."""
        snapshot = fight._snapshot()
        answer = fight._rules.carry(fight, member)
        again = fight._rules.carry(fight, member)
        if (answer is not None and not isinstance(answer, dict)) or not _json_ready(answer):
            raise CarryFailure(_("{where}: rulebench_carry answered {answer!r} for {member}: expected a JSON-ready dict of "
                                 "the ruleset's own keys, or None").format(where=where, answer=answer, member=member.name))
        if again != answer:
            raise CarryFailure(_("{where}: rulebench_carry answered {answer!r} for {member}, then {again!r} when asked "
                                 "again: its answer must depend only on the finished fight").format(
                                     where=where, answer=answer, again=again, member=member.name))
        if fight._snapshot() != snapshot:
            raise CarryFailure(_("{where}: asking rulebench_carry for {member} changed the fight's state: the hook "
                                 "only answers").format(where=where, member=member.name))
        return answer or {}

    def _rest(self, fight: Fight, member: Combatant, carried: dict[str, Any], rest: str, where: str) -> dict[str, Any]:
        """``rulebench_rest`` for ``member`` after a ``rest``, asked twice: JSON-ready, the same, and
        leaving the carried state it was given as it was."""
        given = copy.deepcopy(carried)
        answer = fight._rules.rest(fight, member, given, rest)
        again = fight._rules.rest(fight, member, copy.deepcopy(carried), rest)
        if not isinstance(answer, dict) or not _json_ready(answer):
            raise CarryFailure(_("{where}: rulebench_rest answered {answer!r} for {member} after a {rest} rest: expected "
                                 "a JSON-ready dict (an empty one: fully healed)").format(
                                     where=where, answer=answer, member=member.name, rest=rest))
        if given != carried:
            raise CarryFailure(_("{where}: rulebench_rest changed the carried state it was given for {member} after a "
                                 "{rest} rest, from {carried!r} to {given!r}: answer a new dict instead").format(
                                     where=where, member=member.name, rest=rest, carried=carried, given=given))
        if again != answer:
            raise CarryFailure(_("{where}: rulebench_rest answered {answer!r} for {member} after a {rest} rest, then "
                                 "{again!r} when asked again").format(
                                     where=where, answer=answer, again=again, member=member.name, rest=rest))
        return answer

    def _start(self, config: FightConfig, carried: dict[str, dict[str, Any]], seed: int, where: str,
               what: str) -> dict[str, tuple[EndState, float | None]]:
        """The next fight set up from ``carried`` and played out: each member's end state and share
        of health left at its start (None where the ruleset does not tell)."""
        try:
            fight = config.carrying(carried).new_fight(RandomRoller(seed))
        except Exception as err:
            raise CarryFailure(_("{where}: the next fight of the day did not set up from {what} ({carried!r}): "
                                 "{error}").format(where=where, what=what, carried=carried, error=err)) from err
        found = {}
        for member in fight.party.members:
            health = fight.health(member)
            found[member.name] = (fight._rules.end_state(fight, member).state, None if health is None else health.left)
        try:
            with speaking(SOURCE_LANGUAGE):
                play(fight)
        except Exception as err:
            raise CarryFailure(_("{where}: the next fight of the day, set up from {what} ({carried!r}), failed: "
                                 "{error}").format(where=where, what=what, carried=carried, error=err)) from err
        return found

    def _no_worse(self, name: str, rest: str, before: tuple[EndState, float | None], after: tuple[EndState, float | None],
                  where: str) -> None:
        """A rest leaves ``name`` no worse at the next fight's start than he was before it, and the dead dead."""
        (state, left), (rested, rested_left) = before, after
        if state == EndState.DEAD and rested != EndState.DEAD:
            raise CarryFailure(_("{where}: {member} would start the next fight dead, but after a {rest} rest {state}: "
                                 "no rest revives the dead").format(where=where, member=name, rest=rest, state=rested.value))
        if WORSE[rested] > WORSE[state]:
            raise CarryFailure(_("{where}: {member} would start the next fight {before}, but after a {rest} rest "
                                 "{after}: a rest never makes him worse").format(
                                     where=where, member=name, before=state.value, rest=rest, after=rested.value))
        if left is not None and rested_left is not None and rested_left < left - TOLERANCE:
            raise CarryFailure(_("{where}: {member} would start the next fight with {before:.0%} of his health left, "
                                 "but after a {rest} rest with {after:.0%}: a rest never adds wounds").format(
                                     where=where, member=name, before=left, rest=rest, after=rested_left))
