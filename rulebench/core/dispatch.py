"""Hook dispatch: a fight configuration's hooks resolved once to plain callables, one per hook.

A pluggy call costs microseconds and a fight makes dozens, so the loop calls the implementations
directly, in pluggy's order; pluggy stays how plugins are found and composed (docs/architecture.md,
"Where speed comes from").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from rulebench.core import default_hooks as defaults
from rulebench.core.combatants import Combatant
from rulebench.core.fight import SCRIPT, Fight
from rulebench.core.fixed_state import PluginState
from rulebench.core.outcome import Fate
from rulebench.core.scripted_tactics import ScriptedTactics
from rulebench.core.values import Health, Modifier

_HOOKS: dict[str, tuple[str, ...]] = {
    "setup": ("fight",),
    "round_start": ("fight",),
    "initiative": ("fight",),
    "turn": ("fight", "turn"),
    "attack": ("fight", "attacker", "defender"),
    "damage": ("fight", "attack"),
    "wounds": ("fight", "target", "damage", "attacker"),
    "round_end": ("fight",),
    "fight_end": ("fight",),
    "end_state": ("fight", "combatant"),
    "modifiers": ("fight", "combatant", "purpose", "against"),
    "decide": ("fight", "decision"),
    "narrate": ("fight", "event"),
    "health": ("fight", "combatant"),
    "carry": ("fight", "combatant"),
    "rest": ("fight", "combatant", "carried", "rest"),
    "party_finished": ("fight",),
}

_NOTIFY = frozenset({"setup", "round_start", "fight_end"})
"""Hooks called for their effect alone."""


Observe = Callable[[str, str, Callable[..., Any]], Callable[..., Any]]
"""Wraps one implementation's call, given its plugin's and hook's names: how ``--check`` and
``--trace`` watch every call (``core/plugin_guards.py``) on the very path an unwatched fight takes."""


@dataclass(frozen=True)
class _Watch:
    """The plugin manager, to name each implementation's plugin, and the observer, if any."""

    pm: pluggy.PluginManager
    observe: Observe | None


def _call_through_pluggy(hook: pluggy.HookCaller, argnames: tuple[str, ...], watch: _Watch) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        return hook(**dict(zip(argnames, args)))

    if watch.observe is None:
        return call
    # A wrapper takes part: pluggy calls the implementations, so the call is watched as a whole.
    plugins = ", ".join(dict.fromkeys(watch.pm.get_name(i.plugin) or "?" for i in hook.get_hookimpls()))
    return watch.observe(plugins, hook.name, call)


def _adapt(impl: Any, hook: pluggy.HookCaller, argnames: tuple[str, ...], watch: _Watch) -> Callable[..., Any]:
    """The implementation as a positional callable over the spec's arguments (an impl may take fewer),
    watched when the configuration is (``Observe``)."""
    function: Callable[..., Any] = impl.function
    if tuple(impl.argnames) == argnames:
        call = function
    elif tuple(impl.argnames) == argnames[: len(impl.argnames)]:
        # The spec's leading arguments (a wounds hook written before ``attacker`` was added): a slice,
        # cheaper than picking each argument, on a path every hit takes.
        count = len(impl.argnames)
        call = lambda *args: function(*args[:count])  # noqa: E731
    else:
        positions = [argnames.index(a) for a in impl.argnames]
        call = lambda *args: function(*[args[i] for i in positions])  # noqa: E731  (an adapted call)
    if watch.observe is None:
        return call
    return watch.observe(watch.pm.get_name(impl.plugin) or "?", hook.name, call)


def _resolve(hook: pluggy.HookCaller, argnames: tuple[str, ...], watch: _Watch) -> Callable[..., Any]:
    """A firstresult hook as one plain callable over its implementations, in pluggy's call order."""
    impls = list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        return _call_through_pluggy(hook, argnames, watch)
    return _first_answer([_adapt(i, hook, argnames, watch) for i in impls])


def _first_answer(calls: list[Callable[..., Any]]) -> Callable[..., Any]:
    """The first answer that is not None among ``calls``, asked in order (pluggy's firstresult)."""
    if len(calls) == 1:
        return calls[0]

    def first(*args: Any) -> Any:
        for call in calls:
            result = call(*args)
            if result is not None:
                return result
        return None

    return first


