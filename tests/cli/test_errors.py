"""The error boundary: each error's exit code, a short message, the traceback only with --debug, and with
--json exactly one error document on stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import DUEL, run

from rulebench.cli.boundary import ExitCode
from rulebench.core.errors import BadInput, RulebenchError


@pytest.fixture
def broken_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(fight):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("rulebench.api.narrated_fight.play", explode)


def test_internal_error_is_short(duel: Path, broken_kernel: None) -> None:
    result = run("fight", duel, "-r", "skirmish", "--seed", "1")
    assert result.exit_code == ExitCode.INTERNAL == 1
    assert "internal error: ZeroDivisionError: a bug" in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_debug_shows_the_traceback(duel: Path, broken_kernel: None) -> None:
    result = run("--debug", "fight", duel, "-r", "skirmish", "--seed", "1")
    assert result.exit_code == 1 and "Traceback" in result.stderr


def test_json_errors_are_one_document_on_stdout(duel: Path) -> None:
    result = run("fight", duel, "-r", "nosuch", "--json")
    assert result.exit_code == ExitCode.BAD_INPUT
    error = json.loads(result.stdout)["error"]
    assert error == {
        "kind": "bad_input",
        "message": error["message"],
        "file": None,
        "field": None,
        "exit_code": 2,
    }
    assert "unknown ruleset 'nosuch'" in error["message"] and "unknown ruleset 'nosuch'" in result.stderr


def test_json_internal_error(duel: Path, broken_kernel: None) -> None:
    result = run("fight", duel, "-r", "skirmish", "--seed", "1", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["error"] == {
        "kind": "internal",
        "message": "internal error: ZeroDivisionError: a bug",
        "file": None,
        "field": None,
        "exit_code": 1,
    }


def test_json_encounter_error_names_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(DUEL.replace("melee = 4", "melee = 9"), encoding="utf-8")
    result = run("compare", path, "-r", "skirmish", "-n", "10", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert (error["kind"], error["file"], error["field"], error["exit_code"]) == ("encounter", str(path), "party[0].melee", 2)
    assert error["message"] == f"{path}: party[0] (Hero).melee: expected a whole number from 0 to 8, got 9"


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "--json"],  # a missing argument
        ["compare", "x.toml", "--json", "--bogus"],  # an unknown option of a command
        ["--bogus", "rulesets", "--json"],  # an unknown option of rulebench itself
        ["nosuch", "--json"],  # an unknown command
        ["compare", "x.toml", "-n", "lots", "--json"],  # a value of the wrong type
    ],
)
def test_json_usage_errors(args: list[str]) -> None:
    result = run(*args)
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["kind"] == "usage" and error["exit_code"] == 2 and error["message"]
    assert "Usage:" in result.stderr  # click's own message stays on stderr


class Overheated(RulebenchError):
    """A failure with its own exit code, like a plugin's (exit 3)."""

    exit_code = 3
    kind = "plugin"


def test_exit_code_and_kind_come_from_the_error(duel: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def overheat(fight):  # type: ignore[no-untyped-def]
        raise Overheated("plugin 'stove' failed in rulebench_attack")

    monkeypatch.setattr("rulebench.api.narrated_fight.play", overheat)
    result = run("fight", duel, "-r", "skirmish", "--seed", "1", "--json")
    assert result.exit_code == 3
    assert json.loads(result.stdout)["error"]["kind"] == "plugin"
    assert "plugin error: plugin 'stove' failed" in result.stderr and "Traceback" not in result.stderr


def test_a_refused_script_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Raised during a fight, where no file is known: the boundary names the encounter's file.
    path = tmp_path / "script.toml"
    path.write_text(DUEL, encoding="utf-8")

    def refuse(fight):  # type: ignore[no-untyped-def]
        raise BadInput("tactics: round 2 answers the 'stance' decision with 'dance'")

    monkeypatch.setattr("rulebench.api.narrated_fight.play", refuse)
    result = run("fight", path, "-r", "skirmish", "--seed", "1", "--json")
    assert result.exit_code == 2
    assert f"error: {path}: tactics: round 2" in result.stderr.replace("\n", "")
    assert json.loads(result.stdout)["error"]["file"] == str(path)
