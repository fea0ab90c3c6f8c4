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
from collections.abc import Callable, Iterator
from operator import is_not, itemgetter
from types import ModuleType
from typing import Any, NamedTuple

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


class _Namespace(NamedTuple):
    """One namespace of a plugin as it was found: its values read back in one C call (``getter``)."""

    plugin: str
    where: str
    namespace: dict[str, Any]
    names: frozenset[str]
    keys: tuple[str, ...]
    getter: Callable[[dict[str, Any]], tuple[Any, ...]]
    values: tuple[Any, ...]
    containers: tuple[Any, ...]
    sizes: tuple[int, ...]


class PluginState:
    """Each plugin's own state as a configuration found it (``changed`` compares it with now).

    Checked at every run's end, so it is kept cheap: each namespace's values are read back and
    compared by identity, and its containers' lengths, in C (``operator.itemgetter``, ``map``),
    some microseconds a plugin; only a change is looked at name by name.
    """

    def __init__(self, plugins: list[tuple[str, Any]]) -> None:
        self._namespaces: list[_Namespace] = []
        for plugin_name, plugin in plugins:
            for where, namespace in _namespaces(plugin):
                keys = tuple(key for key, value in namespace.items() if _kept(key, value))
                getter = _reader(keys)
                values = getter(namespace)
                containers = tuple(value for value in values if isinstance(value, _SIZED))
                self._namespaces.append(_Namespace(
                    plugin_name, where, namespace, frozenset(namespace), keys, getter, values, containers,
                    tuple(map(len, containers))))

    def changed(self) -> tuple[str, str] | None:
        """The first plugin whose state changed and what changed (in words), or None."""
        for space in self._namespaces:
            namespace = space.namespace
            if len(namespace) != len(space.names):
                added, lost = sorted(set(namespace) - space.names), sorted(space.names - set(namespace))
                if added:
                    return space.plugin, _("{where} gained a name ({names})").format(where=space.where, names=", ".join(added[:3]))
                return space.plugin, _("{where} lost a name ({names})").format(where=space.where, names=", ".join(lost[:3]))
            try:
                now = space.getter(namespace)
            except KeyError:  # a name of the same count was removed and another added
                now = tuple(namespace.get(key, _MISSING) for key in space.keys)
            if any(map(is_not, now, space.values)):
                key = next(key for key, before, after in zip(space.keys, space.values, now) if before is not after)
                return space.plugin, _("{where}.{key} was rebound").format(where=space.where, key=key)
            if tuple(map(len, space.containers)) != space.sizes:
                key, size, value = next(
                    (key, size, value)
                    for key, value in zip(space.keys, space.values) if isinstance(value, _SIZED)
                    for size in [space.sizes[space.containers.index(value)]] if len(value) != size)
                return space.plugin, _("{where}.{key} changed size ({before} -> {after})").format(
                    where=space.where, key=key, before=size, after=len(value))
        return None


def _reader(keys: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """A function reading ``keys`` out of a namespace as a tuple, in C where there are any."""
    if not keys:
        return lambda namespace: ()
    if len(keys) == 1:
        single = itemgetter(keys[0])
        return lambda namespace: (single(namespace),)
    return itemgetter(*keys)


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
    state = getattr(fight._rules, "plugin_state", None)
    found = state.changed() if state is not None else None
    if found is not None:
        plugin, what = found
        raise PluginError(
            _("plugin {plugin!r} changed its own state during the fights ({what}); a plugin keeps no state outside the "
              "fight (its state goes in fight.vars and combatant.vars), so the answer would be wrong").format(
                plugin=plugin, what=what),
            plugin=plugin, round=fight_round(fight),
        )
