"""CI runs the README's set-up word for word: ``.ci/run`` makes the README's virtual environment and
runs the README's commands in it, in the README's order, and runs the tests no other way. A command
changed in one and not the other fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
RUN = ROOT / ".ci" / "run"
STOP = "[ $? -eq 0 ] || exit"
"""What .ci/run puts after each README line: ``set -e`` does not stop at a failure before a line's last ``&&``."""


def readme_commands(readme: str) -> list[str]:
    """The command lines of the ``sh`` blocks of the README's "Set up" section, comments dropped."""
    section = readme.split("\n## Set up\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```$", section, re.MULTILINE | re.DOTALL)
    lines = (re.sub(r"\s+#.*$", "", line).strip() for block in blocks for line in block.splitlines())
    return [line for line in lines if line]


def script_lines(script: str) -> list[str]:
    """The lines of a shell script, stripped, without comments and blank lines."""
    return [line.strip() for line in script.splitlines() if line.strip() and not line.strip().startswith("#")]


def differences(readme: str, script: str) -> list[str]:
    """Where the script does not run the README's set-up as the README writes it; empty if it does."""
    commands = readme_commands(readme)
    lines = script_lines(script)
    found = []
    ran = [line for line, after in zip(lines, lines[1:]) if after == STOP]
    if ran != commands:
        found.append(f"the README's commands {commands} but .ci/run runs {ran}")
    if "set -euo pipefail" not in lines:
        found.append(".ci/run does not stop at a failure (set -euo pipefail)")
    venv = [i for i, line in enumerate(lines) if line.startswith("python3 -m venv ") and " . .venv/bin/activate" in line]
    if not venv:
        found.append(".ci/run makes no virtual environment of its own (python3 -m venv) and activates none")
    for i, line in enumerate(lines):
        if "pip install" in line and (not venv or i < venv[0]):
            found.append(f"installs before the virtual environment is active: {line}")
        if "pytest" in line and line not in commands:
            found.append(f"runs the tests other than the README says: {line}")
    return found


def test_ci_runs_the_readme_set_up_word_for_word() -> None:
    assert differences(README.read_text(encoding="utf-8"), RUN.read_text(encoding="utf-8")) == []


def test_the_readme_sets_up_a_venv_then_installs_and_compares_then_installs_and_tests() -> None:
    venv, compare, tests = readme_commands(README.read_text(encoding="utf-8"))
    assert venv == "python3 -m venv .venv && . .venv/bin/activate"
    assert compare.startswith("python3 -m pip install -e '.[plot]' && rulebench compare ")
    assert tests == "python3 -m pip install -e '.[test]' && python3 -m pytest"


def test_a_command_changed_on_one_side_only_is_found() -> None:
    readme, script = README.read_text(encoding="utf-8"), RUN.read_text(encoding="utf-8")
    assert differences(readme.replace("python3 -m pytest", "python3 -m pytest -x"), script)  # the README moved on
    assert differences(readme, script.replace("python3 -m pytest\n", "python3 -m pytest -n 4\n"))
    assert differences(readme, script + "python3 -m pytest tests/cli\n")  # a second, other test run
    assert differences(readme, script.replace("python3 -m venv .venv && . .venv/bin/activate\n" + STOP + "\n", ""))
    assert differences(readme, "python3 -m pip install -q -e '.[test,lint]'\n" + script)  # into the machine's own Python
