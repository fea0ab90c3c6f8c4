"""The fight loop, and the plugin manager that drives it.

``configure`` assembles one fight configuration (an encounter, exactly one ruleset, its modifier
plugins and a tactics source) on a fresh plugin manager and resolves every hook to plain callables
once. A pluggy call costs microseconds; a fight makes dozens, so the loop calls the resolved
implementations directly and pluggy stays the way plugins are found and composed (docs/architecture.md,
"Performance"). Set ``RULEBENCH_TRACE=1`` to print every hook call (``core/plugin_guards.py``).

An exception from a plugin is caught once, where a fight is set up or played, and reraised as a
``PluginError`` naming the plugin, hook, round and combatants (``core/plugin_errors.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import pluggy

from rulebench.core import default_hooks as defaults
from rulebench.core import plugin_errors, plugin_guards
from rulebench.core.combatants import Combatant
from rulebench.core.dice import Roller
from rulebench.core.discovery import MODIFIER, RULESET, TACTICS, Catalog, discover, new_plugin_manager
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.i18n import _
from rulebench.core.outcome import Fate, FightResult, Outcome
from rulebench.core.retired import fast_plan, plays_only  # noqa: F401  (retired; kept importable from here)
from rulebench.core.scripted_tactics import ScriptedTactics
from rulebench.core.values import Modifier, PluginInfo, RulesetInfo

if TYPE_CHECKING:  # rulesets import the kernel (through rulebench) when they are discovered, before any encounter is read
    from rulebench.core.encounter import Encounter

MAX_ROUNDS = 10_000
"""A ruleset that never ends a fight is a bug; the kernel stops it here rather than hang."""

_HOOKS: dict[str, tuple[str, ...]] = {
    "setup": ("fight",),
    "round_start": ("fight",),
    "initiative": ("fight",),
    "turn": ("fight", "turn"),
    "attack": ("fight", "attacker", "defender"),
    "damage": ("fight", "attack"),
    "wounds": ("fight", "target", "damage"),
    "round_end": ("fight",),
    "fight_end": ("fight",),
    "end_state": ("fight", "combatant"),
    "modifiers": ("fight", "combatant", "purpose", "against"),
    "decide": ("fight", "decision"),
    "narrate": ("fight", "event"),
}

_NOTIFY = frozenset({"setup", "round_start", "fight_end"})
"""Hooks called for their effect alone."""


def _call_through_pluggy(hook: pluggy.HookCaller, argnames: tuple[str, ...]) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        return hook(**dict(zip(argnames, args)))

    return call


def _adapt(impl: Any, argnames: tuple[str, ...]) -> Callable[..., Any]:
    """The implementation as a positional callable over the spec's arguments (an impl may take fewer)."""
    if tuple(impl.argnames) == argnames:
        function: Callable[..., Any] = impl.function
        return function
    positions = [argnames.index(a) for a in impl.argnames]
    function = impl.function
    return lambda *args: function(*[args[i] for i in positions])


def _resolve(hook: pluggy.HookCaller, argnames: tuple[str, ...]) -> Callable[..., Any]:
    """A firstresult hook as one plain callable over its implementations, in pluggy's call order."""
    impls = list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        return _call_through_pluggy(hook, argnames)
    return _first_answer([_adapt(i, argnames) for i in impls])


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


def _resolve_turn(hook: pluggy.HookCaller) -> Callable[..., Any]:
    """``rulebench_turn`` without the kernel's own pass-through, which ``take_turn`` applies itself.

    A ruleset whose turns are tokens answers None for a turn nobody plays (a fallen member), and
    pluggy's order would then ask the kernel's ``rulebench_turn`` too, for nothing: it passes only a
    tuple through. ``take_turn`` asks it only for a tuple. With no other implementation (or a
    wrapper, which needs pluggy's own call) the kernel's is the hook.
    """
    impls = hook.get_hookimpls()
    if any(i.hookwrapper or i.wrapper for i in impls):
        return _call_through_pluggy(hook, _HOOKS["turn"])
    others = [i for i in reversed(impls) if i.plugin is not defaults]
    if not others:
        return _resolve(hook, _HOOKS["turn"])
    return _first_answer([_adapt(i, _HOOKS["turn"]) for i in others])


