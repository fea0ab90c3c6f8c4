"""What differed between two plays of one fight, in words a kit failure can quote.

Two plays the kit expects to agree are compared field by field: the result (the outcome, the
length, each combatant's fate), the state after setup and after each round (``fight.vars`` and every
combatant's ``vars``, key by key), and the dice (the first roll whose face differs, named by the
log's roll event). Each difference gives both values, the play being checked first: ``Hero 1's
fate out (down) instead of hurt (wounded)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rulebench.core.fight import Fight
from rulebench.core.i18n import _
from rulebench.core.loop import play_round, result_of
from rulebench.core.outcome import Fate, FightResult, Outcome

SHOWN_FATES = 3
"""How many differing fates a message names before it counts the rest."""

State = dict[str, str]
"""A fight state as the kit compares it: each value of ``fight.vars`` and of every combatant's
``vars`` under the name a plugin's code gives it (``fight.vars['momentum']``, ``Hero 1.vars['hp']``), as a
canonical text (a frozenset's items sorted), so states from two processes compare equal."""


Rounds = list[tuple[int, State]]
"""A fight's states, each after the round numbered with it (0: after setup)."""


@dataclass(frozen=True)
class Trace:
    """One play of a fight: its result, every face its dice showed, its state round by round and its log."""

    result: FightResult
    faces: list[int]
    states: Rounds
    log: list[dict[str, Any]] = field(default_factory=list)
    """The event log, where the fight recorded."""


def canonical(value: Any) -> str:
    """``value`` as a text that is the same in every process: a set's items sorted, the rest by ``repr``."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(canonical, value))) + "}"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(canonical, value)) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, Outcome):
        return value.value
    return repr(value)


def state_of(fight: Fight) -> State:
    """Every state value of ``fight`` under its label, with the outcome once there is one."""
    state = {f"fight.vars[{key!r}]": canonical(value) for key, value in fight.vars.items()}
    for combatant in fight.combatants:
        for key, value in combatant.vars.items():
            state[f"{combatant.name}.vars[{key!r}]"] = canonical(value)
    if fight.outcome is not None:
        state[_("the outcome")] = canonical(fight.outcome)
    return state


def play_traced(fight: Fight) -> tuple[FightResult, Rounds]:
    """Play ``fight`` to its end round by round, as ``play`` would, keeping its state as it starts
    (after setup, or after the round it was restored to) and after each round."""
    states = [(int(fight.round), state_of(fight))]
    while fight.outcome is None:
        play_round(fight)
        states.append((int(fight.round), state_of(fight)))
    return result_of(fight), states


def shown(result: FightResult) -> str:
    """A result in a few words: its outcome and length."""
    outcome = result.outcome.value if isinstance(result.outcome, Outcome) else repr(result.outcome)
    return _("{outcome} after {count} rounds").format(outcome=outcome, count=result.rounds)


def _fate(fate: Fate) -> str:
    state = getattr(fate.state, "value", fate.state)
    return f"{state} ({fate.condition})"


def result_difference(checked: FightResult, expected: FightResult, names: Sequence[str]) -> str:
    """The fields in which ``checked`` differs from ``expected``, each with both values; ``names``
    are the combatants in the order of the results' fates."""
    parts = []
    if checked.outcome != expected.outcome:
        parts.append(_("the outcome {checked} instead of {expected}").format(
            checked=canonical(checked.outcome), expected=canonical(expected.outcome)))
    if checked.rounds != expected.rounds:
        parts.append(_("{checked} rounds instead of {expected}").format(checked=checked.rounds, expected=expected.rounds))
    if len(checked.fates) != len(expected.fates):
        parts.append(_("{checked} fates instead of {expected}").format(checked=len(checked.fates), expected=len(expected.fates)))
    else:
        fates = [
            _("{name}'s fate {checked} instead of {expected}").format(name=name, checked=_fate(mine), expected=_fate(theirs))
            for name, mine, theirs in zip(names, checked.fates, expected.fates)
            if mine != theirs
        ]
        if len(fates) > SHOWN_FATES:
            fates = [*fates[:SHOWN_FATES], _("{count} more fates").format(count=len(fates) - SHOWN_FATES)]
        parts += fates
    return "; ".join(parts) if parts else _("the same outcome, length and fates")


def state_difference(checked: Sequence[tuple[int, State]], expected: Sequence[tuple[int, State]]) -> str:
    """The first state value in which two plays part, with both values and when: after setup or after a round."""
    for (number, mine), (_number, theirs) in zip(checked, expected):
        for label in [*theirs, *(key for key in mine if key not in theirs)]:
            if mine.get(label) != theirs.get(label):
                when = _("after setup") if number == 0 else _("after round {number}").format(number=number)
                return _("{when}, {label} is {checked} instead of {expected}").format(
                    when=when, label=label, checked=mine.get(label, _("missing")), expected=theirs.get(label, _("missing")))
    if len(checked) != len(expected):
        return _("the state was the same after every round both played")
    return _("the state was the same after setup and every round: what differs comes from outside the state "
             "(fight.recording or fight.default_tactics, a stat changed during the fight, a module global, the plugin object)")


def dice_difference(checked: list[int], expected: list[int], log: Sequence[dict[str, Any]] = ()) -> str:
    """Where two plays' dice part: the first roll whose face differs (named by the roll event of
    ``log``, the checked play's log, that showed it), or how many dice each took."""
    for i, (mine, theirs) in enumerate(zip(checked, expected)):
        if mine != theirs:
            found = _("the dice first differ at roll {number} ({checked} vs {expected})").format(
                number=i + 1, checked=mine, expected=theirs)
            event = roll_event(log, i)
            return found if event is None else f"{found}, {event}"
    if len(checked) != len(expected):
        counts = {"checked": len(checked), "expected": len(expected)}
        extra = roll_event(log, min(len(checked), len(expected)))
        if extra is None:
            return _("one took {checked} dice, the other {expected}").format(**counts)
        return _("one took {checked} dice, the other {expected}; the first extra one: {roll}").format(roll=extra, **counts)
    return _("the same {count} dice").format(count=len(checked))


def roll_event(log: Sequence[dict[str, Any]], index: int) -> str | None:
    """The logged roll that showed the ``index``-th face of a fight (from 0), in words, or None."""
    seen = 0
    for event in log:
        if event.get("kind") != "roll":
            continue
        faces = event.get("faces") or [event.get("total")]
        if seen + len(faces) > index:
            facts = {"label": event.get("label"), "dice": event.get("dice"), "round": event.get("round"), "who": event.get("who")}
            if facts["who"] is None:
                return _("the roll {label!r} ({dice}) in round {round} of the log").format(**facts)
            return _("the roll {label!r} ({dice}) of {who} in round {round} of the log").format(**facts)
        seen += len(faces)
    return None
