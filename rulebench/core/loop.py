"""The fight loop: rounds, turns and steps through the resolved hooks, and a finished fight's result.

An exception from a plugin is caught once, where a fight is played, and reraised as a
``PluginError`` naming the plugin, hook, round and combatants (``core/plugin_errors.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from rulebench.core import default_hooks as defaults
from rulebench.core import fixed_state, plugin_errors
from rulebench.core.combatants import Combatant
from rulebench.core.dice import Roller
from rulebench.core.dispatch import nothing
from rulebench.core.fight import Fight
from rulebench.core.outcome import Fate, FightResult, Outcome

if TYPE_CHECKING:
    from rulebench.core.assembly import FightConfig

MAX_ROUNDS = 10_000
"""A ruleset that never ends a fight is a bug; the kernel stops it here rather than hang."""


def start_round(fight: Fight) -> Iterable[Any]:
    """Open the next round: advance the counter, let the round's decisions be made, and return its turns."""
    fight.round += 1
    rules = fight._rules
    if rules.round_start is not nothing:
        rules.round_start(fight)
    return rules.initiative(fight) or ()


def take_turn(fight: Fight, turn: Any) -> None:
    """Play one turn: find who acts against whom, then attack, damage and wounds."""
    play_turns(fight, (turn,))


def play_turns(fight: Fight, turns: Iterable[Any]) -> None:
    """Play ``turns`` one after another, each as ``take_turn`` plays it.

    Monte Carlo plays every blow through here: the hooks are looked up once for the whole order
    and each turn is played in this frame, not in a call of its own (a frame per turn costs as
    much as the kernel's whole share of a blow).
    """
    rules = fight._rules
    turn_hook, attack_hook, damage_hook, wounds_hook = rules.turn, rules.attack, rules.damage, rules.wounds
    # With only the kernel's own resolver, a turn is an (attacker, defender) pair as it stands.
    passed_through = turn_hook is defaults.rulebench_turn
    for turn in turns:
        if passed_through:
            pair = turn
        else:
            pair = turn_hook(fight, turn)
            if pair is None and type(turn) is tuple:
                # The kernel's rulebench_turn comes last and passes only a tuple through: asked only then.
                pair = defaults.rulebench_turn(fight, turn)
        if pair is None:
            continue
        # Each answer is checked where it is read, at no cost until it is wrong (``plugin_errors``).
        try:
            attacker, defender = pair
        except (TypeError, ValueError):
            raise plugin_errors.wrong_answer(fight, "rulebench_turn", pair) from None
        attack = attack_hook(fight, attacker, defender)
        if attack is None:
            continue
        try:
            hit = attack.hit
        except AttributeError:
            raise plugin_errors.wrong_answer(fight, "rulebench_attack", attack, (attacker, defender)) from None
        if hit:
            damage = damage_hook(fight, attack)
            if damage is not None:
                wounds_hook(fight, attack.defender, damage, attack.attacker)


def _turns(fight: Fight, order: Any) -> Iterator[Any]:
    """The turns of ``rulebench_initiative``'s answer, refused as that hook's when it has none."""
    try:
        return iter(order)
    except TypeError:
        raise plugin_errors.wrong_answer(fight, "rulebench_initiative", order) from None


def end_round(fight: Fight) -> None:
    """Close the round; sets ``fight.outcome`` (and lets plugins react) when the fight is over."""
    outcome = fight._rules.round_end(fight)
    if outcome is not None:
        if not isinstance(outcome, Outcome):  # once a fight, and no call unless it is wrong
            plugin_errors.check_outcome(fight, outcome)
        fight.outcome = outcome
        fight._rules.fight_end(fight)


def play_round(fight: Fight) -> None:
    """Play one whole round of ``fight`` through the hooks: ``start_round``, every turn, ``end_round``."""
    _play_rounds(fight, once=True)