def _nothing(*args: Any) -> None:
    """A notification hook nobody implements: the loop skips calling it."""


def _notify(hook: pluggy.HookCaller, argnames: tuple[str, ...], registered_order: bool = False) -> Callable[..., None]:
    """Call every implementation for its effect; the kernel reads no answers of these hooks.

    ``registered_order`` calls them in the order their plugins were registered (pluggy calls the
    last registered first): ``rulebench_setup`` runs the ruleset's first, then each modifier's, so
    a modifier adjusts the stats the ruleset derived instead of having them overwritten.
    """
    impls = hook.get_hookimpls() if registered_order else list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        return _call_through_pluggy(hook, argnames)
    calls = [_adapt(i, argnames) for i in impls]
    if not calls:
        return _nothing
    if len(calls) == 1:
        return calls[0]

    def each(*args: Any) -> None:
        for call in calls:
            call(*args)

    return each


def _flat_modifiers(hook: pluggy.HookCaller) -> Callable[..., list[Modifier] | tuple[()]]:
    """Every plugin's modifiers as one flat sequence.

    Rulesets ask for modifiers per attacker per round, so this sits on the Monte Carlo hot path:
    one plugin's answer is passed on as it is, and nothing is built when no plugin offers any.
    """
    argnames = _HOOKS["modifiers"]
    impls = list(reversed(hook.get_hookimpls()))
    if any(i.hookwrapper or i.wrapper for i in impls):
        collected = _call_through_pluggy(hook, argnames)
        return lambda *args: [m for found in collected(*args) for m in found]
    calls = [_adapt(i, argnames) for i in impls]
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

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        """The plugin manager, for naming a failing plugin (``plugin_errors``)."""
        for short, argnames in _HOOKS.items():
            hook = getattr(pm.hook, f"rulebench_{short}")
            if short == "modifiers":
                self.modifiers = _flat_modifiers(hook)
            elif short == "setup":
                self.setup = _notify(hook, argnames, registered_order=True)
            elif short == "turn":
                self.turn = _resolve_turn(hook)
            else:
                setattr(self, short, (_notify if short in _NOTIFY else _resolve)(hook, argnames))

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
    narrate: Callable[[Fight, dict[str, Any]], str]


@dataclass
class FightConfig:
    """One fight configuration, assembled once and used for every fight of a run.

    Attributes:
        encounter: the validated encounter.
        ruleset: the ruleset's descriptor.
        plugins: the names of the modifier plugins taking part.
        tactics: the ``--tactics`` plugin's name, or None for the ruleset's defaults.
        package: the ruleset's package and version, for provenance.
        default_tactics: whether the ruleset's own default tactics are the only tactics source.
    """

    encounter: Encounter
    ruleset: RulesetInfo
    plugins: tuple[str, ...]
    tactics: str | None
    package: tuple[str, str]
    pm: pluggy.PluginManager
    rules: ResolvedHooks
    default_tactics: bool = True
    static_modifiers: bool = False
    """Whether every plugin offering modifiers declares them static (``PluginInfo.static_modifiers``):
    each fight then asks them once per combatant, purpose and opponent and remembers the answer."""
    portable: bool = True
    """Whether every plugin of the configuration is installed, so a worker process can rebuild it
    from names; one given to ``discover(extra=...)`` keeps its fights in this process."""
    caches: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """What analysis learns about this configuration while it plays it (Monte Carlo's round memo),
    kept as long as the configuration lives."""

    def new_fight(self, roller: Roller, record: bool = False) -> Fight:
        """A fight at round 0: stats derived, state created and frozen, overrides checked."""
        fight = Fight(self.encounter, self.ruleset.name, self.rules, roller, record)
        fight.default_tactics = self.default_tactics
        if self.static_modifiers:
            fight.remember_modifiers()
        try:
            self.rules.setup(fight)
        except Exception as error:
            plugin_errors.reraise(error, fight)
        unused = fight.unused_overrides()
        if unused:
            known = ", ".join(self.ruleset.stats) or _("none")
            where = "; ".join(f'overrides.{self.ruleset.name}."{name}".{stat}' for name, stat in unused)
            raise BadInput(_("{where}: {ruleset} has no such stat for that combatant; expected one of: {known}").format(
                where=where, ruleset=self.ruleset.name, known=known))
        fight.freeze()
        return fight


