"""A seeded roller that keeps every roll it hands out, so two ways of playing the same fight can be
compared die by die (the Monte Carlo path of a ruleset against its hooks)."""

from __future__ import annotations

from rulebench.core.dice import Dice, RandomRoller


class Recorder:
    """``RandomRoller(seed)`` that writes down every roll: what was rolled and what came up."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomRoller(seed)
        self.dice: list[tuple[str, int]] = []
        self.last_faces: tuple[int, ...] | None = None

    def die(self, sides: int) -> int:
        """One die, as the random roller rolls it."""
        face = self.inner.die(sides)
        self.last_faces = self.inner.last_faces
        self.dice.append((f"1d{sides}", face))
        return face

    def roll(self, dice: Dice) -> int:
        """A dice expression, as the random roller rolls it."""
        total = self.inner.roll(dice)
        self.last_faces = self.inner.last_faces
        self.dice.append((str(dice), total))
        return total
