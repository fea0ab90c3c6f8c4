"""The global options that operate plugins: ``-p no:NAME`` (repeatable) and ``--trace``."""

from __future__ import annotations

from typing import Annotated

import typer

from rulebench.core import discovery, plugin_guards
from rulebench.core.errors import BadInput

PluginSwitches = Annotated[
    list[str] | None,
    typer.Option(
        "-p",
        metavar="no:NAME",
        help="Switch a plugin off, e.g. -p no:silver (repeatable; RULEBENCH_DISABLE_PLUGINS=a,b does the same).",
        show_default=False,
    ),
]

Trace = Annotated[
    bool,
    typer.Option("--trace", help="Print every hook call (plugin, arguments, result) to stderr; RULEBENCH_TRACE=1 does the same."),
]


def apply_plugin_switches(switches: list[str] | None, trace: bool) -> None:
    """Switch off the plugins named by ``-p no:NAME`` and turn the hook trace on or off for this command.

    Raises:
        BadInput: a ``-p`` value that is not ``no:NAME``.
    """
    names = []
    for switch in switches or ():
        if not switch.startswith("no:") or not switch[3:]:
            raise BadInput(f"-p {switch!r}: expected no:NAME to switch the plugin NAME off, e.g. -p no:silver")
        names.append(switch[3:])
    discovery.disable(names)
    plugin_guards.trace_hooks(trace)
