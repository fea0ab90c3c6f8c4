"""The course (docs/course/): every command of every lesson runs, and the outputs shown are the real ones."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

COURSE = Path(__file__).resolve().parents[2] / "docs" / "course"


def harness() -> ModuleType:
    """docs/course/regenerate.py, the script that writes the outputs, imported as a module."""
    spec = importlib.util.spec_from_file_location("course_regenerate", COURSE / "regenerate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


REGENERATE = harness()
PAGES = REGENERATE.pages()


def test_six_lessons_each_with_exercises_answered_in_the_solutions() -> None:
    lessons = REGENERATE.lessons()
    assert [p.name[:2] for p in lessons] == ["01", "02", "03", "04", "05", "06"]
    solutions = (COURSE / "solutions.md").read_text(encoding="utf-8")
    index = (COURSE / "README.md").read_text(encoding="utf-8")
    for number, lesson in enumerate(lessons, start=1):
        text = lesson.read_text(encoding="utf-8")
        minutes = int(re.search(r"\((\d+) minutes\)", text.splitlines()[0])[1])  # type: ignore[index]
        assert 20 <= minutes <= 40
        exercises = text.split("## Exercises", 1)[1]
        count = len(re.findall(r"^\d+\. ", exercises, re.MULTILINE))
        assert count >= 3, lesson.name
        answers = solutions.split(f"## Lesson {number}:", 1)[1].split("\n## Lesson ", 1)[0]
        assert len(re.findall(r"^\d+\. ", answers, re.MULTILINE)) == count, f"solutions of {lesson.name}"
        assert f"]({lesson.name})" in index
        assert "$ " in text, f"{lesson.name} runs no command"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_fences_stand_on_their_own_lines(page: Path) -> None:
    """A fence after a list marker (``2. ```console``) is not a block the harness can find, and it
    would take the next closing fence for an opening one: lead into a block with a sentence."""
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        assert not re.match(r"\s*(\d+\.|[-*])\s+```", line), f"{page.name}:{number}: {line}"


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_command_runs_and_shows_its_real_output(page: Path) -> None:
    _, differences = REGENERATE.process(page, write=False)
    report = "\n\n".join(f"$ {d.command}\n--- shown\n{d.shown}--- now\n{d.actual}" for d in differences)
    assert not differences, f"run `python docs/course/regenerate.py {page.name}` after checking:\n{report}"


def test_the_comparison_ignores_timings_and_table_rules_but_not_numbers() -> None:
    normalise = REGENERATE.normalise
    assert normalise("pass fights (3.4 s): 40\n━━━━ a   b") == normalise("pass fights (12.0 s): 40\n──── a b")
    assert normalise("party_wins 78.9%") != normalise("party_wins 79.0%")


def test_the_harness_refuses_a_failing_command(tmp_path: Path) -> None:
    lesson = tmp_path / "01-broken.md"
    lesson.write_text("```console\n$ rulebench compare no-such-file.toml\n```\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="exited with 2"):
        REGENERATE.process(lesson, write=False)
