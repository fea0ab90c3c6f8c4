"""Every example encounter runs under every built-in ruleset, side by side (issues 3 to 6)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import rulebench

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.toml"))
BUILT_IN = ["ambermarch", "classic", "talisman", "dsa", "endurance"]
FIGHTS = 100
"""Fights per ruleset: what is checked (the rows, their method and count, shares that add up to
one) holds at any count; every example still plays this many fights under every ruleset."""


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_compare_shows_every_built_in_ruleset_side_by_side(path: Path) -> None:
    # One worker: nothing here is about parallelism, and a pool per example only adds its start.
    document = rulebench.compare(path, BUILT_IN, fights=FIGHTS, seed=1, workers=1).to_dict()
    assert [r["ruleset"] for r in document["results"]] == BUILT_IN
    for result in document["results"]:
        assert result["method"] == "monte-carlo" and result["fights"] == FIGHTS
        assert math.isclose(sum(result["outcomes"].values()), 1.0)
        for member in result["party"] + result["enemy"]:
            assert math.isclose(sum(member[s] for s in ("unhurt", "hurt", "out", "dead")), 1.0)
