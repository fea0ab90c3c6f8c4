"""Third-party plugins: an installed package is listed and usable; a broken one is only a warning."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulebench.cli.app import app
from rulebench.core.discovery import discover

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "rulebench-skirmish"


@pytest.fixture(scope="session")
def skirmish_installed() -> str:
    """The example package's version; tests/conftest.py installs it with pip at the session's start."""
    return metadata.version("rulebench-skirmish")


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_listed_with_package_and_version(skirmish_installed: str) -> None:
    code, out, _ = invoke("rulesets", "--json")
    assert code == 0
    row = next(r for r in json.loads(out) if r["name"] == "skirmish")
    assert (row["package"], row["version"]) == ("rulebench-skirmish", skirmish_installed)


def test_compare_uses_it(skirmish_installed: str) -> None:
    code, out, err = invoke("compare", str(ROOT / "examples" / "skeleton-guards.toml"), "-r", "skirmish", "-n", "1000", "--json")
    assert code == 0, err
    [entry] = json.loads(out)["results"]
    assert entry["ruleset"] == "skirmish" and abs(sum(entry["outcomes"].values()) - 1) < 1e-9


@pytest.fixture
def broken_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A package whose entry point raises on import, visible to importlib.metadata through sys.path."""
    info = tmp_path / "rulebench_broken-9.9.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebench-broken\nVersion: 9.9\n")
    (info / "entry_points.txt").write_text("[rulebench]\nbroken = rulebench_broken_plugin\n")
    (tmp_path / "rulebench_broken_plugin.py").write_text("raise RuntimeError('this plugin is broken on purpose')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "broken"


def test_broken_plugin_is_a_warning(broken_plugin: str, skirmish_installed: str) -> None:
    catalog = discover()
    assert any("'broken'" in w and "rulebench-broken" in w for w in catalog.warnings)
    assert "skirmish" in catalog.rulesets()
    code, out, err = invoke("rulesets", "--json")
    assert code == 0 and "'broken'" in err and "on purpose" in err
    assert "skirmish" in {r["name"] for r in json.loads(out)}
    code, out, err = invoke("compare", str(ROOT / "examples" / "skeleton-guards.toml"), "-r", "skirmish", "-n", "500", "--json")
    assert code == 0 and "'broken'" in err
    json.loads(out)
    code, _, err = invoke("compare", str(ROOT / "examples" / "skeleton-guards.toml"), "-r", "broken", "-n", "10")
    assert code == 2 and "unknown ruleset 'broken'" in err and "on purpose" in err
