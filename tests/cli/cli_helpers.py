"""Helpers for the CLI tests: run the app in-process and read its one JSON document."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from rulebench.cli.app import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

DUEL = """\
name = "Duel"
party = [{name = "Hero", melee = 4, armour = 1, life = 2}]
[enemy]
members = [{name = "Brute", count = 2, melee = 2, armour = 1, life = 1}]
"""


def run(*args: str) -> Result:
    """Invoke ``rulebench ARGS`` in-process; stdout and stderr are kept apart."""
    return CliRunner().invoke(app, [str(a) for a in args])


def run_json(*args: str) -> Any:
    """Invoke with --json, insist on exit 0 and return the one JSON document on stdout."""
    result = run(*args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)
