"""Errors a plugin causes during a fight, attributed the way pytest attributes a failing test.

The kernel does not wrap every hook call (that is the dispatch cost it avoids): it catches an
exception once, where a fight is set up or played (``FightConfig.new_fight``, ``play``,
``play_round``, ``play_step``), and :func:`attribute` works out afterwards who is to blame from
the traceback and the fight: the innermost frame that is a hook implementation of a plugin taking
part names the plugin and the hook, that frame's arguments name the combatants, the fight names
the round. An answer the kernel cannot read (``attack.hit`` on a ``bool``) is refused where the
kernel reads it (``wrong_answer``): no frame of the kernel is ever read, so the loop's code may change
freely.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from types import CodeType, FrameType, TracebackType
from typing import Any, NoReturn

from rulebench.core.combatants import Combatant, Side
from rulebench.core.dice import DiceScriptError
from rulebench.core.errors import RulebenchError
from rulebench.core.i18n import N_, _, format_integer
from rulebench.core.outcome import Fate, Outcome
from rulebench.core.values import Attack, Damage, Decision

__all__ = ["PluginError", "attribute", "late_state_key", "provenance", "remember_provenance", "unhashable_state"]

HOOK_PREFIX = "rulebench_"

_PROVENANCE: dict[int, tuple[Any, str, str]] = {}
"""id(plugin) -> (plugin, package, version), filled in by discovery; the plugin is kept so its id
is never reused by another object."""


def remember_provenance(plugin: Any, package: str, version: str) -> None:
    """Record where ``plugin`` comes from, so an error can name its package and version."""
    _PROVENANCE[id(plugin)] = (plugin, package, version)


def provenance(plugin: Any) -> tuple[str, str]:
    """The package and version ``plugin`` was discovered in (``("?", "?")`` if it never was)."""
    found = _PROVENANCE.get(id(plugin))
    return (found[1], found[2]) if found is not None else ("?", "?")


class PluginError(RulebenchError):
    """A plugin failed during a fight: it raised, answered a hook with the wrong type, broke the
    state rules, or never ended the fight. The CLI exits with code 3 (``exit_code``).

    Attributes:
        plugin: the plugin's name (as ``rulebench plugins`` lists it), when known.
        package: its distribution package and version, when known.
        hook: the hook it failed in, when known.
        round: the fight's round when it failed (0 during setup), when known.
        combatants: the names of the combatants the failing call was about.
    """

    exit_code = 3
    kind = "plugin"

    def __init__(
        self,
        message: str,
        *,
        plugin: str | None = None,
        package: str | None = None,
        hook: str | None = None,
        round: int | None = None,
        combatants: tuple[str, ...] = (),
    ) -> None:
        super().__init__(message)
        self.plugin = plugin
        self.package = package
        self.hook = hook
        self.round = round
        self.combatants = combatants


@dataclass(frozen=True)
class _Impl:
    """One hook implementation of a plugin taking part in the fight."""

    plugin: str
    package: str
    hook: str


def _implementations(pm: Any) -> dict[CodeType, _Impl]:
    """The code object of every hook implementation registered on ``pm``, with its plugin and hook."""
    found: dict[CodeType, _Impl] = {}
    if pm is None:
        return found
    for plugin in pm.get_plugins():
        name = pm.get_name(plugin) or "?"
        package, version = provenance(plugin)
        shown = f"{package} {version}" if package != "?" else _module_of(plugin)
        for caller in pm.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is plugin:
                    code = getattr(inspect.unwrap(impl.function), "__code__", None)
                    if code is not None:
                        found[code] = _Impl(name, shown, caller.name)
    return found


def _module_of(plugin: Any) -> str:
    return plugin.__name__ if inspect.ismodule(plugin) else type(plugin).__module__


def _frames(tb: TracebackType | None) -> list[FrameType]:
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    return frames


def _names(values: Iterable[Any]) -> Iterator[str]:
    for value in values:
        if isinstance(value, (Combatant, Side)):
            yield value.name
        elif isinstance(value, Attack):
            yield from _names((value.attacker, value.defender))
        elif isinstance(value, Decision) and value.who is not None:
            yield value.who.name


def _involved(frame: FrameType) -> tuple[str, ...]:
    """The combatants a hook call was about, from its arguments, in order and without repeats."""
    code = frame.f_code
    arguments = [frame.f_locals.get(n) for n in code.co_varnames[: code.co_argcount]]
    return tuple(dict.fromkeys(_names(arguments)))


def _describe(value: Any) -> str:
    shown = repr(value)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return f"{shown} ({type(value).__name__})"


_EXPECTED = {
    "rulebench_initiative": N_("a tuple (or other iterable) of turns"),
    "rulebench_turn": N_("an (attacker, defender) pair or None"),
    "rulebench_attack": N_("an Attack or None"),
    "rulebench_damage": N_("a Damage or None"),
    "rulebench_round_end": N_("an Outcome or None"),
    "rulebench_end_state": N_("a Fate"),
}


def _wrong_answer(frames: list[FrameType]) -> tuple[str, Any, tuple[str, ...]] | None:
    """A hook answer the next hook stumbled over: (the hook that produced it, the answer, combatants).

    A hook implementation that received a value of the wrong type as an argument (``attack`` of
    ``rulebench_damage``, ``damage`` of ``rulebench_wounds``, as the hookspecs name them) got it
    from the hook that produces that type. The kernel's own reads are checked where it makes them
    (``wrong_answer``), so no frame of the kernel is read here.
    """
    for frame in reversed(frames):
        if not frame.f_code.co_name.startswith(HOOK_PREFIX):
            continue
        arguments = _arguments(frame)
        for name, hook, kind in (("damage", "rulebench_damage", Damage), ("attack", "rulebench_attack", Attack)):
            if name in arguments and not isinstance(arguments[name], kind):
                return hook, arguments[name], _involved(frame)
    return None


def _arguments(frame: FrameType) -> dict[str, Any]:
    """A hook implementation's arguments by the names its hookspec gives them."""
    code = frame.f_code
    return {name: frame.f_locals[name] for name in code.co_varnames[: code.co_argcount] if name in frame.f_locals}


