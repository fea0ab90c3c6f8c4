"""ambermarch's mechanics explained at their first appearance in a narrated fight (``fight.explain``):
one paragraph per topic, in the reader's language."""

from __future__ import annotations

from collections.abc import Callable

from rulebench.rulesets.ambermarch.messages import Event, _


def _explain_stances(event: Event) -> str:
    return _(
        "Each round every standing member takes a stance (Haltung): attack adds 1d6 + his melee or ranged skill "
        "to the party's sum, cover adds nothing but gives +2 armour to him and the one behind him, a technique "
        "puts a skill, spell or miracle on the scale instead, and hold back keeps him out of the exchange."
    )


def _explain_exchange(event: Event) -> str:
    return _(
        "Once a round the party's sum meets the enemy group's dice pool (Würfelpool): the higher total wins the "
        "round, and the losing side pays for the difference."
    )


def _explain_probe(event: Event) -> str:
    target = event["target"]
    return _(
        "A technique with an effect is a test (Probe): 2d6 + mind against {target}; double six is a triumph and "
        "double one a doom whatever the modifiers, {success} or more a success (the full effect), {low} to {target} "
        "a partial success (half of it), and anything lower a failure."
    ).format(target=target, success=target + 1, low=target - 2)


def _explain_group_armour(event: Event) -> str:
    """Why the enemy group has the armour it has, naming each kind of enemy's armour where they
    differ (the group takes the lowest)."""
    armour, kinds = event["armour"], event["kinds"]
    if len(set(kinds.values())) > 1:
        each = ", ".join(f"{name} {value}" for name, value in kinds.items())
        return _(
            "The enemy fights as one group, and a group's armour is its weakest member's: {armour} ({each}); "
            "it swallows that much of every lead the party wins."
        ).format(armour=armour, each=each)
    if event["members"] > 1:
        return _(
            "The enemy fights as one group with its members' armour, {armour}: it swallows that much of every "
            "lead the party wins."
        ).format(armour=armour)
    return _("The enemy's armour {armour} swallows that much of every lead the party wins.").format(armour=armour)


def _explain_demon_blows(event: Event) -> str:
    return _(
        "A demon's blows ignore armour that is not magic, on either side: while a demon attacks for the party, "
        "an enemy without magic armour has armour 0, and the group's armour is still its weakest member's."
    )


def _explain_steadfastness(event: Event) -> str:
    return _(
        "Steadfastness (Standhaftigkeit) is how long the enemy stays in the fight, not its life: every round the "
        "party wins costs it 1, plus 1 for each full 4 points of lead past its armour, and at 0 it breaks "
        "(it started at {start})."
    ).format(start=event["start"])


def _explain_momentum(event: Event) -> str:
    return _(
        "Every won round gives the party a point of momentum (Schwung), at most 3; each point it spends before "
        "the dice of a later round adds 2 to its sum."
    )


def _explain_damage(event: Event) -> str:
    return _(
        "A lost round costs the party half the enemy's lead, rounded up, as damage that walks down its line in "
        "damage order: each member's armour swallows what it can, and if more is left it costs armour + 1 "
        "points to wound him and the rest flows on to the next."
    )


def _explain_wound_ladder(event: Event) -> str:
    return _(
        "Nobody has hit points: each wound moves a member exactly one step up the wound ladder (Wundenleiter), "
        "from unhurt to battered (−1 on every roll), wounded (−2, cover only, no techniques) and down (out of "
        "the encounter)."
    )


def _explain_withdrawn(event: Event) -> str:
    if event["tireless"]:
        return _(
            "Tireless foes never tire, so the rules set no round limit against them; rulebench stops the "
            "fight after round {limit} all the same, and both sides withdraw without a winner."
        ).format(limit=event["limit"])
    return _(
        "After at most {limit} rounds both sides let go of each other, exhausted: the fight ends without "
        "a winner (withdrawn)."
    ).format(limit=event["limit"])


_EXPLANATIONS: dict[str, Callable[[Event], str]] = {
    "stances": _explain_stances,
    "exchange": _explain_exchange,
    "probe": _explain_probe,
    "group armour": _explain_group_armour,
    "demon blows": _explain_demon_blows,
    "steadfastness": _explain_steadfastness,
    "momentum": _explain_momentum,
    "damage": _explain_damage,
    "wound ladder": _explain_wound_ladder,
    "withdrawn": _explain_withdrawn,
}


def explanation(event: Event) -> str | None:
    """A mechanic explained at its first appearance, by its topic."""
    explain = _EXPLANATIONS.get(event["topic"])
    return None if explain is None else explain(event)
