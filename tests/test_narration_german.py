"""Golden German narrations: one whole fight per built-in ruleset, told with ``--lang de``, compared
with tests/golden/narration/de/*.txt (the same fights as the English brief goldens).

A German reader should follow each fight without its English telling: the ruleset's own terms
(Haltung, Kampfstärke, Kampfkraft, Attacke, Ausdauer…), every line in German. Rewrite the files with
``RULEBENCH_UPDATE_GOLDEN=1 python3 -m pytest tests/test_narration_german.py`` and read the
difference before committing it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator

import pytest
from rich.console import Console
from test_narration_golden import FIGHTS, GOLDEN, ROOT

from rulebench.api.narrated_fight import fight
from rulebench.cli.narrate import narrate
from rulebench.core.i18n import set_language


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


@pytest.mark.parametrize("ruleset", sorted(FIGHTS))
def test_german_narration(ruleset: str, german: None) -> None:
    example, dice = FIGHTS[ruleset]
    record = fight(ROOT / "examples" / example, ruleset, **dice)  # type: ignore[arg-type]
    console = Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)
    narrate(record, console)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    path = GOLDEN / "de" / f"{ruleset}.txt"
    if os.environ.get("RULEBENCH_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
