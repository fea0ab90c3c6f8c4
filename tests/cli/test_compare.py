"""compare: JSON contract, reproducibility, precision, exact and its fallback, plots.

Runs pass ``--workers 1`` unless the worker count is what they test: the results do not depend
on it (test_the_same_json_for_any_worker_count), and a pool started inside a test only adds its
start to a run that already fills the CPUs.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import EXAMPLES, run, run_json


def check_result(entry: dict) -> None:  # type: ignore[type-arg]
    assert set(entry["outcomes"]) == {"party_wins", "enemy_wins", "withdrawn", "party_fled"}
    assert abs(sum(entry["outcomes"].values()) - 1) < 1e-9
    assert {"mean", "distribution"} <= set(entry["rounds"])
    for member in entry["party"] + entry["enemy"]:
        assert {"name", "unhurt", "hurt", "out", "dead"} <= set(member)


def test_compare_json_sampled_and_reproducible(duel: Path) -> None:
    args = ("compare", duel, "-r", "skirmish", "-n", "2000", "--seed", "1", "--workers", "1")
    document = run_json(*args)
    assert document["encounter"] == "Duel"
    [entry] = document["results"]
    check_result(entry)
    assert (entry["method"], entry["fights"], entry["seed"]) == ("monte-carlo", 2000, 1)
    assert all(lo <= entry["outcomes"][k] <= hi for k, (lo, hi) in entry["ci95"].items())
    provenance = document["provenance"]
    assert provenance["rulebench"] and len(provenance["encounter"]["hash"]) == 16
    assert provenance["rulesets"]["skirmish"] == {"package": "rulebench-skirmish", "version": "0.1.0"}
    assert entry["provenance"]["method"] == "monte-carlo" and entry["provenance"]["fights"] == 2000
    assert run_json(*args) == document


def test_compare_default_seed_is_1_when_sampling(duel: Path) -> None:
    [entry] = run_json("compare", duel, "-r", "skirmish", "-n", "500", "--workers", "1")["results"]
    assert entry["seed"] == 1


def test_compare_table(duel: Path) -> None:
    result = run("compare", duel, "-r", "skirmish", "-n", "500", "--workers", "1")
    assert result.exit_code == 0
    assert "party_wins" in result.stdout and "Hero" in result.stdout and "mean rounds" in result.stdout


def test_precision_stops_within_the_half_width(duel: Path) -> None:
    [entry] = run_json("compare", duel, "-r", "skirmish", "--precision", "0.01", "--workers", "1")["results"]
    assert all((hi - lo) / 2 <= 0.01 for lo, hi in entry["ci95"].values())
    assert entry["provenance"]["precision"] == 0.01 and entry["provenance"]["half_width"] <= 0.01
    # The fight count it needed is in the JSON, and -n that count reproduces the run exactly.
    again = run_json("compare", duel, "-r", "skirmish", "-n", str(entry["fights"]), "--workers", "1")["results"][0]
    assert again["outcomes"] == entry["outcomes"]


@pytest.mark.parametrize("limit", ["budget", "rolls"])
def test_exact_over_budget(duel: Path, monkeypatch: pytest.MonkeyPatch, limit: str) -> None:
    from rulebench.analysis import exact
    from rulebench.core.errors import RulebenchError

    def too_big(config, **_):  # type: ignore[no-untyped-def]
        if limit == "budget":
            raise exact.StateBudgetExceeded("needs more than 10 fight states")
        raise RulebenchError("needs more than 10 fight states: a round asked for too many rolls")

    monkeypatch.setattr(exact, "solve", too_big)
    result = run("compare", duel, "-r", "skirmish", "--exact")
    assert result.exit_code == 2 and "needs more than 10 fight states" in result.stderr
    auto = run("compare", duel, "-r", "skirmish", "--workers", "1", "--json")
    why = ("would exceed 1,000,000 fight states (--max-states)" if limit == "budget" else
           "cannot follow the fight (needs more than 10 fight states: a round asked for too many rolls)")
    assert auto.exit_code == 0 and auto.stderr == f"note: sampled where exact analysis {why}: skirmish\n"
    assert json.loads(auto.stdout)["results"][0]["method"] == "monte-carlo"


def test_max_states_sets_the_budget(duel: Path) -> None:
    [entry] = run_json("compare", duel, "-r", "classic", "--exact", "--max-states", "10000000")["results"]
    assert entry["method"] == "exact"
    tight = run("compare", duel, "-r", "classic", "--exact", "--max-states", "5")
    assert tight.exit_code == 2
    assert "needs more fight states than the budget of 5 (--max-states)" in tight.stderr
    assert "Traceback" not in tight.stderr
    auto = run("compare", duel, "-r", "classic", "--max-states", "5", "--workers", "1", "--json")
    assert auto.exit_code == 0 and "sampled where exact analysis would likely exceed 5 fight states (--max-states): classic" in auto.stderr
    assert json.loads(auto.stdout)["results"][0]["method"] == "monte-carlo"


@pytest.mark.parametrize("command", ["compare", "sweep"])
def test_max_states_must_be_positive(duel: Path, command: str) -> None:
    vary = ("--vary", "enemy.members[0].count=1..2") if command == "sweep" else ()
    result = run(command, duel, "-r", "classic", *vary, "--max-states", "0")
    assert result.exit_code == 2 and "--max-states 0: expected at least 1" in result.stderr


def test_sweep_exact_honours_max_states(duel: Path) -> None:
    result = run("sweep", duel, "-r", "classic", "--vary", "enemy.members[0].count=1..2", "--exact", "--max-states", "5", "--workers", "1")
    assert result.exit_code == 2 and "the budget of 5" in result.stderr


def test_exact_with_fractions(duel: Path) -> None:
    [entry] = run_json("compare", duel, "-r", "classic", "--exact", "--fractions")["results"]
    assert entry["method"] == "exact" and entry["fights"] is None and entry["ci95"] is None
    from fractions import Fraction

    assert sum(Fraction(p) for p in entry["outcomes"].values()) == 1


def test_compare_plot_png(duel: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "compare.png"
    result = run("compare", duel, "-r", "skirmish", "-n", "500", "--workers", "1", "--plot", path)
    assert result.exit_code == 0, result.stderr
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10_000


def test_plot_without_matplotlib(duel: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    result = run("compare", duel, "-r", "skirmish", "-n", "10", "--plot", tmp_path / "x.png")
    assert result.exit_code == 2 and "pip install 'rulebench[plot]'" in result.stderr


def test_sampling_says_which_rule_stopped_it(duel: Path) -> None:
    [fixed] = run_json("compare", duel, "-r", "skirmish", "-n", "700", "--workers", "1")["results"]
    [precise] = run_json("compare", duel, "-r", "skirmish", "--max-states", "5", "--workers", "1")["results"]
    assert fixed["stopped_by"] == "fights" and fixed["fights"] == 700
    assert precise["stopped_by"] == "precision" and precise["provenance"]["precision"] == 0.01
    assert all((hi - lo) / 2 <= 0.01 for lo, hi in precise["ci95"].values())


def test_the_same_json_for_any_worker_count(duel: Path) -> None:
    outputs = {run("compare", duel, "-r", "skirmish", "-r", "classic", "--precision", "0.005", "--workers", w, "--json").stdout
               for w in ("1", "2", "4")}
    assert len(outputs) == 1 and json.loads(outputs.pop())["results"][0]["method"] == "monte-carlo"


def test_exact_json_carries_the_rounding_bound(duel: Path) -> None:
    [floating] = run_json("compare", duel, "-r", "classic", "--exact")["results"]
    [fractions] = run_json("compare", duel, "-r", "classic", "--exact", "--fractions")["results"]
    assert 0 < floating["rounding_bound"] < 1e-12 and "rounding_bound" not in fractions


def test_several_tactics_side_by_side() -> None:
    """``--tactics A --tactics B``: every ruleset under each, rows labelled, the JSON naming each
    result's tactics; ``default`` is the ruleset's own."""
    document = run_json("compare", str(EXAMPLES / "skeleton-guards.toml"), "-r", "classic", "-r", "dsa",
                        "--tactics", "cautious", "--tactics", "default", "-n", "300", "--workers", "1")
    assert [(r["ruleset"], r["tactics"]) for r in document["results"]] == [
        ("classic", "cautious"), ("classic", "default"), ("dsa", "cautious"), ("dsa", "default")]
    assert document["tactics"] == ["cautious", "default"]
    table = run("compare", str(EXAMPLES / "skeleton-guards.toml"), "-r", "classic", "--tactics", "reckless",
                "--tactics", "cautious", "-n", "300", "--workers", "1")
    assert table.exit_code == 0, table.output
    assert "classic · reckless" in table.stdout and "classic · cautious" in table.stdout


def test_several_tactics_where_one_is_analysed_is_refused_with_the_way_that_does() -> None:
    result = run("sweep", str(EXAMPLES / "skeleton-guards.toml"), "--vary", "enemy.members[0].count=1..2",
                 "--tactics", "cautious", "--tactics", "reckless")
    assert result.exit_code == 2
    assert "--tactics A --tactics B" in result.output and "compare" in result.output


def test_the_mixed_table_fits_80_columns(tmp_path: Path) -> None:
    """A real terminal of 80 columns (COLUMNS=80, a process of its own): exact and sampled rows, rounds
    and exchanges, every line within 80 characters and no number cut short."""
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    env.pop("RULEBENCH_SCHEDULER", None)
    done = subprocess.run([sys.executable, "-m", "rulebench", "compare", str(EXAMPLES / "skeleton-guards.toml"),
                           "-r", "classic", "-r", "dsa", "--max-states", "20000", "--workers", "1"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    table = done.stdout
    assert "mean rounds" not in table  # the headings wrap at their spaces: "mean" over "rounds"
    assert "exchanges" in table and "…" not in table
    assert max(len(line) for line in table.splitlines()) <= 80
    assert "90.7–92.8%" in table  # dsa's party_wins interval, whole
