"""The course (docs/course/): every command of every lesson runs, and the outputs shown are the real ones."""

from __future__ import annotations

import importlib.util
import re
import subprocess
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
PARTS = REGENERATE.parts()
"""Each lesson, and each section of the solutions, run apart (so the xdist workers share the solutions)."""


def part_id(page: Path, part: str) -> str:
    """``02-compare.md``, ``solutions.md-lesson-4``."""
    return "-".join([page.name, *part.removeprefix("## ").split(":")[0].lower().split()])


def test_seven_lessons_each_with_exercises_answered_in_the_solutions() -> None:
    lessons = REGENERATE.lessons()
    assert [p.name[:2] for p in lessons] == ["01", "02", "03", "04", "05", "06", "07"]
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


@pytest.mark.parametrize(("page", "part"), PARTS, ids=[part_id(*p) for p in PARTS])
def test_every_command_runs_and_shows_its_real_output(page: Path, part: str) -> None:
    _, differences = REGENERATE.process(page, write=False, only=part)
    report = "\n\n".join(f"$ {d.command}\n--- shown\n{d.shown}--- now\n{d.actual}" for d in differences)
    assert not differences, f"run `python docs/course/regenerate.py {page.name}` after checking:\n{report}"


def test_the_parts_are_the_lessons_and_each_answered_lesson_of_the_solutions() -> None:
    assert [part_id(*p) for p in PARTS] == [p.name for p in REGENERATE.lessons()] + [
        f"solutions.md-lesson-{n}" for n in (1, 2, 3, 4, 5, 7)]  # lesson 6's answers run no command


def test_each_section_of_the_solutions_runs_in_a_fresh_folder(tmp_path: Path) -> None:
    text = ("## Lesson 1: a\n\n```console\n$ python3 -c 'open(\"made\", \"w\"); print(\"made\")'\nmade\n```\n\n"
            "## Lesson 2: b\n\n```console\n$ ls made\nmade\n```\n")
    solutions = tmp_path / "solutions.md"
    solutions.write_text(text, encoding="utf-8")
    with pytest.raises(RuntimeError, match="'ls made' exited with 2"):
        REGENERATE.process(solutions, write=False)
    assert REGENERATE.process(solutions, write=False, only="## Lesson 1: a") == (text, [])  # lesson 2 is not run
    lesson = tmp_path / "01-lesson.md"  # a lesson's commands build on each other: one folder
    lesson.write_text(text, encoding="utf-8")
    assert REGENERATE.process(lesson, write=False) == (text, [])


PROBE = """\
import builtins, locale, os, signal, stat, sys, warnings
main = sys.modules["__main__"]
print("argv", sys.argv, "path", sys.path, "cwd", os.getcwd(), "environment", sorted(os.environ.items()))
print("hash", hash("rulebench"), sys.flags, sys.executable, sys.dont_write_bytecode, locale.getlocale(), warnings.filters)
print("main", sorted(vars(main)), main.__spec__, main.__package__, type(main.__loader__), getattr(main, "__file__", None))
print("streams", [(s.encoding, s.errors, s.line_buffering, s.write_through) for s in (sys.stdout, sys.stderr)],
      [(os.isatty(fd), stat.S_IFMT(os.fstat(fd).st_mode)) for fd in (0, 1, 2)], os.fstat(1).st_ino == os.fstat(2).st_ino)
print("signals", [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGPIPE, signal.SIGTERM)])
print("to stderr", file=sys.stderr)
print("after it")
"""
"""What a fresh interpreter sets up, printed: a script, ``-c`` code or a plugin module prints it."""


