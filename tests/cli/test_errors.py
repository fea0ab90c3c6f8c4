"""The error boundary: internal errors exit 1 with a short message; --debug adds the traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run

from rulebench.cli.boundary import ExitCode


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


def test_json_errors_leave_stdout_empty(duel: Path) -> None:
    result = run("fight", duel, "-r", "nosuch", "--json")
    assert result.exit_code == ExitCode.BAD_INPUT and result.stdout == ""
