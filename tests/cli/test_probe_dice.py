"""probe and dice: exact tables and JSON per docs/architecture.md."""

from __future__ import annotations

from fractions import Fraction

import pytest
from cli_helpers import run, run_json


def test_probe_2_9() -> None:
    document = run_json("probe", "2", "9", "--fractions")
    assert document["attribute"] == 2 and document["target"] == 9 and document["modifiers"] == []
    expected = {"triumph": "1/36", "success": "14/36", "partial": "15/36", "failure": "5/36", "doom": "1/36"}
    assert {k: Fraction(v) for k, v in document["tiers"].items()} == {k: Fraction(v) for k, v in expected.items()}
    floats = run_json("probe", "2", "9", "--modifier=-1", "--modifier", "2")
    assert floats["modifiers"] == [-1, 2] and abs(sum(floats["tiers"].values()) - 1) < 1e-12
    table = run("probe", "2", "9")
    assert table.exit_code == 0 and "triumph" in table.stdout and "1/36" in table.stdout


def test_dice_distribution_and_vs() -> None:
    document = run_json("dice", "2d6", "--vs", "1d8+2", "--fractions")
    assert document["expression"] == "2d6" and document["mean"] == 7.0
    assert Fraction(document["distribution"]["7"]) == Fraction(6, 36)
    assert sum(Fraction(p) for p in document["vs"].values()) == 1
    plain = run_json("dice", "4d6+8")
    assert min(map(int, plain["distribution"])) == 12 and plain["mean"] == 22.0
    table = run("dice", "3d6", "--vs", "3d6")
    assert table.exit_code == 0 and "█" in table.stdout and "a > b" in table.stdout


@pytest.mark.parametrize("args", [["2x6"], ["d1"], ["2d6", "--vs", "lots"]])
def test_bad_dice_expression(args: list[str]) -> None:
    result = run("dice", *args)
    assert (result.exit_code == 2 and "Traceback" not in result.stderr and "dice notation" in result.stderr) or "sides" in result.stderr
