"""How probabilities, intervals, exact fractions and fight lengths are printed (rulebench/api/numbers.py)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rulebench
from rulebench.analysis.results import wilson
from rulebench.api.numbers import (
    decimal_expansion,
    fraction_text,
    interval,
    length_text,
    length_units,
    lower_bound,
    mean_title,
    percent,
    percent_number,
    probability_text,
    upper_bound,
)


def key(token: str) -> tuple[Fraction, int]:
    """A printed percentage's place in the order of printed values: ``<0.01`` just below 0.01,
    ``>99.99`` just above 99.99, a number at its value."""
    if token.startswith("<"):
        return (Fraction(token[1:]), -1)
    if token.startswith(">"):
        return (Fraction(token[1:]), 1)
    return (Fraction(token), 0)


def printed_range(p: Fraction) -> tuple[Fraction, Fraction]:
    """The true values a printed estimate stands for."""
    token = percent_number(p)
    if token == "<0.01":
        return (Fraction(0), Fraction(1, 100))
    if token == ">99.99":
        return (Fraction(9999, 100), Fraction(100))
    value = Fraction(token)
    half = Fraction(1, 2 * 10 ** len(token.partition(".")[2]))
    return (value - half, value + half)


probabilities = st.fractions(min_value=0, max_value=1) | st.floats(min_value=0, max_value=1)


@given(probabilities)
def test_a_percentage_is_readable_and_rounds_honestly(p: Fraction | float) -> None:
    text = percent(p)
    assert text.endswith("%") and "e" not in text.lower()
    assert (text == "0%") == (p == 0)
    assert (text == "100%") == (p == 1)
    assert text not in ("0.0%", "100.0%", "0.00%", "100.00%")
    low, high = printed_range(Fraction(p))
    assert low <= Fraction(p) * 100 <= high  # the printed number is the value, rounded to its last digit


@given(st.integers(min_value=1, max_value=10**6), st.data())
def test_a_printed_wilson_interval_contains_its_printed_estimate(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    p = successes / trials
    low, high = interval(wilson(successes, trials)).removesuffix("%").split("–")
    assert key(low) <= key(percent_number(p)) <= key(high)


@given(probabilities, probabilities, probabilities)
def test_any_printed_interval_contains_its_printed_estimate(a: float | Fraction, b: float | Fraction, c: float | Fraction) -> None:
    low, p, high = sorted((Fraction(a), Fraction(b), Fraction(c)))
    assert key(lower_bound(low)) <= key(percent_number(p)) <= key(upper_bound(high))
    # Bounds round outwards, but for a float's last bits (a bound of 0.2 reads 20.0, not 20.1).
    hair = Fraction(1, 10**8)
    assert Fraction(lower_bound(low)) <= low * 100 + hair and high * 100 <= Fraction(upper_bound(high)) + hair


@pytest.mark.parametrize(
    ("p", "shown"),
    [
        (0.945, "94.5%"), (0.0058, "0.58%"), (0.00012, "0.012%"), (1.4e-10, "<0.01%"), (5e-5, "<0.01%"),
        (0.99996, ">99.99%"), (0.9996, "99.96%"), (0.00996, "1.0%"), (0.5, "50.0%"), (Fraction(1, 3), "33.3%"),
        (0, "0%"), (1, "100%"),
    ],
)
def test_percentages(p: float | Fraction, shown: str) -> None:
    assert percent(p) == shown


@pytest.mark.parametrize(
    ("successes", "trials", "shown"),
    [(0, 20000, "0–0.020%"), (1, 20000, "0.00088–0.029%"), (10000, 20000, "49.3–50.7%"), (20000, 20000, "99.9–100%"),
     (19999, 20000, "99.9–99.9992%")],
)
def test_wilson_intervals(successes: int, trials: int, shown: str) -> None:
    assert interval(wilson(successes, trials)) == shown


def test_a_float_a_hair_off_a_printed_number_reads_as_it() -> None:
    assert interval((0.1, 0.2)) == "10.0–20.0%" and interval((0.7, 0.9)) == "70.0–90.0%"
    assert interval((0.1 + 1e-9, 0.2 - 1e-9)) == "10.0–20.0%"  # a real difference still rounds outwards
    assert lower_bound(0.9999999999999999) == "99.9" and upper_bound(1e-17) == "0.01"  # never 100 or 0 unless so


def test_no_interval_for_exact_results() -> None:
    assert interval(None) == ""


@pytest.mark.parametrize(
    ("value", "shown"),
    [(Fraction(1, 3), "1/3"), (Fraction(0), "0"), (Fraction(1), "1"), (Fraction(12345, 65536), "12345/65536"),
     (Fraction(123456789, 10**12), "0.000123456…"), (Fraction(5, 2**40), "0.00000000000454747…"),
     (Fraction(2**80 + 1, 2**81), "0.500000…"), (Fraction(1234567, 10**7), "0.123456…")],
)
def test_fractions_stay_short(value: Fraction, shown: str) -> None:
    assert fraction_text(value) == shown


@given(st.fractions(min_value=0, max_value=1))
def test_a_decimal_expansion_is_the_value_cut_short(value: Fraction) -> None:
    text = decimal_expansion(value)
    assert "e" not in text and len(text.rstrip("…").lstrip("0.")) <= 6
    shown = Fraction(text.rstrip("…"))
    assert shown <= value and (shown == value) == (not text.endswith("…"))


def test_probability_text_uses_fractions_only_for_exact_values() -> None:
    assert probability_text(Fraction(1, 4), fractions=True) == "1/4"
    assert probability_text(0.25, fractions=True) == "25.0%"
    assert probability_text(Fraction(1, 4)) == "25.0%"


def test_fight_length_in_each_rulesets_unit() -> None:
    """A result counts its length in its ruleset's unit; one that declares none counts rounds."""
    ogre = Path(__file__).resolve().parents[1] / "examples" / "ogre-duel.toml"
    results = rulebench.compare(ogre, ["dsa", "classic", "skirmish"], fights=20, workers=1).results
    assert [r.unit for r in results] == ["exchange", "round", "round"]
    assert length_units(r.unit for r in results) == ["exchange", "round"]
    assert [mean_title(unit) for unit in length_units(r.unit for r in results)] == ["mean exchanges", "mean rounds"]
    assert length_text(Fraction(37, 2), "exchange") == "18.50 exchanges"
    assert length_text(3.951, "round") == "3.95 rounds"
