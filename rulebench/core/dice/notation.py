"""Dice notation and exact distributions.

A :class:`Dice` is an immutable sum of dice terms and a constant (``4d6+8``, ``2d6-1d4``). Its
distribution is exact: integer weights over all outcomes, computed by convolution and cached; a
roll's faces are drawn by a sampler built once per shape of dice (``roll_faces``).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rulebench.core.i18n import N_, _

# Limits on user notation only: they keep `rulebench dice 100000d100000` from hanging the CLI.
MAX_COUNT = 100
MAX_SIDES = 1000

_EXPECTED = N_("{text!r} is not dice notation: expected NdS, NdS+K, NdS-K or a sum of terms like 2d6+1d4+3")


def _too_many(text: str, count: int, sides: int) -> str:
    """The message for a term of ``count`` dice, beyond what one term may roll."""
    return _("{text!r}: a term needs 1 to {limit} dice, got {count}d{sides}").format(text=text, limit=MAX_COUNT, count=count, sides=sides)


# One signed term; German "W" (Würfel) is accepted for "d" because the seed texts write 2W6+4.
_TERM = re.compile(r"\s*([+-]?)\s*(?:(\d*)[dw](\d+)|(\d+))\s*", re.IGNORECASE | re.ASCII)


class DiceError(ValueError):
    """Text that is not valid dice notation; the message names the text and what was expected."""


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


def sampler_of(dice: Dice) -> Sampler:
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
    return (dice._sampler or sampler_of(dice))(uniform)


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
