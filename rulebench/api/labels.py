"""Human names for what a sweep varies (``enemy.members[0].count`` reads "Skeleton guard count") and
for the outcomes, end states and methods as they are displayed, in the current language.

Tables and plots use the same words, so a slide and the terminal say the same thing. JSON keeps the
English values (``party_wins``, ``dead``, ``exact``): they are an interface; only their display changes.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rulebench.core.i18n import N_, _, pgettext

if TYPE_CHECKING:  # the CLI's tables import these names at start-up, before any encounter is read
    from rulebench.core.encounter import Encounter

FIELDS = {
    "melee": N_("melee"), "ranged": N_("ranged"), "armour": N_("armour"), "weapon": N_("weapon"),
    "body": N_("body"), "speed": N_("speed"), "mind": N_("mind"), "life": N_("life"),
}
"""The encounter's numbers a ``--vary`` path may name, translated where they are shown."""


def outcome_name(outcome: str) -> str:
    """An outcome as displayed: ``party_wins`` in English (the word the JSON and ``explain`` use), ``Sieg der Gruppe`` in German."""
    # Spelled out per value so the catalog sees each; an unknown value is shown as it is.
    names = {
        "party_wins": pgettext("outcome", "party_wins"),
        "enemy_wins": pgettext("outcome", "enemy_wins"),
        "withdrawn": pgettext("outcome", "withdrawn"),
        "party_fled": pgettext("outcome", "party_fled"),
    }
    return names.get(outcome, outcome)


def outcome_words(outcome: str) -> str:
    """An outcome in words, for a plot or a page rather than a table keyed like the JSON:
    ``party wins`` (the German names are words already: ``Sieg der Gruppe``)."""
    return outcome_name(outcome).replace("_", " ")


DEFAULT_TACTICS = "default"
"""How a ruleset's own default tactics are named in tables, plots, JSON and ``--tactics``."""


def casualty_name(casualty: str) -> str:
    """A casualty figure as displayed (``wiped_out``, ``anyone_dead``, ``deaths``), in words."""
    names = {
        "wiped_out": pgettext("casualty", "wiped out"),
        "anyone_dead": pgettext("casualty", "anyone dies"),
        "deaths": pgettext("casualty", "deaths (mean)"),
    }
    return names.get(casualty, casualty)


def end_state_name(state: str) -> str:
    """An end state as displayed: ``dead`` in English, ``tot`` in German."""
    names = {
        "unhurt": pgettext("end state", "unhurt"),
        "hurt": pgettext("end state", "hurt"),
        "out": pgettext("end state", "out"),
        "dead": pgettext("end state", "dead"),
    }
    return names.get(state, state)


def side_name(side: str) -> str:
    """A side as displayed: ``party`` or ``enemy`` in English (the JSON's words), ``Gruppe``, ``Gegner`` in German."""
    names = {"party": pgettext("side", "party"), "enemy": pgettext("side", "enemy")}
    return names.get(side, side)


def method_name(method: str) -> str:
    """How a result was obtained, in one word: ``exact`` or ``sampled`` (``exakt``, ``gesampelt``)."""
    return pgettext("method", "exact") if method == "exact" else pgettext("method", "sampled")

_PATH = re.compile(
    r'^(?:(?P<side>party|enemy\.members|enemy)\[(?P<who>[^\]]+)\]|overrides\.(?P<ruleset>[^.]+)\.(?:"(?P<quoted>[^"]+)"|(?P<plain>[^.]+)))'
    r"\.(?P<field>[A-Za-z_]+)$"
)


def vary_label(path: str, encounter: Encounter, relative: bool = False) -> str:
    """A ``--vary`` path in words: ``enemy.members[0].count`` → "Skeleton guard count",
    ``party[Warrior].armour`` → "Warrior's armour", ``overrides.dsa."Orc".le`` → "Orc's le (dsa)"
    (German: "Anzahl Skeleton guard", "Rüstung von Warrior", "le von Orc (dsa)").

    A whole side reads "the party's armour" ("the enemies' melee"); ``relative`` (offsets) adds
    "change in" before it. A path of another shape, or an index that names no member, reads as the path itself.
    """
    label = _label(path, encounter)
    # TRANSLATORS: a sweep of offsets from each member's own value, e.g. "change in the party's armour".
    return _("change in {label}").format(label=label) if relative else label


def _label(path: str, encounter: Encounter) -> str:
    """:func:`vary_label` of an absolute value."""
    match = _PATH.match(path.strip())
    if match is None:
        return path
    field = match["field"]
    if match["ruleset"]:  # a ruleset's own stat keeps its ruleset's name (le, ks)
        # TRANSLATORS: a stat a ruleset derives, of one combatant, e.g. "Orc's le (dsa)".
        return _("{who}'s {stat} ({ruleset})").format(who=match["quoted"] or match["plain"], stat=field,
                                                        ruleset=match["ruleset"])
    members = encounter.party if match["side"] == "party" else encounter.enemy.members
    who = match["who"].strip().strip('"')
    if who == "*":
        stat = _(FIELDS[field]) if field in FIELDS else field
        if match["side"] == "party":
            # TRANSLATORS: a number of every party member at once, e.g. "the party's armour".
            return _("the party's {field}").format(field=stat)
        # TRANSLATORS: a number of every enemy entry at once, e.g. "the enemies' melee" or "the enemies' count".
        return _("the enemies' {field}").format(field=_("count") if field == "count" else stat)
    if match["side"] == "enemy":
        return path
    if who.isdigit():
        if int(who) >= len(members):
            return path
        who = members[int(who)].name
    if field == "count":
        # TRANSLATORS: how many copies of an enemy entry there are, e.g. "Skeleton guard count".
        return _("{who} count").format(who=who)
    # TRANSLATORS: one of a combatant's numbers, e.g. "Warrior's armour".
    return _("{who}'s {field}").format(who=who, field=_(FIELDS[field]) if field in FIELDS else field)
