"""new-plugin: the scaffolded package loads (never installed into the running environment), is
discovered, passes `rulebench check` and its own conformance test, solves the ogre duel exactly,
narrates in German from its own catalog, and looks up no text in a sampled fight; a text added
to its code and left untranslated fails the catalogs check until it is translated and compiled."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
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
    register(root, site)
    for package in pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]["packages"]:
        shutil.copytree(root / package, site / package)


def register(root: Path, site: Path) -> None:
    """The package's metadata in ``site``, as installing it writes it: a dist-info folder with its
    entry points, which is all discovery reads (its code is found on the path)."""
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    points = "".join(f"{name} = {target}\n" for name, target in project["entry-points"]["rulebench"].items())
    (info / "entry_points.txt").write_text(f"[rulebench]\n{points}")


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
    assert report["passed"] and {c["check"] for c in report["checks"]} >= {"fights", "exact-vs-sampled", "no-random", "catalogs"}
    [catalogs] = [c for c in report["checks"] if c["check"] == "catalogs"]
    assert catalogs["detail"] == "rulebench-duelist: de; every message translated and compiled"
    ogre = str(EXAMPLES / "ogre-duel.toml")
    solved = subprocess.run(
        [sys.executable, "-m", "rulebench", "compare", ogre, "-r", "duelist", "--exact", "--json"], env=env, capture_output=True, text=True
    )
    assert solved.returncode == 0, solved.stderr
    [entry] = json.loads(solved.stdout)["results"]
    assert entry["method"] == "exact" and abs(sum(entry["outcomes"].values()) - 1) < 1e-9


def test_scaffold_installs_and_passes_conformance(scaffolded: Scaffolded, tmp_path: Path) -> None:
    root, env = scaffolded.root, scaffolded.env
    assert scaffolded.document["files"] == [
        "README.md",
        "pyproject.toml",
        "rulebench_duelist/__init__.py",
        "rulebench_duelist/locale/de/LC_MESSAGES/rulebench-duelist.mo",
        "rulebench_duelist/locale/de/LC_MESSAGES/rulebench-duelist.po",
        "rulebench_duelist/locale/rulebench-duelist.pot",
        "rulebench_duelist/narration.py",
        "tests/test_rulebench_duelist.py",
    ]
    listed = subprocess.run([sys.executable, "-m", "rulebench", "rulesets", "--json"], env=env, capture_output=True, text=True, check=True)
    assert '"rulebench-duelist"' in listed.stdout
    tests = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(root / "tests")],
        env=env, cwd=tmp_path, capture_output=True, text=True,
    )
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert "8 passed" in tests.stdout, tests.stdout[-3000:]  # the kit's eight checks, the catalogs', carry-rest and sampled-as-compare among them


def test_scaffold_narrates_in_german_from_its_own_catalog(scaffolded: Scaffolded) -> None:
    ogre = str(EXAMPLES / "ogre-duel.toml")
    told = subprocess.run(
        [sys.executable, "-m", "rulebench", "--lang", "de", "fight", ogre, "-r", "duelist", "--seed", "3"],
        env=scaffolded.env, capture_output=True, text=True,
    )
    assert told.returncode == 0, told.stderr
    for words in ("Hero: Schlag 2d6", "schlägt", "gegen", "nimmt", "Schaden, noch", "(verwundet)"):
        assert words in told.stdout, (words, told.stdout)
    listed = subprocess.run([sys.executable, "-m", "rulebench", "--lang", "de", "rulesets", "--json"], env=scaffolded.env,
                            capture_output=True, text=True, check=True)
    [duelist] = [r for r in json.loads(listed.stdout) if r["name"] == "duelist"]
    assert duelist["summary"] == "2d6 + Nahkampf gegen 7 + Rüstung; Waffenschaden von drei Trefferpunkten je Leben."


SILENT_LOOKUPS = """
import sys
from pathlib import Path
from rulebench.analysis.sampling import simulate
from rulebench.core import i18n
from rulebench.core.assembly import configure
from rulebench.core.encounter import load_encounter

i18n.set_language("de")
config = configure(load_encounter(Path(sys.argv[1])), "duelist")
lookups = []
counted = i18n.Messages._translations
i18n.Messages._translations = lambda self: lookups.append(self.domain) or counted(self)
simulate(config, 500, seed=1)
print(len(lookups))
"""


def test_scaffolds_sampled_fights_look_up_no_text(scaffolded: Scaffolded) -> None:
    """Its catalog is read only while a fight records: 500 sampled fights in German look up nothing."""
    counted = subprocess.run(
        [sys.executable, "-c", SILENT_LOOKUPS, str(EXAMPLES / "skeleton-guards.toml")], env=scaffolded.env, capture_output=True, text=True
    )
    assert counted.returncode == 0, counted.stderr
    assert counted.stdout.split() == ["0"]


def test_a_text_left_untranslated_fails_the_catalogs_check_until_translated_and_compiled(scaffolded: Scaffolded, tmp_path: Path) -> None:
    root = tmp_path / "rulebench-duelist"
    shutil.copytree(scaffolded.root, root)
    narration = root / "rulebench_duelist" / "narration.py"
    narration.write_text(narration.read_text().replace(
        '    return None\n', '    if kind == "flee":\n        return _("{who} runs away").format(who=event["who"])\n    return None\n'))
    site = tmp_path / "site"
    register(root, site)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(root), *sys.path])}

    def catalogs(action: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "rulebench.testing.catalogs", action], cwd=root, env=env, capture_output=True, text=True)

    def kit() -> dict[str, Any]:
        checked = subprocess.run([sys.executable, "-m", "rulebench", "check", "duelist", "--seconds", "0.2", "--fights", "2", "--json"],
                                 env=env, capture_output=True, text=True)
        [verdict] = [c for c in json.loads(checked.stdout)["checks"] if c["check"] == "catalogs"]
        assert checked.returncode == (0 if verdict["passed"] else 1), checked.stderr
        return dict(verdict)

    po = "rulebench_duelist/locale/de/LC_MESSAGES/rulebench-duelist.po"
    assert catalogs("check").returncode == 1 and f"{po}: not in the catalog: '{{who}} runs away'" in catalogs("check").stdout
    assert not kit()["passed"] and "not in the catalog: '{who} runs away'" in kit()["detail"]
    assert catalogs("update").returncode == 0
    assert f"{po}: untranslated: '{{who}} runs away'" in catalogs("check").stdout
    translated = (root / po).read_text().replace('msgid "{who} runs away"\nmsgstr ""', 'msgid "{who} runs away"\nmsgstr "{who} läuft davon"')
    (root / po).write_text(translated)
    assert "rulebench-duelist.mo: older than its .po (run compile)" in catalogs("check").stdout
    assert catalogs("compile").returncode == 0
    assert catalogs("check").stdout.strip() == "rulebench-duelist: every catalog complete and compiled"
    assert kit()["passed"]
