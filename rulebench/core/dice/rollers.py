"""The rollers every fight draws its chance from (docs/rules/README.md): :class:`RandomRoller` for
simulation, :class:`ScriptedRoller` for ``--dice`` and golden tests, :class:`ChainedRoller` for
``--dice`` with ``--seed`` (the script, then seeded dice), and the ``--dice`` script's reader."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

from rulebench.core.chain import Done
from rulebench.core.dice.notation import Dice, sampler_of
from rulebench.core.i18n import _, ngettext

_SCRIPT_SEPARATORS = re.compile(r"[\s|]+")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class DiceScriptError(ValueError):
    """A ``--dice`` script that cannot be read or does not fit the dice the fight asks for.

    Attributes:
        position: the 1-based position in the script where the problem is.
    """

    def __init__(self, message: str, *, position: int) -> None:
        super().__init__(message)
        self.position = position


@runtime_checkable
class Roller(Protocol):
    """Where every random number of a fight comes from.

    Attributes:
        last_faces: the faces of the most recent ``roll()`` or ``die()`` call, for narration;
            ``None`` when unknown.
    """

    last_faces: tuple[int, ...] | None

    def die(self, sides: int) -> int:
        """One die: a result from 1 to ``sides``."""

    def roll(self, dice: Dice) -> int:
        """The total of an expression; a roller may produce it however it likes."""


class RandomRoller:
    """A seeded pseudo-random roller, deterministic across runs and platforms for the same seed.

    Args:
        seed: passed to :class:`random.Random`; ``None`` seeds from the operating system.
    """

    __slots__ = ("_random", "last_faces")

    def __init__(self, seed: int | str | None = None) -> None:
        # A bound method looked up once: die() sits on the Monte Carlo hot path.
        self._random = random.Random(seed).random
        self.last_faces: tuple[int, ...] | None = None
        """The faces of the last die or roll, in the order of its dice (None before the first)."""

    @property
    def uniform(self) -> Callable[[], float]:
        """The source of this roller's dice: uniform floats in [0, 1), one per die."""
        return self._random

    @property
    def stream(self) -> random.Random:
        """The random stream the dice are drawn from: its state (``getstate``, ``setstate``, ``seed``)
        is where the dice stand, so a block or a paired fight can start it where it should."""
        return cast(random.Random, cast(Any, self._random).__self__)

    def die(self, sides: int) -> int:
        """One die from 1 to ``sides``."""
        # randint is several times slower than scaling random() and gains nothing here.
        face = int(self._random() * sides) + 1
        self.last_faces = (face,)
        return face

    def roll(self, dice: Dice) -> int:
        """Roll every die of ``dice`` (recorded in :attr:`last_faces`) and return the total."""
        self.last_faces, total = (dice._sampler or sampler_of(dice))(self._random)
        return total

    def silent_dice(self) -> SilentDice | None:
        """The fight's ``roll``, ``die``, ``chain`` and ``check`` as this roller plays them for a fight
        nobody records: each the rules' call in one frame, not two (the label would only be logged).

        None for a subclass that changes how dice are drawn: its ``die`` and ``roll`` are then asked
        through the fight, one die at a time.
        """
        cls = type(self)
        if cls.die is not RandomRoller.die or cls.roll is not RandomRoller.roll:
            return None
        return SilentDice(self._roll_as, self._die_as, self._chain_as, self._check_as)

    def _roll_as(self, dice: Dice, label: str, who: object = None) -> int:
        self.last_faces, total = (dice._sampler or sampler_of(dice))(self._random)
        return total

    def _die_as(self, sides: int, label: str, who: object = None) -> int:
        face = int(self._random() * sides) + 1
        self.last_faces = (face,)
        return face

    def _chain_as(self, start: Hashable, sides: int, step: Callable[[Hashable, int], Hashable], label: str,
                  key: Hashable = None, who: object = None) -> Hashable:
        # Fight.chain's loop, the die drawn in place: a chain's dice are most of some rulesets' dice.
        uniform = self._random
        state = start
        face = 0
        while state.__class__ is not Done:
            face = int(uniform() * sides) + 1
            state = step(state, face)
        self.last_faces = (face,)
        return state.result  # a Done, as the loop's test says

    def _check_as(self, sides: int, test: Callable[[int], Hashable], label: str, who: object = None,
                  key: Hashable = None) -> Hashable:
        face = int(self._random() * sides) + 1
        self.last_faces = (face,)
        return test(face)


class SilentDice(NamedTuple):
    """A roller's own ``Fight.roll``, ``Fight.die``, ``Fight.chain`` and ``Fight.check`` for a fight
    that logs nothing (``RandomRoller.silent_dice``): taking the same arguments, drawing the same dice."""

    roll: Callable[..., int]
    die: Callable[..., int]
    chain: Callable[..., Hashable]
    check: Callable[..., Hashable]


