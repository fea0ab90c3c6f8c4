"""Output files (``--plot``, ``--csv``, ``-o``) checked before any work starts.

A plot into a folder that does not exist used to fail after the whole computation, losing its
result; every command that writes a file checks the path first, through :func:`check_output` or
the option callback :func:`writable`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import typer

from rulebench.core.errors import BadInput
from rulebench.core.i18n import _

__all__ = ["check_output", "writable"]


def check_output(path: Path | str | None, option: str, suffixes: Sequence[str] = ()) -> None:
    """Refuse an output path that cannot be written: a folder, a missing or read-only folder, a
    name the system cannot take, or (when ``suffixes`` are given) the wrong file type.

    Raises:
        BadInput: naming the option and the path (its ``file``), and what was expected.
    """
    if path is None:
        return
    from rulebench.core.encounter import display_name  # here, not at import: options.py imports this module at start-up

    path = Path(path)
    shown = display_name(path).replace("\x00", "\\0")

    def refuse(what: str) -> BadInput:
        # TRANSLATORS: an output file that cannot be written: "--plot out/plot.png: is a folder; expected a file name".
        return BadInput(_("{option} {file}: {problem}").format(option=option, file=shown, problem=what), file=shown, field=option)

    if suffixes and path.suffix.lower() not in suffixes:
        raise refuse(_("expected a file ending in {suffixes}").format(suffixes=", ".join(suffixes)))
    if "\x00" in str(path):
        raise refuse(_("not a usable file name: it holds a NUL character"))
    folder = path.parent
    try:
        if path.is_dir():
            raise refuse(_("is a folder; expected a file name"))
        if not folder.is_dir():
            there = (_("the folder {folder} is not a folder; create it first or choose another") if folder.exists() else
                     _("the folder {folder} does not exist; create it first or choose another"))
            raise refuse(there.format(folder=display_name(folder)))
        # Trying is the only sure test (permissions say nothing to root, nor about read-only mounts):
        # an existing file is opened for appending and left as it was, a new one made and removed.
        if path.exists():
            path.open("ab").close()
        else:
            path.open("xb").close()
            path.unlink()
    except OSError as error:  # permission denied, a name too long, a read-only file system
        raise refuse(_("cannot be written: {reason}").format(reason=error.strerror or error)) from None


def writable(option: str, suffixes: Sequence[str] = ()) -> Callable[[typer.Context, Path | None], Path | None]:
    """A typer option callback that checks the output path while the command line is read, so a
    wrong path stops the command before any work: ``typer.Option("--csv", callback=writable("--csv"))``."""

    def callback(ctx: typer.Context, value: Path | None) -> Path | None:
        if value is not None and not ctx.resilient_parsing:
            check_output(value, option, suffixes)
        return value

    return callback
