"""The test suite writes nothing into the checkout: every file a run creates, changes or removes
there is found by comparing the checkout's files before and after the run.

Tests write under their temporary folders (``tmp_path``); the conftest takes a snapshot when the
session starts and fails the run, naming the paths, when the one at its end differs. What tools
keep for themselves is left out: bytecode, pytest's and Hypothesis's caches (all ignored by git),
the ``.git`` folder and virtual environments.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHES = frozenset({".git", "__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache", ".mypy_cache"})
"""Names of what the tools keep for themselves, anywhere in the checkout: not the suite's writing."""

Snapshot = dict[str, tuple[int, int]]
"""Each path under the root (a folder's ends in ``/``) and its size and modification time (0, 0 for a folder)."""


def snapshot(root: Path = ROOT) -> Snapshot:
    """Every file and folder under ``root``, outside :data:`CACHES` and virtual environments."""
    found: Snapshot = {}
    for folder, folders, files in os.walk(root):
        here = Path(folder)
        folders[:] = [name for name in folders if name not in CACHES and not (here / name / "pyvenv.cfg").exists()]
        for name in folders:
            found[f"{(here / name).relative_to(root)}/"] = (0, 0)
        for name in files:
            if name in CACHES:  # a worktree's .git is a file
                continue
            try:
                stat = (here / name).lstat()
            except FileNotFoundError:  # removed while the walk went on
                continue
            found[str((here / name).relative_to(root))] = (stat.st_size, stat.st_mtime_ns)
    return found


def changes(before: Snapshot, after: Snapshot) -> list[str]:
    """What differs between two snapshots, sorted by path: ``created PATH``, ``changed PATH``, ``removed PATH``."""
    found = [f"created {path}" for path in after.keys() - before.keys()]
    found += [f"removed {path}" for path in before.keys() - after.keys()]
    found += [f"changed {path}" for path in before.keys() & after.keys() if before[path] != after[path]]
    return sorted(found, key=lambda line: line.split(" ", 1)[1])
