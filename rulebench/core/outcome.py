"""Neutral outcomes and end states: the vocabulary every ruleset reports in (docs/architecture.md, docs/glossary.md)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple


class Outcome(str, Enum):
    """How a fight ended, from the party's point of view."""

    PARTY_WINS = "party_wins"
    """The party won: the enemy is beaten, broken, wounded or fallen."""
    ENEMY_WINS = "enemy_wins"
    """The enemy won: every engaged party member is down, dead or out of the fight."""
    WITHDRAWN = "withdrawn"
    """Both sides disengage without a winner: exhausted, or at the ruleset's round cap."""
    PARTY_FLED = "party_fled"
    """The party left the fight: it retreated, fled, evaded every duel or declined a voluntary fight."""


class EndState(str, Enum):
    """Where a combatant stands when the fight is over, whatever the ruleset."""

    UNHURT = "unhurt"
    """Ends the fight as he started it."""
    HURT = "hurt"
    """Harmed, but still able to fight."""
    OUT = "out"
    """Alive, but unable to fight on."""
    DEAD = "dead"
    """Died, or lies fallen with nobody of his side left standing to help him."""


OUTCOMES: tuple[Outcome, ...] = tuple(Outcome)
END_STATES: tuple[EndState, ...] = tuple(EndState)


class Fate(NamedTuple):
    """A combatant's end state together with its ruleset's own condition name (e.g. ``battered``).

    Attributes:
        state: the neutral end state every ruleset reports in.
        condition: the ruleset's own word for it, an untranslated key that analysis counts; a
            narrated fight's result has it in the reader's words (the ``fate`` request).
    """

    state: EndState
    condition: str


class FightResult(NamedTuple):
    """What one fight came to: the outcome, its length and every combatant's fate.

    ``fates`` follows the fight's combatant order: party members first, then the expanded enemies.
    Tuples, so that Monte Carlo can count equal results cheaply.

    Attributes:
        outcome: how the fight ended.
        rounds: how many rounds it lasted.
        fates: every combatant's fate, in the order of ``fight.combatants``.
    """

    outcome: Outcome
    rounds: int
    fates: tuple[Fate, ...]
