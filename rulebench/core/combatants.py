"""Combatants and sides: who fights, on which side, with which stats and state."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    from rulebench.core.encounter import Member

PARTY = "party"
"""The party's side: a combatant's ``side`` and ``fight.party.name``."""
ENEMY = "enemy"
"""The enemy's side: a combatant's ``side`` and ``fight.enemy.name``."""

StateValue: TypeAlias = Any
"""A value of ``fight.vars`` or ``combatant.vars``: hashable and immutable (a number, a string, a
bool, None, a tuple or frozenset of such), since states are compared and merged by value. Typed
``Any`` because rules code does arithmetic and indexing on its own keys' values, which a union of
every allowed type would refuse; ``--check`` guards that the values are hashable."""


class Combatant:
    """One party member or one enemy, with its neutral spec, derived stats and mutable state.

    Attributes:
        name: unique within the fight (enemy copies are "Name 1" ... "Name n").
        base_name: the encounter entry it comes from (equal to ``name`` for party members).
        side: ``"party"`` or ``"enemy"``.
        index: position in its side's list (marching order for the party).
        spec: the neutral encounter entry (melee, armour, traits, ...).
        engaged: whether it takes part (docs/encounters.md).
        stats: the ruleset's derived stat block, fixed for the fight.
        vars: the ruleset's mutable state for this combatant.
    """

    __slots__ = ("base_name", "engaged", "index", "name", "side", "spec", "stats", "vars")

    def __init__(self, name: str, base_name: str, side: str, index: int, spec: Member, engaged: bool) -> None:
        self.name = name
        self.base_name = base_name
        self.side = side
        self.index = index
        self.spec = spec
        self.engaged = engaged
        self.stats: dict[str, Any] = {}
        self.vars: dict[str, StateValue] = {}

    def has_trait(self, trait: str) -> bool:
        """Whether the encounter gives this combatant ``trait`` (undead, silver_weapon, ...)."""
        return trait in self.spec.traits

    def has_skill(self, skill: str) -> bool:
        """Whether the encounter gives this combatant ``skill`` (robust, dodge, ...)."""
        return skill in self.spec.skills

    def __repr__(self) -> str:
        return f"Combatant({self.name!r}, {self.side})"


class Side:
    """One side of the fight, its members in list order, and a stat block when it fights as one group.

    Attributes:
        name: ``"party"`` or ``"enemy"`` (``PARTY``, ``ENEMY``).
        members: its combatants in list order: the party's marching order, the enemy's entries
            expanded by their counts, front first.
        stats: the ruleset's stat block for the side as one group (a group ruleset's summed
            strength, a fixed order of turns), filled in ``rulebench_setup``, fixed after it.
    """

    __slots__ = ("members", "name", "stats")

    def __init__(self, name: str, members: list[Combatant]) -> None:
        self.name = name
        self.members = members
        self.stats: dict[str, Any] = {}

    def has_trait(self, trait: str) -> bool:
        """Whether any member has ``trait``: a mixed group fights as one (docs/encounters.md)."""
        return any(trait in m.spec.traits for m in self.members)

    def __repr__(self) -> str:
        return f"Side({self.name!r})"
