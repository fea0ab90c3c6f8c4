"""Session set-up: the example third-party ruleset is installed the way a user installs a plugin.

Several tests use ``skirmish`` (examples/rulebench-skirmish) as a ruleset that is not built in.
A fresh machine does not have it, so the session installs it with pip before any test runs,
exactly as a third-party package arrives: through its own build and its entry point.
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from importlib import metadata
from pathlib import Path

EXAMPLE_PLUGIN = Path(__file__).resolve().parents[1] / "examples" / "rulebench-skirmish"


def pytest_sessionstart(session: object) -> None:
    """Install the example plugin package unless this environment already has it."""
    try:
        metadata.version("rulebench-skirmish")
    except metadata.PackageNotFoundError:
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", str(EXAMPLE_PLUGIN)]
        subprocess.run(command, check=True)
        importlib.invalidate_caches()
