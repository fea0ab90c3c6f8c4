"""Reckless tactics: a party that never takes cover, never holds back, never retreats or flees.

``--tactics reckless``. Written against the public hooks only, as a third party's tactics plugin
would be. It answers every decision each built-in ruleset asks (docs/rules/<ruleset>.md,
"Decisions"); where recklessness has no bearing (the marching order, whom to strike) it answers as
the default tactics do:

| ruleset | decision | reckless answer |
|---|---|---|
| ambermarch | ``decline`` | take the fight |
| ambermarch | ``stance`` | everyone attacks with his higher skill: no cover, no hold-back, even non-fighters |
| ambermarch | ``momentum`` | spend all momentum held |
| ambermarch | ``retreat`` | never |
| classic | ``fight`` | the higher KS |
| classic | ``retreat``, ``potion``, ``order`` | never flee; no potion (encounters carry none); keep the order |
| talisman | ``evade`` | never |
| dsa, endurance | ``retreat`` | never |
| endurance | ``target`` | the front-most standing opponent |

The answers never depend on the round number, so exact analysis can reuse a step across rounds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import Combatant, Decision, Fight, Messages, PluginInfo, hookimpl

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


def ambermarch_stance(member: Combatant) -> str:
    """Attack with the higher skill, melee on a tie, whoever the member is."""
    return "attack" if member.stats["melee"] >= member.stats["ranged"] else "attack-ranged"


def stronger_ks(member: Combatant, options: tuple[str, ...]) -> str:
    """classic: the higher allowed KS by its dice's mean, melee on a tie; never ``none``."""
    if "melee" in options and "ranged" in options:
        return "ranged" if member.stats["ranged_ks"].mean > member.stats["melee_ks"].mean else "melee"
    return options[0]


@hookimpl
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer each built-in ruleset's decisions recklessly (the table in this module's docstring)."""
    kind = decision.kind
    if kind in ("retreat", "evade", "decline", "potion"):
        return False
    if kind == "stance":
        assert decision.who is not None
        return ambermarch_stance(decision.who)
    if kind == "momentum":
        return decision.context["held"]
    if kind == "order":
        return decision.context["current"]
    if kind == "fight":
        assert decision.who is not None
        return stronger_ks(decision.who, decision.options)
    if kind == "target":
        return decision.options[0]  # the options list the standing front first
    return None  # a third-party ruleset's decision: its own default tactics answer
