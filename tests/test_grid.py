"""Grid sweeps and balance curves (analysis/grid.py) on the local pool, and their plots."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from rulebench.analysis.analyse import AnalysisOptions, analyse, solve_all
from rulebench.analysis.grid import (
    MAX_GRID_POINTS,
    BalanceCurve,
    Grid,
    GridSweep,
    analyse_all,
    balance_curve,
    grid_sweep,
)
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sampling import SamplingPool
from rulebench.analysis.sweeps import Balance, Sweep, Vary, balance, bracket_steps, find_bracket, sweep
from rulebench.cli.app import app
from rulebench.core.assembly import configure
from rulebench.core.encounter import Encounter, encounter_from_dict, parse_toml
from rulebench.core.errors import BadInput

DUEL = """\
name = "Duel"
party = [{name = "Hero", melee = 4, armour = 1, life = 2}]
[enemy]
members = [{name = "Brute", count = 2, melee = 2, armour = 1, life = 1}]
"""

COUNT = "enemy.members[0].count=1..3"
MELEE = "party[0].melee=2..5"
RULESETS = ["classic", "talisman"]


@pytest.fixture(scope="module")
def duel() -> Encounter:
    return encounter_from_dict(parse_toml(DUEL, "duel.toml"), "duel.toml")


def mixed_budget(encounter: Encounter, varies: list[str], rulesets: list[str]) -> int:
    """A budget of fight states that the grid's smallest fights fit in and its biggest do not.

    Found by trying, not fixed: the exact solver keeps getting cheaper, and a fixed number would
    one day let every fight fit.
    """
    grid = Grid.parse(varies, encounter)
    configs = [configure(grid.encounter_at(encounter, point), name) for name in rulesets for point in grid.points()]
    with SamplingPool(1) as alone:
        for budget in (300, 1000, 2000, 5000, 10_000, 30_000, 100_000):
            fits = {isinstance(s, RulesetResult) for s in solve_all(configs, AnalysisOptions.make(max_states=budget), alone)}
            if fits == {True, False}:
                return budget
    raise AssertionError("no budget splits the grid into exact and sampled cells")


def dumped(document: object) -> str:
    return json.dumps(document, sort_keys=False)


def test_points_run_row_major_and_set_every_path(duel: Encounter) -> None:
    grid = Grid.parse([COUNT, MELEE], duel)
    points = grid.points()
    assert points[:5] == [(1, 2), (1, 3), (1, 4), (1, 5), (2, 2)]
    assert len(points) == 12
    changed = grid.encounter_at(duel, (3, 5))
    assert changed.enemy.members[0].count == 3
    assert changed.party[0].melee == 5


def test_a_path_varied_twice_is_bad_input(duel: Encounter) -> None:
    with pytest.raises(BadInput, match="given twice"):
        Grid.parse([COUNT, "enemy.members[0].count=2..4"], duel)


def test_too_many_points_is_bad_input(duel: Encounter) -> None:
    with pytest.raises(BadInput, match=f"at most {MAX_GRID_POINTS}"):
        Grid.parse(["enemy.members[0].count=1..20", "party[0].melee=0..8", "party[0].armour=0..4", "party[0].life=1..3"], duel)


def test_an_invalid_combination_names_the_point(duel: Encounter) -> None:
    # Vary.parse checks each range's ends alone; a grid names the whole combination that fails.
    grid = Grid((Vary("enemy.members[0].count", (1, 2)), Vary("party[0].melee", (4, 99))))
    assert grid.encounter_at(duel, (2, 4)).party[0].melee == 4
    with pytest.raises(BadInput, match=r"enemy.members\[0\].count = 2, party\[0\].melee = 99 is not a valid encounter: party\[0\].melee"):
        grid.encounter_at(duel, (2, 99))


def test_one_path_without_a_cluster_is_the_sweep_of_today(duel: Encounter) -> None:
    options = AnalysisOptions.make(fights=600, seed=5, workers=1)
    gridded = grid_sweep(duel, [COUNT], RULESETS, options)
    assert isinstance(gridded, Sweep)
    assert dumped(gridded.to_dict()) == dumped(sweep(duel, COUNT, RULESETS, options).to_dict())


def test_the_pool_gives_what_analyse_gives_one_by_one(duel: Encounter) -> None:
    # A budget the bigger fights exceed: exact results, and dropped ones sampled to the default precision.
    options = AnalysisOptions.make(max_states=mixed_budget(duel, [COUNT, MELEE], RULESETS))
    configs = [configure(duel.with_value("enemy.members[0].count", n), name) for name in RULESETS for n in (1, 3)]
    with SamplingPool(2) as pool:
        pooled = analyse_all(configs, options, pool)
    alone = [analyse(config, replace(options, workers=1)) for config in configs]
    assert [dumped(a.result.to_dict()) for a in pooled] == [dumped(a.result.to_dict()) for a in alone]
    assert [a.dropped for a in pooled] == [a.dropped for a in alone]
    assert {a.result.method for a in pooled} == {"exact", "monte-carlo"}


def test_a_grid_holds_every_point_with_every_value(duel: Encounter) -> None:
    result = grid_sweep(duel, [COUNT, MELEE], RULESETS, workers=1)
    assert isinstance(result, GridSweep)
    doc = result.to_dict()
    assert doc["vary"] == [{"path": "enemy.members[0].count", "values": [1, 2, 3]},
                           {"path": "party[0].melee", "values": [2, 3, 4, 5]}]
    for entry in doc["results"]:
        assert [tuple(p["values"].values()) for p in entry["points"]] == Grid.parse([COUNT, MELEE], duel).points()
        for p in entry["points"]:
            assert abs(sum(p["outcomes"].values()) - 1) < 1e-9
    # Each point is what compare says of that encounter.
    classic = doc["results"][0]["points"][6]  # count 2, melee 4
    alone = analyse(configure(duel.with_value("enemy.members[0].count", 2).with_value("party[0].melee", 4), "classic"), AnalysisOptions.make(workers=1))
    assert classic["outcomes"] == alone.result.to_dict()["outcomes"]
    # A stronger hero never wins less often against the same number of brutes.
    wins = [p["outcomes"]["party_wins"] for p in doc["results"][0]["points"]]
    for row in range(3):
        assert wins[row * 4:(row + 1) * 4] == sorted(wins[row * 4:(row + 1) * 4])


def test_grid_rows_and_csv_carry_each_path(duel: Encounter) -> None:
    result = grid_sweep(duel, [COUNT, MELEE], ["classic"], AnalysisOptions.make(fights=300, workers=1))
    assert isinstance(result, GridSweep)
    rows = result.rows()
    assert len(rows) == 12
    assert rows[1]["enemy.members[0].count"] == 1 and rows[1]["party[0].melee"] == 3
    text = result.to_csv()
    assert text.startswith("# rulebench sweep of enemy.members[0].count x party[0].melee\n# provenance: ")
    assert text.splitlines()[2].startswith("ruleset,enemy.members[0].count,party[0].melee,method,party_wins")


def test_workers_do_not_change_a_grid(duel: Encounter) -> None:
    one = grid_sweep(duel, [COUNT, MELEE], ["talisman"], AnalysisOptions.make(fights=2100, seed=3, workers=1))
    two = grid_sweep(duel, [COUNT, MELEE], ["talisman"], AnalysisOptions.make(fights=2100, seed=3, workers=2))
    assert dumped(one.to_dict()) == dumped(two.to_dict())
    assert all(p["fights"] == 2100 for r in one.to_dict()["results"] for p in r["points"])


def test_exact_insisted_on_where_it_does_not_fit_is_bad_input(duel: Encounter) -> None:
    configs = [configure(duel, "classic")]
    with SamplingPool(1) as pool:
        with pytest.raises(BadInput, match="--exact: classic"):
            analyse_all(configs, AnalysisOptions.make(exact=True, max_states=1), pool)
        fallen = analyse_all(configs, AnalysisOptions.make(max_states=1), pool)[0]  # automatic: falls back to sampling
    assert fallen.result.method == "monte-carlo"
    assert fallen.dropped is not None and "budget of 1 " in fallen.dropped.reason


@given(st.lists(st.booleans(), min_size=1, max_size=12))
def test_bracket_steps_ask_what_find_bracket_asks(answers: list[bool]) -> None:
    asked: list[int] = []

    def above(i: int) -> bool:
        asked.append(i)
        return answers[i]

    expected = find_bracket(len(answers), above)
    known: dict[int, bool] = {}
    steps = bracket_steps(len(answers), known)
    visited: list[int] = []
    try:
        while True:
            for i in next(steps):
                visited.append(i)
                known[i] = answers[i]
    except StopIteration as stop:
        assert stop.value == expected
    assert list(dict.fromkeys(visited)) == list(dict.fromkeys(asked))


def test_balance_without_along_nor_cluster_is_the_balance_of_today(duel: Encounter) -> None:
    today = balance(duel, "enemy.members[0].count=1..8", 0.5, RULESETS, workers=1)
    same = balance_curve(duel, "enemy.members[0].count=1..8", 0.5, RULESETS, workers=1)
    assert isinstance(same, Balance)
    assert dumped(same.to_dict()) == dumped(today.to_dict())


def test_a_balance_curve_is_the_balance_at_each_value_along(duel: Encounter) -> None:
    curve = balance_curve(duel, "enemy.members[0].count=1..8", 0.5, ["classic"], along="party[0].melee=2..5", workers=1)
    assert isinstance(curve, BalanceCurve)
    doc = curve.to_dict()
    assert doc["along"] == {"path": "party[0].melee", "values": [2, 3, 4, 5]}
    entries = doc["results"][0]["curve"]
    for melee, entry in zip((2, 3, 4, 5), entries):
        alone = balance(duel.with_value("party[0].melee", melee), "enemy.members[0].count=1..8", 0.5, ["classic"], workers=1).to_dict()
        assert entry["along"] == melee
        assert entry["bracket"] == alone["results"][0]["bracket"]
        assert entry["evaluated"] == alone["results"][0]["evaluated"]
        if entry["crosses"]:
            low, high = entry["bracket"]
            assert low["value"] <= entry["crossing"] <= high["value"]
        else:
            assert entry["crossing"] is None
    crossings = [e["crossing"] for e in entries if e["crosses"]]
    assert crossings and crossings == sorted(crossings)  # a stronger hero balances against more brutes


def test_along_the_balanced_path_itself_is_bad_input(duel: Encounter) -> None:
    with pytest.raises(BadInput, match="given twice"):
        balance_curve(duel, "enemy.members[0].count=1..8", 0.5, ["classic"], along="enemy.members[0].count=1..3")


def test_heatmap_and_curve_are_drawn(duel: Encounter, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from rulebench.api.grid_plots import check_heatmap, plot_balance_curve, plot_grid

    # A budget the bigger fights exceed, so some cells are sampled (coarsely, to be quick).
    options = replace(AnalysisOptions.make(max_states=mixed_budget(duel, [COUNT, MELEE], RULESETS), workers=1), precision=0.05)
    result = grid_sweep(duel, [COUNT, MELEE], RULESETS, options)
    assert isinstance(result, GridSweep)
    assert {r.method for rs in result.points.values() for r in rs} == {"exact", "monte-carlo"}
    heat = tmp_path / "grid.png"
    plot_grid(result, heat)
    assert heat.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    curve = balance_curve(duel, "enemy.members[0].count=1..8", 0.5, RULESETS, along="party[0].melee=2..5", workers=1)
    assert isinstance(curve, BalanceCurve)
    line = tmp_path / "curve.svg"
    plot_balance_curve(curve, line)
    assert "<svg" in line.read_text(encoding="utf-8")
    with pytest.raises(BadInput, match="varies 3"):
        check_heatmap(3, tmp_path / "x.png")


# --- the command line -------------------------------------------------------------------------


def run(*args: object) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def duel_file(tmp_path: Path) -> Path:
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    return path


def test_sweep_with_two_varies_prints_the_grid(duel_file: Path, tmp_path: Path) -> None:
    csv_path = tmp_path / "grid.csv"
    done = run("sweep", duel_file, "--vary", COUNT, "--vary", MELEE, "-r", "classic", "--workers", "1",
               "--csv", csv_path, "--json")
    assert done.exit_code == 0, done.stderr
    doc = json.loads(done.stdout)
    expected = grid_sweep(duel_file, [COUNT, MELEE], ["classic"], workers=1)
    assert isinstance(expected, GridSweep)
    assert doc == json.loads(json.dumps(expected.to_dict()))
    assert csv_path.read_text(encoding="utf-8") == expected.to_csv()
    table = run("sweep", duel_file, "--vary", COUNT, "--vary", MELEE, "-r", "classic", "--workers", "1")
    assert table.exit_code == 0, table.stderr
    assert "varying enemy.members[0].count x party[0].melee" in table.stdout


def test_sweep_with_one_vary_prints_what_it_always_printed(duel_file: Path) -> None:
    done = run("sweep", duel_file, "--vary", COUNT, "-r", "classic", "--workers", "1", "--json")
    assert done.exit_code == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["vary"] == {"path": "enemy.members[0].count", "values": [1, 2, 3]}
    assert doc == json.loads(json.dumps(sweep(duel_file, COUNT, ["classic"], workers=1).to_dict()))


def test_a_heatmap_of_three_paths_is_refused_before_any_work(duel_file: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    done = run("sweep", duel_file, "--vary", COUNT, "--vary", MELEE, "--vary", "party[0].life=1..2",
               "--plot", tmp_path / "grid.png")
    assert done.exit_code == 2
    assert "this grid varies 3" in done.stderr


def test_balance_along_prints_the_curve(duel_file: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "curve.png"
    args = ("balance", duel_file, "--vary", "enemy.members[0].count=1..8", "--target", "0.5", "-r", "classic",
            "--along", "party[0].melee=3..5", "--workers", "1")
    done = run(*args, "--plot", plot, "--json")
    assert done.exit_code == 0, done.stderr
    curve = json.loads(done.stdout)["results"][0]["curve"]
    assert [entry["along"] for entry in curve] == [3, 4, 5]
    assert plot.read_bytes()[:4] == b"\x89PNG"
    table = run(*args)
    assert table.exit_code == 0, table.stderr
    assert "crosses between" in table.stdout
    assert all(f"{entry['crossing']:.2f}" in table.stdout for entry in curve if entry["crosses"])


def test_balance_plot_needs_along(duel_file: Path, tmp_path: Path) -> None:
    done = run("balance", duel_file, "--vary", "enemy.members[0].count=1..8", "--target", "0.5",
               "--plot", tmp_path / "curve.png")
    assert done.exit_code == 2
    assert "needs --along" in done.stderr


def test_the_heatmap_draws_the_outcome_chosen(duel_file: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plot = tmp_path / "grid.svg"
    done = run("sweep", duel_file, "--vary", COUNT, "--vary", MELEE, "-r", "talisman", "--workers", "1",
               "--plot", plot, "--outcome", "enemy_wins")
    assert done.exit_code == 0, done.stderr
    assert "enemy wins = 50.0%" in plot.read_text(encoding="utf-8")  # the contour's legend names it, in words
    wrong = run("sweep", duel_file, "--vary", COUNT, "--outcome", "victory")
    assert wrong.exit_code == 2
    assert "expected one of party_wins, enemy_wins, withdrawn, party_fled" in wrong.stderr