def wrong_answer(fight: Any, hook: str, answer: Any, combatants: tuple[Combatant, ...] = ()) -> PluginError:
    """The error for an answer of ``hook`` the kernel cannot read (``take_turn``, the round's turns)."""
    return wrong_type(_pm(fight), hook, answer, fight_round(fight), tuple(c.name for c in combatants if isinstance(c, Combatant)))


def wrong_type(pm: Any, hook: str, answer: Any, round: int | None, combatants: tuple[str, ...] = ()) -> PluginError:
    """The error for a hook answered with a value of the wrong type, naming who implements it."""
    impls = [i for i in _implementations(pm).values() if i.hook == hook and i.plugin != "rulebench-defaults"]
    if len(impls) == 1:
        [impl] = impls
        who = _("plugin {plugin!r} ({package})").format(plugin=impl.plugin, package=impl.package)
        plugin, package = impl.plugin, impl.package
    else:
        who = _("one of the plugins {plugins}").format(plugins=", ".join(repr(i.plugin) for i in impls))
        plugin, package = None, None
    expected = _(_EXPECTED[hook]) if hook in _EXPECTED else _("another type")
    return PluginError(
        _("{who}: {hook} returned {answer}, expected {expected}").format(who=who, hook=hook, answer=_describe(answer),
                                                                         expected=expected) + _where(round, combatants),
        plugin=plugin,
        package=package,
        hook=hook,
        round=round,
        combatants=combatants,
    )


def _where(round: int | None, combatants: tuple[str, ...]) -> str:
    parts = []
    if round is not None:
        parts.append(_("during setup") if round == 0 else _("in round {round}").format(round=round))
    if len(combatants) == 2:
        parts.append(_("{attacker} against {defender}").format(attacker=combatants[0], defender=combatants[1]))
    elif combatants:
        parts.append(_("about {names}").format(names=", ".join(combatants)))
    return f" ({', '.join(parts)})" if parts else ""


def fight_round(fight: Any) -> int | None:
    """The fight's round without telling exact analysis's round watch that it was read."""
    value = getattr(fight, "_round", None)
    return value if isinstance(value, int) else None


def attribute(error: Exception, fight: Any, pm: Any) -> Exception:
    """The error to raise instead of ``error``, raised while ``fight`` was set up or played.

    Errors rulebench already explains (bad input, analysis limits, a scripted roller out of dice),
    anything the fight's roller raised, and errors from no plugin are returned unchanged; anything a plugin raised or caused becomes a
    :class:`PluginError` naming the plugin, its package and version, the hook, the round and the
    combatants involved.
    """
    if isinstance(error, (RulebenchError, DiceScriptError)):
        return error
    frames = _frames(error.__traceback__)
    rollers = _codes(type(getattr(fight, "_roller", None)))
    if any(frame.f_code in rollers for frame in frames):
        # Raised by the fight's roller (a script run out, an analysis cutting a path off): not the plugin's doing.
        return error
    round_ = fight_round(fight)
    wrong = _wrong_answer(frames)
    if wrong is not None:
        hook, answer, involved = wrong
        return wrong_type(pm, hook, answer, round_, involved)
    impls = _implementations(pm)
    for frame in reversed(frames):
        impl = impls.get(frame.f_code)
        if impl is None:
            continue
        involved = _involved(frame)
        innermost = frames[-1]
        at = f"{innermost.f_code.co_filename}:{innermost.f_lineno}"
        return PluginError(
            # TRANSLATORS: {where} is empty or a parenthesis such as " (in round 3, Orc against Hero)".
            _("plugin {plugin!r} ({package}) failed in {hook}{where}: {error} (at {at}; run with --debug for the traceback)").format(
                plugin=impl.plugin, package=impl.package, hook=impl.hook, where=_where(round_, involved),
                error=f"{type(error).__name__}: {error}", at=at),
            plugin=impl.plugin,
            package=impl.package,
            hook=impl.hook,
            round=round_,
            combatants=involved,
        )
    return error


