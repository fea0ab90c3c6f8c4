"""The 2d6 test (Probe) of docs/rules/ambermarch.md: every cell of the table, the tiers' order and bad dice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebench.rulesets.ambermarch.probe import TIERS, probe_result, probe_tiers

# docs/rules/ambermarch.md: attribute -> target -> (success, partial, failure) counts of 36, % success or triumph.
TABLE = {
    0: {7: (14, 15, 5, 41.7), 9: (5, 15, 14, 16.7), 11: (0, 9, 25, 2.8)},
    1: {7: (20, 12, 2, 58.3), 9: (9, 16, 9, 27.8), 11: (2, 12, 20, 8.3)},
    2: {7: (25, 9, 0, 72.2), 9: (14, 15, 5, 41.7), 11: (5, 15, 14, 16.7)},
    3: {7: (29, 5, 0, 83.3), 9: (20, 12, 2, 58.3), 11: (9, 16, 9, 27.8)},
    4: {7: (32, 2, 0, 91.7), 9: (25, 9, 0, 72.2), 11: (14, 15, 5, 41.7)},
}
CELLS = [(attribute, target, *cell) for attribute, row in TABLE.items() for target, cell in row.items()]


@pytest.mark.parametrize(("attribute", "target", "success", "partial", "failure", "percent"), CELLS)
def test_every_cell_of_the_table(attribute: int, target: int, success: int, partial: int, failure: int,
                                 percent: float) -> None:
    tiers = probe_tiers(attribute, target)
    assert tiers == {
        "triumph": Fraction(1, 36), "success": Fraction(success, 36), "partial": Fraction(partial, 36),
        "failure": Fraction(failure, 36), "doom": Fraction(1, 36),
    }  # fmt: skip
    assert round(float(tiers["success"] + tiers["triumph"]) * 100, 1) == percent


def test_the_cli_example_attribute_2_target_9() -> None:
    assert probe_tiers(2, 9) == {
        "triumph": Fraction(1, 36), "success": Fraction(14, 36), "partial": Fraction(15, 36),
        "failure": Fraction(5, 36), "doom": Fraction(1, 36),
    }  # fmt: skip


def test_modifiers_shift_the_total_like_the_attribute() -> None:
    assert probe_tiers(2, 9, (-1,)) == probe_tiers(1, 9)
    assert probe_tiers(0, 11, (2, 1, 1)) == probe_tiers(4, 11)


def test_tiers_are_exact_sum_to_one_and_come_best_first() -> None:
    tiers = probe_tiers(3, 11, (-2,))
    assert tuple(tiers) == TIERS == ("triumph", "success", "partial", "failure", "doom")
    assert sum(tiers.values()) == 1


def test_doubles_ignore_modifiers() -> None:
    # Seed: "Zwei Einsen und zwei Sechsen zählen ohne Zuschläge".
    assert probe_result((6, 6), 0, 11, (-10,)) == "triumph"
    assert probe_result((1, 1), 4, 7, (10,)) == "doom"
    assert probe_tiers(0, 11, (-20,))["triumph"] == Fraction(1, 36)
    assert probe_tiers(4, 7, (20,))["doom"] == Fraction(1, 36)


def test_boundaries_of_success_and_partial() -> None:
    assert probe_result((4, 4), 2, 9) == "success"  # 10 = target + 1
    assert probe_result((4, 3), 2, 9) == "partial"  # 9 = target
    assert probe_result((3, 2), 2, 9) == "partial"  # 7 = target - 2
    assert probe_result((2, 2), 2, 9) == "failure"  # 6


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3,), (1, 2, 3)])
def test_a_test_rolls_two_d6(dice: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="two d6"):
        probe_result(dice, 2, 9)  # type: ignore[arg-type]
