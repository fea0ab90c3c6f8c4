"""Scripted decisions: the encounter's ``[[tactics.round]]`` tables as a tactics source.

A table's key is a decision's kind. Its value answers directly (``momentum = 1``,
``retreat = true``), per combatant (``stance = {Warrior = "attack"}``) or as a list of the
combatants for whom the answer is yes (``evade = ["Scout"]``); a side-wide decision (no
combatant) answered with a list gets the list as a tuple (``order = ["Scout", "Warrior"]``).
Rounds after the last table use the last table again (docs/encounters.md); a decision a table does not name falls through to the next source.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rulebench.core.markers import hookimpl

if TYPE_CHECKING:
    from rulebench.core.fight import Fight
    from rulebench.core.values import Decision


class ScriptedTactics:
    """Answers the decisions an encounter scripts, before any tactics plugin is asked."""

    def __init__(self, rounds: Sequence[Mapping[str, Any]]) -> None:
        self.rounds = tuple(rounds)

    @hookimpl(tryfirst=True)
    def rulebench_decide(self, fight: Fight, decision: Decision) -> Any:
        """The scripted answer to ``decision`` in its round, or None when the table is silent."""
        if not self.rounds:
            return None
        table = self._table(decision.round)
        if decision.kind not in table:
            return None
        value = table[decision.kind]
        if isinstance(value, Mapping):
            value = value.get(decision.who.name) if decision.who is not None else None
        if isinstance(value, (list, tuple)):
            # A side-wide decision answered with a list takes the list itself (ambermarch's new
            # marching order); a per-combatant one reads it as the names whose answer is yes.
            if decision.who is None:
                return tuple(value)
            return decision.who.name in value
        # A scripted target who has fallen is no longer among the options: the script states an
        # intent the dice made moot, so the next source decides (docs/rules/README.md).
        moot = isinstance(value, str) and decision.options and value not in decision.options
        return None if moot and any(value == c.name for c in fight.combatants) else value

    def _table(self, round_number: int) -> Mapping[str, Any]:
        """The table of round ``round_number``, the last one for every later round.

        Found by comparing the round with whole numbers rather than indexing with it, so that exact
        analysis reuses a step across the rounds the script treats alike (analysis/exact/round_watch.py).
        """
        for number, table in enumerate(self.rounds[:-1], start=1):
            if round_number <= number:
                return table
        return self.rounds[-1]
