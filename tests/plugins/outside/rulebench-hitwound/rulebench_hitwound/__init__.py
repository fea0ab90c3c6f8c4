"""hitwound: hit, wound, save, written from rulebench's docs alone (docs/writing-a-ruleset.md, docs/api/).

Every standing combatant, fastest first (the party on ties), strikes the front-most standing foe:
a d6 + melee of 5 or more hits, then a d6 of 4 or more wounds, then the target saves on a d6 +
armour (+ every plugin's ``armour`` modifiers) of 6 or more, except against a demon's blow, which
no armour stops (the wounds hook is told the attacker). A wound that is not saved costs one of his
life points; at 0 he is slain. Twenty rounds end a stalemate.
"""

from __future__ import annotations

from rulebench import Attack, Combatant, Damage, EndState, Fate, Fight, Outcome, RulesetInfo, hookimpl
from rulebench_hitwound.narration import _, rulebench_narrate

ROUND_CAP = 20
HIT, WOUND, SAVE = "hit roll", "wound roll", "save"  # roll labels, translated by the narration
_FRESH, _HURT, _SLAIN = "unhurt", "wounded", "slain"

__all__ = ["rulebench_narrate"]


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe hitwound, its texts in the reader's language."""
    return RulesetInfo(
        name="hitwound",
        title=_("Hit, wound, save"),
        source=_("rulebench-hitwound test package"),
        summary=_("A hit roll, a wound roll and the target's armour save, one life point per wound."),
        stats=("skill", "armour", "life"),
        purposes=("weapon", "armour"),  # weapon: added to the hit roll; armour: added to the save
    )


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Skill, armour and life points from the encounter (overridable); every key created here."""
    for c in fight.combatants:
        c.stats["skill"] = fight.override(c, "skill", c.spec.melee)
        c.stats["armour"] = fight.override(c, "armour", c.spec.armour)
        c.stats["life"] = fight.override(c, "life", max(1, c.spec.life))
        c.vars["life"] = c.stats["life"]


def _standing(members: list[Combatant]) -> list[Combatant]:
    return [m for m in members if m.engaged and m.vars["life"] > 0]


@hookimpl
def rulebench_initiative(fight: Fight) -> tuple[Combatant, ...]:
    """Fastest first, the party on ties: a tuple of turns, so exact analysis merges between them."""
    standing = _standing(fight.party.members) + _standing(fight.enemy.members)
    return tuple(sorted(standing, key=lambda c: (-c.spec.speed, c.side != "party", c.index)))


@hookimpl
def rulebench_turn(fight: Fight, turn: Combatant) -> tuple[Combatant, Combatant] | None:
    """The front-most standing foe, if the one whose turn it is still stands."""
    foes = _standing(fight.opponents_of(turn).members)
    return (turn, foes[0]) if turn.vars["life"] > 0 and foes else None


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant) -> Attack:
    """The hit roll: d6 + skill + weapon modifiers against 5; only whether it hits matters."""
    modifiers = fight.modifiers(attacker, "weapon", defender)
    bonus = sum(m.value for m in modifiers)
    need = 5 - attacker.stats["skill"] - bonus
    hit = bool(fight.check(6, lambda face: face >= need, HIT, attacker))
    fight.emit("hit" if hit else "miss", attacker=attacker, defender=defender, need=need)
    return Attack(attacker, defender, hit)


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """The wound roll: a 4 or more wounds (one point), else the blow does nothing (0 points)."""
    wounds = bool(fight.check(6, lambda face: face >= 4, WOUND, attack.attacker))
    return Damage(1) if wounds else Damage(0, "none")


@hookimpl
def rulebench_wounds(fight: Fight, target: Combatant, damage: Damage, attacker: Combatant) -> bool:
    """The save: d6 + armour + armour modifiers of 6 or more; none against a demon's blow, and no
    save die for a blow that did not wound (a die that cannot matter is not rolled)."""
    if not damage.amount:
        return True
    if "demon" in attacker.spec.traits:
        saved = False
    else:
        armour = target.stats["armour"] + sum(m.value for m in fight.modifiers(target, "armour", attacker))
        need = 6 - armour
        saved = bool(fight.check(6, lambda face: face >= need, SAVE, target))
    if saved:
        fight.emit("saved", who=target)
        return True
    target.vars["life"] = max(0, target.vars["life"] - damage.amount)
    fight.emit("wound", who=target, left=target.vars["life"], demon="demon" in attacker.spec.traits)
    return True


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Over when a side has nobody standing, or at the round cap."""
    if not _standing(fight.enemy.members):
        return Outcome.PARTY_WINS
    if not _standing(fight.party.members):
        return Outcome.ENEMY_WINS
    return Outcome.WITHDRAWN if fight.round >= ROUND_CAP else None


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """All life points unhurt, some wounded, none slain; the condition translated only in a told fight."""
    life = combatant.vars["life"]
    if life == combatant.stats["life"]:
        state, condition = EndState.UNHURT, _FRESH
    elif life > 0:
        state, condition = EndState.HURT, _HURT
    else:
        state, condition = EndState.DEAD, _SLAIN
    return Fate(state, _(condition) if fight.recording else condition)