def _play_rounds(fight: Fight, once: bool) -> None:
    """One round (``once``), or rounds until the fight is over, each as ``play_round`` plays it.

    Monte Carlo plays every round through here, so ``start_round`` and ``end_round`` are written
    out in place and the hooks looked up once per fight (``play_step`` calls them).
    """
    rules = fight._rules
    round_start, initiative, round_end = rules.round_start, rules.initiative, rules.round_end
    while True:
        number = fight.round
        if not once and number >= MAX_ROUNDS:
            raise plugin_errors.endless(fight.ruleset, MAX_ROUNDS)
        try:
            fight.round = number + 1
            if round_start is not nothing:
                round_start(fight)
            order = initiative(fight)
            if order:  # a ruleset that played the round itself returns no turns
                play_turns(fight, _turns(fight, order))
            outcome = round_end(fight)
            if outcome is not None:
                if not isinstance(outcome, Outcome):
                    plugin_errors.check_outcome(fight, outcome)
                fight.outcome = outcome
                rules.fight_end(fight)
        except Exception as error:
            plugin_errors.reraise(error, fight)
        if once or fight.outcome is not None:
            return


def play_step(fight: Fight) -> None:
    """Advance ``fight`` by one step: a round's start, one of its turns, or its end.

    A ruleset whose ``rulebench_initiative`` returns a tuple has its remaining turns kept in the
    fight state (``fight._pending``), so exact analysis can merge equal states between turns; a
    lazily generated order is played out within the step that opens the round.
    """
    try:
        if fight._pending is None:
            turns = start_round(fight)
            if isinstance(turns, tuple):
                fight._pending = turns
                return
            play_turns(fight, _turns(fight, turns))
            end_round(fight)
        elif fight._pending:
            turn, fight._pending = fight._pending[0], fight._pending[1:]
            take_turn(fight, turn)
        else:
            fight._pending = None
            end_round(fight)
    except Exception as error:
        plugin_errors.reraise(error, fight)


def play_out(fight: Fight) -> None:
    """Play ``fight`` to its end without asking for its result (Monte Carlo asks once per final state)."""
    if fight.outcome is None:
        _play_rounds(fight, once=False)


def result_of(fight: Fight) -> FightResult:
    """The result of a finished fight: its outcome, its length and every combatant's fate."""
    assert fight.outcome is not None, "result_of() a fight still being played"
    try:
        return FightResult(fight.outcome, fight.round, fates(fight))
    except Exception as error:
        plugin_errors.reraise(error, fight)


def play(fight: Fight) -> FightResult:
    """Play ``fight`` to its end and report the result; refused if it changed what must stay fixed
    (``fixed_state.verify``)."""
    play_out(fight)
    result = result_of(fight)
    fixed_state.verify(fight)
    return result


def fates(fight: Fight) -> tuple[Fate, ...]:
    """Every combatant's neutral end state, party first (the fight must be over); a recording
    fight's conditions in the reader's words (``condition_in_words``)."""
    end_state = fight._rules.end_state
    result = []
    for combatant in fight.combatants:
        fate = end_state(fight, combatant)
        if not isinstance(fate, Fate):  # no call unless it is wrong: fates are asked once per combatant a fight
            plugin_errors.check_fate(fight, fate, combatant)
        result.append(fate)
    if fight.recording:
        return tuple(condition_in_words(fight, combatant, fate) for combatant, fate in zip(fight.combatants, result))
    return tuple(result)


def condition_in_words(fight: Fight, combatant: Combatant, fate: Fate) -> Fate:
    """``fate`` with its condition rendered by ``rulebench_narrate`` as a ``fate`` request: the
    ruleset's narration words its own condition key, so ``rulebench_end_state`` always answers
    with the key that analysis tallies. A request, not an event: nothing is logged."""
    request = {"kind": "fate", "round": fight.round, "text": None, "who": combatant.name, "side": combatant.side,
               "end_state": fate.state.value, "condition": fate.condition}
    return Fate(fate.state, fight._rules.narrate(fight, request))


def run_fight(config: FightConfig, roller: Roller, record: bool = True) -> tuple[FightResult, Fight]:
    """Set up and play one fight; the fight is returned too, for its event log."""
    fight = config.new_fight(roller, record)
    return play(fight), fight
