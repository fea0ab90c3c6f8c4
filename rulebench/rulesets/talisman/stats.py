"""The talisman descriptor and stat blocks: strength, lives and the round cap (docs/rules/talisman.md)."""

from __future__ import annotations

from rulebench import PARTY, BadInput, Combatant, DecisionInfo, Fight, RulesetInfo, hookimpl
from rulebench.rulesets.talisman.narration import override_out_of_range, ruleset_summary, ruleset_title

ROUND_CAP = 20
"""Rounds before both sides withdraw (docs/rules/talisman.md)."""

NAME = "talisman"

STRENGTH = (1, 10)
LIVES = (1, 6)
"""The ranges docs/rules/talisman.md gives strength and lives; an override outside them is refused."""

def is_character(fight: Fight, combatant: Combatant) -> bool:
    """Whether the combatant is a character (a party member, or a member of a rival party) rather
    than a creature card: a character with no lives left is dead, a creature merely defeated, and
    only a character may carry the items and spells that protect a life (docs/rules/talisman.md)."""
    return combatant.side == PARTY or fight.encounter.enemy.characters


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe talisman: its seed, its two derived stats and the one decision it asks."""
    return RulesetInfo(
        name=NAME,
        title=ruleset_title(),
        source="docs/rules/talisman.md",
        summary=ruleset_summary(),
        stats=("strength", "lives"),
        settings=("round_cap",),
        purposes=("weapon", "protection"),  # combat power; a life spared
        decisions=("evade",),
        asks=(DecisionInfo("evade", per_member=True, options=(False, True)),),
        skills=(),
    )


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Derive strength and lives for everyone, and the fight's round cap.

    strength = max(melee, ranged) (docs/rules/talisman.md). The formula is not clamped to the seed's card
    range 1–10: docs/rules/talisman.md melee and ranged are 0–8 and already include one weapon (reading: the seed's
    "only one weapon" is docs/rules/talisman.md's "already includes one weapon", so the weapon dice are unused), and
    raising a 0 to 1 would invent a point no rule gives.

    lives = the member's life; an enemy has 1 unless overridden, except that an enemy side marked
    ``characters = true`` is another party and its members have their life too (docs/rules/talisman.md, "Stats").

    The round cap is 20 unless an override sets ``round_cap`` on any combatant; when several do,
    the smallest counts (reading: the first side to tire ends a stalemate). This is talisman's way
    of making the cap configurable from an encounter file (``[overrides.talisman.Ogre]
    round_cap = 40``), which ``sweep --vary overrides.talisman.Ogre.round_cap=5..40`` can vary.
    """
    characters = fight.encounter.enemy.characters
    caps: list[int] = []
    for c in fight.combatants:
        strength = fight.override(c, "strength", None)
        if strength is None:
            strength = max(c.spec.melee, c.spec.ranged)
        else:
            _within(fight, c, "strength", strength, *STRENGTH)
        lives = fight.override(c, "lives", None)
        if lives is None:
            lives = c.spec.life if c.side == PARTY or characters else 1
        else:
            _within(fight, c, "lives", lives, *LIVES)
        c.stats["strength"] = strength
        c.stats["lives"] = lives
        # A member of a day's later fight has the lives the last one and the rest left him (carry.py).
        c.vars["lives"] = min(lives, fight.carried(c).get("lives", lives))
        if c.side == PARTY:
            c.vars["evaded"] = False  # this round; read by the flight check (docs/rules/talisman.md)
            c.vars["plundered"] = False  # raiders, after the fight (docs/rules/talisman.md)
        cap = fight.override(c, "round_cap", None)
        if cap is not None:
            _within(fight, c, "round_cap", cap, 1, None)
            caps.append(cap)
    fight.vars["round_cap"] = min(caps, default=ROUND_CAP)
    # The engaged members' indices in damage order (the marching order, reversed when ambushed
    # from behind), fighters before non-fighters (docs/rules/talisman.md): fixed by the encounter, so worked
    # out once here; each round's initiative keeps the standing ones.
    members = fight.party.members[::-1] if fight.encounter.ambush_from_behind else fight.party.members
    engaged = [m for m in members if m.engaged]
    fight.party.stats["turn_order"] = tuple(
        [m.index for m in engaged if m.spec.fighter] + [m.index for m in engaged if not m.spec.fighter]
    )


def _within(fight: Fight, combatant: Combatant, stat: str, value: int, low: int, high: int | None) -> None:
    """Refuse an override outside ``low..high`` (docs/rules/talisman.md: strength 1–10, lives 1–6), naming
    the override as the encounter file spells it."""
    if low <= value and (high is None or value <= high):
        return
    key = combatant.name if combatant.name in fight.encounter.overrides.get(NAME, {}) else combatant.base_name
    raise BadInput(override_out_of_range(key, combatant.name, stat, value, low, high))

