"""Silver against the undead: +1 to whatever a silver weapon feeds, in every ruleset (docs/encounters.md).

Classic's seed gives silver weapons +1 against undead, and counts ghosts and demons among them;
the other rulesets carry the rule over so the same creature means the same thing everywhere.
Written only against the public hooks, as a third-party modifier would be.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulebench import Combatant, Fight, Modifier, PluginInfo, Side, hookimpl

UNDEAD_KINDS = ("undead", "ghost", "demon")
BONUS = (Modifier(1, "silver vs undead"),)


@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the silver modifier: on by default, for every ruleset."""
    return PluginInfo(
        name="silver",
        kind="modifier",
        title="Silver against undead",
        summary="+1 to a silver weapon's contribution, KS, combat power, TP or damage against undead, ghosts and demons.",
        default=True,
        static_modifiers=True,  # traits only: asked once per fight
    )


@hookimpl
def rulebench_modifiers(
    fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
) -> Iterable[Modifier] | None:
    """+1 on the weapon's value when a silver weapon meets an undead, ghost or demon."""
    if purpose != "weapon" or against is None or not combatant.has_trait("silver_weapon"):
        return None
    if any(against.has_trait(kind) for kind in UNDEAD_KINDS):
        return BONUS
    return None
