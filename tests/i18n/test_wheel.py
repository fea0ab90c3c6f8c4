"""The compiled catalogs ship: a wheel built from this checkout holds every .mo, and installed
alone (no dependencies) into a fresh virtual environment, ``rulebench --lang de fight`` speaks
German there, read from the installed package, not from the checkout. The new environment sees the
test run's own for the dependencies, never what the base interpreter has installed."""

from __future__ import annotations

import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def venv_seeing_this_environment(venv: Path) -> Path:
    """A fresh virtual environment at ``venv`` that also sees the packages of the environment running
    the tests, after its own; its interpreter.

    The dependencies (and pip) come from the running environment, rulebench from what is installed
    into the new one. A ``--system-site-packages`` venv would not do: made from inside a virtual
    environment, it sees the *base* interpreter's packages, not the environment's (where typer is).
    So the new environment gets a ``.pth`` naming the running environment's site folders. A path in
    a ``.pth`` is put on ``sys.path`` but its own ``.pth`` files are not read, so rulebench's
    editable install there (a ``.pth`` naming the checkout) stays out of sight; its metadata comes
    after the wheel's, and ``importlib.metadata`` takes the first of a name.
    """
    # No pip of its own: the running environment's pip installs into whichever interpreter runs it,
    # and bootstrapping a second copy (ensurepip) would cost most of the test's time.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             capture_output=True, text=True, check=True).stdout.strip()
    running = [*site.getsitepackages(), *([site.getusersitepackages()] if site.ENABLE_USER_SITE else [])]
    (Path(purelib) / "running-environment.pth").write_text("".join(f"{p}\n" for p in running if Path(p).is_dir()), encoding="utf-8")
    return python


def test_the_wheel_ships_every_catalog_and_speaks_german_once_installed(tmp_path: Path) -> None:
    # No build isolation: hatchling comes with the test extra, and the test needs no network.
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(tmp_path / "dist"),
                    str(ROOT)], check=True, capture_output=True)
    (wheel,) = (tmp_path / "dist").glob("rulebench-*.whl")
    compiled = {str(p.relative_to(ROOT)) for p in (ROOT / "rulebench").rglob("*.mo")}
    assert len(compiled) >= 7  # rulebench's own, five rulesets', the plugins'
    with zipfile.ZipFile(wheel) as archive:
        assert compiled <= set(archive.namelist())

    python = venv_seeing_this_environment(tmp_path / "venv")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True, capture_output=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    where = subprocess.run([str(python), "-c", "import rulebench; print(rulebench.__file__)"], env=env, cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(tmp_path / "venv")), where
    fight = subprocess.run([str(python.parent / "rulebench"), "--lang", "de", "fight", str(ROOT / "examples" / "ogre-duel.toml"),
                            "-r", "dsa", "--seed", "7"], env=env, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert fight.returncode == 0, fight.stderr
    assert "Ausgang:" in fight.stdout and "Kampfrunde" in fight.stdout  # the CLI's frame and the ruleset's terms
    assert "Endzustand" in fight.stdout and "Outcome:" not in fight.stdout
