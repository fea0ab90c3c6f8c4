"""Golden narrations: the brief form of one fight per built-in ruleset, with why it ended and every
change of end state, compared with tests/golden/narration/*.txt.

The fights are seeded, so a change to a ruleset's dice or wording changes them on purpose; rewrite
the files with ``RULEBENCH_UPDATE_GOLDEN=1 python3 -m pytest tests/test_narration_golden.py`` and
read the difference before committing it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.console import Console

from rulebench.api.narrated_fight import fight
from rulebench.cli.narrate import narrate

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "narration"

FIGHTS = {
    "ambermarch": ("am-1.toml", {"dice": "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"}),
    "classic": ("classic-robbers.toml", {"seed": 1}),
    "talisman": ("talisman-rivals.toml", {"seed": 5}),
    "dsa": ("dsa-orc-duel.toml", {"seed": 7}),
    "endurance": ("ambermarch-ogre.toml", {"seed": 0}),
}


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_brief_narration(ruleset: str) -> None:
    example, dice = FIGHTS[ruleset]
    record = fight(ROOT / "examples" / example, ruleset, **dice)  # type: ignore[arg-type]
    console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    narrate(record, console, brief=True)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    path = GOLDEN / f"{ruleset}.txt"
    if os.environ.get("RULEBENCH_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
