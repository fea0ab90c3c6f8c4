"""The hooks of a day of fights (``rulebench chain``), part of the hook contract (``hookspecs.py``,
which registers them with the others): once a stage's fight is over, whether the party is finished,
what of each member carries on, and what a rest heals before the next stage."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rulebench.core.markers import hookspec

if TYPE_CHECKING:
    from rulebench.core.combatants import Combatant
    from rulebench.core.fight import Fight


@hookspec(firstresult=True)
def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
    """Say what of a party member's state carries over from this fight into the next one of a day.

    firstresult. Asked once a stage of a chain (``rulebench chain``) is over, for every party member
    who is not dead (the dead leave the line for good), after ``rulebench_fight_end``. The answer
    is a JSON-ready dict of the ruleset's own keys (numbers, strings, booleans, lists): what the
    rules say is left of him once the fight is over (wounds, a ladder step, lives, life energy),
    with whatever the rules settle at a fight's end already settled (the fallen helped or not).
    The next stage's ``rulebench_setup`` reads it back through ``fight.carried(combatant)``, after
    ``rulebench_rest`` has healed what the rest between the two heals. None, or a key left out,
    means "as fresh": a ruleset that implements nothing starts every stage with fresh members.

    :param fight: the finished fight (``fight.outcome`` is set).
    :param combatant: a party member whose end state is not ``dead``.
    :return: the member's carried state, or None for nothing (a fresh member next time).

    Example::

        @hookimpl
        def rulebench_carry(fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
            lost = combatant.stats["hp"] - combatant.vars["hp"]
            return {"hp_lost": lost} if lost else None

    and in ``rulebench_setup``, ``c.vars["hp"] = c.stats["hp"] - fight.carried(c).get("hp_lost", 0)``.
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
    """Say what a rest between two stages of a day leaves of a member's carried state.

    firstresult. Asked after ``rulebench_carry`` for every living member, with the rest the chain
    file names after the stage: ``"none"`` (they go straight on), ``"short"`` or ``"long"``. The
    answer replaces ``carried`` (an empty dict: fully healed); what the rules say no rest heals
    (tainted or cursed wounds) stays in it. The kernel's own implementation (``trylast``) heals
    nothing, so a ruleset that carries state but does not implement this keeps every wound; a
    house-rule plugin replaces the ruleset's answer with ``tryfirst=True``. The hook only answers:
    it changes neither the fight nor ``carried``.

    :param fight: the finished fight, for the member's stats and the ruleset's name.
    :param combatant: the member who rests.
    :param carried: what ``rulebench_carry`` answered for him (``{}`` for nothing).
    :param rest: ``"none"``, ``"short"`` or ``"long"``.
    :return: his carried state after the rest, or None to let the next implementation answer.

    Example (a house rule: a long rest heals everything)::

        @hookimpl(tryfirst=True)
        def rulebench_rest(fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
            return {} if rest == "long" else None          # the ruleset answers the other rests
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_party_finished(fight: Fight) -> bool | None:
    """Say whether the party is finished once this fight is over, though not all of it is dead:
    the day ends for it here, and it has not got through the day.

    firstresult. Asked once a stage of a chain is over, before ``rulebench_carry``. A party of
    which nobody who fought is left on his feet (every one out or dead) is wiped out whatever the
    answer; this hook says when a ruleset ends the day sooner (classic: at most one adventurer
    left alive). None or False: the party goes on with whoever lives.

    :param fight: the finished fight.
    :return: True when the party is finished, else None (or False).

    Example::

        @hookimpl
        def rulebench_party_finished(fight: Fight) -> bool | None:
            alive = [m for m in fight.party.members if m.vars["hp"] > 0]
            return len(alive) <= 1 or None
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it
