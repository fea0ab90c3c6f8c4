"""The ``rulebench`` command: one Typer app, one module per command (``rulebench/cli/commands``)."""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.cli.boundary import DEBUG_KEY, RulebenchGroup
from rulebench.cli.commands import (
    balance,
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
    show,
    sweep,
    validate,
)
from rulebench.cli.plugin_options import PluginSwitches, Trace, apply_plugin_switches
from rulebench.version import __version__

app = typer.Typer(
    cls=RulebenchGroup,
    help="Compare tabletop-RPG combat rulesets on the same encounter.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,  # the boundary prints errors; tracebacks only with --debug
    add_completion=False,
)

for module in (rulesets, plugins, schema, validate, show, fight, compare, sweep, balance, probe, dice, explain, new_plugin, check, report):
    app.command(name=module.NAME)(module.command)


def _version(value: bool) -> None:
    if value:

        typer.echo(f"rulebench {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    debug: Annotated[bool, typer.Option("--debug", help="Show the traceback of an internal error.")] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
    plugin_switches: PluginSwitches = None,
    trace: Trace = False,
) -> None:
    """Compare tabletop-RPG combat rulesets on the same encounter."""
    ctx.meta[DEBUG_KEY] = debug
    apply_plugin_switches(plugin_switches, trace)


def main() -> None:
    """The console script ``rulebench``."""
    app()
