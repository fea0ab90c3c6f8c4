"""Probabilities and fight lengths as people read them, in tables, narration and plots alike.

Percentages never use scientific notation and never round to 0% or 100% for a value that is not
exactly that: below 0.01% they read ``<0.01%``, above 99.99% ``>99.99%``. Below 1% they keep two
significant digits (``0.58%``, ``0.012%``), from 1% on one decimal, two where one would read 100.0.
A 95% interval rounds its lower bound down and its upper bound up, on a grid no finer than its
estimate's where it matters, so the printed interval always contains the printed estimate.

The arithmetic is exact and language-neutral; only the finished text takes the current language's
decimal mark and percent sign (``0,5 %``, ``<0,01 %`` in German), so every guarantee holds in each.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from rulebench.core.i18n import _, format_integer, localise_decimal, ngettext, npgettext, percent_sign

Probability = float | Fraction

LOW = Fraction(1, 100)
"""The smallest percentage printed as a number; anything above 0 and below it reads ``<0.01%``."""
HIGH = 100 - LOW
"""The largest percentage below 100 printed as a number; anything above it reads ``>99.99%``."""

GRID_TOLERANCE = Fraction(1, 10**9)
"""How close (in units of the last printed digit) a bound may be to a printed number to print as it:
a float bound of 0.2 is 0.2000000000000000111, and reads 20.0%, not 20.1%. Far below half a unit, so
a printed interval still holds its printed estimate."""

SHORT_FRACTION = 11
"""The longest fraction ``--fractions`` prints in a table; longer ones show their decimal expansion."""
EXPANSION_DIGITS = 6
"""Significant digits of an exact value's decimal expansion when its fraction is too long to print."""


def _percent(p: Probability) -> Fraction:
    """``p`` (0 to 1) as an exact percentage: floats convert exactly, so no rounding happens here."""
    return Fraction(p) * 100


def _decimals(value: Fraction) -> int:
    """Decimals that show a percentage's magnitude: one from 1% on, two significant digits below."""
    decimals = 1
    while value < Fraction(1, 10 ** (decimals - 1)):
        decimals += 1
    return decimals


def _fixed(units: int, decimals: int) -> str:
    """``units`` hundredths, thousandths… as a fixed-point number with ``decimals`` decimals."""
    sign = "-" if units < 0 else ""
    whole, part = divmod(abs(units), 10**decimals)
    return f"{sign}{whole}.{part:0{decimals}d}" if decimals else f"{sign}{whole}"


def _nearest(value: Fraction, decimals: int) -> int:
    """``value`` in units of its last decimal, rounded half up (exact: no float in between)."""
    scale: int = 10**decimals  # int ** int is typed loosely (a negative power is a float)
    return (value * scale + Fraction(1, 2)) // 1


def percent_number(p: Probability) -> str:
    """A probability as a percentage without the ``%`` sign: ``94.5``, ``0.58``, ``<0.01``, ``>99.99``
    (``94,5``, ``<0,01`` in German)."""
    return localise_decimal(_percent_number(p))


def _percent_number(p: Probability) -> str:
    value = _percent(p)
    if value in (0, 100):
        return str(int(value))
    if value < LOW:
        return "<0.01"
    if value > HIGH:
        return ">99.99"
    decimals = _decimals(value)
    if decimals > 1 and _nearest(value, decimals) >= 100:  # 0.996 rounds up to 1.00: read it as 1.0
        decimals -= 1
    if _nearest(value, decimals) >= 100 * 10**decimals:  # 99.95 to 99.99 would read 100.0
        decimals += 1
    return _fixed(_nearest(value, decimals), decimals)


def percent(p: Probability) -> str:
    """A probability as a percentage: ``94.5%``, ``0.58%``, ``<0.01%``, ``>99.99%``, exactly ``0%`` or ``100%``
    (German: ``94,5 %``, ``<0,01 %``)."""
    return percent_sign(percent_number(p))


def lower_bound(p: Probability) -> str:
    """An interval's lower bound as a percentage without the sign, rounded down (never to 0 unless it is 0;
    a float a hair below a printed number reads as that number, see :data:`GRID_TOLERANCE`)."""
    return localise_decimal(_lower_bound(p))


def _lower_bound(p: Probability) -> str:
    value = _percent(p)
    if value in (0, 100):
        return str(int(value))
    decimals = _decimals(value)
    units = math.floor(value * 10**decimals + GRID_TOLERANCE)
    if units >= 100 * 10**decimals:  # a hair below 100 is still below it
        units = math.floor(value * 10**decimals)
    return _fixed(units, decimals)


def upper_bound(p: Probability) -> str:
    """An interval's upper bound as a percentage without the sign, rounded up (never to 100 unless it is 100;
    a float a hair above a printed number reads as that number, see :data:`GRID_TOLERANCE`)."""
    return localise_decimal(_upper_bound(p))


def _upper_bound(p: Probability) -> str:
    value = _percent(p)
    if value in (0, 100):
        return str(int(value))
    if value < LOW:  # rounded up to the smallest number an estimate prints, so "<0.01%" stays inside
        return "0.01"
    decimals = _decimals(value)
    while math.ceil(value * 10**decimals - GRID_TOLERANCE) >= 100 * 10**decimals:
        decimals += 1
    return _fixed(math.ceil(value * 10**decimals - GRID_TOLERANCE), decimals)


