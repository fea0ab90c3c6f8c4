"""Fixtures for the CLI tests: a small encounter and the reference one."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import DUEL, EXAMPLES


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    """A one-against-two encounter, quick under every ruleset."""
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    return path


@pytest.fixture
def guards() -> Path:
    """docs/encounters.md's reference encounter."""
    return EXAMPLES / "skeleton-guards.toml"
