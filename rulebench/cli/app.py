"""The ``rulebench`` command: one Typer app, one module per command (``rulebench/cli/commands``).

Every help text is English, marked for the catalog; :class:`RulebenchGroup` settles each run's
language (``--lang``, else the locale variables) and translates the help before click reads it.
"""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.cli.boundary import DEBUG_KEY, RulebenchCommand, RulebenchGroup
from rulebench.cli.commands import (
    balance,
    chain,
    check,
    compare,
    dice,
    explain,
    fight,
    new_plugin,
    plugins,
    probe,
    report,
    rulesets,
    schema,
    sensitivity,
    show,
    sweep,
    validate,
)
from rulebench.cli.language import Lang
from rulebench.cli.plugin_options import PluginSwitches, Trace, apply_plugin_switches
from rulebench.core.i18n import N_
from rulebench.version import __version__

HELP = N_("Compare tabletop-RPG combat rulesets on the same encounter.")

app = typer.Typer(
    cls=RulebenchGroup,
    help=HELP,
    no_args_is_help=True,
    pretty_exceptions_enable=False,  # the boundary prints errors; tracebacks only with --debug
    add_completion=False,
)

for module in (rulesets, plugins, schema, validate, show, fight, compare, chain, sweep, balance, sensitivity, probe, dice, explain,
               new_plugin, check, report):
    app.command(name=module.NAME, help=module.HELP, cls=RulebenchCommand)(module.command)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"rulebench {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    debug: Annotated[bool, typer.Option("--debug", help=N_("Show the traceback of an internal error."))] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help=N_("Print the version and exit."))
    ] = False,
    lang: Annotated[
        Lang | None,
        typer.Option("--lang", metavar="LANG", show_default=False,
                     help=N_("The language of every text: en or de (default: LANGUAGE, LC_ALL, LC_MESSAGES or LANG, "
                             "else English). JSON keys and values stay English.")),
    ] = None,
    plugin_switches: PluginSwitches = None,
    trace: Trace = False,
) -> None:
    """The root options, applied before any command runs.

    ``--lang`` is declared here for the help and for click to check its value; RulebenchGroup.main
    has already read it from the arguments and set the language, before the help needed it.
    """
    del lang
    ctx.meta[DEBUG_KEY] = debug
    apply_plugin_switches(plugin_switches, trace)


def main() -> None:
    """The console script ``rulebench``."""
    app()
