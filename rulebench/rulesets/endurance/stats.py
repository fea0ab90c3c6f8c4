"""The endurance stat block (docs/rules/endurance.md) and every combatant's starting state."""

from __future__ import annotations

import rulebench.rulesets.endurance.narration as narration
from rulebench import PARTY, Combatant, DecisionInfo, Dice, Fight, RulesetInfo, hookimpl
from rulebench.rulesets.endurance.state import ABSENT, SHELTERED, STABILISED, STANDING

STATS = ("body", "speed", "mind", "armour", "avoidance", "damage", "endurance", "max_wounds")


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe endurance."""
    return RulesetInfo(
        name="endurance",
        title=narration.title(),
        source="docs/rules/endurance.md",
        summary=narration.summary(),
        stats=STATS,
        purposes=("weapon", "armour"),  # damage; avoidance (docs/rules/endurance.md)
        decisions=("target", "retreat"),
        asks=(DecisionInfo("target", per_member=True, answer="opponent"), DecisionInfo("retreat", options=(True, False))),
        skills=("robust", "dodge", "arcane_armour"),
    )


def avoidance(body: int, speed: int, mind: int, armour: int, dodge: bool, arcane_armour: bool) -> int:
    """Avoidance (Vermeidung) = body + armour; dodge puts speed for body, the magic-armour spell mind for
    armour, each only while that value is above 0 (docs/rules/endurance.md)."""
    return (speed if dodge and speed > 0 else body) + (mind if arcane_armour and mind > 0 else armour)


def damage_dice(weapon: Dice | None, melee: int, ranged: int, body: int) -> Dice:
    """Weapon die + floor(max(melee, ranged) / 2) (docs/rules/endurance.md); unarmed, body + bonuses (docs/rules/endurance.md).

    (reading: the unarmed blow's "bonuses" are the same skill bonus a weapon gets.)
    """
    bonus = max(melee, ranged) // 2
    return Dice.constant(body + bonus) if weapon is None else weapon.plus(bonus)


def magic_armour(combatant: Combatant) -> bool:
    """Whether his armour is magic, which a demon's blow does not ignore: the trait, or the
    magic-armour spell while it stands in for armour (mind above 0; docs/rules/endurance.md)."""
    return combatant.has_trait("magic_armour") or (combatant.has_skill("arcane_armour") and combatant.stats["mind"] > 0)


def physical_armour(combatant: Combatant) -> int:
    """The part of avoidance that a demon's blow ignores (docs/rules/endurance.md).

    (reading: the magic-armour spell *is* magic armour, so while it stands in for armour nothing is
    ignored; an overridden avoidance loses the armour stat, the term it is meant to contain.)
    """
    if magic_armour(combatant):
        return 0
    armour: int = combatant.stats["armour"]
    return armour


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Derive the docs/rules/endurance.md stat block through the overrides; everyone starts unhurt and standing (docs/rules/endurance.md)."""
    for c in fight.combatants:
        spec, stats = c.spec, c.stats
        body = stats["body"] = fight.override(c, "body", spec.body)
        speed = stats["speed"] = fight.override(c, "speed", spec.speed)
        mind = stats["mind"] = fight.override(c, "mind", spec.mind)
        armour = stats["armour"] = fight.override(c, "armour", spec.armour)
        computed = avoidance(body, speed, mind, armour, c.has_skill("dodge"), c.has_skill("arcane_armour"))
        stats["avoidance"] = fight.override(c, "avoidance", computed)
        stats["damage"] = fight.override(c, "damage", damage_dice(spec.weapon, spec.melee, spec.ranged, body))
        stats["endurance"] = fight.override(c, "endurance", 2 * body + spec.life)
        stats["max_wounds"] = fight.override(c, "max_wounds", 2 if c.has_skill("robust") else 1)
        # A member of a day's later fight starts as the last one and the rest left him (carry.py).
        carried = fight.carried(c)
        c.vars["endurance"] = min(stats["endurance"], carried.get("endurance", stats["endurance"]))
        c.vars["wounds"] = carried.get("wounds", 0)
        if not c.engaged:
            c.vars["status"] = ABSENT
        else:
            c.vars["status"] = STABILISED if c.vars["wounds"] >= stats["max_wounds"] else STANDING
        c.vars["bleed"] = 0  # rounds left to live while bleeding
    for side in (fight.party, fight.enemy):
        if any(m.spec.fighter and m.vars["status"] == STANDING for m in side.members):
            for m in side.members:
                if m.engaged and not m.spec.fighter:
                    m.vars["status"] = SHELTERED
    fight.vars["turns"] = turn_orders(fight)  # speed never changes, so the order is known now


def turn_orders(fight: Fight) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The turn order of round 1 and of every later round, as positions in ``fight.combatants``: speed
    high first, ties party first then list order; in round 1 a surprising side first (docs/rules/endurance.md).

    Everyone engaged is in it for the whole fight; a turn whose combatant has fallen or is still
    sheltered is skipped when it comes, so a non-fighter released in mid-round acts at his turn.
    """
    surprise = fight.encounter.effective_surprise()
    engaged = [i for i, c in enumerate(fight.combatants) if c.vars["status"] != ABSENT]

    def order(first: str) -> tuple[int, ...]:
        def rank(i: int) -> tuple[bool, int, bool, int]:
            c = fight.combatants[i]
            return (c.side != first, -c.stats["speed"], c.side != PARTY, i)

        return tuple(sorted(engaged, key=rank))

    return order(surprise), order("none")


def release_non_fighters(fight: Fight, fallen: Combatant) -> None:
    """When the last fighter of a side falls, its sheltered non-fighters step up and fight (docs/rules/endurance.md)."""
    members = fight.side_of(fallen).members
    # Asked at every fighter's fall: a side with nobody sheltered (the common case) is done at once.
    for m in members:
        if m.vars["status"] == SHELTERED:
            break
    else:
        return
    if any(m.spec.fighter and m.vars["status"] == STANDING for m in members):
        return
    for m in members:
        if m.vars["status"] == SHELTERED:
            m.vars["status"] = STANDING
            fight.emit("decision", decision="step up", who=m, by="rules")
