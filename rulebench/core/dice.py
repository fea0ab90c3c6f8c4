"""Dice notation, exact distributions and the rollers every fight draws its chance from.

A :class:`Dice` is an immutable sum of dice terms and a constant (``4d6+8``, ``2d6-1d4``). Its
distribution is exact: integer weights over all outcomes, computed by convolution and cached.
Rollers (docs/rules/README.md) turn expressions into numbers: :class:`RandomRoller` for simulation,
:class:`ScriptedRoller` for ``--dice`` and golden tests, :class:`ChainedRoller` for ``--dice`` with
``--seed`` (the script, then seeded dice).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import re
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple, Protocol, cast, runtime_checkable

from rulebench.core.chain import Done
from rulebench.core.i18n import N_, _, ngettext

__all__ = [
    "ChainedRoller", "Dice", "DiceError", "DiceScriptError", "RandomRoller", "Roller", "ScriptedRoller",
    "compare", "margin_distribution", "parse_dice_script", "roll_faces",
]

# Limits on user notation only: they keep `rulebench dice 100000d100000` from hanging the CLI.
MAX_COUNT = 100
MAX_SIDES = 1000

_EXPECTED = N_("{text!r} is not dice notation: expected NdS, NdS+K, NdS-K or a sum of terms like 2d6+1d4+3")


def _too_many(text: str, count: int, sides: int) -> str:
    """The message for a term of ``count`` dice, beyond what one term may roll."""
    return _("{text!r}: a term needs 1 to {limit} dice, got {count}d{sides}").format(text=text, limit=MAX_COUNT, count=count, sides=sides)


# One signed term; German "W" (Würfel) is accepted for "d" because the seed texts write 2W6+4.
_TERM = re.compile(r"\s*([+-]?)\s*(?:(\d*)[dw](\d+)|(\d+))\s*", re.IGNORECASE | re.ASCII)
_SCRIPT_SEPARATORS = re.compile(r"[\s|]+")
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class DiceError(ValueError):
    """Text that is not valid dice notation; the message names the text and what was expected."""


class DiceScriptError(ValueError):
    """A ``--dice`` script that cannot be read or does not fit the dice the fight asks for.

    Attributes:
        position: the 1-based position in the script where the problem is.
    """

    def __init__(self, message: str, *, position: int) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True, slots=True)
class Dice:
    """An immutable dice expression: a sum of dice terms plus a constant.

    Terms with the same sides and the same sign are merged into the first of them on construction
    (``1d6+1d4+1d6`` is ``2d6+1d4``), so equal expressions compare and hash equal.

    Attributes:
        terms: ``(count, sides)`` per term in written order; a negative count subtracts the term.
        bonus: the constant added to the dice.
    """

    terms: tuple[tuple[int, int], ...] = ()
    bonus: int = 0
    # Derived once, because RandomRoller.roll reads them on the Monte Carlo hot path.
    _sides: tuple[int, ...] = field(init=False, repr=False, compare=False)
    _subtracts: bool = field(init=False, repr=False, compare=False)
    _sampler: Sampler | None = field(init=False, repr=False, compare=False, default=None)

    def __post_init__(self) -> None:
        merged: dict[tuple[bool, int], int] = {}
        for count, sides in self.terms:
            if not isinstance(count, int) or not isinstance(sides, int):
                raise TypeError(f"dice terms are (count, sides) integers, got {(count, sides)!r}")
            if count == 0:
                raise ValueError("a dice term needs a non-zero count")
            if sides < 2:
                raise ValueError(f"a die needs at least 2 sides, got d{sides}")
            key = (count > 0, sides)
            merged[key] = merged.get(key, 0) + count
        # Frozen dataclasses allow normalising only through object.__setattr__.
        terms = tuple((count, sides) for (_, sides), count in merged.items())
        object.__setattr__(self, "terms", terms)
        sides_per_die = tuple(sides for count, sides in terms for _ in range(abs(count)))
        object.__setattr__(self, "_sides", sides_per_die)
        object.__setattr__(self, "_subtracts", any(count < 0 for count, _ in terms))
        object.__setattr__(self, "_sampler", None)

    def __reduce__(self) -> tuple[type[Dice], tuple[tuple[tuple[int, int], ...], int]]:
        # Pickled as written: the derived fields (a generated sampler among them) are derived anew.
        return Dice, (self.terms, self.bonus)

    @classmethod
    def parse(cls, text: str) -> Dice:
        """Read dice notation such as ``d6``, ``4d6 + 8``, ``2d6-1d4``, ``1W6+3`` or ``3``.

        Args:
            text: the notation; whitespace around ``+``/``-`` is allowed, ``W`` means ``d``.

        Returns:
            The expression.

        Raises:
            DiceError: the text is not notation, or a term has no dice, fewer than 2 sides,
                more than ``MAX_COUNT`` dice or more than ``MAX_SIDES`` sides.
        """
        terms: list[tuple[int, int]] = []
        bonus = 0
        position = 0
        # Matching at least once makes '' and '   ' errors rather than the constant 0.
        while not position or position < len(text):
            match = _TERM.match(text, position)
            # Every term after the first needs its operator, so "2d6 3" and "2d6++1" fail here.
            if match is None or (position and not match.group(1)):
                raise DiceError(_(_EXPECTED).format(text=text))
            sign = -1 if match.group(1) == "-" else 1
            count_text, sides_text, constant_text = match.group(2, 3, 4)
            if constant_text is not None:
                bonus += sign * int(constant_text)
            else:
                count = int(count_text) if count_text else 1
                sides = int(sides_text)
                if not 1 <= count <= MAX_COUNT:
                    raise DiceError(_too_many(text, count, sides))
                if not 2 <= sides <= MAX_SIDES:
                    raise DiceError(_("{text!r}: a die needs 2 to {limit} sides, got d{sides}").format(
                        text=text, limit=MAX_SIDES, sides=sides))
                terms.append((sign * count, sides))
            position = match.end()
        dice = cls(tuple(terms), bonus)
        # Checked again after merging, which can push a term past the limit (60d6+60d6).
        for count, sides in dice.terms:
            if abs(count) > MAX_COUNT:
                raise DiceError(_too_many(text, abs(count), sides))
        return dice

    @classmethod
    def constant(cls, value: int) -> Dice:
        """The expression that always gives ``value`` and rolls no die."""
        return cls((), value)

    def __str__(self) -> str:
        parts = [f"{count:+d}d{sides}" for count, sides in self.terms]
        if self.bonus or not parts:
            parts.append(f"{self.bonus:+d}")
        return "".join(parts).removeprefix("+")

    def plus(self, k: int, /) -> Dice:
        """The same dice with ``k`` added to the constant."""
        return Dice(self.terms, self.bonus + k)

    def minus(self, other: Dice, bonus: int = 0, /) -> Dice:
        """``self − other + bonus`` as one expression: a margin, such as one side's total against another's.

        This expression's dice come first, then ``other``'s subtracted: the order a script gives
        them when the two are rolled one after the other, as long as neither subtracts a die
        (``subtracts``), which could merge with a die of its size on the other side. Built once
        per three arguments (the expression is immutable), since rulesets ask for it every round.
        """
        return _minus(self, other, bonus)

    def __add__(self, other: Dice | int) -> Dice:
        if isinstance(other, int):
            return self.plus(other)
        if isinstance(other, Dice):
            return Dice(self.terms + other.terms, self.bonus + other.bonus)
        return NotImplemented

    # Lets sum() start from 0.
    __radd__ = __add__

    def times(self, n: int, /) -> Dice:
        """The sum of ``n`` independent copies: ``(1d6+2).times(4)`` is ``4d6+8``.

        Raises:
            ValueError: ``n`` is negative.
        """
        if n < 0:
            raise ValueError(f"times() needs n >= 0, got {n}")
        if n == 0:
            return Dice.constant(0)
        return Dice(tuple((count * n, sides) for count, sides in self.terms), self.bonus * n)

    @property
    def dice_sides(self) -> tuple[int, ...]:
        """The sides of every single die, in the order a scripted roller consumes them."""
        return self._sides

    @property
    def minimum(self) -> int:
        """The smallest possible total."""
        return self.bonus + sum(count if count > 0 else count * sides for count, sides in self.terms)

    @property
    def maximum(self) -> int:
        """The largest possible total."""
        return self.bonus + sum(count * sides if count > 0 else count for count, sides in self.terms)

    @property
    def mean(self) -> float:
        """The expected total."""
        # Doubled so the sum stays an exact integer until the one division.
        return (2 * self.bonus + sum(count * (sides + 1) for count, sides in self.terms)) / 2

    @property
    def subtracts(self) -> bool:
        """Whether a term is subtracted (``2d6-1d4``)."""
        return self._subtracts

    @property
    def is_constant(self) -> bool:
        """Whether the expression rolls no die."""
        return not self.terms

    @property
    def total_weight(self) -> int:
        """How many equally likely face combinations there are; :meth:`distribution` sums to it."""
        return math.prod(sides ** abs(count) for count, sides in self.terms)

    def distribution(self) -> dict[int, int]:
        """Exact integer weights of every total, keys ascending.

        Computed once per expression by convolution and cached; each call returns a fresh copy so
        no caller can corrupt the cache.
        """
        return _distribution(self).copy()

    def probabilities(self) -> dict[int, Fraction]:
        """Exact probability of every total, keys ascending."""
        total = self.total_weight
        return {value: Fraction(weight, total) for value, weight in _distribution(self).items()}

    def total_of(self, faces: Sequence[int], /) -> int:
        """The total given one face per die in :attr:`dice_sides` order; subtracted terms subtract.

        Raises:
            ValueError: ``faces`` does not hold exactly one face per die.
        """
        total = self.bonus
        start = 0
        for count, _sides in self.terms:
            end = start + abs(count)
            term = sum(faces[start:end])
            total += term if count > 0 else -term
            start = end
        if start != len(faces):
            raise ValueError(f"{self} rolls {start} dice, got {len(faces)} faces")
        return total


Sampler = Callable[[Callable[[], float]], tuple[tuple[int, ...], int]]
"""Rolls one dice expression from a source of uniform floats in [0, 1): its faces and its total."""

MAX_UNROLLED = 16
"""Expressions with more dice than this are rolled by a loop instead of a generated sampler."""

_SAMPLERS: dict[tuple[tuple[tuple[int, int], ...], int], Sampler] = {}


def _build_sampler(dice: Dice) -> Sampler:
    """The sampler of ``dice``, built once per expression and kept on it.

    A die is ``int(u * sides) + 1`` for one uniform ``u``, every die in :attr:`Dice.dice_sides`
    order. Up to ``MAX_UNROLLED`` dice, the sampler is generated as straight-line code (as
    ``dataclasses`` generates ``__init__``): one call per roll instead of a loop, a list and a sum,
    and the very same faces from the same floats.
    """
    key = (dice.terms, dice.bonus)
    sampler = _SAMPLERS.get(key)
    if sampler is None:
        sampler = _unrolled(dice) if len(dice.dice_sides) <= MAX_UNROLLED else _looped(dice)
        _SAMPLERS[key] = sampler
    object.__setattr__(dice, "_sampler", sampler)
    return sampler


def roll_faces(dice: Dice, uniform: Callable[[], float]) -> tuple[tuple[int, ...], int]:
    """Roll ``dice`` from ``uniform`` as :class:`RandomRoller` does: its faces and its total."""
    return (dice._sampler or _build_sampler(dice))(uniform)


def _unrolled(dice: Dice) -> Sampler:
    faces = [f"_f{i}" for i in range(len(dice.dice_sides))]
    lines = [f"    {face} = _int(uniform() * {sides}) + 1" for face, sides in zip(faces, dice.dice_sides)]
    signs: list[str] = []
    for count, _sides in dice.terms:
        signs += ["-" if count < 0 else "+"] * abs(count)
    total = "".join(f" {sign} {face}" for sign, face in zip(signs, faces))
    listed = "".join(f"{face}, " for face in faces)
    source = "def sample(uniform, _int=int):\n" + "\n".join(lines) + f"\n    return ({listed}), {dice.bonus}{total}\n"
    namespace: dict[str, Sampler] = {}
    exec(source, namespace)  # generated above from integers only
    return namespace["sample"]


def _looped(dice: Dice) -> Sampler:
    sides_per_die = dice.dice_sides

    def sample(uniform: Callable[[], float]) -> tuple[tuple[int, ...], int]:
        faces = tuple([int(uniform() * sides) + 1 for sides in sides_per_die])
        return faces, dice.total_of(faces)

    return sample


@functools.lru_cache(maxsize=4096)
def _distribution(dice: Dice) -> dict[int, int]:
    # Each die is uniform over a run of consecutive integers (1..s, or -s..-1 when subtracted), so
    # adding one is a moving-window sum of width s: O(outcomes) per die instead of O(outcomes * s).
    weights = [1]
    low = dice.bonus
    for count, sides in dice.terms:
        for _die in range(abs(count)):
            prefix = [0, *itertools.accumulate(weights)]
            size = len(weights)
            weights = [
                prefix[min(j, size - 1) + 1] - prefix[max(0, j - sides + 1)]
                for j in range(size + sides - 1)
            ]
            low += 1 if count > 0 else -sides
    return {low + offset: weight for offset, weight in enumerate(weights)}


@functools.lru_cache(maxsize=1024)
def _minus(a: Dice, b: Dice, bonus: int) -> Dice:
    """``Dice.minus``, remembered."""
    negated = tuple((-count, sides) for count, sides in b.terms)
    return Dice(a.terms + negated, a.bonus - b.bonus + bonus)


def margin_distribution(a: Dice, b: Dice) -> dict[int, int]:
    """Exact integer weights of ``a - b``; they sum to ``a.total_weight * b.total_weight``."""
    return a.minus(b).distribution()


def compare(a: Dice, b: Dice) -> tuple[Fraction, Fraction, Fraction]:
    """Exact ``(P(a > b), P(a = b), P(a < b))`` for independent rolls of ``a`` and ``b``."""
    margins = margin_distribution(a, b)
    total = a.total_weight * b.total_weight
    greater = sum(weight for margin, weight in margins.items() if margin > 0)
    equal = margins.get(0, 0)
    return Fraction(greater, total), Fraction(equal, total), Fraction(total - greater - equal, total)


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
        self.last_faces, total = (dice._sampler or _build_sampler(dice))(self._random)
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
        self.last_faces, total = (dice._sampler or _build_sampler(dice))(self._random)
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
