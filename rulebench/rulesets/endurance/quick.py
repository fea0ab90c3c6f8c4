"""A whole round of blows at once, for Monte Carlo: the same dice, the same wounds (docs/rules/endurance.md).

What a blow does besides its damage die (whether it can harm at all, the modifiers, the target's
avoidance against it) depends on who strikes whom, not on the state. When nobody records, the
default tactics answer (the front-most standing opponent is struck), endurance's own turn, attack,
damage and wounds hooks are the only ones and every plugin's modifiers are static
(``Fight.static_modifiers``), a ``Plan`` works it out once per fight for every attacker and
opponent, and a round costs per blow its die, a subtraction and the state's update instead of a
turn hook, a target search through the decision path, a modifier look-up, a roll and a payment.
The dice are drawn as ``fight.roll`` draws them, in the same order, so a seeded fight is the fight
played turn by turn. Only a plain ``RandomRoller`` is read this way: a scripted, remembering or
enumerating roller (exact analysis) gets the turns, one blow each.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rulebench import Combatant, Dice, Fight, fast_plan
from rulebench.rulesets.endurance.state import STANDING
from rulebench.rulesets.endurance.stats import front_order
from rulebench.rulesets.endurance.strike import DEMONIC, avoidance_against, cannot_harm, wound

Blow = tuple[int, Dice | None, int] | None
"""A blow against one opponent: the sides of its one damage die (0 when it has none or several),
its dice when it has several (else None), and what is added to the dice's faces to give the net
damage (the dice's constant and the modifiers, less the opponent's avoidance); None for a blow
that cannot harm (a ghost or demon struck without a magic weapon: no die is rolled)."""

Turn = tuple[Combatant, tuple[tuple[Combatant, Blow], ...]]
"""The attacker and his opponents front first, each with the blow he deals them."""


class Plan:
    """Every blow a fight can see, worked out once per fight (see the module)."""

    __slots__ = ("first", "later")

    def __init__(self, fight: Fight) -> None:
        combatants = fight.combatants
        turns = {i: (c, tuple((o, _blow(fight, c, o)) for o in front_order(fight, c))) for i, c in enumerate(combatants)}
        first, later = fight.vars["turns"]
        self.first: tuple[Turn, ...] = tuple(turns[i] for i in first)
        """Round 1's turns (a surprising side first)."""
        self.later: tuple[Turn, ...] = tuple(turns[i] for i in later)
        """Every later round's turns."""


def _plan_of(fight: Fight, own_hooks: Callable[[Fight], bool]) -> Plan | Literal[False]:
    """The fight's plan when its rounds may be played at once, else False."""
    allowed = own_hooks(fight) and fight.default_tactics and fight.static_modifiers and not fight.recording
    return Plan(fight) if allowed else False


def _blow(fight: Fight, attacker: Combatant, defender: Combatant) -> Blow:
    """``strike.strike_at_once``'s blow of ``attacker`` against ``defender``, but for its dice."""
    mine, theirs = attacker.spec.traits, defender.spec.traits
    if cannot_harm(mine, theirs):
        return None
    dice: Dice = attacker.stats["damage"]
    offset = dice.bonus + sum(m.value for m in fight.modifiers(attacker, "weapon", defender))
    offset -= avoidance_against(defender, DEMONIC) if "demon" in mine else defender.stats["avoidance"]
    if not dice.terms:
        return 0, None, offset
    if dice.terms == ((1, dice.terms[0][1]),):
        return dice.terms[0][1], None, offset
    return 0, dice, offset - dice.bonus  # the roll's total has the constant already


def play_round(fight: Fight, own_hooks: Callable[[Fight], bool]) -> bool:
    """Play every blow of the round as the turns of ``turns.rulebench_initiative`` would; False,
    with nothing played, when they must be played turn by turn.

    The fight's plan is worked out the first time (False when its rounds may not be played at
    once) and kept in ``fight.cache``; ``own_hooks(fight)``: endurance's own hooks are the only ones.
    """
    ready = fast_plan(fight, "endurance", _plan_of, own_hooks)
    if ready is None:
        return False
    plan, roller = ready
    uniform = roller.uniform
    for attacker, opponents in plan.first if fight.round == 1 else plan.later:
        # Whoever has fallen since the round began, or still shelters, does not strike.
        if attacker.vars["status"] != STANDING:
            continue
        for target, blow in opponents:
            tvars = target.vars
            if tvars["status"] != STANDING:
                continue
            if blow is not None:
                sides, dice, net = blow
                if sides:
                    net += int(uniform() * sides) + 1
                elif dice is not None:
                    net += roller.roll(dice)
                if net > 0:
                    before: int = tvars["endurance"]
                    tvars["endurance"] = before - net if before > net else 0
                    if net > before:
                        wound(fight, target, net, before)
            break  # the front-most standing opponent is struck; none standing, no blow
    return True
