"""Golden narrations of the decisions that end or change a fight (issue #28, item 2): each told in
full and ``--brief``, in English and German, with who took it and why, compared with
tests/golden/decisions/*.txt.

One fight per kind of answer: the default tactics with their rule and the counts they went by (dsa's
flight after two falls, whose sub-fights are rebuilt so that the Troll pursues the Scout; endurance's
flight with a non-fighter stepping up by the rules; ambermarch's retreat), the encounter's script with
the table that answered (classic's flight and potion), a tactics plugin by name (talisman's evading
with ``cautious``). Rewrite the files with ``RULEBENCH_UPDATE_GOLDEN=1 python3 -m pytest
tests/test_decision_goldens.py`` and read the difference before committing it.
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from rulebench.api.narrated_fight import fight
from rulebench.cli.narrate import narrate
from rulebench.core.i18n import set_language

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "decisions"

CASES: dict[str, tuple[Path, str, dict[str, Any]]] = {
    "dsa-flight": (GOLDEN / "troll-bridge.toml", "dsa", {"seed": 5}),
    "endurance-flight": (ROOT / "examples" / "ambermarch-ogre.toml", "endurance", {"seed": 0}),
    "ambermarch-retreat": (ROOT / "examples" / "imp-summoning.toml", "ambermarch", {"seed": 3}),
    "classic-flight": (GOLDEN / "classic-flight.toml", "classic", {"seed": 3}),
    "talisman-cautious": (ROOT / "examples" / "ambermarch-ogre.toml", "talisman", {"seed": 3, "tactics": "cautious"}),
}


def told(name: str) -> str:
    """The case's fight in full and brief, English then German, under headings."""
    path, ruleset, options = CASES[name]
    parts = []
    try:
        for language in ("en", "de"):
            set_language(language)
            record = fight(path, ruleset, **options)
            for brief in (False, True):
                console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
                narrate(record, console, brief=brief)
                parts.append(f"== {'brief' if brief else 'full'}, {language}\n{console.file.getvalue()}")  # type: ignore[attr-defined]
    finally:
        set_language(None)
    return "\n".join(parts)


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_decision_is_told_with_who_took_it(name: str) -> None:
    text = told(name)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("RULEBENCH_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
