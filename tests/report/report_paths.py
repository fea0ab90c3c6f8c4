"""Paths the report tests share (a module of its own: every test folder has a ``conftest``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
SMALL_DAY = ROOT / "tests" / "chains" / "small-day.toml"
RULESETS = ("ambermarch", "classic", "talisman", "dsa", "endurance")
