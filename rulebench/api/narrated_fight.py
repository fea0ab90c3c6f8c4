"""One narrated fight (``rulebench fight``): seeded, replayed from scripted dice, or both (the script
first, then the seed's dice), with its event log.

Besides the log, a record knows how each combatant's end state changed during the fight (the fates
the ruleset would report if the fight ended there, read after every round's turns and after its
end) and why the fight ended, so the narration can say both in neutral words for every ruleset.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import ChainedRoller, DiceScriptError, RandomRoller, Roller, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter, load_encounter
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Fight
from rulebench.core.i18n import _
from rulebench.core.loop import end_round, fates, play, start_round, take_turn
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome

STANDING = (EndState.UNHURT, EndState.HURT)
"""End states of a combatant still on his feet."""


@dataclass(frozen=True)
class FateChange:
    """A combatant's end state changing during the fight.

    Attributes:
        round: the round (or exchange) it happened in.
        at_end: whether it happened as that round ended (flight, bleeding, the fight's end) rather than in its turns.
        index: the combatant's place in ``fight.combatants``.
        before: the fate he had before.
        after: the fate he has since.
        reason: why, where the events alone do not say (e.g. nobody was left standing to help the fallen).
    """

    round: int
    at_end: bool
    index: int
    before: Fate
    after: Fate
    reason: str = ""


def _states_after_each_phase(config: FightConfig, roller: Roller) -> list[tuple[int, bool, tuple[Fate, ...]]]:
    """Replay a fight with the same dice, reading every fate after setup, after each round's turns
    and after each round's end. Rulesets report fates as of "if the fight ended now", so a change
    between two readings is a change of end state."""
    # Recorded like the told fight, so rulesets name each fate's condition the way that fight does
    # (in the reader's language; a silent fight keeps the English names analysis counts).
    fight = config.new_fight(roller, record=True)
    readings = [(0, True, fates(fight))]
    while fight.outcome is None:
        for turn in start_round(fight):
            take_turn(fight, turn)
        readings.append((fight.round, False, fates(fight)))
        end_round(fight)
        readings.append((fight.round, True, fates(fight)))
    return readings


def fate_changes(config: FightConfig, new_roller: Callable[[], Roller], result: FightResult, sides: Sequence[str]) -> list[FateChange]:
    """Every change of a combatant's end state in a fight played with ``new_roller()``'s dice
    (``sides``: each combatant's side, in the fight's order).

    A fall to ``dead`` at the fight's end of someone who was down while nobody of his side is left
    standing is given its reason. A ruleset that cannot report fates in mid-fight gets one change
    per combatant, from unhurt to his final fate.
    """
    try:
        readings = _states_after_each_phase(config, new_roller())
    except RulebenchError:
        unhurt = Fate(EndState.UNHURT, "")
        readings = [(0, True, tuple(unhurt for _fate in result.fates)), (result.rounds, True, result.fates)]
    changes = []
    for (_number, _at_end, before), (number, at_end, after) in zip(readings, readings[1:]):
        for index, (old, new) in enumerate(zip(before, after)):
            if old.state == new.state:
                continue
            alone = not any(f.state in STANDING for f, side in zip(result.fates, sides) if side == sides[index])
            reason = ""
            if new.state == EndState.DEAD and at_end and number == result.rounds and alone:
                if result.outcome == Outcome.PARTY_FLED and old.state in STANDING:
                    reason = _("struck down during the flight, and nobody was left standing to help the fallen")
                else:
                    reason = _("nobody was left standing to help the fallen")
            changes.append(FateChange(number, at_end, index, old, new, reason))
    return changes


@dataclass
class FightRecord:
    """A finished fight: its configuration, how it was rolled, its result and its event log.

    Attributes:
        config: the fight configuration.
        seed: the random seed, or None when the dice were scripted alone.
        result: outcome, length and fates.
        fight: the fight itself, for its event log (``fight.log``) and combatants.
        unused_dice: scripted values left over at the end (a script longer than the fight).
        dice_used: how many scripted values the fight took.
        warnings: plugins that failed to load.
        changes: every change of a combatant's end state, in the order they happened.
        script: the scripted dice (``--dice``), or None; with a seed too, the seed's dice follow them.
    """

    config: FightConfig
    seed: int | None
    result: FightResult
    fight: Fight
    unused_dice: tuple[int, ...] = ()
    dice_used: int = 0
    warnings: tuple[str, ...] = ()
    changes: list[FateChange] = field(default_factory=list)
    script: tuple[int, ...] | None = None

    def new_roller(self) -> Roller:
        """A fresh roller with this fight's dice: playing the configuration with it plays this fight again."""
        return dice_source(self.seed, self.script)()

    @property
    def events(self) -> list[dict[str, Any]]:
        """The event log: dicts with ``kind``, ``round``, ``text`` and the event's own data."""
        return self.fight.log or []

    def rounds(self) -> list[dict[str, Any]]:
        """Per round: its number, the side totals where the ruleset compares them, and its events."""
        rounds = [{"number": n, "events": []} for n in range(1, self.result.rounds + 1)]
        for event in self.events:
            number = event.get("round", 0)
            if 1 <= number <= len(rounds):
                row = rounds[number - 1]
                row["events"].append(event)
                if event.get("kind") == "totals" and "party_total" in event:
                    row["party_total"], row["enemy_total"] = event["party_total"], event.get("enemy_total")
        # Key order of the fight --json document: number, totals, events.
        return [{k: row[k] for k in ("number", "party_total", "enemy_total", "events") if k in row} for row in rounds]

    def setup_events(self) -> list[dict[str, Any]]:
        """Events logged before the first round (derived stats, ambush notes)."""
        return [e for e in self.events if e.get("round", 0) < 1]

    def changes_in(self, number: int) -> list[FateChange]:
        """The changes of end state in round ``number``, in order."""
        return [c for c in self.changes if c.round == number]

    def ending(self) -> str:
        """Why the fight ended, in words: the ruleset's own reason (its narration's answer to a
        ``reason`` request with the ``outcome`` event's facts, else that event's ``reason``) or one
        read from the result: no foe left standing, flight, both sides disengaging."""
        for event in reversed(self.events):
            if event.get("kind") == "outcome":
                reason = self.fight._rules.narrate(self.fight, {**event, "kind": "reason", "text": None})
                if reason:
                    return reason
                break
        result = self.result
        sides = [c.side for c in self.fight.combatants]
        standing = {side: any(f.state in STANDING for f, s in zip(result.fates, sides) if s == side) for side in set(sides)}
        if result.outcome == Outcome.PARTY_WINS:
            return _("no foe is left standing") if not standing.get("enemy", False) else _("the enemy is beaten and gives up")
        if result.outcome == Outcome.ENEMY_WINS:
            return _("nobody of the party is left standing") if not standing.get("party", False) else _("the party is beaten")
        if result.outcome == Outcome.PARTY_FLED:
            return _("the party fled the fight")
        # Exhausted or at the round cap: the ruleset's own reason, when it gives one, says which.
        return _("both sides disengaged without a winner")

    def to_dict(self) -> dict[str, Any]:
        """The ``fight --json`` document, with why it ended and every change of end state."""
        # Imported here: the analysis module brings the exact solver and the sampler, which one
        # narrated fight never uses; only its JSON needs this helper.
        from rulebench.analysis.analyse import jsonable

        document: dict[str, Any] = jsonable(
            {
                "ruleset": self.config.ruleset.name,
                "encounter": self.config.encounter.name,
                "seed": self.seed,
                "outcome": self.result.outcome.value,
                "rounds": self.rounds(),
                "setup": self.setup_events(),
                "combatants": [
                    {"name": c.name, "side": c.side, "end_state": f.state.value, "condition": f.condition}
                    for c, f in zip(self.fight.combatants, self.result.fates)
                ],
                "unused_dice": list(self.unused_dice),
                "ending": self.ending(),
                "changes": [
                    {"round": c.round, "at_end": c.at_end, "name": self.fight.combatants[c.index].name,
                     "before": c.before.state.value, "after": c.after.state.value, "condition": c.after.condition,
                     **({"reason": c.reason} if c.reason else {})}
                    for c in self.changes
                ],
            }
        )
        return document


def dice_script(dice: str | Sequence[int] | None) -> tuple[int, ...] | None:
    """``--dice`` as the values it scripts (None without a script).

    Raises:
        BadInput: a script that cannot be read.
    """
    if dice is None:
        return None
    try:
        return tuple(parse_dice_script(dice) if isinstance(dice, str) else dice)
    except DiceScriptError as err:
        raise BadInput(str(err)) from None


def dice_source(seed: int | None, script: Sequence[int] | None) -> Callable[[], Roller]:
    """What makes a fight's roller afresh, each time with the same dice: the script alone, the seed
    alone, or the script first and then the seed's dice (``ChainedRoller``)."""
    if script is not None and seed is not None:
        return partial(ChainedRoller, tuple(script), seed)
    if script is not None:
        return partial(ScriptedRoller, tuple(script))
    if seed is None:
        raise ValueError("a fight's dice come from a seed, a script or both")
    return partial(RandomRoller, seed)


def fight(
    encounter: Encounter | str | Path,
    ruleset: str,
    *,
    seed: int | None = None,
    dice: str | Sequence[int] | None = None,
    plugins: Sequence[str] = (),
    tactics: str | None = None,
    catalog: Catalog | None = None,
) -> FightRecord:
    """Play and record one fight.

    Args:
        encounter: an :class:`Encounter` or the path of a TOML file.
        ruleset: the ruleset's name.
        seed: the random seed; a fresh one is drawn (and reported) when neither it nor ``dice`` is given.
            With ``dice``, its dice follow the script's values, so a short script never runs out.
        dice: scripted die results (``"4,6,2"`` or a list) taken in the order the ruleset asks.
        plugins: modifier plugins to add.
        tactics: a tactics plugin replacing the ruleset's default tactics.
        catalog: discovered plugins, to reuse between calls.

    Raises:
        BadInput: a bad encounter, unknown ruleset or plugin, or a script that cannot be read, runs
            out (without a seed to go on from) or holds a value outside its die's range (naming the position).
    """
    model = encounter if isinstance(encounter, Encounter) else load_encounter(encounter)
    catalog = catalog if catalog is not None else discover()
    config = configure(model, ruleset, catalog=catalog, plugins=plugins, tactics=tactics)
    script = dice_script(dice)
    if script is None and seed is None:
        # A drawn seed is reported, so any fight can be replayed with --seed.
        seed = random.SystemRandom().randrange(2**31)
    new_roller = dice_source(seed, script)  # a second roller replays the same dice
    roller = new_roller()
    the_fight = config.new_fight(roller, record=True)
    try:
        result = play(the_fight)
    except DiceScriptError as err:
        # TRANSLATORS: {problem} says what is wrong with the scripted dice.
        raise BadInput(_("{problem} (in round {round})").format(problem=err, round=the_fight.round)) from None
    changes = fate_changes(config, new_roller, result, [c.side for c in the_fight.combatants])
    if isinstance(roller, (ScriptedRoller, ChainedRoller)):
        return FightRecord(config, seed, result, the_fight, roller.remaining, roller.used, tuple(catalog.warnings), changes, script)
    return FightRecord(config, seed, result, the_fight, warnings=tuple(catalog.warnings), changes=changes)