def test_a_forked_command_sees_what_a_started_one_does() -> None:
    with REGENERATE.workspace() as space:
        (space.folder / "probe.py").write_text(PROBE, encoding="utf-8")
        plugin = space.folder / "probe-plugin"  # a rulebench command shows it when it loads the plugins
        (plugin / "probe_plugin").mkdir(parents=True)
        (plugin / "probe_plugin" / "__init__.py").write_text(PROBE, encoding="utf-8")
        (plugin / "pyproject.toml").write_text(
            '[project]\nname = "probe-plugin"\nversion = "1"\n[project.entry-points.rulebench]\nprobe = "probe_plugin"\n', encoding="utf-8")
        for _ in range(2):  # twice on PYTHONPATH: the interpreter keeps the first (as with xdist's nested test sites)
            REGENERATE.run("python3 -m pip install ./probe-plugin", space)
        for command in ["python3 probe.py one 'two words'", f"python3 -c '{PROBE}' one", "rulebench plugins"]:
            assert REGENERATE.fork_server().job(command, space) is not None, command
            forked, started = (REGENERATE.run(command, space, fork=fork) for fork in (True, False))
            assert not command.startswith("rulebench") or "probe-plugin" in forked.split("after it")[1]  # the plugin was found
            assert re.sub(r"0x[0-9a-f]+", "0x", forked) == re.sub(r"0x[0-9a-f]+", "0x", started), command
        failing = "python3 -c 'import sys; print(\"so far\"); sys.exit(3)'"
        errors = []
        for fork in (True, False):
            with pytest.raises(RuntimeError, match="exited with 3") as error:
                REGENERATE.run(failing, space, fork=fork)
            errors.append(str(error.value))
        assert errors[0] == errors[1]


def test_shell_syntax_is_left_to_bash() -> None:
    with REGENERATE.workspace() as space:
        for command in ["echo one | tr o 0", "echo $((1 + 1))", "X=1 rulebench --version", "rulebench --version > out"]:
            assert REGENERATE.fork_server().job(command, space) is None, command
        assert REGENERATE.run("echo one | tr o 0", space) == "0ne\n"


def test_a_forked_command_that_runs_too_long_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    with REGENERATE.workspace() as space:
        # The command sleeps 60 s, so however slow the machine it cannot end within the half second:
        # only the kill ends it. The short limit is the killed command's alone; the next command has
        # the usual one, so a loaded machine cannot make it time out too.
        with monkeypatch.context() as short, pytest.raises(subprocess.TimeoutExpired):
            short.setattr(REGENERATE, "TIMEOUT", 0.5)
            # printing all the while: the time limit is the command's, not the wait for its next line
            REGENERATE.run("python3 -c 'import time; [print(i) or time.sleep(0.1) for i in range(600)]'", space)
        assert REGENERATE.run("python3 -c 'print(1)'", space) == "1\n"  # the server goes on


def test_preloading_returns_what_the_imports_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "noisy_course_module.py").write_text("import sys\nprint('imported', file=sys.stderr)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(REGENERATE, "PRELOAD", ("noisy_course_module",))
    assert REGENERATE.preload() == "imported\n"  # a server whose preloading prints is not used
    (tmp_path / "broken_course_module.py").write_text("import no_such_course_module\n", encoding="utf-8")
    monkeypatch.setattr(REGENERATE, "PRELOAD", ("broken_course_module",))
    assert "ModuleNotFoundError: No module named 'no_such_course_module'" in REGENERATE.preload()
    monkeypatch.setattr(REGENERATE, "PRELOAD", ("json", "no_such_course_module"))  # a library version without it
    assert REGENERATE.preload() == ""


def test_the_comparison_ignores_timings_and_table_rules_but_not_numbers() -> None:
    normalise = REGENERATE.normalise
    assert normalise("pass fights (3.4 s): 40\n━━━━ a   b") == normalise("pass fights (12.0 s): 40\n──── a b")
    assert normalise("party_wins 78.9%") != normalise("party_wins 79.0%")


def test_the_harness_refuses_a_failing_command(tmp_path: Path) -> None:
    lesson = tmp_path / "01-broken.md"
    lesson.write_text("```console\n$ rulebench compare no-such-file.toml\n```\n", encoding="utf-8")
    with pytest.raises(RuntimeError, match="exited with 2"):
        REGENERATE.process(lesson, write=False)
