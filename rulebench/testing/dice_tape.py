"""Dice written down as a fight draws them, so the kit can replay the fight as scripted dice."""

from __future__ import annotations

from rulebench.core.dice import Dice, RandomRoller, Roller


class DiceTape:
    """A roller wrapper that passes every die through from ``roller`` and writes its face down, so
    a fight can be replayed as scripted dice; the fight sees ``roller``'s dice and faces unchanged.

    Attributes:
        roller: the roller the dice come from.
        faces: every face so far, in order: ``ScriptedRoller(tape.faces)`` replays the fight.
        last_faces: the faces of the last die or roll, as the wrapped roller gave them.
    """

    def __init__(self, roller: Roller) -> None:
        self.roller = roller
        self.faces: list[int] = []
        self.last_faces: tuple[int, ...] | None = None

    def die(self, sides: int) -> int:
        """One die of the wrapped roller, written down."""
        face = self.roller.die(sides)
        self.last_faces = self.roller.last_faces
        self.faces.append(face)
        return face

    def roll(self, dice: Dice) -> int:
        """A roll of the wrapped roller, each face written down."""
        total = self.roller.roll(dice)
        self.last_faces = self.roller.last_faces
        self.faces.extend(self.last_faces or ())
        return total


def RecordingRoller(seed: int | str) -> DiceTape:
    """Deprecated: ``DiceTape(RandomRoller(seed))``, the same faces written down without a roller subclass."""
    return DiceTape(RandomRoller(seed))
