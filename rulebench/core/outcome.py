"""Neutral outcomes and end states: the vocabulary every ruleset reports in (docs/architecture.md, docs/glossary.md)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Outcome(str, Enum):
    """How a fight ended, from the party's point of view."""

    PARTY_WINS = "party_wins"
    ENEMY_WINS = "enemy_wins"
    WITHDRAWN = "withdrawn"
    PARTY_FLED = "party_fled"


class EndState(str, Enum):
    """Where a combatant stands when the fight is over, whatever the ruleset."""

    UNHURT = "unhurt"
    HURT = "hurt"
    OUT = "out"
    DEAD = "dead"


OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
END_STATES: tuple[EndState, ...] = tuple(EndState)


class Fate(NamedTuple):
    """A combatant's end state together with its ruleset's own condition name (e.g. ``battered``)."""

    state: EndState
    condition: str


class FightResult(NamedTuple):
    """What one fight came to: the outcome, its length and every combatant's fate.

    ``fates`` follows the fight's combatant order: party members first, then the expanded enemies.
    Tuples, so that Monte Carlo can count equal results cheaply.
    """

    outcome: Outcome
    rounds: int
    fates: tuple[Fate, ...]
