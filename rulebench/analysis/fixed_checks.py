"""A run of fights refused, and named, when it changed what must stay fixed (``core/fixed_state.py``).

A plain run finds the change where its fights end; which plugin and hook made it shows only under
the guards of ``--check``, around every hook call. So a refused run plays its configuration's first
fights again under them (``REPLAYS``), and where one of them makes the change again, the guard's
error, naming the plugin and hook, is the one raised.
"""

from __future__ import annotations

from dataclasses import replace

from rulebench.core.assembly import FightConfig
from rulebench.core.dice import RandomRoller
from rulebench.core.dispatch import ResolvedHooks
from rulebench.core.fight import Fight
from rulebench.core.fixed_state import verify
from rulebench.core.loop import play_out
from rulebench.core.plugin_errors import PluginError
from rulebench.core.plugin_guards import observer

REPLAYS = 20
"""How many fights a refused run plays again under the guards to name the hook that made the change."""


def verify_run(fight: Fight, config: FightConfig) -> None:
    """``fixed_state.verify`` for the fights ``config`` played on ``fight``, its error naming the
    plugin and hook where a replay under the guards finds them.

    Raises:
        PluginError: what changed, and by whom where that is known.
    """
    try:
        verify(fight)
    except PluginError as error:
        named = _named_by_replay(config)
        raise (named or error) from None


def _named_by_replay(config: FightConfig) -> PluginError | None:
    """The guards' error, naming the plugin and hook, if one of the configuration's first fights
    played again under them makes the change again."""
    guarded = replace(config, rules=ResolvedHooks(config.pm, observer(check=True, trace=False, plugin_state=True), config.rules.purposes), caches={})
    for seed in range(REPLAYS):
        try:
            play_out(guarded.new_fight(RandomRoller(f"replay:{seed}")))
        except PluginError as error:
            return error if error.hook is not None else None
    return None