def interval(bounds: tuple[Probability, Probability] | list[Probability] | None) -> str:
    """A 95% interval as ``52.4–53.8%`` (lower bound rounded down, upper up; ``52,4–53,8 %`` in German);
    empty when there is none."""
    if not bounds:
        return ""
    low, high = bounds
    return percent_sign(f"{lower_bound(low)}–{upper_bound(high)}")


def _exponent(value: Fraction) -> int:
    """The power of ten of a positive value's leading digit: 10**e <= value < 10**(e + 1)."""
    exponent = len(str(value.numerator)) - len(str(value.denominator))
    while Fraction(10) ** exponent > value:
        exponent -= 1
    while Fraction(10) ** (exponent + 1) <= value:
        exponent += 1
    return exponent


def decimal_expansion(value: Fraction, digits: int = EXPANSION_DIGITS) -> str:
    """An exact value's decimal expansion to ``digits`` significant digits, ``…`` where it goes on.

    Fixed-point, however small: ``0.000000000140…``, never ``1.4e-10``; the current language's
    decimal mark (``0,5`` in German).
    """
    return localise_decimal(_decimal_expansion(value, digits))


def _decimal_expansion(value: Fraction, digits: int) -> str:
    if value == 0:
        return "0"
    sign = "-" if value < 0 else ""
    value = abs(value)
    decimals = max(0, digits - 1 - _exponent(value))
    scaled = value * 10**decimals
    units = math.floor(scaled)
    text = _fixed(units, decimals)
    if scaled == units:  # the expansion ends here: no trailing zeros, no ellipsis
        return sign + (text.rstrip("0").rstrip(".") if "." in text else text)
    return sign + text + "…"


def fraction_text(value: Fraction, width: int = SHORT_FRACTION) -> str:
    """An exact probability as ``n/d`` when that is at most ``width`` characters, else its decimal expansion."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{value.numerator}/{value.denominator}"
    return text if len(text) <= width else decimal_expansion(value)


def probability_text(p: Probability, fractions: bool = False) -> str:
    """``percent(p)``, or with ``fractions`` an exact value as :func:`fraction_text`."""
    if fractions and isinstance(p, Fraction):
        return fraction_text(p)
    return percent(p)


def plural(word: str, count: float = 2, after: bool = False) -> str:
    """A unit's name for ``count`` of it, in the current language: ``round`` → ``rounds`` (German
    ``Runden``), singular for exactly one. ``after`` gives the form that follows "after" (German
    puts it in the dative: ``nach 4 Schlagabtauschen``). A unit rulebench does not know (a
    third-party ruleset's) stays as it is and takes a plain ``s``."""
    n = 1 if count == 1 else 2
    # The units the built-in rulesets count in; each call is spelled out so the catalog sees it.
    if word == "round":
        if after:
            return npgettext("fight length unit, after", "round", "rounds", n)
        return npgettext("fight length unit", "round", "rounds", n)
    if word == "exchange":
        if after:
            return npgettext("fight length unit, after", "exchange", "exchanges", n)
        return npgettext("fight length unit", "exchange", "exchanges", n)
    return word if n == 1 else word + "s"


def fixed(value: float, decimals: int) -> str:
    """``value`` with ``decimals`` decimals as Python rounds it, in the current language's decimal mark (``0.25``, ``0,25``)."""
    return localise_decimal(f"{value:.{decimals}f}")


def shortest(value: float) -> str:
    """``value`` in its shortest form (``0.5``, ``12``), in the current language's decimal mark (``0,5``)."""
    return localise_decimal(f"{value:g}")


def length_text(mean: Probability, unit: str = "round", decimals: int = 2) -> str:
    """A mean fight length with its unit: ``3.95 rounds``, ``18.73 exchanges`` (``3,95 Runden``)."""
    return f"{fixed(float(mean), decimals)} {plural(unit)}"


def count_text(count: int, unit: str = "round", after: bool = False) -> str:
    """A whole number of a fight-length unit: ``1 round``, ``4 exchanges`` (``4 Schlagabtausche``);
    ``after`` for the words that follow "after" (``nach 4 Schlagabtauschen``)."""
    return f"{format_integer(count)} {plural(unit, count, after)}"


def fights_text(count: int) -> str:
    """A number of fights with its grouping: ``20,000 fights`` (``20.000 Kämpfe`` in German)."""
    return ngettext("{count} fight", "{count} fights", count).format(count=format_integer(count))


def length_units(units: Iterable[str]) -> list[str]:
    """The fight-length units of some results (each result's ``unit``), once each, in the order they
    come: a table gives each its own column and a plot its own axis, never one for two units."""
    return list(dict.fromkeys(units))


def mean_title(unit: str) -> str:
    """The title of a column of mean fight lengths in ``unit``: ``mean rounds``, ``mean exchanges``."""
    # TRANSLATORS: a column title; {unit} is a fight-length unit in the plural (rounds, exchanges).
    return _("mean {unit}").format(unit=plural(unit))
