"""The old home of the fight loop, kept so old imports work: each name warns and names its new module.

The kernel is split by job (docs/plugin-migration.md): ``core/assembly.py`` assembles a fight
configuration, ``core/dispatch.py`` resolves its hooks, ``core/loop.py`` plays its fights; a
script configures and plays fights through ``rulebench.api``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rulebench.core.deprecation import warn_deprecated

_MOVED = {
    "rulebench.core.assembly": ("FightConfig", "configure"),
    "rulebench.core.dispatch": ("ResolvedHooks",),
    "rulebench.core.loop": (
        "MAX_ROUNDS", "start_round", "take_turn", "end_round", "play_round", "play_step", "play_out", "play", "result_of",
        "fates", "run_fight",
    ),
    "rulebench.core.retired": ("fast_plan", "plays_only"),
}
"""Where each name of this module lives now."""

_HOME = {name: module for module, names in _MOVED.items() for name in names}


def __getattr__(name: str) -> Any:
    """A moved name, from its new module, with a ``DeprecationWarning`` naming it."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warn_deprecated(f"rulebench.core.kernel.{name}", f"import it from {home}", stacklevel=3)
    return getattr(import_module(home), name)


def __dir__() -> list[str]:
    return sorted(_HOME)
