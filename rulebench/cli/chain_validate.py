"""``rulebench validate`` on a chain file: every problem with its field, or what the file holds."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import typer

from rulebench.cli.boundary import ExitCode
from rulebench.cli.render import err, out, print_json, report
from rulebench.core.i18n import _, format_integer, ngettext


def validate_chain_command(path: Path, rulesets: Sequence[str] | None, json: bool) -> None:
    """Validate a chain file as ``rulebench validate`` validates an encounter (exit 2 when it is not valid)."""
    from rulebench.api.chain_validate import validate_chain

    result = validate_chain(path, rulesets)
    report(result.warnings)
    if json:
        print_json(result.to_dict(), texts=True)
    error = result.error()
    if error is not None:
        if not json:
            err.print(str(error), markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT)
    if not json and result.chain is not None:
        chain = result.chain
        members = ngettext("{count} party member", "{count} party members", len(chain.party)).format(
            count=format_integer(len(chain.party)))
        stages = ngettext("{count} stage", "{count} stages", len(chain.stages)).format(count=format_integer(len(chain.stages)))
        # TRANSLATORS: a valid chain file: "ok examples/chains/trade-road.toml: 'The crypt road', a day of 3 stages for 4 party members".
        text = _("ok {file}: {name}, a day of {stages} for {members}").format(
            file=result.source, name=repr(chain.name), stages=stages, members=members)
        out.print(text, markup=False, highlight=False, soft_wrap=True)
