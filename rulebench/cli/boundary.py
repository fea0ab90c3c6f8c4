"""The one place where errors become exit codes (DESIGN.md "CLI"; STYLE.md: one domain error at the boundary)."""

from __future__ import annotations

import os
import traceback
from enum import IntEnum
from typing import Any

import typer
from rich.markup import escape
from typer.core import TyperGroup

from rulebench.cli.render import err

try:  # typer >= 0.25 vendors click; older versions use click itself
    from typer._click.exceptions import ClickException
except ImportError:  # pragma: no cover
    from click.exceptions import ClickException
from rulebench.core.errors import BadInput

DEBUG_KEY = "rulebench.debug"


class ExitCode(IntEnum):
    """Every exit code of the ``rulebench`` command."""

    OK = 0
    """Success."""
    INTERNAL = 1
    """An unexpected internal error: a bug in rulebench or a plugin (traceback with ``--debug``)."""
    BAD_INPUT = 2
    """Bad input or usage: a file, an option or a value the user can fix."""


def debugging(ctx: typer.Context | None) -> bool:
    """Whether ``--debug`` was given (or ``RULEBENCH_DEBUG`` is set): then tracebacks are shown."""
    flag = bool(ctx.meta.get(DEBUG_KEY)) if ctx is not None else False
    return flag or os.environ.get("RULEBENCH_DEBUG", "") not in ("", "0")


class RulebenchGroup(TyperGroup):
    """Runs a command and turns whatever escapes it into a clean message and an exit code."""

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]
        """Invoke the chosen command; bad input exits 2, anything unexpected exits 1."""
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, ClickException):
            # typer's own exits and usage errors (ClickException) keep their meaning and codes.
            raise
        except BadInput as error:
            err.print(f"[bold red]error:[/] {escape(str(error))}", soft_wrap=True, highlight=False)
            raise typer.Exit(ExitCode.BAD_INPUT) from None
        except Exception as error:
            if debugging(ctx):
                err.print(traceback.format_exc(), markup=False, highlight=False, soft_wrap=True)
            hint = "" if debugging(ctx) else " (run with `rulebench --debug ...` for the traceback)"
            message = f"internal error: {type(error).__name__}: {error}{hint}"
            err.print(f"[bold red]{escape(message)}[/]", soft_wrap=True, highlight=False)
            raise typer.Exit(ExitCode.INTERNAL) from None
