"""One fight played every way the kit compares (``FightChecks``), each on the roller compare plays
on, and the failures the kit raises; a fight that hangs is cut off after a hard cap (``hard_cap``)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import RandomRoller, Roller, ScriptedRoller
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import RulebenchError
from rulebench.core.fight import Fight
from rulebench.core.i18n import N_, SOURCE_LANGUAGE, _, speaking
from rulebench.core.loop import play, play_round
from rulebench.core.outcome import EndState, FightResult, Outcome
from rulebench.testing.dice_tape import DiceTape
from rulebench.testing.differences import Rounds, Trace, dice_difference, play_traced, result_difference, state_difference
from rulebench.testing.encounters import describe


class ConformanceFailure(AssertionError):
    """A ruleset broke a rule of the kit; the message says which fight, which dice and what differed."""


class CheckTimeout(ConformanceFailure):
    """A single fight ran past the hard time cap: a hook that loops, or a fight that never ends."""


@contextmanager
def hard_cap(seconds: float, what: str) -> Iterator[None]:
    """Stop whatever runs inside after ``seconds`` (main thread on Unix; elsewhere no cap)."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise CheckTimeout(_("{what} took longer than {seconds} s: a hook that never returns, or a fight that never ends").format(
            what=what, seconds=f"{seconds:.0f}"))

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def stream_at(roller: RandomRoller) -> object:
    """Where ``roller``'s random stream stands: two fights from one seed that drew the same random
    numbers stand at the same place, however their rules read them."""
    return roller.stream.getstate()


def play_in_source_language(fight: Fight) -> FightResult:
    """``play(fight)`` in the source language: the kit compares what rules answer (a condition's
    name, which a ruleset may translate while it records), not what a reader is shown."""
    with speaking(SOURCE_LANGUAGE):
        return play(fight)


def _play_traced(fight: Fight) -> tuple[FightResult, Rounds]:
    """``play_traced(fight)`` in the source language, as ``play_in_source_language``."""
    with speaking(SOURCE_LANGUAGE):
        return play_traced(fight)


