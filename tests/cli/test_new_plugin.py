"""new-plugin: the scaffolded package loads (never installed into the running environment), is
discovered, passes `rulebench check` and its own conformance test, and solves the ogre duel exactly."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # the project supports 3.10, where tomli is its backport
    import tomli as tomllib

from cli_helpers import EXAMPLES, run, run_json


def test_refuses_bad_names_and_existing_folders(tmp_path: Path) -> None:
    assert run("new-plugin", "Bad-Name", "--dest", str(tmp_path)).exit_code == 2
    assert run("new-plugin", "duelist", "--dest", str(tmp_path)).exit_code == 0
    result = run("new-plugin", "duelist", "--dest", str(tmp_path))
    assert result.exit_code == 2 and "already exists" in result.stderr


def install(root: Path, site: Path) -> None:
    """Install the scaffolded package into ``site``, a private folder the shared environment never sees.

    With its build backend at hand (hatchling), this is a real wheel build through the package's
    pyproject: the backend's ``build_wheel`` hook, in a process of its own started in the package's
    folder, as pip's build runs it. The wheel is installed by unpacking it into ``site``, which is
    what installing a pure-Python wheel is (its module and its dist-info with the entry points, at
    the root); pip's own start-up and resolver would add over a second of CPU for the same files.
    Without the backend (pip's build isolation would need the network), the same metadata is
    written by hand from the pyproject: a dist-info folder with its entry points, which is all
    discovery reads.
    """
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    backend = pyproject["build-system"]["build-backend"]
    if importlib.util.find_spec(backend.partition(".")[0]) is not None:
        wheels = site.parent / "wheels"
        hook = "import importlib, sys; print(importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2]))"
        built = subprocess.run([sys.executable, "-c", hook, backend, str(wheels)], cwd=root, check=True, capture_output=True, text=True)
        with zipfile.ZipFile(wheels / built.stdout.split()[-1]) as wheel:
            names = wheel.namelist()
            marker = next(name for name in names if name.endswith(".dist-info/WHEEL"))
            # Only a pure-Python wheel without .data folders installs by unpacking it at the root.
            assert "Root-Is-Purelib: true" in wheel.read(marker).decode() and not any(".data/" in n for n in names), names
            wheel.extractall(site)
        return
    project = pyproject["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    points = "".join(f"{name} = {target}\n" for name, target in project["entry-points"]["rulebench"].items())
    (info / "entry_points.txt").write_text(f"[rulebench]\n{points}")
    for module in root.glob("*.py"):
        (site / module.name).write_text(module.read_text())


@dataclass(frozen=True)
class Scaffolded:
    """The package ``duelist`` as new-plugin wrote it (its JSON document) and installed into a private folder."""

    document: dict[str, Any]
    root: Path
    env: dict[str, str]
    """This process's environment with the private folder on ``PYTHONPATH``."""


@pytest.fixture(scope="module")
def scaffolded(tmp_path_factory: pytest.TempPathFactory) -> Scaffolded:
    """One scaffold and one install (a wheel build) for the module: the tests only read the package."""
    folder = tmp_path_factory.mktemp("scaffold")
    document = run_json("new-plugin", "duelist", "--dest", str(folder))
    root = Path(document["path"])
    site = folder / "site"
    install(root, site)
    return Scaffolded(document, root, {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])})


def test_scaffold_passes_check_and_solves_the_ogre_duel_exactly(scaffolded: Scaffolded) -> None:
    env = scaffolded.env
    checked = subprocess.run(
        [sys.executable, "-m", "rulebench", "check", "duelist", "--seconds", "1", "--json"], env=env, capture_output=True, text=True
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)
    assert report["passed"] and {c["check"] for c in report["checks"]} >= {"fights", "exact-vs-sampled", "no-random"}
    ogre = str(EXAMPLES / "ogre-duel.toml")
    solved = subprocess.run(
        [sys.executable, "-m", "rulebench", "compare", ogre, "-r", "duelist", "--exact", "--json"], env=env, capture_output=True, text=True
    )
    assert solved.returncode == 0, solved.stderr
    [entry] = json.loads(solved.stdout)["results"]
    assert entry["method"] == "exact" and abs(sum(entry["outcomes"].values()) - 1) < 1e-9


def test_scaffold_installs_and_passes_conformance(scaffolded: Scaffolded, tmp_path: Path) -> None:
    root, env = scaffolded.root, scaffolded.env
    assert set(scaffolded.document["files"]) == {"pyproject.toml", "README.md", "rulebench_duelist.py", "tests/test_rulebench_duelist.py"}
    listed = subprocess.run([sys.executable, "-m", "rulebench", "rulesets", "--json"], env=env, capture_output=True, text=True, check=True)
    assert '"rulebench-duelist"' in listed.stdout
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(root / "tests")],
        env=env, cwd=tmp_path, capture_output=True, text=True,
    )
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert " passed" in tests.stdout
