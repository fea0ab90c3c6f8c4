"""Cautious tactics: a party that takes cover, retreats and flees early (``--tactics cautious``).

Written against the public hooks and the neutral view of a combatant only (``fight.health``, the
decision's own options and context), as a third party's tactics plugin would be, so it names no
ruleset and reads no ruleset's state. Where caution has no bearing (the marching order, whom to
strike, how to fight, momentum) it answers None and the ruleset's default tactics answer, so that a
comparison against the defaults shows caution and nothing else:

| decision | cautious answer |
|---|---|
| ``retreat`` | leave once fewer engaged members stand than are engaged, where the decision counts them (``standing``, ``engaged``); else once an engaged member is on his last stand or down; at once in a drawn fight (``drawn``) |
| ``stance`` | a hurt member takes ``cover`` where it is an option; everyone else as the defaults say |
| ``evade`` | a member on his last stand (talisman's last life) evades |
| ``decline`` | take the fight (declining would end every voluntary fight before it starts) |
| any other | the ruleset's default tactics |

The answers never depend on the round number, so exact analysis can reuse a step across rounds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import Combatant, Decision, Fight, Messages, PluginInfo, hookimpl

MESSAGES = Messages("rulebench-plugins", Path(__file__).with_name("locale"))
"""The built-in plugins' catalog (the domain ``rulebench-plugins``), as a third-party plugin ships its own."""
_ = MESSAGES.gettext

NAME = "cautious"

@hookimpl
def rulebench_plugin() -> PluginInfo:
    """Describe the cautious tactics: for every ruleset."""
    return PluginInfo(
        name=NAME,
        kind="tactics",
        title=_("Cautious party"),
        summary=_(
            "Takes cover when battered, retreats once someone is wounded, flees when the first member falls, "
            "evades on a last life."
        ),
    )


def endangered(fight: Fight, member: Combatant) -> bool:
    """Whether ``member`` is on his last stand or down, as his ruleset tells it (False if it cannot)."""
    health = fight.health(member)
    return health is not None and (health.last_stand or not health.standing)


def retreats(fight: Fight, decision: Decision) -> bool:
    """Leave once the first engaged member has fallen, where the decision counts who stands; in a
    drawn fight at once; else once an engaged member is on his last stand or down."""
    context = decision.context
    if "standing" in context and "engaged" in context:
        return bool(context["standing"] < context["engaged"])
    if context.get("drawn"):
        return True
    return any(endangered(fight, m) for m in fight.party.members if m.engaged)


@hookimpl
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer cautiously where caution has a bearing (the table in this module's docstring)."""
    kind = decision.kind
    if kind == "retreat":
        return retreats(fight, decision)
    if kind == "stance" and decision.who is not None:
        health = fight.health(decision.who)
        return "cover" if health is not None and health.hurt and "cover" in decision.options else None
    if kind == "evade" and decision.who is not None:
        health = fight.health(decision.who)
        return health is not None and health.last_stand
    if kind == "decline":
        return False
    return None  # the ruleset's own default tactics answer
