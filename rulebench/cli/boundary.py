"""The one place where errors become exit codes and error documents (README, "A short tour").

Every failure leaves the same way: the human message on stderr and, with ``--json``, exactly one
document ``{"error": {"kind", "message", "file", "field", "exit_code"}}`` on stdout. The exit code is
the error's own (:class:`~rulebench.core.errors.RulebenchError` subclasses carry ``exit_code``): 2 for
bad input and usage, 3 for a plugin that failed during a fight, 1 for anything unexpected.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from rich.markup import escape
from typer.core import TyperCommand, TyperGroup

from rulebench.cli import language
from rulebench.cli.render import err
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.i18n import N_, _

DEBUG_KEY = "rulebench.debug"

# typer >= 0.25 ships its own copy of click, whose exceptions are not the public ``click`` package's;
# its public BadParameter derives from the click in use either way, so the base is found through it.
ClickException: type[Exception] = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")

# Messages that come from the file an encounter command reads (a scripted answer, an override)
# but are raised where no file is known, during a fight; the boundary names the file for them.
_FROM_THE_FILE = ("tactics:", "overrides.")

# How the first word of an error names what failed, by the error's kind (the JSON keeps the kind).
_PREFIXES = {"plugin": N_("plugin error"), "internal": N_("internal error"), "encounter": N_("encounter error")}


class ExitCode(IntEnum):
    """Every exit code of the ``rulebench`` command."""

    OK = 0
    """Success."""
    INTERNAL = 1
    """An unexpected internal error: a bug in rulebench or a plugin (traceback with ``--debug``)."""
    BAD_INPUT = 2
    """Bad input or usage: a file, an option or a value the user can fix."""
    PLUGIN = 3
    """A plugin failed or broke the rules contract during a fight."""


def debugging(ctx: typer.Context | None) -> bool:
    """Whether ``--debug`` was given (or ``RULEBENCH_DEBUG`` is set): then tracebacks are shown."""
    flag = bool(ctx.meta.get(DEBUG_KEY)) if ctx is not None else False
    return flag or os.environ.get("RULEBENCH_DEBUG", "") not in ("", "0")


def wants_json(args: Sequence[str]) -> bool:
    """Whether ``--json`` is among the command-line arguments (before a ``--`` that ends options)."""
    options = list(args)
    return "--json" in (options[: options.index("--")] if "--" in options else options)


def error_document(kind: str, message: str, exit_code: int, file: str | None = None, field: str | None = None) -> str:
    """The one JSON document a failing command prints with ``--json``."""
    error = {"kind": kind, "message": message, "file": file, "field": field, "exit_code": exit_code}
    return json.dumps({"error": error}, ensure_ascii=False)


if TYPE_CHECKING:
    # What the mixin below extends: click's Command, which typer's command and group share (from
    # typer's own copy of click or from click, by typer's version), as type checkers see it.
    _Command = TyperCommand
else:
    _Command = object


class InTheRunsLanguage(_Command):
    """The help of a command or of the group, in the language of the run: usage line, help option,
    and typer's own words in its help panels."""

    # ctx is Any: click's Context is typer's own copy of click's or click's, by typer's version.
    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line, after the current language's word for "Usage"."""
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=language.usage_prefix())

    def get_help_option(self, ctx: Any) -> Any:
        """The ``--help`` option, its text in the current language."""
        return language.help_option(self, ctx, super().get_help_option)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        """The help page, typer's panel titles and "[default: …]" in the current language."""
        language.put_typer_words()
        super().format_help(ctx, formatter)


class RulebenchCommand(InTheRunsLanguage, TyperCommand):
    """A command whose help speaks the language of the run."""


