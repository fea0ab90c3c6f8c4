"""The compiled catalogs ship: a wheel built from this checkout holds every .mo, and installed
alone (no dependencies) into a fresh virtual environment, ``rulebench --lang de fight`` speaks
German there, read from the installed package, not from the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_ships_every_catalog_and_speaks_german_once_installed(tmp_path: Path) -> None:
    # No build isolation: hatchling comes with the test extra, and the test needs no network.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("rulebench-*.whl")
    compiled = {str(p.relative_to(ROOT)) for p in (ROOT / "rulebench").rglob("*.mo")}
    assert len(compiled) >= 7  # rulebench's own, five rulesets', the plugins'
    with zipfile.ZipFile(wheel) as archive:
        assert compiled <= set(archive.namelist())

    # The dependencies come from this environment (--system-site-packages); rulebench from the wheel.
    # So does pip itself: the venv sees this environment's pip, which installs into the venv, and
    # bootstrapping a second copy (ensurepip) would cost most of the test's time.
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    where = subprocess.run([str(python), "-c", "import rulebench; print(rulebench.__file__)"], env=env, cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(venv)), where
    fight = subprocess.run([str(venv / "bin" / "rulebench"), "--lang", "de", "fight", str(ROOT / "examples" / "ogre-duel.toml"),
                            "-r", "dsa", "--seed", "7"], env=env, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert fight.returncode == 0, fight.stderr
    assert "Ausgang:" in fight.stdout and "Schlagabtausch" in fight.stdout  # the CLI's frame and the ruleset's terms
    assert "Endzustand" in fight.stdout and "Outcome:" not in fight.stdout
