"""The message catalogs are complete and compiled: every message of every domain has its German
translation, and every .mo that ships says what its .po says (``tools/catalogs.py check``)."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "catalogs.py"


@cache
def catalogs() -> ModuleType:
    """tools/catalogs.py as a module (it is a script, not part of the package)."""
    spec = importlib.util.spec_from_file_location("rulebench_catalogs_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses resolve their annotations through it
    spec.loader.exec_module(module)
    return module


def test_check_is_clean(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The tool's own main, in this process: no interpreter to start for what `catalogs.py check` runs.
    monkeypatch.chdir(ROOT)
    code = catalogs().main(["check"])
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert printed.strip() == "every catalog complete and compiled"


def test_every_domain_speaks_german() -> None:
    tool = catalogs()
    for domain in tool.DOMAINS:
        assert "de" in domain.languages(), domain.name
        assert domain.mo("de").is_file(), domain.mo("de")


def test_the_example_plugin_ships_a_complete_catalog() -> None:
    tool = catalogs()
    skirmish = tool.Domain("rulebench-skirmish", ROOT / "examples" / "rulebench-skirmish" / "rulebench_skirmish")
    assert skirmish.languages() == ["de"]
    assert tool.problems((skirmish,)) == []


def test_check_reports_what_is_missing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tool = catalogs()
    monkeypatch.setattr(tool, "LOCK", tmp_path / ".catalogs.lock")  # the domain is not the checkout's: neither is its lock
    package = tmp_path / "plugin"
    package.mkdir()
    (package / "__init__.py").write_text('_ = str\nTEXT = _("A sentence nobody translated.")\n', encoding="utf-8")
    domain = tool.Domain("rulebench-example", package)
    tool.update((domain,))  # the template only: no language yet
    assert domain.template.is_file()
    assert tool.problems((domain,)) == []  # a domain without languages has nothing to be missing
    po = domain.po("de")
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Language: de\\n"\n"Content-Type: text/plain; charset=utf-8\\n"\n', encoding="utf-8")
    tool.update((domain,))
    found = tool.problems((domain,))
    assert any("untranslated: 'A sentence nobody translated.'" in line for line in found), found
    assert any("missing (run compile)" in line for line in found), found
