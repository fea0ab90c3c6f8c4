"""Silver against the undead: +1 to whatever a silver weapon feeds, in every ruleset (docs/encounters.md).

Classic's seed gives silver weapons +1 against undead, and counts ghosts and demons among them;
the other rulesets carry the rule over so the same creature means the same thing everywhere.
Written only against the public hooks, as a third-party modifier would be.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from rulebench import Combatant, Fight, Messages, Modifier, PluginInfo, Side, hookimpl

MESSAGES = Messages("rulebench-plugins", Path(__file__).with_name("locale"))
"""The built-in plugins' catalog (the domain ``rulebench-plugins``), as a third-party plugin ships its own."""
_ = MESSAGES.gettext

UNDEAD_KINDS = ("undead", "ghost", "demon")
BONUS = (Modifier(1, "silver vs undead"),)
"""What a silent fight carries: nobody reads its reason, so it stays English and costs no look-up."""


@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the silver modifier: on by default, for every ruleset.

    Not static: against a side, whether it counts as undead depends on who of it still stands.
    """
    return PluginInfo(
        name="silver",
        kind="modifier",
        title=_("Silver against undead"),
        summary=_("+1 to a silver weapon's contribution, KS, combat power, TP or damage against undead, ghosts and demons."),
        default=True,
        purposes=("weapon",),
    )


def undead(fight: Fight, against: Combatant | Side) -> bool:
    """Whether the silver meets an undead, ghost or demon.

    A combatant counts by his own traits. A side (a group ruleset's party or enemy group) counts
    when any member of it in the fight is one: engaged, and standing as his ruleset tells it
    (``fight.health``; a ruleset that cannot tell leaves him counted). A member who is not engaged
    takes no part in the fight, and one who is down no longer stands against the silver.
    """
    if isinstance(against, Combatant):
        return any(against.has_trait(kind) for kind in UNDEAD_KINDS)
    for member in against.members:
        if member.engaged and any(member.has_trait(kind) for kind in UNDEAD_KINDS):
            health = fight.health(member)
            if health is None or health.standing:
                return True
    return False


@hookimpl
def rulebench_modifiers(
    fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
) -> Iterable[Modifier] | None:
    """+1 on the weapon's value when a silver weapon meets an undead, ghost or demon (``undead``)."""
    if purpose != "weapon" or against is None or not combatant.has_trait("silver_weapon"):
        return None
    if undead(fight, against):
        # A recorded fight shows the reason to a reader: in his language, as the catalog has it.
        return (Modifier(1, _("silver vs undead")),) if fight.recording else BONUS
    return None
