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
    """Describe the silver modifier: on by default, for every ruleset."""
    return PluginInfo(
        name="silver",
        kind="modifier",
        title=_("Silver against undead"),
        summary=_("+1 to a silver weapon's contribution, KS, combat power, TP or damage against undead, ghosts and demons."),
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
        # A recorded fight shows the reason to a reader: in his language, as the catalog has it.
        return (Modifier(1, _("silver vs undead")),) if fight.recording else BONUS
    return None