Named = Callable[..., tuple[Any, "str | None"]]
"""A firstresult hook that also names the plugin whose implementation answered (None: nobody
answered, or pluggy called them and cannot tell)."""

def _source(pm: pluggy.PluginManager, impl: Any) -> str | None:
    """The name an implementation's answer is credited to: its plugin's, the script's as ``script``."""
    return SCRIPT if isinstance(impl.plugin, ScriptedTactics) else pm.get_name(impl.plugin)


def _resolve_named(hook: pluggy.HookCaller, argnames: tuple[str, ...], watch: _Watch) -> Named:
    """A firstresult hook as ``_resolve`` gives it, answering (answer, the answering plugin's name).

    Asked only where the answer's source is told (``Fight.decide`` while the fight records), so the
    plain callable stays as cheap as it was for every other fight.
    """
    impls = list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        through = _call_through_pluggy(hook, argnames, watch)
        return lambda *args: (through(*args), None)
    calls = [(_adapt(i, hook, argnames, watch), _source(watch.pm, i)) for i in impls]

    def first(*args: Any) -> tuple[Any, str | None]:
        for call, source in calls:
            result = call(*args)
            if result is not None:
                return result, source
        return None, None

    return first


def _resolve_turn(hook: pluggy.HookCaller, watch: _Watch) -> Callable[..., Any]:
    """``rulebench_turn`` without the kernel's own pass-through, which ``take_turn`` applies itself.

    A ruleset whose turns are tokens answers None for a turn nobody plays (a fallen member), and
    pluggy's order would then ask the kernel's ``rulebench_turn`` too, for nothing: it passes only a
    tuple through. ``take_turn`` asks it only for a tuple. With no other implementation (or a
    wrapper, which needs pluggy's own call) the kernel's is the hook.
    """
    impls = hook.get_hookimpls()
    if any(i.hookwrapper or i.wrapper for i in impls):
        return _call_through_pluggy(hook, _HOOKS["turn"], watch)
    others = [i for i in reversed(impls) if i.plugin is not defaults]
    if not others:
        return _resolve(hook, _HOOKS["turn"], watch)
    return _first_answer([_adapt(i, hook, _HOOKS["turn"], watch) for i in others])


def nothing(*args: Any) -> None:
    """A notification hook nobody implements: the loop skips calling it."""


def _notify(hook: pluggy.HookCaller, argnames: tuple[str, ...], watch: _Watch, registered_order: bool = False) -> Callable[..., None]:
    """Call every implementation for its effect; the kernel reads no answers of these hooks.

    ``registered_order`` calls them in the order their plugins were registered (pluggy calls the
    last registered first): ``rulebench_setup`` runs the ruleset's first, then each modifier's, so
    a modifier adjusts the stats the ruleset derived instead of having them overwritten.
    """
    impls = hook.get_hookimpls() if registered_order else list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        return _call_through_pluggy(hook, argnames, watch)
    calls = [_adapt(i, hook, argnames, watch) for i in impls]
    if not calls:
        return nothing
    if len(calls) == 1:
        return calls[0]

    def each(*args: Any) -> None:
        for call in calls:
            call(*args)

    return each


def _flat_modifiers(hook: pluggy.HookCaller, watch: _Watch, purposes: Mapping[int, tuple[str, ...]]) -> Callable[..., Sequence[Modifier]]:
    """Every plugin's modifiers as one flat sequence, asking each plugin only for the purposes it
    declares (``purposes``: by ``id`` of the plugin; one that declares none is asked for every purpose).

    Rulesets ask for modifiers per attacker per round, so this sits on the Monte Carlo hot path:
    one plugin's answer is passed on as it is, nothing is built when no plugin offers any, and a
    purpose no plugin declares (dsa's armour beside silver's weapon) costs one look-up.
    """
    argnames = _HOOKS["modifiers"]
    impls = list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        collected = _call_through_pluggy(hook, argnames, watch)
        return lambda *args: [m for found in collected(*args) for m in found]
    calls = [(_adapt(i, hook, argnames, watch), purposes.get(id(i.plugin))) for i in impls]
    anywhere = _gathered([call for call, declared in calls if not declared])
    if all(not declared for _, declared in calls):
        return anywhere
    asked = {purpose for _, declared in calls for purpose in declared or ()}
    by_purpose = {purpose: _gathered([call for call, declared in calls if not declared or purpose in declared])
                  for purpose in asked}

    def modifiers(fight: Fight, combatant: Combatant, purpose: str, against: Any = None) -> Sequence[Modifier]:
        return by_purpose.get(purpose, anywhere)(fight, combatant, purpose, against)

    return modifiers


