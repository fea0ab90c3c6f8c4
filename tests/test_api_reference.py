"""The API reference, docs/api/: what the docstrings give (``tools/api_reference.py --check``), the same
in every run, complete (every exported name, every member a plugin uses of a fight, every hook's
changes, every event kind the narration reads), and its links lead somewhere."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

import rulebench
from rulebench.cli import hook_reference
from rulebench.cli.narrate import STYLES
from rulebench.core.fight import PLUGIN_FACING

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "api_reference.py"
API = ROOT / "docs" / "api"
LINK = re.compile(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)")


@cache
def tool() -> ModuleType:
    """tools/api_reference.py as a module (a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("rulebench_api_reference_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses resolve their annotations through it
    spec.loader.exec_module(module)
    return module


@cache
def pages() -> dict[str, str]:
    """Every page as the docstrings give it now."""
    return dict(tool().reference())


def test_the_checked_in_reference_is_what_the_docstrings_give(capsys: pytest.CaptureFixture[str]) -> None:
    code = tool().main(["--check"])
    assert code == 0, capsys.readouterr().err + "\nregenerate: python tools/api_reference.py"


def test_check_names_a_stale_a_missing_and_a_leftover_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "api"
    shutil.copytree(API, out)
    fight = out / "fight.md"
    fight.write_text(fight.read_text(encoding="utf-8").replace("The side a combatant fights on.", "The side."), encoding="utf-8")
    (out / "dice.md").unlink()
    (out / "old.md").write_text("# a page no longer generated\n", encoding="utf-8")
    assert tool().main(["--check", "--out", str(out)]) == 1
    told = capsys.readouterr().err
    assert all(f"{out / name} is not what the docstrings give" in told for name in ("fight.md", "dice.md", "old.md")), told
    assert "values.md" not in told


def test_two_runs_give_the_same_pages_whatever_the_hash_seed_and_language(tmp_path: Path) -> None:
    """No set order, memory address, date or path in the pages, nor anything that depends on what was
    imported before: a fresh process writes, byte for byte, what this one (which already generated
    them for the other tests) does."""
    env = {**os.environ, "PYTHONHASHSEED": "12345", "LANGUAGE": "de"}
    subprocess.run([sys.executable, str(TOOL), "--out", str(tmp_path)], env=env, check=True, capture_output=True, cwd=tmp_path)
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.md")}
    tool().reference()  # a generation in this process before the one compared, whatever ran before
    assert written == tool().reference()
    assert not any(re.search(r"0x[0-9a-f]{6,}|/work/|/home/|site-packages", text) for text in written.values())


def test_every_exported_name_is_on_a_page_and_in_the_index() -> None:
    index = pages()["README.md"]
    for name in rulebench.__all__:
        if name != "__version__":
            assert f"[`{name}`](" in index, name


def test_every_member_a_plugin_uses_of_a_fight_is_documented() -> None:
    fight = pages()["fight.md"]
    for member in PLUGIN_FACING:
        row = re.search(rf"^\| `{member}` \|.*\| (.+) \|$", fight, re.MULTILINE)
        section = re.search(rf"^### Fight\.{member}\n\n```python\n.*\n```\n\n(.+)", fight, re.MULTILINE)
        assert row or section, f"Fight.{member} is not in docs/api/fight.md"
        assert (row.group(1) if row else section.group(1)).strip(), f"Fight.{member} has no description: give it a docstring"  # type: ignore[union-attr]


def test_every_hook_says_what_it_may_change_and_must_not() -> None:
    hooks = [name for name, _, _ in hook_reference.hooks()]
    assert list(hook_reference.CHANGES) == hooks
    fight = pages()["fight.md"]
    for hook in hooks:
        may, must_not = hook_reference.CHANGES[hook]
        assert may and must_not, hook
        assert f"| [`{hook}`](../hooks.md#{hook}) |" in fight, hook


def test_every_event_kind_the_narration_reads_is_documented() -> None:
    """The kinds the console narration styles, and those whose facts the narration and the JSON read."""
    emit = pages()["fight.md"].split("### Fight.emit", 1)[1].split("\n### ", 1)[0]
    for kind in [*STYLES, "totals", "outcome", "explain", "roll", "told"]:
        assert f"`{kind}`" in emit, f"the event kind {kind!r} is not in Fight.emit's docstring"
    for fact in ("party_total", "enemy_total", "reason", "topic", "label", "faces"):
        assert f"`{fact}`" in emit, fact


def _anchors(text: str) -> set[str]:
    return {tool().slug(line.lstrip("#").strip()) for line in text.splitlines() if line.startswith("#")}


@pytest.mark.parametrize("page", [*sorted(p.name for p in API.glob("*.md")), "../writing-a-ruleset.md", "../hooks.md", "../plugin-migration.md"])
def test_links_of_the_reference_lead_to_a_page_and_a_heading(page: str) -> None:
    path = (API / page).resolve()
    text = path.read_text(encoding="utf-8")
    for target, anchor in LINK.findall(text):
        if target.startswith(("http://", "https://")):
            continue
        linked = (path.parent / target).resolve() if target else path
        assert linked.exists(), f"{page}: {target} does not exist"
        if anchor and linked.suffix == ".md":
            assert anchor in _anchors(linked.read_text(encoding="utf-8")), f"{page}: {target}#{anchor} names no heading"


def test_writing_a_ruleset_links_into_the_reference() -> None:
    text = (ROOT / "docs" / "writing-a-ruleset.md").read_text(encoding="utf-8")
    linked = {target for target, _ in LINK.findall(text) if target.startswith("api/")}
    assert {"api/README.md", "api/fight.md", "api/values.md", "api/combatants.md"} <= linked, linked
