"""``ChainedRoller``: ``--dice`` with ``--seed``, the script's values first, then the seeded dice."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebench.core.dice import ChainedRoller, Dice, DiceScriptError, RandomRoller, Roller

EXPRESSIONS = ["1d6", "2d6+1", "4d6-1d4+8", "1d20", "3", "1d100"]


def test_the_script_comes_first_then_the_seed() -> None:
    roller = ChainedRoller([4, 6, 2], 7)
    seeded = RandomRoller(7)
    assert isinstance(roller, Roller)
    assert roller.last_faces is None
    assert roller.roll(Dice.parse("2d6")) == 10
    assert roller.last_faces == (4, 6)
    assert roller.die(6) == 2
    assert roller.remaining == () and roller.used == 3
    # The script used up, the dice are the seed's own, from its first number on.
    assert [roller.die(20) for _ in range(10)] == [seeded.die(20) for _ in range(10)]


def test_a_roll_across_the_end_of_the_script_takes_both() -> None:
    roller = ChainedRoller([5], 3)
    seeded = RandomRoller(3)
    total = roller.roll(Dice.parse("3d6+2"))
    expected = (5, seeded.die(6), seeded.die(6))
    assert roller.last_faces == expected
    assert total == sum(expected) + 2


@given(st.lists(st.sampled_from(EXPRESSIONS), min_size=1, max_size=12), st.integers(0, 2**31))
def test_an_empty_script_is_the_seeded_roller(expressions: list[str], seed: int) -> None:
    chained, seeded = ChainedRoller([], seed), RandomRoller(seed)
    for text in expressions:
        dice = Dice.parse(text)
        assert chained.roll(dice) == seeded.roll(dice)
        assert chained.last_faces == seeded.last_faces


@given(st.lists(st.integers(1, 6), max_size=10), st.integers(0, 1000), st.lists(st.sampled_from(["1d6", "2d6", "3d6-1"]), min_size=1, max_size=8))
def test_faces_are_the_script_then_the_seeds_draws(script: list[int], seed: int, expressions: list[str]) -> None:
    """Whatever the rolls, the faces drawn, in order, are the script's values followed by the
    seeded roller's dice, and each total is its faces' total."""
    roller, seeded = ChainedRoller(script, seed), RandomRoller(seed)
    faces: list[int] = []
    for text in expressions:
        dice = Dice.parse(text)
        total = roller.roll(dice)
        assert roller.last_faces is not None
        assert total == dice.total_of(roller.last_faces)
        faces += roller.last_faces
    taken = min(len(script), len(faces))
    assert faces[:taken] == script[:taken]
    assert faces[taken:] == [seeded.die(6) for _ in faces[taken:]]
    assert roller.remaining == tuple(script[taken:])


def test_a_scripted_value_that_does_not_fit_its_die_is_still_refused() -> None:
    roller = ChainedRoller([3, 9], 1)
    assert roller.die(6) == 3
    with pytest.raises(DiceScriptError, match=r"^--dice position 2: 9 is not a result of a d6"):
        roller.die(6)


def test_it_never_runs_out() -> None:
    roller = ChainedRoller([1], 5)
    assert [1 <= roller.die(4) <= 4 for _ in range(100)] == [True] * 100


def test_it_offers_no_silent_dice() -> None:
    """Not a plain RandomRoller: a fight must ask it for every die (the speed path is for seeds alone)."""
    assert not hasattr(ChainedRoller([], 1), "silent_dice")
    assert not isinstance(ChainedRoller([], 1), RandomRoller)
