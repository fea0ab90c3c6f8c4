"""`rulebench check NAME`: the built-in rulesets and the example plugin are certified; a broken one exits 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulebench.cli.app import app

BUILT_IN = ("ambermarch", "classic", "talisman", "dsa", "endurance", "skirmish")

BROKEN = '''
from rulebench_skirmish import (rulebench_setup, rulebench_initiative, rulebench_turn, rulebench_attack,
    rulebench_wounds, rulebench_round_end, rulebench_end_state)
from rulebench import Damage, RulesetInfo, hookimpl

STREAK = {"hits": 0}  # state kept outside the fight, on purpose

@hookimpl
def rulebench_ruleset():
    return RulesetInfo(name="streaky", title="Streaky", source="tests", summary="skirmish with a streak", stats=("skill", "armour", "hp"))

@hookimpl
def rulebench_damage(fight, attack):
    STREAK["hits"] += 1
    return Damage(1 + STREAK["hits"] % 2)
'''


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_rulesets_are_certified(name: str) -> None:
    result = CliRunner().invoke(app, ["check", name, "--seconds", "0.5", "--fights", "6", "--json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 0, [c for c in report["checks"] if not c["passed"]]
    assert report["passed"] and [c["check"] for c in report["checks"]] == [
        "descriptor", "no-random", "fights", "no-outside-state", "sampled-as-compare", "exact-vs-sampled", "carry-rest", "catalogs",
    ]


def test_a_ruleset_with_state_outside_the_fight_fails_with_a_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "rulebench_streaky-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebench-streaky\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[rulebench]\nstreaky = rulebench_streaky\n")
    (tmp_path / "rulebench_streaky.py").write_text(BROKEN)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(app, ["check", "streaky", "--seconds", "0.5", "--fights", "6"])
    assert result.exit_code == 1
    assert "FAIL no-outside-state" in result.stdout and "rulebench_streaky.STREAK" in result.stdout
    assert "checks failed" in result.stdout


def test_an_unknown_ruleset_is_bad_input() -> None:
    result = CliRunner().invoke(app, ["check", "clasic"])
    assert result.exit_code == 2 and "did you mean 'classic'?" in result.stderr
