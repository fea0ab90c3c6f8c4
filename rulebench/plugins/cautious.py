"""Cautious tactics: a party that takes cover, retreats and flees early (``--tactics cautious``).

Written against the public hooks only, as a third party's tactics plugin would be. It answers every
decision each built-in ruleset asks (docs/rules/<ruleset>.md, "Decisions"); where caution has no
bearing (the marching order, whom to strike, how to fight) it answers as the default tactics do, so
that a comparison against the defaults shows caution and nothing else:

| ruleset | decision | cautious answer |
|---|---|---|
| ambermarch | ``decline`` | take the fight (declining would end every voluntary fight before it starts) |
| ambermarch | ``stance`` | a battered member takes cover; a non-fighter holds back where he may; else attack with the higher skill |
| ambermarch | ``momentum`` | spend all momentum held |
| ambermarch | ``retreat`` | as soon as any engaged member is wounded or worse (so a battered one first takes cover) |
| classic | ``retreat`` | after every drawn round that allows it |
| classic | ``fight``, ``order``, ``potion`` | the higher KS; keep the order; no potion (encounters carry none) |
| talisman | ``evade`` | a member down to his last life evades |
| dsa, endurance | ``retreat`` | as soon as one engaged member has fallen |
| any other | ``retreat`` | at the first chance (another ruleset's other decisions go to its own defaults) |
| endurance | ``target`` | the front-most standing opponent |

The state read here (ambermarch's ``ladder``, talisman's ``lives``) is each ruleset's documented
per-combatant state; the answers never depend on the round number, so exact analysis can reuse a
step across rounds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rulebench import Combatant, Decision, Fight, Messages, PluginInfo, hookimpl

MESSAGES = Messages("rulebench-plugins", Path(__file__).with_name("locale"))
"""The built-in plugins' catalog (the domain ``rulebench-plugins``), as a third-party plugin ships its own."""
_ = MESSAGES.gettext

NAME = "cautious"

# ambermarch's wound ladder (docs/rules/ambermarch.md): 0 unhurt, 1 battered, 2 wounded, 3 down.
BATTERED = 1
WOUNDED = 2


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


def higher_skill(member: Combatant) -> str:
    """ambermarch: attack with the higher skill, melee on a tie (as the default tactics do)."""
    return "attack" if member.stats["melee"] >= member.stats["ranged"] else "attack-ranged"


def ladder(member: Combatant) -> int:
    """ambermarch: the member's place on the wound ladder."""
    place = member.vars["ladder"]
    assert isinstance(place, int)
    return place


def ambermarch_stance(member: Combatant, may_hold_back: bool) -> str:
    """Cover once battered; a non-fighter holds back where he may; everyone else attacks."""
    if ladder(member) >= BATTERED:
        return "cover"
    if may_hold_back and not member.spec.fighter:
        return "hold-back"
    return higher_skill(member)


def ambermarch_retreat(fight: Fight) -> bool:
    """Retreat as soon as any engaged member is wounded or worse.

    Not at the first blow: a battered member takes cover first (a wounded one may only take cover
    by rule), so the party retreats once cover was not enough.
    """
    members = fight.party.members
    order = fight.vars["order"]
    assert isinstance(order, tuple)
    return any(ladder(members[i]) >= WOUNDED for i in order)


def stronger_ks(member: Combatant, options: tuple[str, ...]) -> str:
    """classic: the higher allowed KS by its dice's mean, melee on a tie (as the default tactics do)."""
    if "melee" in options and "ranged" in options:
        return "ranged" if member.stats["ranged_ks"].mean > member.stats["melee_ks"].mean else "melee"
    return options[0]


@hookimpl
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer each built-in ruleset's decisions cautiously (the table in this module's docstring)."""
    kind = decision.kind
    ruleset = fight.ruleset
    if kind == "retreat":
        if ruleset == "ambermarch":
            return ambermarch_retreat(fight)
        if ruleset == "classic":
            return True  # asked only after a drawn round 1 or 2: the first chance to leave
        context = decision.context
        if "standing" in context and "engaged" in context:  # dsa, endurance: leave once the first member falls
            return context["standing"] < context["engaged"]
        return True  # any other ruleset: leave at the first chance it offers
    if kind == "stance":
        assert decision.who is not None
        return ambermarch_stance(decision.who, decision.context.get("may_hold_back", False))
    if kind == "evade":
        assert decision.who is not None
        return decision.who.vars["lives"] == 1
    if kind == "momentum":
        return decision.context["held"]
    if kind == "decline":
        return False
    if kind == "order":
        return decision.context["current"]
    if kind == "fight":
        assert decision.who is not None
        return stronger_ks(decision.who, decision.options)
    if kind == "potion":
        return False
    if kind == "target":
        return decision.options[0]  # the options list the standing front first
    return None  # a third-party ruleset's decision: its own default tactics answer
