"""dsa stat blocks (docs/rules/dsa.md, "Stats") and the state every combatant carries through a fight."""

from __future__ import annotations

from rulebench import Combatant, Dice, Fight, hookimpl
from rulebench.rulesets.dsa.subfights import build_subfights

STATS = ("at", "pa", "dodge", "reaction", "le", "rs", "tp", "coordination")
"""The derived stat names (docs/rules/dsa.md) that ``[overrides.dsa."Name"]`` may set."""

UNCONSCIOUS_BELOW = 10
"""LE below this knocks a combatant unconscious (bewusstlos), out at once (docs/rules/dsa.md)."""


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Derive AT, PA, dodge, reaction, LE, RS, TP and coordination (docs/rules/dsa.md) and create the state.

    Combatant state: ``le``; ``slain`` (a lethal critical hit); ``standing`` (engaged, LE ≥ 10, not
    slain); from the current sub-fights ``foe`` (the opponent's name) and ``penalty`` (the
    coordination penalty); ``parried`` (the single's one parry against free attacks used this
    exchange); ``lost`` (he missed a free attack and must let his next one pass, however many
    exchanges away it is). Fight state: ``holders``, a frozenset of
    (holder, other) name pairs for every primary pair that has fought; ``subfights``, the
    sub-fights as tuples of positions in ``fight.combatants`` (single, primary, secondaries...);
    ``regroup``, set when someone fell this exchange so the sub-fights are rebuilt at its end.
    """
    for c in fight.combatants:
        _derive(fight, c)
        # A member of a day's later fight has the LE the last one and the rest left him (carry.py).
        c.vars["le"] = min(c.stats["le"], fight.carried(c).get("le", c.stats["le"]))
        c.vars["slain"] = False
        c.vars["standing"] = c.engaged and c.vars["le"] >= UNCONSCIOUS_BELOW
        c.vars["foe"] = ""
        c.vars["penalty"] = 0
        c.vars["parried"] = False
        c.vars["lost"] = False
    fight.vars["holders"] = frozenset()
    fight.vars["subfights"] = ()
    fight.vars["regroup"] = False
    build_subfights(fight)


def _derive(fight: Fight, c: Combatant) -> None:
    spec = c.spec
    # docs/rules/dsa.md, "Stats": unarmed TP = body.
    weapon = spec.weapon if spec.weapon is not None else Dice.constant(spec.body)
    override = fight.override
    c.stats["at"] = override(c, "at", 7 + max(spec.melee, spec.ranged))
    c.stats["pa"] = override(c, "pa", 4 + spec.melee)
    c.stats["dodge"] = override(c, "dodge", 4 + spec.speed)
    c.stats["reaction"] = override(c, "reaction", 10 * spec.speed)
    c.stats["le"] = override(c, "le", 10 + 4 * spec.body + 2 * spec.life)
    c.stats["rs"] = override(c, "rs", spec.armour)
    c.stats["tp"] = override(c, "tp", weapon)
    c.stats["coordination"] = override(c, "coordination", 0)


def lowered(value: int, penalty: int) -> int:
    """``value`` after the coordination penalty: never below 1 through the penalty (docs/rules/dsa.md).

    A value already below 1 (an override) stays as it is: the penalty never raises a value.
    """
    if not penalty:
        return value
    return value - penalty if value - penalty >= 1 else min(value, 1)


def attack_value(c: Combatant) -> int:
    """AT this exchange, the coordination penalty taken off."""
    penalty = c.vars["penalty"]
    return lowered(c.stats["at"], penalty) if penalty else c.stats["at"]


def defence_value(c: Combatant) -> tuple[int, str]:
    """The higher of PA and dodge this exchange, and which it is (docs/rules/dsa.md, "Stats")."""
    stats = c.stats
    penalty = c.vars["penalty"]
    if penalty:
        pa = lowered(stats["pa"], penalty)
        dodge = lowered(stats["dodge"], penalty)
    else:
        pa, dodge = stats["pa"], stats["dodge"]
    return (pa, "PA") if pa >= dodge else (dodge, "dodge")
