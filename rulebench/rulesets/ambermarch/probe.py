"""The 2d6 test (Probe) of docs/rules/ambermarch.md: 2d6 + attribute + modifiers against a target number.

Five tiers, first match wins: double six is a triumph and double one a doom whatever the
modifiers (seed: "Zwei Einsen und zwei Sechsen zählen ohne Zuschläge"); otherwise a total of
target + 1 or more is a success, target − 2 to target a partial success, anything lower a failure.
``probe_tiers`` gives each tier's exact probability, as the seed wants it shown before the roll.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

__all__ = ["DOOM", "FAILURE", "PARTIAL", "SUCCESS", "TARGETS", "TIERS", "TRIUMPH", "probe_result", "probe_tiers"]

TRIUMPH = "triumph"  # Triumph
SUCCESS = "success"  # Erfolg
PARTIAL = "partial"  # Teilerfolg
FAILURE = "failure"  # Fehlschlag
DOOM = "doom"  # Verhängnis

TIERS: tuple[str, ...] = (TRIUMPH, SUCCESS, PARTIAL, FAILURE, DOOM)
"""The tiers from best to worst."""

TARGETS: dict[str, int] = {"everyday": 7, "hard": 9, "hopeless": 11}
"""The seed's named target numbers: alltäglich 7, schwer 9, aussichtslos 11."""

_FACES = range(1, 7)


def probe_result(dice: tuple[int, int], attribute: int, target: int, modifiers: Sequence[int] = ()) -> str:
    """The tier of one test, given its two dice.

    Args:
        dice: the two d6 faces.
        attribute: the attribute tested (body, speed, mind, ...).
        target: the target number (Zielzahl), 7, 9 or 11 in the seed.
        modifiers: skills, gear, local knowledge and wound penalties, signed.

    Returns:
        One of ``TIERS``.

    Raises:
        ValueError: a face is not 1 to 6, or there are not exactly two dice.
    """
    if len(dice) != 2 or any(face not in _FACES for face in dice):
        raise ValueError(f"a test rolls two d6, got {tuple(dice)!r}")
    first, second = dice
    # docs/rules/ambermarch.md: the doubles are checked first and ignore every modifier.
    if first == second == 6:
        return TRIUMPH
    if first == second == 1:
        return DOOM
    total = first + second + attribute + sum(modifiers)
    if total >= target + 1:
        return SUCCESS
    if total >= target - 2:
        return PARTIAL
    return FAILURE


def probe_tiers(attribute: int, target: int, modifiers: Sequence[int] = ()) -> dict[str, Fraction]:
    """Each tier's exact probability for a test, over all 36 rolls of two d6.

    Args:
        attribute: the attribute tested.
        target: the target number.
        modifiers: signed modifiers.

    Returns:
        ``{tier: probability}`` for every tier of ``TIERS`` in order; the values sum to 1.
    """
    counts = dict.fromkeys(TIERS, 0)
    for first in _FACES:
        for second in _FACES:
            counts[probe_result((first, second), attribute, target, modifiers)] += 1
    return {tier: Fraction(count, 36) for tier, count in counts.items()}
