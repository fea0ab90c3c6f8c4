"""Neutral outcomes and end states: the vocabulary every ruleset reports in (DESIGN.md, RULES.md §7)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


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


@dataclass(frozen=True, slots=True)
class Fate:
    """A combatant's end state together with its ruleset's own condition name (e.g. ``battered``)."""

    state: EndState
    condition: str


@dataclass(frozen=True, slots=True)
class FightResult:
    """What one fight came to: the outcome, its length and every combatant's fate.

    ``fates`` follows the fight's combatant order: party members first, then the expanded enemies.
    """

    outcome: Outcome
    rounds: int
    fates: tuple[Fate, ...]
