"""Output paths are checked before any work: cli/output_paths.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebench.cli.output_paths import check_output
from rulebench.core.errors import BadInput


def refusal(path: Path | str, suffixes: tuple[str, ...] = ()) -> str:
    with pytest.raises(BadInput) as caught:
        check_output(path, "--plot", suffixes)
    assert caught.value.field == "--plot" and caught.value.exit_code == 2
    return str(caught.value)


def test_a_writable_path_passes_and_is_left_as_it_was(tmp_path: Path) -> None:
    check_output(tmp_path / "new.png", "--plot")
    assert not (tmp_path / "new.png").exists()
    old = tmp_path / "old.png"
    old.write_bytes(b"kept")
    check_output(old, "--plot")
    assert old.read_bytes() == b"kept"
    check_output(None, "--plot")


def test_unwritable_paths_are_refused(tmp_path: Path) -> None:
    assert refusal(tmp_path / "missing" / "a.png").endswith(f"the folder {tmp_path / 'missing'} does not exist; create it first or choose another")
    assert refusal(tmp_path).endswith("is a folder; expected a file name")
    (tmp_path / "file").write_text("x")
    assert refusal(tmp_path / "file" / "a.png").endswith("is not a folder; create it first or choose another")
    assert refusal(tmp_path / ("x" * 300 + ".png")).endswith("cannot be written: File name too long")
    assert refusal("a\x00b.png") == "--plot a\\0b.png: not a usable file name: it holds a NUL character"
    assert refusal(tmp_path / "a.gif", (".png", ".svg")).endswith("expected a file ending in .png, .svg")
