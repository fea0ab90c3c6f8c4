"""German numbers (rulebench/api/numbers.py under ``set_language("de")``): decimal comma, the percent
sign after a no-break space, grouped counts, and the same exact-arithmetic guarantees as in English."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebench.analysis.results import wilson
from rulebench.api.numbers import (
    count_text,
    decimal_expansion,
    fights_text,
    interval,
    length_text,
    lower_bound,
    percent,
    percent_number,
    plural,
    upper_bound,
)
from rulebench.core.i18n import set_language

NBSP = "\u00a0"


@pytest.fixture(autouse=True)
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def key(token: str) -> tuple[Fraction, int]:
    """A German printed percentage's place in the order of printed values (``<0,01`` just below 0,01)."""
    token = token.replace(",", ".")
    if token.startswith("<"):
        return (Fraction(token[1:]), -1)
    if token.startswith(">"):
        return (Fraction(token[1:]), 1)
    return (Fraction(token), 0)


probabilities = st.fractions(min_value=0, max_value=1) | st.floats(min_value=0, max_value=1)


@pytest.mark.parametrize(
    ("p", "shown"),
    [(0.005, "0,50"), (0.945, "94,5"), (1.4e-10, "<0,01"), (0.99996, ">99,99"), (0, "0"), (1, "100"), (Fraction(1, 3), "33,3")],
)
def test_german_percentages(p: float | Fraction, shown: str) -> None:
    assert percent(p) == f"{shown}{NBSP}%"


def test_german_intervals_and_counts() -> None:
    assert interval(wilson(10000, 20000)) == f"49,3–50,7{NBSP}%"
    assert interval(None) == ""
    assert fights_text(1000) == "1.000 Kämpfe" and fights_text(1) == "1 Kampf"
    assert length_text(Fraction(37, 2), "exchange") == "18,50 Kampfrunden"
    assert length_text(3.951, "round") == "3,95 Runden"
    assert count_text(1, "round") == "1 Runde" and plural("round") == "Runden"
    assert decimal_expansion(Fraction(123456789, 10**12)) == "0,000123456…"


@given(probabilities)
def test_a_german_percentage_is_the_english_one_with_a_comma(p: float | Fraction) -> None:
    german = percent(p)
    set_language("en")
    english = percent(p)
    set_language("de")
    assert german == english.replace(".", ",").replace("%", f"{NBSP}%")


@given(st.integers(min_value=1, max_value=10**6), st.data())
def test_a_printed_german_wilson_interval_contains_its_printed_estimate(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = interval(wilson(successes, trials)).removesuffix(f"{NBSP}%").split("–")
    assert key(low) <= key(percent_number(successes / trials)) <= key(high)


@given(probabilities, probabilities, probabilities)
def test_any_printed_german_interval_contains_its_printed_estimate(a: float | Fraction, b: float | Fraction, c: float | Fraction) -> None:
    low, p, high = sorted((Fraction(a), Fraction(b), Fraction(c)))
    assert key(lower_bound(low)) <= key(percent_number(p)) <= key(upper_bound(high))
