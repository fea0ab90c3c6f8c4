"""One narrated fight (``rulebench fight``): seeded or replayed from scripted dice, with its event log."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rulebench.analysis.analyse import jsonable, load
from rulebench.core.dice import DiceScriptError, RandomRoller, Roller, ScriptedRoller, parse_dice_script
from rulebench.core.discovery import Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.kernel import FightConfig, configure, play
from rulebench.core.outcome import FightResult


@dataclass
class FightRecord:
    """A finished fight: its configuration, how it was rolled, its result and its event log.

    Attributes:
        config: the fight configuration.
        seed: the random seed, or None when the dice were scripted.
        result: outcome, length and fates.
        fight: the fight itself, for its event log (``fight.log``) and combatants.
        unused_dice: scripted values left over at the end (a script longer than the fight).
        dice_used: how many scripted values the fight took.
        warnings: plugins that failed to load.
    """

    config: FightConfig
    seed: int | None
    result: FightResult
    fight: Fight
    unused_dice: tuple[int, ...] = ()
    dice_used: int = 0
    warnings: tuple[str, ...] = ()

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
        # Key order of DESIGN.md's example: number, totals, events.
        return [{k: row[k] for k in ("number", "party_total", "enemy_total", "events") if k in row} for row in rounds]

    def setup_events(self) -> list[dict[str, Any]]:
        """Events logged before the first round (derived stats, ambush notes)."""
        return [e for e in self.events if e.get("round", 0) < 1]

    def to_dict(self) -> dict[str, Any]:
        """The ``fight --json`` document (DESIGN.md)."""
        return jsonable(
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
            }
        )


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
        dice: scripted die results (``"4,6,2"`` or a list) taken in the order the ruleset asks.
        plugins: modifier plugins to add.
        tactics: a tactics plugin replacing the ruleset's default tactics.
        catalog: discovered plugins, to reuse between calls.

    Raises:
        BadInput: a bad encounter, unknown ruleset or plugin, or a script that cannot be read, runs
            out or holds a value outside its die's range (naming the position).
    """
    if dice is not None and seed is not None:
        raise BadInput("--dice and --seed both choose the dice; give only one")
    model, _ = load(encounter)
    catalog = catalog if catalog is not None else discover()
    config = configure(model, ruleset, catalog=catalog, plugins=plugins, tactics=tactics)
    roller: Roller
    if dice is not None:
        try:
            values = parse_dice_script(dice) if isinstance(dice, str) else list(dice)
        except DiceScriptError as err:
            raise BadInput(str(err)) from None
        roller = ScriptedRoller(values)
    else:
        # A drawn seed is reported, so any fight can be replayed with --seed.
        seed = random.SystemRandom().randrange(2**31) if seed is None else seed
        roller = RandomRoller(seed)
    the_fight = config.new_fight(roller, record=True)
    try:
        result = play(the_fight)
    except DiceScriptError as err:
        raise BadInput(f"{err} (in round {the_fight.round})") from None
    if isinstance(roller, ScriptedRoller):
        return FightRecord(config, None, result, the_fight, roller.remaining, roller.used, tuple(catalog.warnings))
    return FightRecord(config, seed, result, the_fight, warnings=tuple(catalog.warnings))