def configure(
    encounter: Encounter,
    ruleset: str,
    *,
    catalog: Catalog | None = None,
    plugins: Sequence[str] = (),
    tactics: str | None = None,
    default_plugins: bool = True,
    check: bool = False,
) -> FightConfig:
    """Assemble a fight configuration: one ruleset, its modifiers and a tactics source.

    Args:
        encounter: the encounter to fight.
        ruleset: the ruleset's name.
        catalog: discovered plugins; discovered afresh when None.
        plugins: modifier plugins chosen with ``--plugin``, besides those on by default.
        tactics: a tactics plugin chosen with ``--tactics``.
        default_plugins: whether modifiers that are on by default join in.
        check: guard the state rules after every hook call (``--check``, the conformance kit):
            slower, so off by default (``core/plugin_guards.py``).

    Raises:
        BadInput: an unknown ruleset, modifier or tactics plugin, or one that does not fit the ruleset.
    """
    catalog = catalog if catalog is not None else discover()
    record = catalog.get(ruleset, RULESET)
    chosen = [catalog.get(name, MODIFIER) for name in plugins]
    for modifier in chosen:
        if not modifier.applies_to(ruleset):
            raise BadInput(_("plugin {plugin!r} does not apply to ruleset {ruleset!r}").format(plugin=modifier.name, ruleset=ruleset))
    if default_plugins:
        chosen_names = {m.name for m in chosen}
        chosen += [
            m
            for m in catalog.of_kind(MODIFIER).values()
            if m.default and m.applies_to(ruleset) and m.name not in chosen_names
        ]
    pm = new_plugin_manager()
    pm.register(defaults, name="rulebench-defaults")
    pm.register(record.plugin, name=record.name)
    for modifier in chosen:
        pm.register(modifier.plugin, name=modifier.name)
    involved = [record, *chosen]
    if tactics is not None:
        tactics_record = catalog.get(tactics, TACTICS)
        involved.append(tactics_record)
        if not tactics_record.applies_to(ruleset):
            raise BadInput(_("tactics {tactics!r} does not apply to ruleset {ruleset!r}").format(tactics=tactics, ruleset=ruleset))
        pm.register(tactics_record.plugin, name=tactics_record.name)
    if encounter.tactics.round:
        pm.register(ScriptedTactics(encounter.tactics.round), name="scripted-tactics")
    pm.check_pending()
    default_tactics = all(impl.plugin is record.plugin for impl in pm.hook.rulebench_decide.get_hookimpls())
    static = {id(m.plugin) for m in chosen if isinstance(m.info, PluginInfo) and m.info.static_modifiers}
    static_modifiers = all(id(impl.plugin) in static for impl in pm.hook.rulebench_modifiers.get_hookimpls())
    trace = plugin_guards.tracing()
    if check or trace:
        plugin_guards.instrument(pm, check=check, trace=trace)
    return FightConfig(
        encounter=encounter,
        ruleset=cast(RulesetInfo, record.info),  # catalog.get(..., RULESET) found a ruleset's record
        plugins=tuple(m.name for m in chosen),
        tactics=tactics,
        package=(record.package, record.version),
        pm=pm,
        rules=ResolvedHooks(pm),
        default_tactics=default_tactics,
        static_modifiers=static_modifiers,
        portable=all(r.installed for r in involved),
    )


def start_round(fight: Fight) -> Iterable[Any]:
    """Open the next round: advance the counter, let the round's decisions be made, and return its turns."""
    fight.round += 1
    rules = fight.rules
    if rules.round_start is not _nothing:
        rules.round_start(fight)
    return rules.initiative(fight) or ()


def take_turn(fight: Fight, turn: Any) -> None:
    """Play one turn: find who acts against whom, then attack, damage and wounds."""
    rules = fight.rules
    # With only the kernel's own resolver, a turn is an (attacker, defender) pair as it stands.
    if rules.turn is defaults.rulebench_turn:
        pair = turn
    else:
        pair = rules.turn(fight, turn)
        if pair is None and type(turn) is tuple:
            # The kernel's rulebench_turn comes last and passes only a tuple through: asked only then.
            pair = defaults.rulebench_turn(fight, turn)
    if pair is None:
        return
    attack = rules.attack(fight, pair[0], pair[1])
    if attack is not None and attack.hit:
        damage = rules.damage(fight, attack)
        if damage is not None:
            rules.wounds(fight, attack.defender, damage)


