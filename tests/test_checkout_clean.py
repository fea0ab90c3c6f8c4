"""The run's check that the suite writes nothing into the checkout (checkout_guard.py, used by the
conftest) sees every file and folder made, changed or removed, and nothing the tools keep."""

from __future__ import annotations

import os
from pathlib import Path

from checkout_guard import ROOT, changes, snapshot


def test_a_file_or_folder_made_changed_or_removed_is_found(tmp_path: Path) -> None:
    (tmp_path / "kept.txt").write_text("kept", encoding="utf-8")
    (tmp_path / "edited.txt").write_text("before", encoding="utf-8")
    (tmp_path / "gone.txt").write_text("gone", encoding="utf-8")
    before = snapshot(tmp_path)
    (tmp_path / "edited.txt").write_text("after!", encoding="utf-8")
    (tmp_path / "gone.txt").unlink()
    (tmp_path / "build").mkdir()  # an empty folder counts too
    (tmp_path / "build" / "report-screenshot.png").write_bytes(b"png")
    assert changes(before, snapshot(tmp_path)) == [
        "created build/", "created build/report-screenshot.png", "changed edited.txt", "removed gone.txt"]


def test_what_the_tools_keep_is_not_the_suites_writing(tmp_path: Path) -> None:
    before = snapshot(tmp_path)
    for cache in ("__pycache__", ".pytest_cache", ".hypothesis", "rulebench/__pycache__"):
        (tmp_path / cache).mkdir(parents=True, exist_ok=True)
        (tmp_path / cache / "entry").write_text("cached", encoding="utf-8")
    (tmp_path / ".venv" / "lib").mkdir(parents=True)
    (tmp_path / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n", encoding="utf-8")
    (tmp_path / ".venv" / "lib" / "package.py").write_text("", encoding="utf-8")
    assert changes(before, snapshot(tmp_path)) == ["created rulebench/"]  # the folder is new, its bytecode is not looked at


def test_a_change_of_time_alone_is_a_change(tmp_path: Path) -> None:
    """A file written again with the same bytes was still written by the run."""
    (tmp_path / "same.txt").write_text("same", encoding="utf-8")
    before = snapshot(tmp_path)
    os.utime(tmp_path / "same.txt", ns=(0, 0))
    assert changes(before, snapshot(tmp_path)) == ["changed same.txt"]


def test_the_checkout_is_what_is_watched() -> None:
    watched = snapshot()
    assert Path(__file__).resolve().parents[1] == ROOT
    assert "README.md" in watched and ".ci/run" in watched and "tests/checkout_guard.py" in watched
    assert not any(path.startswith(".venv/") or "__pycache__" in path for path in watched)
