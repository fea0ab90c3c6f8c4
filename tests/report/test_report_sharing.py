"""A report's sweep takes the comparison's analyses at the encounter's own value, and its balance
the values the sweep analysed in full, instead of analysing them again (``sweeps.SharedPoints``);
each gives what it gives alone: results, brackets and notes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from test_grid import DUEL  # tests/ is on sys.path under pytest: the grid tests' duel, one definition

import rulebench.analysis.sweeps as sweeps
import rulebench.api.report as report
from rulebench.analysis.analyse import AnalysisOptions, analyse_all
from rulebench.analysis.sweeps import SharedPoints, Vary, balance, sweep
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter, encounter_from_dict, parse_toml

VARY = "enemy.members[0].count=1..6"
RULESETS = ["classic", "talisman"]


@pytest.fixture(scope="module")
def duel() -> Encounter:
    return encounter_from_dict(parse_toml(DUEL, "duel.toml"), "duel.toml")


@pytest.fixture
def analysed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[list[tuple[str, int]]]]:
    """Per call, the configurations sweeps and balances hand to the analysis, as (ruleset, number of brutes)."""
    calls: list[list[tuple[str, int]]] = []

    def spy(configs: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append([(c.ruleset.name, c.encounter.enemy.members[0].count) for c in configs])
        return analyse_all(configs, *args, **kwargs)

    monkeypatch.setattr(sweeps, "analyse_all", spy)
    yield calls


def count(calls: list[list[tuple[str, int]]]) -> int:
    return sum(map(len, calls))


def balance_json(duel: Encounter, options: AnalysisOptions, shared: SharedPoints | None = None,
                 rulesets: list[str] = RULESETS, vary: str = VARY) -> str:
    found = balance(duel, vary, 0.5, rulesets, options, shared=shared)
    return json.dumps([found.to_dict(), found.notes, found.warnings])


def test_with_a_fight_count_the_balance_analyses_nothing_the_sweep_did(duel: Encounter, analysed: list[list[tuple[str, int]]]) -> None:
    options = AnalysisOptions.make(fights=300, seed=5, workers=1)
    alone = balance_json(duel, options)
    assert count(analysed) >= 2 * len(RULESETS)
    shared = SharedPoints()
    swept = sweep(duel, VARY, RULESETS, options, shared=shared)
    analysed.clear()
    assert balance_json(duel, options, shared) == alone
    assert count(analysed) == 0  # every value the search visits was swept with the same count and seed
    # and the sweep is the sweep a memo-less run gives
    assert json.dumps(sweep(duel, VARY, RULESETS, options).to_dict()) == json.dumps(swept.to_dict())


def test_to_a_precision_only_the_full_analyses_are_shared(duel: Encounter, analysed: list[list[tuple[str, int]]]) -> None:
    # The search's coarse looks stop once the side of the target is clear: not what the sweep
    # played, so they are made again; the bracket's analyses in full (the last call) are not.
    options = AnalysisOptions.make(precision=0.05, seed=5, workers=1)
    alone = balance_json(duel, options)
    looked = list(analysed)
    assert looked[-1]  # the bracket had a value to analyse in full
    shared = SharedPoints()
    sweep(duel, VARY, RULESETS, options, shared=shared)
    analysed.clear()
    assert balance_json(duel, options, shared) == alone
    assert analysed == [*looked[:-1], []]


def test_exact_analyses_are_shared_and_dropped_ones_keep_their_note(duel: Encounter, analysed: list[list[tuple[str, int]]]) -> None:
    # In the automatic choice with a small budget, classic's bracket (1 and 2 brutes) does not fit:
    # its note must come out of the shared analyses just as out of new ones. (Classic alone and
    # three values: what does not fit is sampled to the default precision.)
    auto = AnalysisOptions.make(max_states=300, seed=5, workers=1)
    exact = AnalysisOptions.make(exact=True, workers=1)
    for chosen, rulesets, vary in ((auto, ["classic"], "enemy.members[0].count=1..3"), (exact, RULESETS, VARY)):
        alone = balance_json(duel, chosen, None, rulesets, vary)
        shared = SharedPoints()
        sweep(duel, vary, rulesets, chosen, shared=shared)
        analysed.clear()
        assert balance_json(duel, chosen, shared, rulesets, vary) == alone
        if chosen is auto:
            assert any("sampled where exact analysis would likely exceed" in note for note in json.loads(alone)[1])
            assert analysed[-1] == []  # the bracket's full analyses came from the sweep
        else:
            assert count(analysed) == 0  # exact analysis never reads the coarse look's stopping rule


def test_other_options_or_other_plugins_share_nothing(duel: Encounter, analysed: list[list[tuple[str, int]]]) -> None:
    options = AnalysisOptions.make(fights=200, seed=5, workers=1)
    shared = SharedPoints()
    sweep(duel, VARY, RULESETS, options, shared=shared)
    everything = len(RULESETS) * len(Vary.parse(VARY, duel).values)
    analysed.clear()
    sweep(duel, VARY, RULESETS, options, shared=shared, catalog=discover())  # an equal catalog: the same plugins
    assert count(analysed) == 0
    without_silver = discover()
    without_silver.records["silver"] = replace(without_silver.records["silver"], disabled=True)
    for other, catalog in ((AnalysisOptions.make(fights=200, seed=6, workers=1), None),
                           (AnalysisOptions.make(fights=201, seed=5, workers=1), None),
                           (options, without_silver)):
        analysed.clear()
        sweep(duel, VARY, RULESETS, other, shared=shared, catalog=catalog)
        assert count(analysed) == everything


def test_the_reports_sweep_and_balance_are_those_alone_and_analyse_nothing_twice(duel: Encounter, analysed: list[list[tuple[str, int]]]) -> None:
    options = AnalysisOptions.make(fights=200, seed=5, workers=1)
    data = report.build_report(duel, ["talisman"], options, tactics_list=[None, "reckless"], vary=VARY)
    # The sweep analyses each value under each tactics source but the duel's own two brutes (the
    # comparison's rows are those points); the balance analyses none again.
    assert [pair for call in analysed for pair in call] == [("talisman", brutes) for brutes in (1, 3, 4, 5, 6)] * 2
    for run, entry in zip(data.varied, data.comparison.entries):
        assert run.sweep.points["talisman"][1] is entry.result
    for run, tactics in zip(data.varied, (None, "reckless")):
        chosen = AnalysisOptions.make(fights=200, seed=5, workers=1, tactics=tactics)
        swept, alone = sweep(duel, VARY, ["talisman"], chosen), balance(duel, VARY, 0.5, ["talisman"], chosen)
        assert json.dumps(run.sweep.to_dict()) == json.dumps(swept.to_dict())
        assert json.dumps(run.balance.to_dict()) == json.dumps(alone.to_dict())
        assert (run.sweep.notes, run.balance.notes) == (swept.notes, alone.notes)
