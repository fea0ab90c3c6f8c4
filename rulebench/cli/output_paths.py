"""Output files (``--plot``, ``--csv``, ``-o``) checked before any work starts.

A plot into a folder that does not exist used to fail after the whole computation, losing its
result; every command that writes a file checks the path first, through :func:`check_output` or
the option callback :func:`writable`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import typer

from rulebench.core.encounter import display_name
from rulebench.core.errors import BadInput

__all__ = ["check_output", "writable"]


def check_output(path: Path | str | None, option: str, suffixes: Sequence[str] = ()) -> None:
    """Refuse an output path that cannot be written: a folder, a missing or read-only folder, a
    name the system cannot take, or (when ``suffixes`` are given) the wrong file type.

    Raises:
        BadInput: naming the option and the path (its ``file``), and what was expected.
    """
    if path is None:
        return
    path = Path(path)
    shown = display_name(path).replace("\x00", "\\0")

    def refuse(what: str) -> BadInput:
        return BadInput(f"{option} {shown}: {what}", file=shown, field=option)

    if suffixes and path.suffix.lower() not in suffixes:
        raise refuse(f"expected a file ending in {', '.join(suffixes)}")
    if "\x00" in str(path):
        raise refuse("not a usable file name: it holds a NUL character")
    folder = path.parent
    try:
        if path.is_dir():
            raise refuse("is a folder; expected a file name")
        if not folder.is_dir():
            there = "is not a folder" if folder.exists() else "does not exist"
            raise refuse(f"the folder {display_name(folder)} {there}; create it first or choose another")
        # Trying is the only sure test (permissions say nothing to root, nor about read-only mounts):
        # an existing file is opened for appending and left as it was, a new one made and removed.
        if path.exists():
            path.open("ab").close()
        else:
            path.open("xb").close()
            path.unlink()
    except OSError as error:  # permission denied, a name too long, a read-only file system
        raise refuse(f"cannot be written: {error.strerror or error}") from None


def writable(option: str, suffixes: Sequence[str] = ()) -> Callable[[typer.Context, Path | None], Path | None]:
    """A typer option callback that checks the output path while the command line is read, so a
    wrong path stops the command before any work: ``typer.Option("--csv", callback=writable("--csv"))``."""

    def callback(ctx: typer.Context, value: Path | None) -> Path | None:
        if value is not None and not ctx.resilient_parsing:
            check_output(value, option, suffixes)
        return value

    return callback
