"""What must stay as setup left it, checked cheaply where a run of fights ends.

A combatant's or side's ``stats`` are fixed once setup is over (no snapshot restores them), and a
plugin keeps no state of its own: its modules' globals and its object's attributes stay as they
were (``hookspecs.py``). ``--check`` guards every hook call (``plugin_guards.py``), which a plain
run cannot afford. So a plain run notes what it starts with and compares it when its fights are
over (a chunk of sampling, an exact solve, a narrated fight): every stats table by value, and each
plugin's globals and attributes by identity, a mutable container with its length too. What changed
is refused (``PluginError``, exit 3) rather than answered: the fights played since are not the
rules' fights.

The plugins' check sees a value rebound, a name added or removed, a list, dict or set grown or
shrunk; it does not see an item of a container replaced in place, nor a change inside an object
(``rulebench check`` and ``--check`` look closer).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from rulebench.core.i18n import _
from rulebench.core.plugin_errors import PluginError, fight_round

_MISSING = object()
_SIZED = (list, dict, set, bytearray)
"""The mutable containers whose length is noted besides their identity."""


def _namespaces(plugin: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """Where ``plugin`` could keep state: a module's globals (a package's and each of its imported
    submodules'), or an object's attributes."""
    if isinstance(plugin, ModuleType):
        yield plugin.__name__, vars(plugin)
        if hasattr(plugin, "__path__"):  # a package: its rules live in its submodules
            prefix = plugin.__name__ + "."
            for name, module in list(sys.modules.items()):
                if name.startswith(prefix) and module is not None:
                    yield name, vars(module)
    elif hasattr(plugin, "__dict__"):
        yield type(plugin).__qualname__, vars(plugin)


def _kept(key: str, value: Any) -> bool:
    """Whether a global or attribute is state (functions, classes and modules are code)."""
    return not (key.startswith("__") or callable(value) or isinstance(value, ModuleType))


class PluginState:
    """Each plugin's own state as a configuration found it (``verify`` compares it with now)."""

    def __init__(self, plugins: list[tuple[str, Any]]) -> None:
        self._values: list[tuple[str, str, dict[str, Any], str, Any, int]] = []
        self._names: list[tuple[str, str, dict[str, Any], frozenset[str]]] = []
        for plugin_name, plugin in plugins:
            for where, namespace in _namespaces(plugin):
                self._names.append((plugin_name, where, namespace, frozenset(namespace)))
                for key, value in namespace.items():
                    if _kept(key, value):
                        size = len(value) if isinstance(value, _SIZED) else -1
                        self._values.append((plugin_name, where, namespace, key, value, size))

    def changed(self) -> tuple[str, str] | None:
        """The first plugin whose state changed and what changed (in words), or None."""
        for plugin, where, namespace, key, value, size in self._values:
            now = namespace.get(key, _MISSING)
            if now is not value:
                return plugin, _("{where}.{key} was rebound").format(where=where, key=key)
            if size >= 0 and len(value) != size:
                return plugin, _("{where}.{key} changed size ({before} -> {after})").format(
                    where=where, key=key, before=size, after=len(value))
        for plugin, where, namespace, names in self._names:
            if len(namespace) != len(names):
                added, lost = sorted(set(namespace) - names), sorted(names - set(namespace))
                if added:
                    return plugin, _("{where} gained a name ({names})").format(where=where, names=", ".join(added[:3]))
                return plugin, _("{where} lost a name ({names})").format(where=where, names=", ".join(lost[:3]))
        return None


def stats_at_freeze(owners: list[Any]) -> list[tuple[Any, dict[str, Any]]]:
    """Every stats table as setup left it, to compare with later (``changed_stats``)."""
    return [(owner, dict(owner.stats)) for owner in owners]


def changed_stats(frozen: list[tuple[Any, dict[str, Any]]]) -> tuple[Any, dict[str, Any]] | None:
    """The first combatant or side whose stats differ from the table setup left, with that table."""
    for owner, before in frozen:
        if owner.stats != before:
            return owner, before
    return None


def verify(fight: Any) -> None:
    """Refuse a run whose fights changed what must stay fixed: a stats table of ``fight`` (since its
    setup) or a plugin's own state (since its configuration was made).

    Raises:
        PluginError: what changed, and the plugin where the change tells it (its own state);
            ``analysis/fixed_checks.py`` plays the fights again under the guards to name the hook.
    """

    stats = changed_stats(fight._stats_at_freeze)
    if stats is not None:
        owner, before = stats
        raise PluginError(
            _("a plugin of this {ruleset} fight changed the stats of {who} after setup ({before} -> {after}); stats are "
              "fixed once setup is over and no snapshot restores them, so the answer would be wrong: keep what changes "
              "during a fight in vars (--check names the plugin and hook)").format(
                ruleset=fight.ruleset, who=owner.name, before=before, after=dict(owner.stats)),
            round=fight_round(fight),
        )
    state = getattr(fight.rules, "plugin_state", None)
    found = state.changed() if state is not None else None
    if found is not None:
        plugin, what = found
        raise PluginError(
            _("plugin {plugin!r} changed its own state during the fights ({what}); a plugin keeps no state outside the "
              "fight (its state goes in fight.vars and combatant.vars), so the answer would be wrong").format(
                plugin=plugin, what=what),
            plugin=plugin, round=fight_round(fight),
        )