def end_round(fight: Fight) -> None:
    """Close the round; sets ``fight.outcome`` (and lets plugins react) when the fight is over."""
    outcome = fight.rules.round_end(fight)
    if outcome is not None:
        if not isinstance(outcome, Outcome):  # once a fight, and no call unless it is wrong
            plugin_errors.check_outcome(fight, outcome)
        fight.outcome = outcome
        fight.rules.fight_end(fight)


def play_round(fight: Fight) -> None:
    """Play one whole round of ``fight`` through the hooks: ``start_round``, every turn, ``end_round``."""
    _play_rounds(fight, once=True)


def _play_rounds(fight: Fight, once: bool) -> None:
    """One round (``once``), or rounds until the fight is over, each as ``play_round`` plays it.

    Monte Carlo plays every round through here, so ``start_round`` and ``end_round`` are written
    out in place and the hooks looked up once per fight (``play_step`` calls them).
    """
    rules = fight.rules
    round_start, initiative, round_end = rules.round_start, rules.initiative, rules.round_end
    while True:
        number = fight.round
        if not once and number >= MAX_ROUNDS:
            raise plugin_errors.endless(fight.ruleset, MAX_ROUNDS)
        try:
            fight.round = number + 1
            if round_start is not _nothing:
                round_start(fight)
            order = initiative(fight)
            if order:  # a ruleset that played the round itself returns no turns
                for turn in order:
                    take_turn(fight, turn)
            outcome = round_end(fight)
            if outcome is not None:
                if not isinstance(outcome, Outcome):
                    plugin_errors.check_outcome(fight, outcome)
                fight.outcome = outcome
                rules.fight_end(fight)
        except Exception as error:
            plugin_errors.reraise(error, fight)
        if once or fight.outcome is not None:
            return


def play_step(fight: Fight) -> None:
    """Advance ``fight`` by one step: a round's start, one of its turns, or its end.

    A ruleset whose ``rulebench_initiative`` returns a tuple has its remaining turns kept in the
    fight state (``fight.pending``), so exact analysis can merge equal states between turns; a
    lazily generated order is played out within the step that opens the round.
    """
    try:
        if fight.pending is None:
            turns = start_round(fight)
            if isinstance(turns, tuple):
                fight.pending = turns
                return
            for turn in turns:
                take_turn(fight, turn)
            end_round(fight)
        elif fight.pending:
            turn, fight.pending = fight.pending[0], fight.pending[1:]
            take_turn(fight, turn)
        else:
            fight.pending = None
            end_round(fight)
    except Exception as error:
        plugin_errors.reraise(error, fight)


def play_out(fight: Fight) -> None:
    """Play ``fight`` to its end without asking for its result (Monte Carlo asks once per final state)."""
    if fight.outcome is None:
        _play_rounds(fight, once=False)


def result_of(fight: Fight) -> FightResult:
    """The result of a finished fight: its outcome, its length and every combatant's fate."""
    assert fight.outcome is not None, "result_of() a fight still being played"
    try:
        return FightResult(fight.outcome, fight.round, fates(fight))
    except Exception as error:
        plugin_errors.reraise(error, fight)


def play(fight: Fight) -> FightResult:
    """Play ``fight`` to its end and report the result."""
    play_out(fight)
    return result_of(fight)


def fates(fight: Fight) -> tuple[Fate, ...]:
    """Every combatant's neutral end state, party first (the fight must be over)."""
    end_state = fight.rules.end_state
    result = []
    for combatant in fight.combatants:
        fate = end_state(fight, combatant)
        if not isinstance(fate, Fate):  # no call unless it is wrong: fates are asked once per combatant a fight
            plugin_errors.check_fate(fight, fate, combatant)
        result.append(fate)
    return tuple(result)


def run_fight(config: FightConfig, roller: Roller, record: bool = True) -> tuple[FightResult, Fight]:
    """Set up and play one fight; the fight is returned too, for its event log."""
    fight = config.new_fight(roller, record)
    return play(fight), fight
