"""Issue #16: the compare JSON names the unit of each ruleset's fight length beside ``rounds.mean``.

The comparison runs with one worker: the document does not depend on it, and a pool started inside a test
only adds its start to a run that already fills the CPUs.
"""

from __future__ import annotations

from pathlib import Path

import rulebench

OGRE = Path(__file__).resolve().parents[2] / "examples" / "ogre-duel.toml"


def test_each_result_names_the_unit_its_mean_length_is_in() -> None:
    comparison = rulebench.compare(OGRE, ["dsa", "talisman"], fights=200, seed=1, workers=1)
    rounds = {r["ruleset"]: r["rounds"] for r in comparison.to_dict()["results"]}
    assert rounds["dsa"]["unit"] == "exchange" and rounds["talisman"]["unit"] == "round"
    assert list(rounds["dsa"]) == ["mean", "unit", "distribution"]  # the unit stands beside the mean