def _codes(kind: type) -> set[CodeType]:
    """The code of every function defined by ``kind`` and its bases: a frame running one of them is that class's."""
    return {value.__code__ for klass in kind.__mro__ for value in vars(klass).values() if hasattr(value, "__code__")}


def endless(ruleset: str, rounds: int) -> PluginError:
    """The error for a ruleset whose fight has not ended after the kernel's limit of ``rounds``."""
    return PluginError(
        _("ruleset {ruleset!r} did not end the fight within {rounds} rounds: its rulebench_round_end never "
          "returned an outcome (a round cap, or a side with nobody standing, must end every fight)").format(
            ruleset=ruleset, rounds=format_integer(rounds)),
        plugin=ruleset,
        hook="rulebench_round_end",
        round=rounds,
    )


def check_outcome(fight: Any, outcome: Any) -> None:
    """Refuse an answer of ``rulebench_round_end`` that is not an ``Outcome`` (called once a fight)."""
    if not isinstance(outcome, Outcome):
        raise wrong_type(_pm(fight), "rulebench_round_end", outcome, fight_round(fight))


def check_fate(fight: Any, fate: Any, combatant: Combatant) -> None:
    """Refuse an answer of ``rulebench_end_state`` that is not a ``Fate`` (None included)."""
    if not isinstance(fate, Fate):
        raise wrong_type(_pm(fight), "rulebench_end_state", fate, fight_round(fight), (combatant.name,))


def _pm(fight: Any) -> Any:
    """The plugin manager behind a fight's resolved hooks (``ResolvedHooks.pm``)."""
    return getattr(fight._rules, "pm", None)


def reraise(error: Exception, fight: Any) -> NoReturn:
    """Raise ``error`` attributed (see :func:`attribute`), keeping the original as its cause."""
    attributed = attribute(error, fight, _pm(fight))
    if attributed is error:
        raise error
    raise attributed.with_traceback(None) from error



def _state_dicts(fight: Any) -> Iterator[tuple[str, dict[str, Any], tuple[str, ...]]]:
    """Each state dictionary of a fight: its name in messages, the dictionary, the keys setup created."""
    yield "fight.vars", fight.vars, tuple(getattr(fight, "_fight_keys", ()))
    for combatant, keys in zip(fight.combatants, getattr(fight, "_var_keys", ())):
        yield f"{combatant.name}'s vars", combatant.vars, tuple(keys)


def _owner(fight: Any) -> tuple[str, str | None]:
    """The ruleset as the plugin to name for a state problem, with its package and version."""
    pm = _pm(fight)
    plugin = pm.get_plugin(fight.ruleset) if pm is not None else None
    package, version = provenance(plugin)
    return fight.ruleset, (f"{package} {version}" if package != "?" else None)


def unhashable_state(fight: Any, error: TypeError, snapshot: Any = None) -> PluginError:
    """The error for a fight state exact analysis could not hash (``snapshot``, else the live
    fight's), naming the value found in it."""
    ruleset, package = _owner(fight)
    dicts = [(where, values) for where, values, _ in _state_dicts(fight)]
    if isinstance(snapshot, tuple) and len(snapshot) == 5:
        names = [where for where, _ in dicts]
        layouts = [keys for _, _, keys in _state_dicts(fight)]
        dicts = [(where, dict(zip(keys, values))) for where, keys, values in zip(names, layouts, (snapshot[3], *snapshot[4]))]
    for where, values in dicts:
        for key, value in values.items():
            try:
                hash(value)
            except TypeError:
                return PluginError(
                    _("ruleset {ruleset!r}{package} (or a modifier) stored an unhashable value in {where}[{key!r}] "
                      "(round {round}): {value}; state values must be hashable (a tuple instead of a list, a frozenset "
                      "instead of a set); --check names the hook").format(
                        ruleset=ruleset, package=f" ({package})" if package else "", where=where, key=key,
                        round=fight_round(fight), value=_describe(value)),
                    plugin=ruleset, package=package, round=fight_round(fight),
                )
    return PluginError(_("ruleset {ruleset!r}: a fight state could not be hashed: {error}").format(ruleset=ruleset, error=error),
                       plugin=ruleset, package=package)


def late_state_key(fight: Any) -> PluginError:
    """The error for a state with more (or fewer) keys than setup created, naming the keys where it can."""
    ruleset, package = _owner(fight)
    for where, values, keys in _state_dicts(fight):
        late = [k for k in values if k not in keys]
        if late:
            found = _("created the key {key!r} in {where} after setup").format(key=late[0], where=where)
            break
    else:
        found = _("changed the layout of its state after setup")
    return PluginError(
        # TRANSLATORS: {found} is what the ruleset did, e.g. "created the key 'x' in the fight's vars after setup".
        _("ruleset {ruleset!r}{package} (or a modifier) {found} (seen in round {round}); every state key must be created "
          "in rulebench_setup, or a snapshot loses it and exact analysis goes wrong; --check names the hook").format(
            ruleset=ruleset, package=f" ({package})" if package else "", found=found, round=fight_round(fight)),
        plugin=ruleset, package=package, round=fight_round(fight),
    )