class FightChecks:
    """Plays one ruleset's fights every way the kit compares; each method raises ``ConformanceFailure``."""

    def __init__(self, ruleset: str, catalog: Catalog | None = None) -> None:
        self.ruleset = ruleset
        self.catalog = catalog if catalog is not None else discover()

    def encounter(self, data: dict[str, Any] | Encounter) -> Encounter:
        """A generated encounter validated, or a loaded one as it is."""
        return data if isinstance(data, Encounter) else encounter_from_dict(data)

    def config(self, encounter: Encounter, check: bool = True) -> FightConfig:
        """The ruleset's configuration for ``encounter``, state guards on unless ``check`` is False."""
        return configure(encounter, self.ruleset, catalog=self.catalog, check=check)

    def names(self, data: dict[str, Any] | Encounter) -> list[str]:
        """The combatants' names in the order of a result's fates: the party, then the expanded enemies."""
        encounter = self.encounter(data)
        return [m.name for m in encounter.party] + [m.name for m in encounter.enemies()]

    def play(
        self, data: dict[str, Any] | Encounter, seed: int | str, *, record: bool = False, direct: bool = True, check: bool = True
    ) -> tuple[FightResult, object]:
        """One fight of ``data`` from ``seed`` on a plain ``RandomRoller``, as compare plays it: its
        result and where the random stream stands after it (``stream_at``).

        ``direct`` False asks the ruleset's default tactics through ``decide`` instead of letting it
        take them directly (``Fight.default_tactics``); ``check`` False plays without the state guards.
        """
        roller = RandomRoller(seed)
        return play_in_source_language(self._fight(data, roller, record=record, direct=direct, check=check)), stream_at(roller)

    def faces(
        self, data: dict[str, Any] | Encounter, seed: int | str, *, record: bool = False, direct: bool = True, check: bool = True
    ) -> tuple[FightResult, list[int]]:
        """The fight ``play`` plays, with every face written down (``DiceTape``): its result and its dice."""
        tape = DiceTape(RandomRoller(seed))
        return play_in_source_language(self._fight(data, tape, record=record, direct=direct, check=check)), tape.faces

    def trace(
        self, data: dict[str, Any] | Encounter, seed: int | str, *, record: bool = False, direct: bool = True, check: bool = True,
        tape: bool = True,
    ) -> Trace:
        """The fight ``play`` plays, round by round: its result, its dice (unless ``tape`` is False,
        to play on the bare roller), its state after each round and, recording, its log."""
        roller: Roller = DiceTape(RandomRoller(seed)) if tape else RandomRoller(seed)
        fight = self._fight(data, roller, record=record, direct=direct, check=check)
        result, states = _play_traced(fight)
        return Trace(result, roller.faces if isinstance(roller, DiceTape) else [], states, list(fight.log or []))

    def _fight(self, data: dict[str, Any] | Encounter, roller: Roller, *, record: bool, direct: bool, check: bool) -> Fight:
        fight = self.config(self.encounter(data), check=check).new_fight(roller, record)
        fight.default_tactics = fight.default_tactics and direct
        return fight

    def check_fight(self, data: dict[str, Any] | Encounter, seed: int) -> None:
        """Every per-fight comparison on one encounter and seed, each fight on the roller compare plays on."""
        where = _("{ruleset} fight of seed {seed} on {encounter}").format(ruleset=self.ruleset, seed=seed, encounter=describe(data))
        try:
            result, drawn = self.play(data, seed)
        except RulebenchError as err:
            raise ConformanceFailure(f"{where}: {err}") from err
        self._fates(result, self.encounter(data), where)
        # Played again without the guards, the fight compare plays from the same seed must be the same one.
        for label, kwargs in (
            (N_("without the state guards"), {"check": False}),
            (N_("with the event log recording"), {"record": True}),
            (N_("with default tactics asked through decide"), {"direct": False}),
        ):
            again, again_drawn = self.play(data, seed, **kwargs)
            # A die only narration needs may be rolled when recording, after every die that matters.
            if again != result or (again_drawn != drawn and not kwargs.get("record")):
                self._differ(where, label, data, seed, kwargs)
        taped, faces = self.faces(data, seed)
        if taped != result:
            expected = self.trace(data, seed, tape=False)
            checked = self.trace(data, seed)
            raise ConformanceFailure(
                _("{where}: played with its dice written down it came out differently: {difference}; {state}").format(
                    where=where, difference=result_difference(checked.result, expected.result, self.names(data)),
                    state=state_difference(checked.states, expected.states))
            )
        self._recorded_dice(data, seed, where, faces)
        self._replay(data, seed, where, result, faces)
        self._snapshot(data, seed, where)

    def _recorded_dice(self, data: dict[str, Any] | Encounter, seed: int, where: str, faces: list[int]) -> None:
        """Recording draws every die the silent fight draws, die for die and in the same order: a
        die only narration needs may come only after them (so a narrated fight is the fight sampled)."""
        recorded = DiceTape(RandomRoller(seed))
        fight = self._fight(data, recorded, record=True, direct=True, check=True)
        play_in_source_language(fight)
        if recorded.faces[: len(faces)] != faces:
            raise ConformanceFailure(
                _("{where}: played with the event log recording it drew other dice than the fight compare plays: {dice} (dice: {faces})").format(
                    where=where, dice=dice_difference(recorded.faces, faces, fight.log or []), faces=_head(faces)))

    def _replay(self, data: dict[str, Any] | Encounter, seed: int, where: str, result: FightResult, faces: list[int]) -> None:
        """The fight's dice, scripted, replay it."""
        script = DiceTape(ScriptedRoller(list(faces)))
        fight = self.config(self.encounter(data)).new_fight(script)
        try:
            replayed, states = _play_traced(fight)
        except Exception as err:
            raise ConformanceFailure(_("{where}: its {count} dice, scripted, did not replay it: {error} (dice: {dice})").format(
                where=where, count=len(faces), error=err, dice=_head(faces))) from err
        if replayed != result:
            recorded = self.config(self.encounter(data)).new_fight(ScriptedRoller(list(faces)), record=True)
            play_in_source_language(recorded)
            raise ConformanceFailure(
                _("{where}: its dice, scripted, replayed it differently: {difference}; {state}; {dice}").format(
                    where=where, difference=result_difference(replayed, result, self.names(data)),
                    state=state_difference(states, self.trace(data, seed).states),
                    dice=dice_difference(script.faces, faces, recorded.log or []))
            )

    def _differ(self, where: str, label: str, data: dict[str, Any] | Encounter, seed: int, kwargs: dict[str, bool]) -> NoReturn:
        """Fail for a fight that came out or drew differently played ``label`` (``kwargs``): what
        differed in its result, its state and its dice, each with both values."""
        expected = self.trace(data, seed)
        checked = self.trace(data, seed, **kwargs)
        # Where the dice part is named by the checked play's log: played recording, if it was not.
        log = checked.log if kwargs.get("record") else self.trace(data, seed, **{**kwargs, "record": True}).log
        dice = dice_difference(checked.faces, expected.faces, log)
        if checked.result == expected.result:
            raise ConformanceFailure(_("{where}: played {how} it came out the same but drew other dice: {dice} (dice: {faces})").format(
                where=where, how=_(label), dice=dice, faces=_head(expected.faces)))
        raise ConformanceFailure(
            _("{where}: played {how} it came out differently: {difference}; {state}; {dice} (dice: {faces})").format(
                where=where, how=_(label), difference=result_difference(checked.result, expected.result, self.names(data)),
                state=state_difference(checked.states, expected.states), dice=dice, faces=_head(expected.faces))
        )

    def _fates(self, result: FightResult, encounter: Encounter, where: str) -> None:
        expanded = len(encounter.party) + sum(m.count for m in encounter.enemy.members)
        if not isinstance(result.outcome, Outcome) or result.rounds < 1:
            raise ConformanceFailure(_("{where}: ended with {outcome!r} after {rounds} rounds").format(
                where=where, outcome=result.outcome, rounds=result.rounds))
        if len(result.fates) != expanded or not all(isinstance(f.state, EndState) and f.condition for f in result.fates):
            raise ConformanceFailure(_("{where}: expected a fate with a condition for each of {count} combatants, got {fates}").format(
                where=where, count=expanded, fates=result.fates))

    def _snapshot(self, data: dict[str, Any] | Encounter, seed: int, where: str) -> None:
        fight = self.config(self.encounter(data)).new_fight(RandomRoller(seed))
        with speaking(SOURCE_LANGUAGE):
            play_round(fight)
        if fight.outcome is not None:
            return
        state = fight._snapshot()
        try:
            hash(state)
        except TypeError as err:
            raise ConformanceFailure(_("{where}: the state after round 1 is not hashable: {error}").format(where=where, error=err)) from err
        fight._restore(state)
        if fight._snapshot() != state:
            raise ConformanceFailure(_("{where}: restoring the snapshot of round 1 gave a different state").format(where=where))
        fight._roller = RandomRoller(f"{seed}:rest")
        rest, rest_states = _play_traced(fight)
        fight._restore(state)
        fight._roller = RandomRoller(f"{seed}:rest")
        again, again_states = _play_traced(fight)
        if again != rest:
            raise ConformanceFailure(
                _("{where}: restored to its snapshot after round 1 and played with the same dice twice, it came out differently "
                  "the second time: {difference}; {state}: something that matters is kept outside fight.vars/combatant.vars").format(
                    where=where, difference=result_difference(again, rest, self.names(data)),
                    state=state_difference(again_states, rest_states))
            )


def same_fight(one: Trace, other: Trace) -> bool:
    """Whether two plays of one fight from one seed are the same fight: result, dice and every round's state."""
    return one.result == other.result and one.faces == other.faces and one.states == other.states


def _head(faces: list[int], n: int = 24) -> str:
    shown = ",".join(map(str, faces[:n]))
    return shown + (",... " + _("({count} in all)").format(count=len(faces)) if len(faces) > n else "")
