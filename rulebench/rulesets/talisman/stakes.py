"""What one duel between a member and a single foe can cost whom, worked out before the dice
(docs/rules/talisman.md).

The arithmetic the duel played within a turn (``duel._duel_at_once``), the hook's duel
(``duel.rulebench_attack``) and the whole-round plan (``quick.Plan``) share: the member's lead
before the dice, who gives up a life on a win and on a loss, and whether the dice are rolled at all.
"""

from __future__ import annotations

from rulebench import Combatant, Fight
from rulebench.rulesets.talisman.traits import spared_by

FOE_PAYS = 1
NOBODY = 0
MEMBER_PAYS = -1
"""A duel's result: who gives up a life. Positive, zero and negative, so that a hot loop may
compare with 0 instead of looking these names up."""


def stakes(fight: Fight, member: Combatant, foe: Combatant) -> tuple[int, int, int]:
    """The member's lead over ``foe`` before the dice, and who pays on a win and on a loss.

    The lead is the difference in strength plus each side's ``"weapon"`` modifiers; the two dice
    add −5..+5 to it. A win costs the foe a life (``FOE_PAYS``) and a loss the member
    (``MEMBER_PAYS``), unless the loser is a ghost or demon and the winner has no magic weapon
    (``NOBODY``: a standoff). Protection is not counted here: it is asked after the dice.
    """
    modifiers = fight.modifiers
    mine = modifiers(member, "weapon", foe)
    theirs = modifiers(foe, "weapon", member)
    base = member.stats["strength"] - foe.stats["strength"]
    if mine:
        base += sum(m.value for m in mine)
    if theirs:
        base -= sum(m.value for m in theirs)
    member_traits, foe_traits = member.spec.traits, foe.spec.traits
    foe_spared = bool(foe_traits) and spared_by(foe_traits) is not None and "magic_weapon" not in member_traits
    member_spared = bool(member_traits) and spared_by(member_traits) is not None and "magic_weapon" not in foe_traits
    return base, NOBODY if foe_spared else FOE_PAYS, NOBODY if member_spared else MEMBER_PAYS


def certain(base: int, won: int, lost: int) -> int | None:
    """The duel's result when no face of the two dice can change it, else None (the dice are rolled).

    ``base`` is the member's lead before the dice, ``won`` and ``lost`` what a win and a loss
    cost (``stakes``); a tie costs nobody. The dice add −5..+5, so the dice matter exactly when
    two different results can happen (docs/rules/talisman.md "a die whose result cannot matter
    is not rolled").
    """
    results = {NOBODY} if -5 <= base <= 5 else set()
    if base > -5:
        results.add(won)
    if base < 5:
        results.add(lost)
    return results.pop() if len(results) == 1 else None


def result_of(lead: int, won: int, lost: int) -> int:
    """The result of a duel the member leads by ``lead`` after the dice."""
    return won if lead > 0 else lost if lead < 0 else NOBODY
