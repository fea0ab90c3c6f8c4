"""The ruleset's descriptor and its stat blocks (docs/rules/ambermarch.md).

Members keep melee, ranged and armour as the encounter gives them (ambermarch does not cap melee
and ranged) and their attributes body, speed and mind capped to 0–4. Each enemy gets a pool of
1d6 + max(melee, ranged), its armour and a steadfastness of its life clamped to 1–6; the enemy always
fights as one group (seed: "vier gegen einen") whose pool, armour and steadfastness live in
``fight.enemy.stats``.
"""

from __future__ import annotations

from collections.abc import Sequence

import rulebench.rulesets.ambermarch.narration as narration
from rulebench import DecisionInfo, Dice, Fight, RulesetInfo, hookimpl
from rulebench.rulesets.ambermarch.state import (
    ALERT,
    ARMOUR_BY_KIND,
    DECLINED,
    DEMONIC,
    GHOSTLY,
    LADDER,
    MAX_MOMENTUM,
    MOMENTUM,
    ORDER,
    SPENT,
    STANCE,
    STANCES,
    STEADFASTNESS,
    TAINTED,
    TIRELESS,
    UNHURT,
    VOLUNTARY,
)

NAME = "ambermarch"
MEMBER_STATS = ("melee", "ranged", "armour", "body", "speed", "mind")
DECISIONS = ("decline", "stance", "momentum", "order", "retreat")
ALERTNESS = "alertness"  # Wachsamkeit
MAX_ATTRIBUTE = 4
MAX_STEADFASTNESS = 6
D6 = Dice(((1, 6),))


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe ambermarch: stances, momentum, steadfastness, the wound ladder and the 2d6 test."""
    return RulesetInfo(
        name=NAME,
        title=narration.ruleset_title(),
        source="docs/rules/ambermarch.md",
        summary=narration.ruleset_summary(),
        stats=(*MEMBER_STATS, "pool", "steadfastness"),
        purposes=("weapon", "armour", "technique"),
        decisions=DECISIONS,
        asks=(
            DecisionInfo("decline", options=(True, False)),
            DecisionInfo("stance", per_member=True, options=STANCES),
            DecisionInfo("momentum", answer="whole_number", maximum=MAX_MOMENTUM),
            DecisionInfo("order", answer="party_order"),
            DecisionInfo("retreat", options=(True, False)),
        ),
        skills=(ALERTNESS,),
    )


def group_steadfastness(values: Sequence[int]) -> int:
    """The group's steadfastness: highest + floor((n − 1) / 3), at most 6 (docs/rules/ambermarch.md).

    The seed gives only 4 × 2 → 3 ("a group holds out longer than one, but not four times as
    long") and says no enemy has more than 6; this formula is docs/rules/'s reading of both.
    """
    return min(MAX_STEADFASTNESS, max(values) + (len(values) - 1) // 3)


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Derive member and enemy stat blocks and the group's, and create every state key."""
    for member in fight.party.members:
        spec = member.spec
        member.stats["melee"] = fight.override(member, "melee", spec.melee)
        member.stats["ranged"] = fight.override(member, "ranged", spec.ranged)
        member.stats["armour"] = fight.override(member, "armour", spec.armour)
        for attribute in ("body", "speed", "mind"):
            value = min(MAX_ATTRIBUTE, max(0, getattr(spec, attribute)))
            member.stats[attribute] = fight.override(member, attribute, value)
        # A member of a day's later fight starts where the last one and the rest left him (carry.py).
        carried = fight.carried(member)
        member.vars[LADDER] = carried.get(LADDER, UNHURT)
        member.vars[STANCE] = ""
        member.vars[TAINTED] = carried.get(TAINTED, 0)
    for enemy in fight.enemy.members:
        spec = enemy.spec
        enemy.stats["pool"] = fight.override(enemy, "pool", D6.plus(max(spec.melee, spec.ranged)))
        enemy.stats["armour"] = fight.override(enemy, "armour", spec.armour)
        steadfastness = min(MAX_STEADFASTNESS, max(1, spec.life))
        enemy.stats["steadfastness"] = fight.override(enemy, "steadfastness", steadfastness)
    group = fight.enemy
    # A mixed pool is rolled with equal dice merged (reading): 1d6 + 1d8 + 1d6 is 2d6+1d8, and a
    # script gives its dice in that order, d6, d6, d8 (Dice merges equal terms into the first).
    group.stats["pool"] = sum((e.stats["pool"] for e in group.members), Dice.constant(0))
    # docs/rules/ambermarch.md: a mixed group takes its lowest armour (reading: deterministic).
    group.stats["armour"] = min(e.stats["armour"] for e in group.members)
    group.stats["steadfastness"] = group_steadfastness([e.stats["steadfastness"] for e in group.members])
    # What the explanation of the group's armour names, worked out here rather than at each won round.
    kinds: dict[str, int] = {}
    for enemy in group.members:
        kinds.setdefault(enemy.base_name, enemy.stats["armour"])
    fight.cache[ARMOUR_BY_KIND] = kinds

    # docs/rules/README.md; only engaged members fight.
    # The damage order is the marching order reversed when ambushed from behind, so there they
    # march at the front (classic seed: "Wenn die Gruppe von hinten angegriffen wird, ist es
    # natürlich andersherum"), which keeps them behind all others and free to hold back.
    engaged = [m for m in fight.party.members if m.engaged]
    fighters = [m.index for m in engaged if m.spec.fighter]
    others = [m.index for m in engaged if not m.spec.fighter]
    order = others + fighters if fight.encounter.ambush_from_behind else fighters + others
    fight.vars[ORDER] = tuple(order)
    fight.vars[STEADFASTNESS] = group.stats["steadfastness"]
    fight.vars[MOMENTUM] = 0
    fight.vars[SPENT] = 0
    # Seed: "Wachsamkeit macht aus dem zweiten [!] wieder das erste [?]".
    alert = [m for m in engaged if m.has_skill(ALERTNESS)]
    fight.cache[ALERT] = alert
    fight.vars[VOLUNTARY] = not fight.encounter.forced or bool(alert)
    fight.vars[DECLINED] = False
    fight.vars[TIRELESS] = any(group.has_trait(kind) for kind in ("undead", "ghost", "demon"))
    fight.vars[GHOSTLY] = group.has_trait("ghost") or group.has_trait("demon")
    fight.vars[DEMONIC] = group.has_trait("demon")
