"""Ghosts and demons: who cannot be harmed without a magic weapon (docs/rules/talisman.md)."""

from __future__ import annotations

import functools

from rulebench import Combatant, Side

HARMLESS_TO = ("ghost", "demon")
"""Only a magic weapon harms these: a win without one is a standoff (docs/rules/talisman.md)."""


def harmless(winner: Combatant | Side, loser: Combatant | Side) -> bool:
    """Whether ``winner`` cannot harm ``loser``: a ghost or demon, and no magic weapon (docs/rules/talisman.md)."""
    return spared(loser) is not None and not winner.has_trait("magic_weapon")


def spared(loser: Combatant | Side) -> str | None:
    """The kind in ``HARMLESS_TO`` that only a magic weapon harms, if the loser is one.

    Asked after every duel that is not a standoff, so a combatant's answer is looked up by its
    traits (fixed by the encounter) rather than searched each time.
    """
    if isinstance(loser, Side):
        return next((kind for kind in HARMLESS_TO if loser.has_trait(kind)), None)
    return spared_by(loser.spec.traits)


@functools.lru_cache(maxsize=256)
def spared_by(traits: tuple[str, ...]) -> str | None:
    """The kind in ``HARMLESS_TO`` among ``traits``, if any (remembered per traits tuple)."""
    return next((kind for kind in HARMLESS_TO if kind in traits), None)
