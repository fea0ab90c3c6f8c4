"""Human names for what a sweep varies: ``enemy.members[0].count`` reads "Skeleton guard count".

Tables and plots use the same words, so a slide and the terminal say the same thing.
"""

from __future__ import annotations

import re

from rulebench.core.encounter import Encounter

_PATH = re.compile(
    r'^(?:(?P<side>party|enemy\.members)\[(?P<who>[^\]]+)\]|overrides\.(?P<ruleset>[^.]+)\.(?:"(?P<quoted>[^"]+)"|(?P<plain>[^.]+)))'
    r"\.(?P<field>[A-Za-z_]+)$"
)


def vary_label(path: str, encounter: Encounter) -> str:
    """A ``--vary`` path in words: ``enemy.members[0].count`` → "Skeleton guard count",
    ``party[Warrior].armour`` → "Warrior's armour", ``overrides.dsa."Orc".le`` → "Orc's le (dsa)".

    A path of another shape, or an index that names no member, reads as the path itself.
    """
    match = _PATH.match(path.strip())
    if match is None:
        return path
    field = match["field"]  # the encounter's field names are English words already
    if match["ruleset"]:
        return f"{match['quoted'] or match['plain']}'s {field} ({match['ruleset']})"
    members = encounter.party if match["side"] == "party" else encounter.enemy.members
    who = match["who"].strip().strip('"')
    if who.isdigit():
        if int(who) >= len(members):
            return path
        who = members[int(who)].name
    if field == "count":
        return f"{who} count"
    return f"{who}'s {field}"
