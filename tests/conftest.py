"""Session set-up: English, and the example third-party ruleset is loaded the way an installed plugin is found, without installing it.

Several tests use ``skirmish`` (examples/rulebench-skirmish) as a ruleset that is not built in.
The session never installs anything into the environment running the tests: it writes the
package's metadata (a ``.dist-info`` folder with its entry point, read from its pyproject.toml)
into a temporary folder and puts that folder and the package's source on ``sys.path`` (and on
``PYTHONPATH`` for subprocesses). Discovery then finds it through ``importlib.metadata`` and its
entry point, exactly as it finds a package that pip installed.
"""

from __future__ import annotations

import compileall
import importlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import typer.testing
from checkout_guard import Snapshot, changes, snapshot
from hypothesis import HealthCheck, settings
from plugin_site import load_without_installing

EXAMPLE_PLUGIN = Path(__file__).resolve().parents[1] / "examples" / "rulebench-skirmish"


def built_once(get_command: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``get_command`` remembering the click command it builds for each Typer app.

    typer's ``CliRunner.invoke`` builds the whole click command tree from the app on every call
    (some 12 ms of CPU for rulebench's), and the tests invoke the app in-process about 500 times.
    The tree holds nothing of a run: the language, the JSON switch and the command chosen are set
    again by each run (``RulebenchGroup.main``), and the help is translated afresh for each.
    """
    built: dict[int, tuple[Any, Any]] = {}

    def get(app: Any) -> Any:
        known = built.get(id(app))
        if known is None or known[0] is not app:  # the app itself is kept, so its id is not reused
            known = built[id(app)] = (app, get_command(app))
        return known[1]

    return get


# Hypothesis's deadline per example (200 ms) and its too-slow health check measure wall time, which a
# loaded machine stretches many times over: a property passes or fails on its examples, never on the
# machine's load. A test's own @settings start from this profile.
settings.register_profile("rulebench", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("rulebench")

typer.testing._get_command = built_once(typer.testing._get_command)  # type: ignore[attr-defined,assignment]  # typer's own import of get_command

_SITE = Path(tempfile.mkdtemp(prefix="rulebench-test-site-"))
_CHECKOUT: list[Snapshot] = []
"""The checkout's files as the session started (in the process that runs the session, not in an xdist worker)."""
_WRITTEN: list[str] = []
"""What the run created, changed or removed in the checkout."""


def pytest_sessionstart(session: object) -> None:
    """Put the example plugin's metadata and source first on the path, for this process and its children,
    and note the checkout's files (the run must leave them as they are: checkout_guard.py)."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        _CHECKOUT.append(snapshot())
    load_without_installing(EXAMPLE_PLUGIN, _SITE)
    # The tests read English unless they ask for another language (``--lang``, ``set_language``),
    # whatever locale the machine running them has; subprocesses inherit this.
    os.environ["LANGUAGE"] = "en"
    for entry in (str(EXAMPLE_PLUGIN), str(_SITE)):
        sys.path.insert(0, entry)
    os.environ["PYTHONPATH"] = os.pathsep.join([str(_SITE), str(EXAMPLE_PLUGIN), *filter(None, [os.environ.get("PYTHONPATH")])])
    importlib.invalidate_caches()


def pytest_configure(config: object) -> None:
    """Compile rulebench's modules once, before any test starts a process.

    About a hundred tests start a fresh interpreter (the course's commands, the README contract,
    the scaffold, the wheel). Where ``PYTHONDONTWRITEBYTECODE`` is set, as on some CI machines, no
    interpreter writes the bytecode it compiles, so each would compile rulebench afresh (~0.1 s of
    CPU a start). Written once here, every later start reads it. Only the first process does it:
    the xdist workers it starts find the files written.
    """
    if "PYTEST_XDIST_WORKER" not in os.environ:
        compileall.compile_dir(Path(__file__).resolve().parents[1] / "rulebench", quiet=1)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Remove the temporary metadata folder; fail the run if it wrote into the checkout."""
    shutil.rmtree(_SITE, ignore_errors=True)
    if _CHECKOUT:
        _WRITTEN.extend(changes(_CHECKOUT[0], snapshot()))
        if _WRITTEN and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name what the run wrote into the checkout, after the other results."""
    if _WRITTEN:
        terminalreporter.section("the test run wrote into the checkout", red=True)
        terminalreporter.write_line("tests write under their tmp_path, so a run leaves git status as it found it (tests/checkout_guard.py);")
        terminalreporter.write_line("a file edited by hand during the run shows here too:")
        for line in _WRITTEN:
            terminalreporter.write_line(f"  {line}")