class ScriptedRoller:
    """The ``--dice`` roller: takes die results one by one, in the order the fight asks for them.

    Values are checked against each die when used (docs/rules/README.md: a d10 "0" is written 10, a d100
    "00" is written 100; 0 is never a result).

    Args:
        values: the die results, in order.
    """

    __slots__ = ("_used", "_values", "last_faces")

    def __init__(self, values: Sequence[int]) -> None:
        self._values = tuple(values)
        self._used = 0
        self.last_faces: tuple[int, ...] | None = None
        """The faces of the last die or roll, in the order of its dice (None before the first)."""

    @property
    def used(self) -> int:
        """How many values have been taken."""
        return self._used

    @property
    def remaining(self) -> tuple[int, ...]:
        """The values not yet taken."""
        return self._values[self._used :]

    def die(self, sides: int) -> int:
        """Take the next value as a d``sides``.

        Raises:
            DiceScriptError: the script ran out or the value is not a result of that die.
        """
        face = self._take(self._used, sides)
        self._used += 1
        self.last_faces = (face,)
        return face

    def roll(self, dice: Dice) -> int:
        """Take one value per die in :attr:`Dice.dice_sides` order and return the total.

        Nothing is consumed when any of the values does not fit.

        Raises:
            DiceScriptError: the script ran out or a value is not a result of its die.
        """
        faces = tuple(self._take(self._used + i, sides) for i, sides in enumerate(dice.dice_sides))
        self._used += len(faces)
        self.last_faces = faces
        return dice.total_of(faces)

    def _take(self, index: int, sides: int) -> int:
        position = index + 1
        if index >= len(self._values):
            raise DiceScriptError(
                ngettext("--dice ran out at position {position}: the fight asked for another d{sides} after {count} value",
                         "--dice ran out at position {position}: the fight asked for another d{sides} after {count} values",
                         index).format(position=position, sides=sides, count=index),
                position=position,
            )
        value = self._values[index]
        if not 1 <= value <= sides:
            raise DiceScriptError(
                _("--dice position {position}: {value} is not a result of a d{sides} (expected 1 to {sides})").format(
                    position=position, value=value, sides=sides),
                position=position,
            )
        return value


class ChainedRoller:
    """``--dice`` with ``--seed``: the script's values first, die by die, then seeded dice.

    Once the script is used up, every die is drawn as :class:`RandomRoller` draws it from the same
    seed (one uniform number per die, in :attr:`Dice.dice_sides` order), so an empty script gives
    the seeded fight itself. A roll that straddles the end of the script takes its first dice from
    the script and the rest from the seed. Not a ``RandomRoller``: a fight asks it for every die
    through its own ``roll`` and ``die``.

    Args:
        values: the scripted die results, in order (checked against each die as it is taken).
        seed: the seed of the dice after the script.
    """

    __slots__ = ("_random", "_script", "last_faces")

    def __init__(self, values: Sequence[int], seed: int | str) -> None:
        self._script = ScriptedRoller(values)
        self._random = RandomRoller(seed)
        self.last_faces: tuple[int, ...] | None = None

    @property
    def used(self) -> int:
        """How many scripted values have been taken."""
        return self._script.used

    @property
    def remaining(self) -> tuple[int, ...]:
        """The scripted values not yet taken."""
        return self._script.remaining

    def die(self, sides: int) -> int:
        """The next scripted value as a d``sides`` while the script lasts, else a seeded die.

        Raises:
            DiceScriptError: a scripted value is not a result of that die.
        """
        source: Roller = self._script if self._script.remaining else self._random
        face = source.die(sides)
        self.last_faces = (face,)
        return face

    def roll(self, dice: Dice) -> int:
        """The total of ``dice``, each die scripted while the script lasts and seeded after it.

        Raises:
            DiceScriptError: a scripted value is not a result of its die.
        """
        left = len(self._script.remaining)
        if left >= len(dice.dice_sides):
            total = self._script.roll(dice)
            self.last_faces = self._script.last_faces
            return total
        if not left:
            total = self._random.roll(dice)
            self.last_faces = self._random.last_faces
            return total
        faces = tuple(self.die(sides) for sides in dice.dice_sides)
        self.last_faces = faces
        return dice.total_of(faces)


def parse_dice_script(text: str) -> list[int]:
    """Read a ``--dice`` script such as ``4,6,2,3`` or ``4 6 2 | 3 5 2 6`` (worked examples).

    Commas, whitespace and ``|`` separate values; ``|`` only helps the reader (party | enemy).
    Whether a value fits its die is checked later, by :class:`ScriptedRoller`.

    Args:
        text: the script.

    Returns:
        The values in order; empty for an empty or blank script.

    Raises:
        DiceScriptError: a piece between two commas is empty, or a piece is not a whole number.
    """
    chunks = text.split(",")
    values: list[int] = []
    for chunk in chunks:
        pieces = [piece for piece in _SCRIPT_SEPARATORS.split(chunk) if piece]
        if not pieces and len(chunks) > 1:
            position = len(values) + 1
            message = _("--dice position {position}: empty value between commas").format(position=position)
            raise DiceScriptError(message, position=position)
        for piece in pieces:
            position = len(values) + 1
            if not _WHOLE_NUMBER.fullmatch(piece):
                message = _("--dice position {position}: {piece!r} is not a whole number").format(position=position, piece=piece)
                raise DiceScriptError(message, position=position)
            values.append(int(piece))
    return values
