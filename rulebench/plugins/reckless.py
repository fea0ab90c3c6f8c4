"""Reckless tactics: a party that never takes cover, never holds back, never retreats or flees.

``--tactics reckless``. Written against the public hooks only, as a third party's tactics plugin
would be: it names no ruleset and reads no ruleset's state, only each decision's options and
context. Where recklessness has no bearing (the marching order, whom to strike, how to fight,
momentum) it answers None and the ruleset's default tactics answer:

| decision | reckless answer |
|---|---|
| ``retreat``, ``evade``, ``decline``, ``potion`` | never |
| ``stance`` | attack, with the member's better attack where the decision names it (``attack``), even a non-fighter |
| any other | the ruleset's default tactics |

The answers never depend on the round number, so exact analysis can reuse a step across rounds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import Decision, Fight, Messages, PluginInfo, hookimpl

MESSAGES = Messages("rulebench-plugins", Path(__file__).with_name("locale"))
"""The built-in plugins' catalog (the domain ``rulebench-plugins``), as a third-party plugin ships its own."""
_ = MESSAGES.gettext

NAME = "reckless"


@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the reckless tactics: for every ruleset."""
    return PluginInfo(
        name=NAME,
        kind="tactics",
        title=_("Reckless party"),
        summary=_("Everyone attacks every round: no cover, no holding back, no retreat, no flight, no evading."),
    )


@hookimpl
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer recklessly where recklessness has a bearing (the table in this module's docstring)."""
    kind = decision.kind
    if kind in ("retreat", "evade", "decline", "potion"):
        return False
    if kind == "stance":
        return decision.context.get("attack")  # None where the ruleset names no attack: its defaults answer
    return None  # the ruleset's own default tactics answer
