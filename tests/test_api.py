"""The Python API: compare, sweep, balance and fight result objects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulebench
from rulebench.analysis.sweeps import find_bracket
from rulebench.api.analyses import Comparison, compare, fight
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.errors import BadInput

DUEL = encounter_from_dict({
    "name": "Duel",
    "party": [{"name": "Hero", "melee": 4, "armour": 1, "life": 2}],
    "enemy": {"members": [{"name": "Brute", "count": 2, "melee": 2, "armour": 1, "life": 1}]},
})


def test_compare_returns_a_comparison() -> None:
    result = compare(DUEL, "skirmish", fights=1000, seed=3)
    assert isinstance(result, Comparison) and result.source is None
    document = result.to_dict()
    json.dumps(document)
    assert document["results"][0]["seed"] == 3 and document["provenance"]["encounter"]["file"] is None
    assert compare(DUEL, ["skirmish"], fights=1000, seed=3).to_dict() == document


def test_public_names() -> None:
    assert rulebench.compare is compare and callable(rulebench.sweep) and callable(rulebench.balance)


def test_sweep_rows_and_csv() -> None:
    result = rulebench.sweep(DUEL, "enemy.members[0].count=1..3", ["skirmish"], fights=500)
    rows = result.rows()
    assert [r["enemy.members[0].count"] for r in rows] == [1, 2, 3]
    assert result.to_csv().count("\n") == 2 + 1 + 3


def test_balance_object() -> None:
    result = rulebench.balance(DUEL, "enemy.members[0].count=1..8", 0.5, ["skirmish"], fights=500)
    document = result.to_dict()
    [row] = document["results"]
    assert row["crosses"] == (result.brackets["skirmish"] is not None)


def test_to_dataframe_needs_pandas() -> None:
    result = compare(DUEL, "skirmish", fights=200)
    try:
        import pandas  # noqa: F401
    except ModuleNotFoundError:
        with pytest.raises(ImportError, match="pip install pandas"):
            result.to_dataframe()
    else:
        frame = result.to_dataframe()
        assert list(frame["ruleset"]) == ["skirmish"]


def test_fight_record() -> None:
    record = fight(DUEL, "skirmish", seed=5)
    document = record.to_dict()
    json.dumps(document)
    assert document["seed"] == 5 and len(document["rounds"]) == record.result.rounds


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [({"fights": 0}, "at least 1"), ({"exact": True, "fights": 10}, "cannot be combined"), ({"precision": 2.0}, "--precision")],
)
def test_bad_options(kwargs: dict, needle: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadInput, match=needle):
        compare(DUEL, "skirmish", **kwargs)


def test_path_encounter(tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text('name = "Duel"\nparty = [{name = "Hero"}]\n[enemy]\nmembers = [{name = "Rat"}]\n')
    assert compare(path, "skirmish", fights=100).source == str(path)


@pytest.mark.parametrize(
    ("wins", "expected"),
    [([1, 1, 0, 0], (1, 2)), ([0, 0, 0, 1], (2, 3)), ([1, 1, 1], None), ([0, 1, 0], (0, 1)), ([1, 0, 1], (0, 1))],
)
def test_find_bracket(wins: list[int], expected: tuple[int, int] | None) -> None:
    assert find_bracket(len(wins), lambda i: bool(wins[i])) == expected