class RulebenchGroup(InTheRunsLanguage, TyperGroup):
    """Runs a command and turns whatever escapes it into a clean message and an exit code."""

    json_output = False
    """Whether this run was asked for JSON (``--json`` anywhere among its arguments)."""
    _command: tuple[Any, list[str]] = (None, [])
    """The command invoked and its arguments, to name its encounter file in an error."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **options: Any) -> Any:
        """Run the command line ``args`` (``sys.argv`` when None), noting whether it asks for JSON."""
        argv = language.hoisted(sys.argv[1:] if args is None else args)
        self.json_output = wants_json(argv)
        # The language first: the help texts, typer's words and every message follow it.
        language.settle(argv)
        language.translate_help(self)
        return super().main(argv, *rest, **options)

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]  # click declares click.Context
        """Parse the root options; a usage error there is reported like any other."""
        try:
            return super().parse_args(ctx, args)
        except ClickException as error:
            translated = language.translated_usage_error(error)
            self._usage_document(translated)
            raise translated from None

    def resolve_command(self, ctx: typer.Context, args: list[str]) -> Any:  # type: ignore[override]  # click declares click.Context
        """Find the command the arguments name, and remember it and its arguments."""
        name, command, rest = super().resolve_command(ctx, args)
        self._command = (command, list(rest))
        return name, command, rest

    def invoke(self, ctx: typer.Context) -> Any:  # type: ignore[override]  # click declares click.Context
        """Invoke the chosen command; each error leaves with its message, document and exit code."""
        try:
            return super().invoke(ctx)
        except typer.Exit:
            raise
        except typer.Abort:
            language.put_typer_words()  # typer prints "Aborted." in its error panel
            raise
        except ClickException as error:
            # Usage errors keep click's exit code (2) and say click's message in the run's language;
            # JSON gets its document too.
            translated = language.translated_usage_error(error)
            self._usage_document(translated)
            raise translated from None
        except RulebenchError as error:
            self._fail(ctx, error)
        except Exception as error:
            self._crash(ctx, error)

    def _usage_document(self, error: Exception) -> None:
        """Ready the usage error's report: typer's error panel in the run's language, and the JSON document."""
        language.put_typer_words()
        if self.json_output:
            code = getattr(error, "exit_code", ExitCode.BAD_INPUT)
            typer.echo(error_document("usage", _click_message(error), code))

    def _fail(self, ctx: typer.Context, error: RulebenchError) -> NoReturn:
        """A known failure: bad input (2), a failing plugin (3), or an error of rulebench's own (1)."""
        code = error.exit_code
        if code in (ExitCode.INTERNAL, ExitCode.PLUGIN) and debugging(ctx):  # a plugin's traceback too
            err.print(traceback.format_exc(), markup=False, highlight=False, soft_wrap=True)
        message, file = str(error), error.file
        if file is None and isinstance(error, BadInput) and message.startswith(_FROM_THE_FILE):
            source = _encounter_file(ctx, *self._command)
            if source is not None:
                file, message = source, f"{source}: {message}"
        prefix = _("error") if isinstance(error, BadInput) else _(_PREFIXES.get(error.kind, N_("error")))
        err.print(f"[bold red]{escape(prefix)}:[/] {escape(message)}", soft_wrap=True, highlight=False)
        if self.json_output:
            typer.echo(error_document(error.kind, message, code, file, error.field))
        raise typer.Exit(code) from None

    def _crash(self, ctx: typer.Context, error: Exception) -> NoReturn:
        """Anything unexpected: a short message, the traceback only with ``--debug``."""
        if debugging(ctx):
            err.print(traceback.format_exc(), markup=False, highlight=False, soft_wrap=True)
        message = _("internal error: {error}").format(error=f"{type(error).__name__}: {error}")
        shown = message if debugging(ctx) else _("{message} (run with `rulebench --debug ...` for the traceback)").format(message=message)
        err.print(f"[bold red]{escape(shown)}[/]", soft_wrap=True, highlight=False)
        if self.json_output:
            typer.echo(error_document("internal", message, ExitCode.INTERNAL))
        raise typer.Exit(ExitCode.INTERNAL) from None


def _click_message(error: Exception) -> str:
    """A usage error's text as click words it, with the command it concerns."""
    message = getattr(error, "format_message", lambda: str(error))()
    context = getattr(error, "ctx", None)
    return f"{context.command_path}: {message}" if context is not None else str(message)


def _encounter_file(ctx: typer.Context, command: Any, args: list[str]) -> str | None:
    """The encounter file the failed command reads, if it reads one.

    The command's own context is closed by the time its error arrives here, so its arguments are
    parsed again, leniently (``resilient_parsing``: nothing is checked, no callback runs).
    """
    if command is None:
        return None
    from rulebench.core.encounter import display_name  # an error's courtesy; the encounter model is not needed to start

    try:
        with command.make_context(ctx.invoked_subcommand, list(args), parent=ctx, resilient_parsing=True) as sub:
            value = sub.params.get("encounter")
    except Exception:  # the file is a courtesy in a message that is already being printed
        return None
    return display_name(value) if value is not None else None
