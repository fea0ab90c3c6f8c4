"""Hook instrumentation for ``--check`` and ``--trace``: state guards and a hook-call trace.

Both observe each hook implementation's call as the kernel resolves it (``core/dispatch.py``,
``Observe``), so every call is attributed to its plugin while the fight takes the path an unwatched
one takes. That costs a Python call per hook call, so it is only done when asked: ``--check``, the
conformance kit (``rulebench check``), ``--trace`` and ``RULEBENCH_TRACE=1``.

The guards enforce the state rules of ``hookspecs.py`` around every call: no ``fight.vars`` /
``combatant.vars`` key created after setup, every value hashable, and no change a snapshot cannot
restore (a ``stats`` table, fixed once setup is over). A broken state is blamed on the call that
broke it, not on a modifier that call asked on the way (``observer``).
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Hashable
from typing import Any, TextIO

from rulebench.core.combatants import Combatant, Side
from rulebench.core.dispatch import Observe
from rulebench.core.i18n import _
from rulebench.core.plugin_errors import PluginError, fight_round, provenance

TRACE_VARIABLE = "RULEBENCH_TRACE"

_trace_by_option = False
"""Whether ``rulebench --trace`` asked for the trace (see ``trace_hooks``)."""


def trace_hooks(on: bool) -> None:
    """Trace every hook call of the fights configured from now on (``rulebench --trace``), or stop."""
    global _trace_by_option
    _trace_by_option = on


def tracing() -> bool:
    """Whether ``--trace`` or ``RULEBENCH_TRACE`` asks for every hook call to be traced (read when a
    fight is configured)."""
    return _trace_by_option or os.environ.get(TRACE_VARIABLE, "") not in ("", "0")


def observer(*, check: bool, trace: bool, out: TextIO | None = None, plugin_state: bool = False) -> Observe:
    """The observer of one fight configuration (``ResolvedHooks(pm, observe)``): it wraps every hook
    implementation's call, the kernel's own defaults too, for the trace.

    Args:
        check: enforce the state rules around each call (see the module docstring).
        trace: print each call (plugin, hook, arguments summary, result) to ``out``.
        out: where the trace goes; stderr when None.
        plugin_state: with ``check``, also refuse a change to a plugin's own state after each call
            (``fixed_state.PluginState``: dear, so only to name the hook of a change a run found).
    """
    active: list[tuple[str, str]] = []
    """The implementations being called, outermost first: a state a call finds broken when it
    starts was broken by the one that called it (everything was checked when it started)."""

    def observe(plugin: str, hook: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)
        def call(*args: Any) -> Any:
            fight = args[0]
            guarded = check and getattr(fight, "_var_keys", None) is not None
            if guarded and active:
                guard(fight, *active[-1])
            active.append((plugin, hook))
            try:
                result = function(*args)
            finally:
                active.pop()
            if trace:
                shown = ", ".join(_summary(a) for a in args[1:])
                line = _("[trace] round {round} {plugin}.{hook}({arguments}) -> {result}").format(
                    round=fight_round(fight), plugin=plugin, hook=hook, arguments=shown, result=_summary(result))
                (out or sys.stderr).write(line + "\n")
            if guarded:
                guard(fight, plugin, hook)
                if plugin_state:
                    _own_state(fight, plugin, hook)
            return result

        return call

    return observe


def _own_state(fight: Any, plugin: str, hook: str) -> None:
    """Refuse a change to a plugin's own state, right after ``plugin``'s ``hook`` made it."""
    found = fight._rules.plugin_state.changed()
    if found is not None:
        owner, what = found
        raise PluginError(
            _("{where} changed the own state of plugin {owner!r} ({what}); a plugin keeps no state outside the fight "
              "(its state goes in fight.vars and combatant.vars), so the answer would be wrong").format(
                where=_place(fight, plugin, hook), owner=owner, what=what),
            plugin=plugin, hook=hook, round=fight_round(fight), package=_package(fight, plugin),
        )


def _summary(value: Any) -> str:
    if isinstance(value, (Combatant, Side)):
        return value.name
    if isinstance(value, (list, tuple)) and len(value) > 4:
        return f"<{type(value).__name__} of {len(value)}>"
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def guard(fight: Any, plugin: str, hook: str) -> None:
    """Refuse a state the snapshot cannot carry, right after ``plugin``'s ``hook`` made it.

    Raises:
        PluginError: a state key created after setup, an unhashable state value, or a changed stat.
    """
    if not fight._fight_keys and not fight._var_keys:
        return  # still in setup: the layout is fixed by ``freeze`` when setup is over
    # Run around every hook call under --check: the message is only put together for a problem found.
    _keys(fight.vars, fight._fight_keys, "fight.vars", plugin, hook, fight)
    for combatant, keys in zip(fight.combatants, fight._var_keys):
        _keys(combatant.vars, keys, f"{combatant.name}'s vars", plugin, hook, fight)
    owners = [*fight.combatants, fight.party, fight.enemy]
    frozen = getattr(fight, "_guard_stats", None)
    if frozen is None:
        fight._guard_stats = [dict(owner.stats) for owner in owners]
        return
    for owner, before in zip(owners, frozen):
        if owner.stats != before:
            raise PluginError(
                _("{where} changed the stats of {who} after setup ({before} -> {after}); stats are fixed once setup is over "
                  "and no snapshot restores them: keep what changes during a fight in vars").format(
                    where=_place(fight, plugin, hook), who=owner.name, before=before, after=dict(owner.stats)),
                plugin=plugin, hook=hook, round=fight_round(fight), package=_package(fight, plugin),
            )


def _keys(values: dict[str, Any], frozen: tuple[str, ...], what: str, plugin: str, hook: str, fight: Any) -> None:
    if len(values) != len(frozen) or tuple(values) != frozen:
        late = [k for k in values if k not in frozen]
        gone = [k for k in frozen if k not in values]
        if late:
            problem = _("created the key {key!r} in {where} after setup").format(key=late[0], where=what)
        else:
            problem = _("removed the key {key!r} from {where}").format(key=gone[0], where=what)
        raise PluginError(
            # TRANSLATORS: {where} names the plugin, hook and round; {problem} what it did to the state.
            _("{where} {problem}; every state key must be created in rulebench_setup, or snapshots lose it "
              "and exact analysis goes wrong").format(where=_place(fight, plugin, hook), problem=problem),
            plugin=plugin, hook=hook, round=fight_round(fight), package=_package(fight, plugin),
        )
    if _hashable(tuple(values.values())):
        return
    for key, value in values.items():
        if not isinstance(value, Hashable) or not _hashable(value):
            raise PluginError(
                _("{where} stored an unhashable value in {state}[{key!r}]: {value!r} ({type}); "
                  "state values must be hashable (a tuple instead of a list, a frozenset instead of a set)").format(
                    where=_place(fight, plugin, hook), state=what, key=key, value=value, type=type(value).__name__),
                plugin=plugin, hook=hook, round=fight_round(fight), package=_package(fight, plugin),
            )


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _package(fight: Any, plugin: str) -> str | None:
    pm = getattr(fight._rules, "pm", None)
    target = pm.get_plugin(plugin) if pm is not None else None
    package, version = provenance(target)
    return f"{package} {version}" if package != "?" else None


def _place(fight: Any, plugin: str, hook: str) -> str:
    package = _package(fight, plugin)
    return _("plugin {plugin!r}{package} in {hook} (round {round})").format(
        plugin=plugin, package=f" ({package})" if package else "", hook=hook, round=fight_round(fight))
