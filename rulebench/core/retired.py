"""``fast_plan`` and ``plays_only``, retired: rules are written once, in the hooks.

A ruleset used to play a silent fight's rounds more cheaply than through its hooks when it alone
implemented them. Two definitions of each rule drift apart, so the kernel no longer offers that:
both names stay for plugins written against them, and always answer "play turn by turn", so an old
plugin's fast path is never taken and its hooks run (docs/plugin-migration.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebench.core.deprecation import warn_deprecated
from rulebench.core.dice import RandomRoller
from rulebench.core.fight import Fight


def plays_only(
    fight: Fight,
    *,
    turn: Callable[..., Any] | None = None,
    attack: Callable[..., Any] | None = None,
    damage: Callable[..., Any] | None = None,
    wounds: Callable[..., Any] | None = None,
) -> bool:
    """Deprecated; always False, so a plugin's fast path is never taken: write the rule once, in its hooks."""
    warn_deprecated("rulebench.plays_only", "fast paths are gone; it always answers False, play every turn through the hooks")
    return False


def fast_plan(fight: Fight, key: str, plan_of: Callable[..., Any], *args: Any) -> tuple[Any, RandomRoller] | None:
    """Deprecated; always None ("play turn by turn"), without asking ``plan_of``: write the rule once, in its hooks."""
    warn_deprecated("rulebench.fast_plan", "fast paths are gone; it always answers None, play every turn through the hooks")
    return None
