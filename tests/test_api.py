"""The Python API: compare, sweep, balance and fight result objects.

Analyses pass ``workers=1`` unless the worker count is what they test: the results do not depend
on it (test_the_same_json_whatever_the_worker_count), and a pool started inside a test only adds
its start to a run that already fills the CPUs.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import rulebench
from rulebench.analysis import sampling
from rulebench.analysis.analyse import Dropped, attempt
from rulebench.analysis.exact import DEFAULT_MAX_STATES, solve
from rulebench.analysis.precision import half_width
from rulebench.analysis.sampling import BLOCK, CHUNK
from rulebench.analysis.sweeps import find_bracket
from rulebench.api.analyses import AnalysisOptions, Comparison, compare, fight
from rulebench.core.assembly import configure
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.errors import BadInput

DUEL = encounter_from_dict({
    "name": "Duel",
    "party": [{"name": "Hero", "melee": 4, "armour": 1, "life": 2}],
    "enemy": {"members": [{"name": "Brute", "count": 2, "melee": 2, "armour": 1, "life": 1}]},
})


def test_compare_returns_a_comparison() -> None:
    result = compare(DUEL, "skirmish", fights=1000, seed=3, workers=1)
    assert isinstance(result, Comparison) and result.source is None
    document = result.to_dict()
    json.dumps(document)
    assert document["results"][0]["seed"] == 3 and document["provenance"]["encounter"]["file"] is None
    assert compare(DUEL, ["skirmish"], fights=1000, seed=3, workers=1).to_dict() == document


def test_public_names() -> None:
    assert rulebench.compare is compare and callable(rulebench.sweep) and callable(rulebench.balance)


def test_sweep_rows_and_csv() -> None:
    result = rulebench.sweep(DUEL, "enemy.members[0].count=1..3", ["skirmish"], fights=500, workers=1)
    rows = result.rows()
    assert [r["enemy.members[0].count"] for r in rows] == [1, 2, 3]
    assert result.to_csv().count("\n") == 2 + 1 + 3


def test_balance_object() -> None:
    result = rulebench.balance(DUEL, "enemy.members[0].count=1..8", 0.5, ["skirmish"], fights=500, workers=1)
    document = result.to_dict()
    [row] = document["results"]
    assert row["crosses"] == (result.brackets["skirmish"] is not None)


def test_to_dataframe_needs_pandas() -> None:
    result = compare(DUEL, "skirmish", fights=200, workers=1)
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
    assert compare(path, "skirmish", fights=100, workers=1).source == str(path)


@pytest.mark.parametrize(
    ("wins", "expected"),
    [([1, 1, 0, 0], (1, 2)), ([0, 0, 0, 1], (2, 3)), ([1, 1, 1], None), ([0, 1, 0], (0, 1)), ([1, 0, 1], (0, 1))],
)
def test_find_bracket(wins: list[int], expected: tuple[int, int] | None) -> None:
    assert find_bracket(len(wins), lambda i: bool(wins[i])) == expected


def test_options_object_or_keywords_give_the_same_analysis() -> None:
    options = AnalysisOptions.make(fights=1000, seed=3, workers=1)
    assert compare(DUEL, "skirmish", options).to_dict() == compare(DUEL, "skirmish", fights=1000, seed=3, workers=1).to_dict()
    with pytest.raises(TypeError, match="not both"):
        compare(DUEL, "skirmish", options, seed=4)


def test_options_defaults() -> None:
    options = AnalysisOptions.make()
    assert options.method == "auto" and options.stop_precision == 0.01 and options.budget == DEFAULT_MAX_STATES
    assert options.processes == len(os.sched_getaffinity(0))
    assert AnalysisOptions.make(precision=0.02).method == "sampled" and AnalysisOptions.make(exact=True).method == "exact"


def test_sampling_stops_at_the_default_precision() -> None:
    close = DUEL.with_value("enemy.members[0].count", 3)  # party_wins near 1/4: several chunks needed
    [entry] = compare(close, "skirmish", exact=False, workers=1).to_dict()["results"]
    assert entry["stopped_by"] == "precision" and entry["fights"] % BLOCK == 0 and entry["fights"] > CHUNK
    assert all((hi - lo) / 2 <= 0.01 for lo, hi in entry["ci95"].values())
    # One block fewer would not have been precise enough: the rule stopped it as soon as it could.
    fewer = compare(close, "skirmish", fights=entry["fights"] - BLOCK, workers=1).results[0]
    assert half_width(fewer.tally) > 0.01
    [fixed] = compare(DUEL, "skirmish", fights=500, workers=1).to_dict()["results"]
    assert fixed["stopped_by"] == "fights"


@pytest.mark.parametrize("kwargs", [{"exact": False}, {"fights": 5000}])
def test_the_same_json_whatever_the_worker_count(kwargs: dict[str, Any]) -> None:
    documents = [
        json.dumps(compare(DUEL, ["skirmish", "classic"], workers=workers, precision=None, **kwargs).to_dict())
        for workers in (1, 2, 3)
    ]
    assert documents[0] == documents[1] == documents[2]
    sweeps = [json.dumps(rulebench.sweep(DUEL, "enemy.members[0].count=1..3", ["skirmish"], workers=w, **kwargs).to_dict())
              for w in (1, 2)]
    assert sweeps[0] == sweeps[1]


def test_a_sweep_starts_its_worker_pool_once(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[int] = []

    class Counting(sampling.ProcessPoolExecutor):
        def __init__(self, workers: int, **options: Any) -> None:
            started.append(workers)
            super().__init__(workers, **options)

    monkeypatch.setattr(sampling, "ProcessPoolExecutor", Counting)
    result = rulebench.sweep(DUEL, "enemy.members[0].count=1..4", ["skirmish", "classic"], fights=4000, workers=2)
    assert started == [2] and all(r.fights == 4000 for rs in result.points.values() for r in rs)


def test_sweep_points_share_one_seed_stream() -> None:
    """Common random numbers: each point is sampled from the seed's chunks, as a compare of that
    point alone would be, so neighbouring points differ by the change, not by noise."""
    result = rulebench.sweep(DUEL, "enemy.members[0].count=1..3", ["skirmish"], exact=False, seed=5, workers=1)
    for value, point in zip(result.vary.values, result.points["skirmish"]):
        alone = compare(DUEL.with_value("enemy.members[0].count", value), "skirmish", fights=point.fights, seed=5, workers=1).results[0]
        assert alone.outcomes == point.outcomes


def test_a_balance_bracket_does_not_move_between_runs() -> None:
    runs = [rulebench.balance(DUEL, "enemy.members[0].count=1..8", 0.5, ["skirmish"], exact=False, workers=w).to_dict()
            for w in (1, 2)]
    assert runs[0] == runs[1]


def test_a_sweep_names_each_sampled_ruleset_once(monkeypatch: pytest.MonkeyPatch) -> None:
    result = rulebench.sweep(DUEL, "enemy.members[0].count=1..5", ["skirmish"], max_states=10, workers=1)
    assert all(r.method == "monte-carlo" for r in result.points["skirmish"])
    # the five solves stopped alike: one cause, said once, with the values it befell at
    assert result.notes == ["sampled where exact analysis would likely exceed 10 fight states (--max-states): "
                            "skirmish (enemy.members[0].count = 1–5)"]


def test_a_dropped_attempt_says_whether_the_budget_stopped_it() -> None:
    config = configure(DUEL, "skirmish")
    dropped = attempt(config, AnalysisOptions.make(max_states=10))
    assert isinstance(dropped, Dropped) and dropped.budget
    assert "needs more fight states than the budget of 10" in dropped.reason or "predicted not to fit" in dropped.gist


def test_exact_in_floating_point_reports_its_rounding_bound() -> None:
    config = configure(DUEL, "skirmish")
    floating, fractions = AnalysisOptions.make(), AnalysisOptions.make(fractions=True)
    [entry] = compare(DUEL, "skirmish", floating).to_dict()["results"]
    [exact_entry] = compare(DUEL, "skirmish", fractions).to_dict(fractions=True)["results"]
    assert entry["method"] == "exact" and 0 < entry["rounding_bound"] < 1e-12
    assert "rounding_bound" not in exact_entry and "/" in exact_entry["outcomes"]["party_wins"]
    exact = solve(config)
    for outcome, p in exact.outcomes.items():
        assert abs(entry["outcomes"][outcome] - p) <= entry["rounding_bound"] + 1e-16


class Blunt:
    """A modifier handed to ``discover(extra=...)``, not installed: worker processes cannot find it."""

    @rulebench.hookimpl
    def rulebench_plugin(self) -> rulebench.PluginInfo:
        return rulebench.PluginInfo(name="blunt", kind="modifier", title="Blunt", summary="every attack at -1")

    @rulebench.hookimpl
    def rulebench_modifiers(self, fight: rulebench.Fight, combatant: rulebench.Combatant, purpose: str, against: Any) -> list[rulebench.Modifier]:
        return [rulebench.Modifier(-1, "blunt")]


def test_a_plugin_given_directly_is_played_in_this_process_whatever_the_worker_count() -> None:
    catalog = rulebench.discover(extra=[("blunt", Blunt())])
    documents = [
        json.dumps(compare(DUEL, "skirmish", catalog=catalog, plugins=["blunt"], fights=5000, workers=w).to_dict()["results"])
        for w in (1, 2)
    ]
    assert documents[0] == documents[1]
    plain = compare(DUEL, "skirmish", catalog=catalog, fights=5000, workers=1).results[0]
    blunt = compare(DUEL, "skirmish", catalog=catalog, plugins=["blunt"], fights=5000, workers=1).results[0]
    assert plain.tally != blunt.tally  # the modifier took part
