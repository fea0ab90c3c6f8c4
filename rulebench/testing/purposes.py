"""The kit's look at modifier purposes: what a ruleset's fights ask, against what its descriptor declares.

``RulesetInfo.purposes`` tells a user whose ``--plugin`` modifier changes nothing under a ruleset
(``core/assembly.py``, ``unasked_purposes``), so it must hold every purpose the rules ask: a purpose
asked but not declared would have a plugin that does change the fight told that it does not. The
``descriptor`` check plays a few generated fights with ``fight.modifiers`` watched and fails on
such a purpose, and names the installed modifiers whose declared purposes the ruleset never asks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from rulebench.core.assembly import unasked_purposes
from rulebench.core.discovery import MODIFIER, Catalog
from rulebench.core.fight import Fight
from rulebench.core.i18n import SOURCE_LANGUAGE, _, speaking
from rulebench.core.loop import play
from rulebench.core.values import Modifier, PluginInfo, RulesetInfo

PURPOSE_FIGHTS = 12
"""Generated fights the descriptor check plays to see which purposes the rules ask."""


def watch_purposes(fight: Fight, asked: set[str]) -> None:
    """Note in ``asked`` every purpose ``fight``'s rules ask ``fight.modifiers`` for, from now on."""
    ask: Callable[..., Sequence[Modifier]] = fight.modifiers

    def modifiers(combatant: Any, purpose: str, against: Any = None) -> Sequence[Modifier]:
        asked.add(purpose)
        return ask(combatant, purpose, against)

    fight.modifiers = modifiers


def asked_purposes(fights: Iterable[Fight]) -> set[str]:
    """The purposes ``fights`` ask, each played to its end."""
    asked: set[str] = set()
    for fight in fights:
        watch_purposes(fight, asked)
        with speaking(SOURCE_LANGUAGE):
            play(fight)
    return asked


def undeclared_purposes(info: RulesetInfo, asked: set[str]) -> list[str]:
    """The purposes asked that ``info`` does not declare (none when it declares nothing)."""
    return [] if info.purposes is None else sorted(asked - set(info.purposes))


def purposes_detail(info: RulesetInfo, catalog: Catalog) -> str:
    """What the descriptor check reports of purposes: those declared, and each installed modifier
    whose declared purposes the ruleset never asks."""
    if info.purposes is None:
        return _("no modifier purposes declared (RulesetInfo.purposes): a --plugin that changes nothing is not told")
    modifiers = [r.info for r in catalog.of_kind(MODIFIER).values() if isinstance(r.info, PluginInfo)]
    unasked = unasked_purposes(info, modifiers)
    detail = _("asks modifiers for: {purposes}").format(purposes=", ".join(info.purposes) or _("none"))
    if unasked:
        shown = "; ".join(f"{name} ({', '.join(purposes)})" for name, purposes in unasked)
        detail += "; " + _("changes nothing under it: {plugins}").format(plugins=shown)
    return detail

