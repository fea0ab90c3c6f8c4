"""Every example encounter runs under every built-in ruleset, side by side (issues 3 to 6)."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import rulebench

EXAMPLES = sorted((Path(__file__).resolve().parent.parent / "examples").glob("*.toml"))
BUILT_IN = ["ambermarch", "classic", "talisman", "dsa", "endurance"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_compare_shows_every_built_in_ruleset_side_by_side(path: Path) -> None:
    document = rulebench.compare(path, BUILT_IN, fights=300, seed=1).to_dict()
    assert [r["ruleset"] for r in document["results"]] == BUILT_IN
    for result in document["results"]:
        assert result["method"] == "monte-carlo" and result["fights"] == 300
        assert math.isclose(sum(result["outcomes"].values()), 1.0)
        for member in result["party"] + result["enemy"]:
            assert math.isclose(sum(member[s] for s in ("unhurt", "hurt", "out", "dead")), 1.0)
