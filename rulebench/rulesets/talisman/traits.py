"""Ghosts and demons: who cannot be harmed without a magic weapon (docs/rules/talisman.md)."""

from __future__ import annotations

from rulebench import Combatant, Side

HARMLESS_TO = ("ghost", "demon")
"""Only a magic weapon harms these: a win without one is a standoff (docs/rules/talisman.md)."""

MAGIC_WEAPON = "magic_weapon"


def spared(loser: Combatant | Side) -> str | None:
    """The kind in ``HARMLESS_TO`` that only a magic weapon harms, if the loser is one (a grouped
    side is one if any of its members is, docs/encounters.md)."""
    if isinstance(loser, Side):
        return next((kind for kind in HARMLESS_TO if loser.has_trait(kind)), None)
    traits = loser.spec.traits
    if traits:
        for kind in HARMLESS_TO:
            if kind in traits:
                return kind
    return None


def harms(winner: Combatant | Side, kind: str | None) -> bool:
    """Whether ``winner`` harms a loser of ``kind`` (``spared``): anyone harms a loser who is no ghost
    or demon, only a magic weapon one who is (docs/rules/talisman.md)."""
    return kind is None or winner.has_trait(MAGIC_WEAPON)