def _gathered(calls: Sequence[Callable[..., Any]]) -> Callable[..., Sequence[Modifier]]:
    """The modifiers ``calls`` offer, as one sequence: ``()`` without any call, one call's answer as it is."""
    if not calls:
        return lambda fight, combatant, purpose, against=None: ()
    if len(calls) == 1:
        only = calls[0]
        return lambda fight, combatant, purpose, against=None: only(fight, combatant, purpose, against) or ()

    def modifiers(fight: Fight, combatant: Combatant, purpose: str, against: Any = None) -> list[Modifier]:
        found: list[Modifier] = []
        for call in calls:
            offered = call(fight, combatant, purpose, against)
            if offered:
                found.extend(offered)
        return found

    return modifiers


class ResolvedHooks:
    """The hooks of one fight configuration, resolved to plain callables (one attribute per hook)."""

    def __init__(self, pm: pluggy.PluginManager, observe: Observe | None = None,
                 purposes: Mapping[int, tuple[str, ...]] | None = None) -> None:
        self.pm = pm
        """The plugin manager, for naming a failing plugin (``plugin_errors``)."""
        self.plugin_state = PluginState([(name, plugin) for name, plugin in pm.list_name_plugin() if plugin is not defaults])
        """Every plugin's own state as the configuration found it (``fixed_state.verify``)."""
        self.purposes: Mapping[int, tuple[str, ...]] = purposes or {}
        """The modifier purposes each plugin declares (``PluginInfo.purposes``), by ``id`` of the
        plugin: ``rulebench_modifiers`` asks it for no other."""
        watch = _Watch(pm, observe)
        for short, argnames in _HOOKS.items():
            hook = getattr(pm.hook, f"rulebench_{short}")
            if short == "modifiers":
                self.modifiers = _flat_modifiers(hook, watch, self.purposes)
            elif short == "setup":
                self.setup = _notify(hook, argnames, watch, registered_order=True)
            elif short == "turn":
                self.turn = _resolve_turn(hook, watch)
            elif short == "decide":
                self.decide = _resolve(hook, argnames, watch)
                self.decide_by = _resolve_named(hook, argnames, watch)
            else:
                setattr(self, short, (_notify if short in _NOTIFY else _resolve)(hook, argnames, watch))

    setup: Callable[[Fight], None]
    round_start: Callable[[Fight], None]
    initiative: Callable[[Fight], Any]
    turn: Callable[[Fight, Any], Any]
    """The plugins' ``rulebench_turn`` without the kernel's pass-through of a pair (``take_turn``
    applies that); the kernel's own when no plugin implements it."""
    attack: Callable[..., Any]
    damage: Callable[..., Any]
    wounds: Callable[..., Any]
    round_end: Callable[[Fight], Any]
    fight_end: Callable[[Fight], None]
    end_state: Callable[[Fight, Combatant], Fate | None]
    modifiers: Callable[..., Sequence[Modifier]]
    decide: Callable[..., Any]
    decide_by: Named
    """``decide`` answering (answer, source): the name of the plugin that answered, ``script`` for the
    encounter's tables (``Fight.decide`` while the fight records)."""
    narrate: Callable[[Fight, dict[str, Any]], str]
    health: Callable[[Fight, Combatant], Health | None]
    carry: Callable[[Fight, Combatant], dict[str, Any] | None]
    rest: Callable[[Fight, Combatant, dict[str, Any], str], dict[str, Any] | None]
    party_finished: Callable[[Fight], bool | None]
