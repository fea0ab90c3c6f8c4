"""The global options that operate plugins: ``-p no:NAME`` (repeatable) and ``--trace``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from rulebench.cli.render import note
from rulebench.core.errors import BadInput
from rulebench.core.i18n import N_, _, format_integer, ngettext

PluginSwitches = Annotated[
    list[str] | None,
    typer.Option(
        "-p",
        metavar="no:NAME",
        help=N_("Switch a plugin off, e.g. -p no:silver (repeatable; RULEBENCH_DISABLE_PLUGINS=a,b does the same)."),
        show_default=False,
    ),
]

Check = Annotated[
    bool,
    typer.Option(
        "--check",
        help=N_("First play a few fights of the encounter every way the conformance kit compares, with the state "
        "guards on, and stop with exit 3 if a plugin breaks a rule (slower; see `rulebench check`)."),
    ),
]

Trace = Annotated[
    bool,
    typer.Option("--trace", help=N_("Print every hook call (plugin, arguments, result) to stderr; RULEBENCH_TRACE=1 does the same.")),
]


def apply_plugin_switches(switches: list[str] | None, trace: bool) -> None:
    """Switch off the plugins named by ``-p no:NAME`` and turn the hook trace on or off for this command.

    Raises:
        BadInput: a ``-p`` value that is not ``no:NAME``.
    """
    names = []
    for switch in switches or ():
        if not switch.startswith("no:") or not switch[3:]:
            raise BadInput(_("-p {value}: expected no:NAME to switch the plugin NAME off, e.g. -p no:silver").format(value=repr(switch)))
        names.append(switch[3:])
    if not names and not trace and not {"rulebench.core.discovery", "rulebench.core.plugin_guards"} & sys.modules.keys():
        # Nothing to switch on, and nothing an earlier run of this process could have left switched on
        # (neither module is loaded): a command that loads no plugin (dice, a --help) imports neither.
        return
    from rulebench.core import discovery, plugin_guards

    discovery.disable(names)
    plugin_guards.trace_hooks(trace)


def check_rulesets(path: Path, rulesets: list[str] | None) -> None:
    """``--check``: certify a few fights of the encounter at ``path`` under ``rulesets`` (every loaded one
    when None) before the command's own work; a note on stderr says what was checked.

    Raises:
        PluginError: a plugin broke a rule of the conformance kit (exit 3).
    """
    # Imported here: the root callback imports this module for every command, --check or not.
    from rulebench.core import discovery
    from rulebench.core.encounter import load_encounter
    from rulebench.testing.conformance import check_encounter

    catalog = discovery.discover()
    names = list(rulesets or sorted(catalog.rulesets()))
    fights = check_encounter(load_encounter(path), names, catalog=catalog)
    text = ngettext("--check: {fights} fight of {rulesets} played every way the conformance kit compares agreed",
                    "--check: {fights} fights of {rulesets} played every way the conformance kit compares agreed", fights)
    note(text.format(fights=format_integer(fights), rulesets=", ".join(names)))
