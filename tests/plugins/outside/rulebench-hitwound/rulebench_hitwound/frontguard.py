"""frontguard: +1 armour to the party's front member, a modifier written from rulebench's docs alone.

It declares its purpose (``PluginInfo.purposes``): under a ruleset that never asks for armour, a
``--plugin frontguard`` is told that it changes nothing there.
"""

from __future__ import annotations

from collections.abc import Iterable

from rulebench import Combatant, Fight, Modifier, PluginInfo, Side, hookimpl
from rulebench_hitwound.narration import _

BONUS = (Modifier(1, "front guard"),)
"""What a silent fight carries: the reason stays English there and costs no look-up."""


@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the modifier: armour, for every ruleset that asks for it."""
    return PluginInfo(name="frontguard", kind="modifier", title=_("Front guard"),
                      summary=_("+1 armour to the party's front member."), purposes=("armour",))


@hookimpl
def rulebench_modifiers(fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None) -> Iterable[Modifier] | None:
    """+1 armour to the first engaged party member (the front of the marching order)."""
    if purpose != "armour" or combatant.side != "party":
        return None
    front = next(m for m in fight.party.members if m.engaged)
    if combatant is not front:
        return None
    return (Modifier(1, _("front guard")),) if fight.recording else BONUS
