"""skirmish: an example third-party ruleset for rulebench.

Every standing combatant, fastest first (the party on ties), strikes the front-most standing foe:
1d6 + melee against 4 + the foe's armour; a hit costs the foe one hit point (its ``life``).
After 30 rounds both sides withdraw. It uses only rulebench's public API, as any plugin must.

Its texts speak the reader's language from its own catalog (the domain ``rulebench-skirmish`` in
``locale/`` beside this file, shipped in the wheel as package data); rulebench's ``--lang`` and the
locale variables choose the language. The rules report facts (``fight.emit``); ``rulebench_narrate``
renders them, so a fight nobody records looks no text up.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import N_, Attack, Combatant, Damage, EndState, Fate, Fight, Messages, Outcome, RulesetInfo, hookimpl

ROUND_CAP = 30

MESSAGES = Messages("rulebench-skirmish", Path(__file__).with_name("locale"))
_ = MESSAGES.gettext


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe skirmish."""
    return RulesetInfo(
        name="skirmish",
        title=_("Skirmish (example plugin)"),
        source=_("rulebench-skirmish example package"),
        summary=_("One die plus melee against four plus armour; one hit point per hit."),
        stats=("skill", "armour", "hp"),
        purposes=("weapon",),  # added to the attack roll
    )


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Derive skill, armour and hit points; every combatant starts with full hit points."""
    for c in fight.combatants:
        c.stats["skill"] = fight.override(c, "skill", c.spec.melee)
        c.stats["armour"] = fight.override(c, "armour", c.spec.armour)
        c.stats["hp"] = fight.override(c, "hp", c.spec.life)
        c.vars["hp"] = c.stats["hp"]


def _standing(members: list[Combatant]) -> list[Combatant]:
    return [m for m in members if m.engaged and m.vars["hp"] > 0]


@hookimpl
def rulebench_initiative(fight: Fight) -> tuple[Combatant, ...]:
    """Fastest first, the party on ties: a tuple of turns, so exact analysis merges between them."""
    standing = _standing(fight.party.members) + _standing(fight.enemy.members)
    return tuple(sorted(standing, key=lambda c: (-c.spec.speed, c.side != "party", c.index)))


@hookimpl
def rulebench_turn(fight: Fight, turn: Combatant) -> tuple[Combatant, Combatant] | None:
    """Each strikes the front-most foe standing when his turn comes; the fallen strike no more."""
    foes = _standing(fight.opponents_of(turn).members)
    if turn.vars["hp"] > 0 and foes:
        return turn, foes[0]
    return None


@hookimpl
def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant) -> Attack:
    """1d6 + skill against 4 + armour."""
    bonus = sum(m.value for m in fight.modifiers(attacker, "weapon", defender))
    total = fight.die(6, "attack", attacker) + attacker.stats["skill"] + bonus
    target = 4 + defender.stats["armour"]
    hit = total >= target
    fight.emit("hit" if hit else "miss", attacker=attacker, defender=defender, total=total, target=target)
    return Attack(attacker, defender, hit, total - target)


@hookimpl
def rulebench_damage(fight: Fight, attack: Attack) -> Damage:
    """Every hit costs one hit point."""
    return Damage(1)


@hookimpl
def rulebench_wounds(fight: Fight, target: Combatant, damage: Damage) -> bool:
    """Take the points off the target's hit points."""
    target.vars["hp"] = max(0, target.vars["hp"] - damage.amount)
    fight.emit("damage", who=target, amount=damage.amount, left=target.vars["hp"])
    return True


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Over when a side has nobody standing, or at the round cap."""
    if not _standing(fight.enemy.members):
        return Outcome.PARTY_WINS
    if not _standing(fight.party.members):
        return Outcome.ENEMY_WINS
    return Outcome.WITHDRAWN if fight.round >= ROUND_CAP else None


# The conditions in English, marked for the catalog (N_): the keys analysis counts, translated by
# the renderer only where a fight is told.
_FRESH, _BLOODIED, _SLAIN = N_("fresh"), N_("bloodied"), N_("slain")


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """Full hit points unhurt, some hurt, none dead, the condition in English (the renderer words it)."""
    hp = combatant.vars["hp"]
    if hp == combatant.stats["hp"]:
        state, condition = EndState.UNHURT, _FRESH
    elif hp > 0:
        state, condition = EndState.HURT, _BLOODIED
    else:
        state, condition = EndState.DEAD, _SLAIN
    return Fate(state, condition)


@hookimpl
def rulebench_narrate(fight: Fight, event: dict[str, Any]) -> str | None:
    """The sentence for one of skirmish's events, read off its facts; a recorded fight's fates (the
    ``fate`` request) in the reader's words; None for another plugin's kinds."""
    kind = event["kind"]
    if kind == "hit":
        return _("{attacker} {total} vs {target}: hit").format(**event)
    if kind == "miss":
        return _("{attacker} {total} vs {target}: miss").format(**event)
    if kind == "damage":
        return _("{name} loses {amount}, {left} left").format(name=event["who"], amount=event["amount"], left=event["left"])
    if kind == "fate":
        return _(event["condition"])
    return None
