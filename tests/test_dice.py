"""Tests of rulebench.core.dice: notation, exact distributions against brute force, rollers."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebench.core.assembly import configure
from rulebench.core.chain import Done
from rulebench.core.dice import (
    Dice,
    DiceError,
    DiceScriptError,
    RandomRoller,
    Roller,
    ScriptedRoller,
    compare,
    margin_distribution,
    parse_dice_script,
)
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.fight import Fight

# --- notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "terms", "bonus", "canonical"),
    [
        ("d6", ((1, 6),), 0, "1d6"),
        ("1d6", ((1, 6),), 0, "1d6"),
        ("4d6+8", ((4, 6),), 8, "4d6+8"),
        ("4d6 + 8", ((4, 6),), 8, "4d6+8"),
        ("  4d6  +8 ", ((4, 6),), 8, "4d6+8"),
        ("2d6+1d4+3", ((2, 6), (1, 4)), 3, "2d6+1d4+3"),
        ("2d6-1", ((2, 6),), -1, "2d6-1"),
        ("2d6-1d4", ((2, 6), (-1, 4)), 0, "2d6-1d4"),
        ("2d6 - 1d4 - 1", ((2, 6), (-1, 4)), -1, "2d6-1d4-1"),
        ("d100", ((1, 100),), 0, "1d100"),
        ("d3", ((1, 3),), 0, "1d3"),
        ("1W6+3", ((1, 6),), 3, "1d6+3"),
        ("2w6+4", ((2, 6),), 4, "2d6+4"),
        ("3D6", ((3, 6),), 0, "3d6"),
        ("3", (), 3, "3"),
        ("-1", (), -1, "-1"),
        ("0", (), 0, "0"),
        ("-1d4+2", ((-1, 4),), 2, "-1d4+2"),
        ("2d6+1+2", ((2, 6),), 3, "2d6+3"),
        ("1d6+1d4+1d6", ((2, 6), (1, 4)), 0, "2d6+1d4"),
        ("1d6-1d6", ((1, 6), (-1, 6)), 0, "1d6-1d6"),
        ("100d6", ((100, 6),), 0, "100d6"),
    ],
)
def test_parse_and_canonical_str(
    text: str, terms: tuple[tuple[int, int], ...], bonus: int, canonical: str
) -> None:
    dice = Dice.parse(text)
    assert dice.terms == terms
    assert dice.bonus == bonus
    assert str(dice) == canonical
    assert Dice.parse(canonical) == dice


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("", r"^'' is not dice notation: expected NdS, NdS\+K, NdS-K or a sum of terms like "),
        ("   ", "is not dice notation"),
        ("d", "^'d' is not dice notation"),
        ("abc", "^'abc' is not dice notation"),
        ("2x6", "^'2x6' is not dice notation: expected NdS, NdS[+]K, NdS-K or a sum of terms like 2d6[+]1d4"),
        ("2d6++1", r"^'2d6\+\+1' is not dice notation"),
        ("2d6 3", "^'2d6 3' is not dice notation"),
        ("2 d6", "^'2 d6' is not dice notation"),
        ("2d6+", r"^'2d6\+' is not dice notation"),
        ("1.5d6", "is not dice notation"),
        ("0d6", "^'0d6': a term needs 1 to 100 dice, got 0d6$"),
        ("2d0", "^'2d0': a die needs 2 to 1000 sides, got d0"),
        ("2d1", "^'2d1': a die needs 2 to 1000 sides, got d1"),
        ("1d1001", "got d1001"),
        ("101d6", "^'101d6': a term needs 1 to 100 dice, got 101d6$"),
        ("1000000000d6", "a term needs 1 to 100 dice"),
        ("60d6+60d6", "^'60d6\\+60d6': a term needs 1 to 100 dice, got 120d6$"),
    ],
)
def test_parse_errors(text: str, match: str) -> None:
    with pytest.raises(DiceError, match=match):
        Dice.parse(text)


def test_dice_error_is_a_value_error() -> None:
    assert issubclass(DiceError, ValueError)
    assert issubclass(DiceScriptError, ValueError)


def test_direct_construction_is_validated_and_normalised() -> None:
    assert Dice(((1, 6), (1, 4), (2, 6))) == Dice(((3, 6), (1, 4)))
    assert hash(Dice(((1, 6), (1, 6)), 1)) == hash(Dice.parse("2d6+1"))
    with pytest.raises(ValueError, match="non-zero"):
        Dice(((0, 6),))
    with pytest.raises(ValueError, match="at least 2 sides"):
        Dice(((1, 1),))


def test_arithmetic() -> None:
    d6 = Dice.parse("1d6")
    assert Dice.constant(3) == Dice.parse("3")
    assert Dice.constant(3).is_constant and not d6.is_constant
    assert d6.plus(2) == Dice.parse("1d6+2")
    assert d6 + d6 == Dice.parse("2d6")
    assert d6 + 3 == Dice.parse("d6+3")
    assert sum([d6, d6, Dice.parse("1d4+1")]) == Dice.parse("2d6+1d4+1")
    assert Dice.parse("2d6") + Dice.parse("-1d6") == Dice.parse("2d6-1d6")
    assert Dice.parse("1d6+2").times(4) == Dice.parse("4d6+8")
    assert Dice.parse("2d6-1d4-1").times(2) == Dice.parse("4d6-2d4-2")
    assert d6.times(0) == Dice.constant(0)
    with pytest.raises(ValueError, match="n >= 0"):
        d6.times(-1)


def test_dice_sides_and_total_of() -> None:
    dice = Dice.parse("4d6+1d4")
    assert dice.dice_sides == (6, 6, 6, 6, 4)
    assert dice.total_of([1, 2, 3, 4, 4]) == 14
    subtracting = Dice.parse("2d6-1d4+3")
    assert subtracting.dice_sides == (6, 6, 4)
    assert subtracting.total_of([6, 5, 4]) == 10
    assert Dice.constant(5).dice_sides == ()
    assert Dice.constant(5).total_of([]) == 5
    with pytest.raises(ValueError, match="rolls 3 dice, got 2 faces"):
        subtracting.total_of([1, 2])


# --- exact distributions ----------------------------------------------------------------------


def test_2d6_distribution() -> None:
    dice = Dice.parse("2d6")
    assert dice.distribution() == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    assert dice.total_weight == 36
    assert dice.probabilities()[7] == Fraction(1, 6)


def test_4d6_plus_8_distribution() -> None:
    dice = Dice.parse("4d6+8")
    dist = dice.distribution()
    assert len(dist) == 21
    assert list(dist) == list(range(12, 33))
    assert (dice.minimum, dice.maximum, dice.mean) == (12, 32, 22.0)
    assert dice.total_weight == 1296 == sum(dist.values())
    assert dist[12] == dist[32] == 1
    assert dist[22] == 146


def test_subtracted_term_distribution() -> None:
    dice = Dice.parse("1d6-1d4")
    assert dice.distribution() == {-3: 1, -2: 2, -1: 3, 0: 4, 1: 4, 2: 4, 3: 3, 4: 2, 5: 1}
    assert (dice.minimum, dice.maximum, dice.mean) == (-3, 5, 1.0)


def test_d3_and_constants() -> None:
    assert Dice.parse("d3").distribution() == {1: 1, 2: 1, 3: 1}
    assert Dice.parse("d3").probabilities() == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    constant = Dice.constant(-2)
    assert constant.distribution() == {-2: 1}
    assert constant.total_weight == 1
    assert (constant.minimum, constant.maximum, constant.mean) == (-2, -2, -2.0)
    assert compare(Dice.constant(3), Dice.constant(2)) == (1, 0, 0)


def test_distribution_is_cached_but_not_shared() -> None:
    dice = Dice.parse("3d6")
    first = dice.distribution()
    first[3] = 1000
    assert dice.distribution()[3] == 1
    assert Dice.parse("3d6").distribution() == dice.distribution()


def test_large_expression_uses_convolution() -> None:
    # 6**100 combinations: only convolution can answer this.
    dice = Dice.parse("100d6")
    dist = dice.distribution()
    assert len(dist) == 501
    assert dist[100] == dist[600] == 1
    assert dist[101] == 100
    assert sum(dist.values()) == 6**100


def test_margin_and_compare_known_values() -> None:
    d6 = Dice.parse("1d6")
    assert margin_distribution(d6, d6) == {m: 6 - abs(m) for m in range(-5, 6)}
    assert compare(d6, d6) == (Fraction(5, 12), Fraction(1, 6), Fraction(5, 12))
    assert compare(Dice.parse("1d6+6"), d6) == (1, 0, 0)


def test_minus_puts_its_own_dice_first_and_is_built_once() -> None:
    party, enemy = Dice.parse("2d6+1"), Dice.parse("1d4+1d8+2")
    margin = party.minus(enemy, 3)
    assert margin == Dice.parse("2d6-1d4-1d8+2")
    assert margin.dice_sides == (6, 6, 4, 8)  # the order two rolls one after the other consume
    assert margin.distribution() == {m + 3: w for m, w in margin_distribution(party, enemy).items()}
    assert party.minus(enemy, 3) is margin
    assert not party.subtracts and Dice.parse("1d6-1d4").subtracts


# Small expressions only: the oracle enumerates every face combination.
_terms = st.lists(
    st.tuples(st.integers(-2, 2).filter(bool), st.integers(2, 6)),
    max_size=3,
).filter(lambda terms: sum(abs(count) for count, _ in terms) <= 4)
small_dice = st.builds(lambda terms, bonus: Dice(tuple(terms), bonus), _terms, st.integers(-5, 5))


def oracle(dice: Dice) -> Counter[int]:
    """Weights by enumerating every face combination, independent of the code under test."""
    ranges = []
    for count, sides in dice.terms:
        sign = 1 if count > 0 else -1
        ranges += [[sign * face for face in range(1, sides + 1)]] * abs(count)
    return Counter(dice.bonus + sum(faces) for faces in itertools.product(*ranges))


@given(small_dice)
def test_distribution_matches_brute_force(dice: Dice) -> None:
    dist = dice.distribution()
    assert dist == oracle(dice)
    assert list(dist) == sorted(dist)
    assert sum(dist.values()) == dice.total_weight
    assert min(dist) == dice.minimum and max(dist) == dice.maximum
    assert dice.mean == pytest.approx(sum(v * w for v, w in dist.items()) / dice.total_weight)
    assert sum(dice.probabilities().values()) == 1


@given(small_dice)
def test_total_of_matches_brute_force(dice: Dice) -> None:
    faces_per_die = [range(1, sides + 1) for sides in dice.dice_sides]
    totals = Counter(dice.total_of(faces) for faces in itertools.product(*faces_per_die))
    assert totals == oracle(dice)


@given(small_dice)
def test_str_round_trip(dice: Dice) -> None:
    assert Dice.parse(str(dice)) == dice


@given(small_dice, small_dice)
def test_compare_matches_brute_force(a: Dice, b: Dice) -> None:
    greater, equal, less = compare(a, b)
    assert greater + equal + less == 1
    wa, wb = oracle(a), oracle(b)
    total = a.total_weight * b.total_weight
    margins: Counter[int] = Counter()
    for (va, na), (vb, nb) in itertools.product(wa.items(), wb.items()):
        margins[va - vb] += na * nb
    assert margin_distribution(a, b) == margins
    assert sum(margins.values()) == total
    assert greater == Fraction(sum(w for m, w in margins.items() if m > 0), total)
    assert equal == Fraction(margins[0], total)


@given(st.integers(1, 20), st.integers(-5, 5))
def test_times_equals_written_sum(n: int, k: int) -> None:
    assert Dice.parse(f"1d6{k:+d}").times(n) == Dice.parse(f"{n}d6{n * k:+d}")


# --- RandomRoller -----------------------------------------------------------------------------


def test_random_roller_is_a_roller_and_starts_unknown() -> None:
    roller = RandomRoller(1)
    assert isinstance(roller, Roller)
    assert roller.last_faces is None


@pytest.mark.parametrize("seed", [0, 7, "ambermarch"])
def test_random_roller_same_seed_same_sequence(seed: int | str) -> None:
    dice = Dice.parse("4d6-1d4+8")
    a, b = RandomRoller(seed), RandomRoller(seed)
    assert [a.die(20) for _ in range(50)] == [b.die(20) for _ in range(50)]
    rolls_a = [(a.roll(dice), a.last_faces) for _ in range(20)]
    assert rolls_a == [(b.roll(dice), b.last_faces) for _ in range(20)]


def test_random_roller_known_sequence() -> None:
    # Pins the sequence across platforms and versions: Mersenne Twister seeded with 1.
    roller = RandomRoller(1)
    assert [roller.die(6) for _ in range(10)] == [1, 6, 5, 2, 3, 3, 4, 5, 1, 1]


def test_random_roller_values_in_range_and_totals() -> None:
    roller = RandomRoller(3)
    for sides in (2, 3, 6, 10, 100):
        faces = {roller.die(sides) for _ in range(2000)}
        assert faces == set(range(1, sides + 1))
        assert roller.last_faces is not None and len(roller.last_faces) == 1
    dice = Dice.parse("2d6-1d4+3")
    for _ in range(500):
        total = roller.roll(dice)
        assert roller.last_faces is not None
        assert len(roller.last_faces) == 3
        assert all(1 <= face <= sides for face, sides in zip(roller.last_faces, dice.dice_sides))
        assert total == dice.total_of(roller.last_faces)
        assert dice.minimum <= total <= dice.maximum


def test_random_roller_constant_rolls_no_die() -> None:
    roller = RandomRoller(5)
    before = RandomRoller(5).die(6)
    assert roller.roll(Dice.constant(4)) == 4
    assert roller.last_faces == ()
    assert roller.die(6) == before


def test_random_roller_is_uniform() -> None:
    roller = RandomRoller(2024)
    counts = Counter(roller.die(6) for _ in range(60_000))
    for face in range(1, 7):
        assert abs(counts[face] / 60_000 - 1 / 6) < 0.05 / 6


# --- ScriptedRoller ---------------------------------------------------------------------------


def test_scripted_roller_consumes_in_order() -> None:
    roller = ScriptedRoller([4, 6, 2, 3, 4, 2, 6])
    assert isinstance(roller, Roller)
    assert roller.last_faces is None
    assert roller.roll(Dice.parse("2d6+1")) == 11
    assert roller.last_faces == (4, 6)
    assert (roller.used, roller.remaining) == (2, (2, 3, 4, 2, 6))
    assert roller.die(3) == 2
    assert roller.last_faces == (2,)
    assert roller.roll(Dice.parse("1d6-1d4")) == -1
    assert roller.last_faces == (3, 4)
    assert (roller.used, roller.remaining) == (5, (2, 6))


def test_scripted_roller_subtracted_and_constant() -> None:
    roller = ScriptedRoller([5, 3])
    assert roller.roll(Dice.constant(7)) == 7
    assert roller.last_faces == ()
    assert roller.used == 0
    assert roller.roll(Dice.parse("1d6-1d4+1")) == 3
    assert roller.last_faces == (5, 3)
    assert roller.remaining == ()


def test_scripted_roller_d10_and_d100_take_10_and_100() -> None:
    roller = ScriptedRoller([10, 100])
    assert roller.die(10) == 10
    assert roller.roll(Dice.parse("d100")) == 100
    with pytest.raises(DiceScriptError, match=r"^--dice position 1: 0 is not a result of a d10 \(expected 1 to"):
        ScriptedRoller([0]).die(10)


def test_scripted_roller_range_error_names_position() -> None:
    roller = ScriptedRoller([1, 2, 3, 4, 7])
    roller.roll(Dice.parse("4d6"))
    expected = r"^--dice position 5: 7 is not a result of a d6 \(expected 1 to 6\)$"
    with pytest.raises(DiceScriptError, match=expected) as info:
        roller.die(6)
    assert info.value.position == 5
    assert roller.used == 4


def test_scripted_roll_is_atomic_on_error() -> None:
    roller = ScriptedRoller([3, 4, 5])
    with pytest.raises(DiceScriptError, match="position 3: 5 is not a result of a d4") as info:
        roller.roll(Dice.parse("2d6+1d4"))
    assert info.value.position == 3
    assert (roller.used, roller.remaining) == (0, (3, 4, 5))


def test_scripted_roller_runs_out() -> None:
    roller = ScriptedRoller([1] * 21)
    roller.roll(Dice.parse("20d6"))
    roller.die(6)
    expected = r"^--dice ran out at position 22: the fight asked for another d6 after 21 values$"
    with pytest.raises(DiceScriptError, match=expected) as info:
        roller.die(6)
    assert info.value.position == 22
    with pytest.raises(DiceScriptError, match="ran out at position 1: .* another d4 after 0 values"):
        ScriptedRoller([]).roll(Dice.parse("1d4"))
    with pytest.raises(DiceScriptError, match="ran out at position 2: .* another d6 after 1 value$"):
        ScriptedRoller([2]).roll(Dice.parse("2d6"))


# --- parse_dice_script ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("4,6,2,3", [4, 6, 2, 3]),
        ("4, 6,2", [4, 6, 2]),
        ("4 6 2 | 3 5 2 6", [4, 6, 2, 3, 5, 2, 6]),
        ("4 6 2|3", [4, 6, 2, 3]),
        ("4 |, 5", [4, 5]),
        ("-1,+2", [-1, 2]),
        (" 10 , 100 ", [10, 100]),
        ("7", [7]),
        ("", []),
        ("  ", []),
    ],
)
def test_parse_dice_script(text: str, values: list[int]) -> None:
    assert parse_dice_script(text) == values


@pytest.mark.parametrize(
    ("text", "position", "match"),
    [
        ("4,6,x", 3, r"^--dice position 3: 'x' is not a whole number$"),
        ("4 1.5", 2, r"^--dice position 2: '1.5' is not a whole number$"),
        ("4,,6", 2, r"^--dice position 2: empty value between commas$"),
        ("4,6,", 3, "position 3: empty value"),
        (",4", 1, "position 1: empty value"),
        ("4, ,5", 2, "position 2: empty value"),
        ("4 d6", 2, "'d6' is not a whole number"),
    ],
)
def test_parse_dice_script_errors(text: str, position: int, match: str) -> None:
    with pytest.raises(DiceScriptError, match=match) as info:
        parse_dice_script(text)
    assert info.value.position == position


def test_script_feeds_the_roller() -> None:
    # worked example AM-1 R1: four party dice | four enemy dice, consumed in order.
    roller = ScriptedRoller(parse_dice_script("4 6 2 | 3 5 2 6"))
    assert [roller.die(6) for _ in range(3)] == [4, 6, 2]
    assert roller.roll(Dice.parse("4d6+8")) == 24


# -- a roller's own dice for a silent fight -------------------------------------------------------
def _silent_fight(roller: object, record: bool = False) -> Fight:
    encounter = load_encounter(Path(__file__).resolve().parents[1] / "examples" / "ogre-duel.toml")
    return configure(encounter, "dsa", catalog=discover()).new_fight(roller, record)  # type: ignore[arg-type]


def test_a_silent_fight_on_a_random_roller_rolls_through_the_rollers_own_dice() -> None:
    roller = RandomRoller(5)
    fight = _silent_fight(roller)
    silent = roller.silent_dice()
    assert silent is not None
    assert (fight.roll, fight.die, fight.chain, fight.check) == tuple(silent)
    # A recording fight logs every die, so it rolls through its own methods.
    recorded = _silent_fight(RandomRoller(5), record=True)
    assert "roll" not in vars(recorded) and "chain" not in vars(recorded)


def test_the_rollers_own_dice_draw_the_dice_the_fight_would() -> None:
    def step(state: Hashable, face: int) -> Hashable:
        kind, _ = state  # type: ignore[misc]
        return Done(kind) if face > 3 else (("b" if kind == "a" else "a"), face)

    silent, plain = RandomRoller("s").silent_dice(), RandomRoller("s")
    assert silent is not None
    for _ in range(200):
        assert silent.die(6, "label") == plain.die(6)
        assert silent.roll(Dice.parse("2d6+1"), "label") == plain.roll(Dice.parse("2d6+1"))
        assert silent.check(20, lambda face: face == 1, "label") == (plain.die(20) == 1)
        state: Hashable = ("a", 0)
        while not isinstance(state, Done):
            state = step(state, plain.die(4))
        assert silent.chain(("a", 0), 4, step, "label") == state.result


def test_a_roller_that_draws_its_own_way_is_asked_die_by_die() -> None:
    class Loaded(RandomRoller):
        """Always a six: a subclass that changes how dice are drawn."""

        def die(self, sides: int) -> int:
            self.last_faces = (sides,)
            return sides

    loaded = Loaded(1)
    assert loaded.silent_dice() is None
    fight = _silent_fight(loaded)
    assert fight.die(6, "label") == 6 and "die" not in vars(fight)
