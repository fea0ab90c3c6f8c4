"""Fight assembly: one encounter, exactly one ruleset, its modifiers and a tactics source on a fresh plugin manager.

``configure`` checks that the plugins fit the ruleset, registers them and resolves their hooks
(``core/dispatch.py``); ``FightConfig.new_fight`` sets up each fight of a run from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

import pluggy

from rulebench.core import default_hooks as defaults
from rulebench.core import plugin_errors, plugin_guards
from rulebench.core.dice import Roller
from rulebench.core.discovery import MODIFIER, RULESET, TACTICS, Catalog, PluginRecord, discover, new_plugin_manager
from rulebench.core.dispatch import ResolvedHooks
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.i18n import _
from rulebench.core.scripted_tactics import ScriptedTactics
from rulebench.core.values import PluginInfo, RulesetInfo

if TYPE_CHECKING:  # rulesets import the kernel (through rulebench) when they are discovered, before any encounter is read
    from rulebench.core.encounter import Encounter


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
        pm: the pluggy plugin manager the plugins of this configuration are registered with.
        rules: their hooks, resolved once (``core/dispatch.py``): what each fight calls.
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
    unasked: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Each ``--plugin`` modifier with the purposes it declares that the ruleset never asks
    (``unasked_purposes``): what it offers there changes nothing, and the command says so."""
    carried: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    """What each party member brings from a day's earlier fights (``Fight.carried``), by name: the
    state a chain's stage starts from; empty for a single encounter, whose members start fresh.
    A configuration that carries state is made from one that does not with :meth:`carrying`."""
    caches: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """What analysis learns about this configuration while it plays it (Monte Carlo's round memo),
    kept as long as the configuration lives."""

    def new_fight(self, roller: Roller, record: bool = False) -> Fight:
        """A fight at round 0: stats derived, state created and frozen, overrides checked."""
        fight = Fight(self.encounter, self.ruleset.name, self.rules, roller, record, self.carried)
        fight.default_tactics = self.default_tactics
        if self.static_modifiers:
            fight._remember_modifiers()
        try:
            self.rules.setup(fight)
        except Exception as error:
            plugin_errors.reraise(error, fight)
        unused = fight._unused_overrides()
        if unused:
            known = ", ".join(self.ruleset.overridable) or _("none")
            where = "; ".join(f'overrides.{self.ruleset.name}."{name}".{stat}' for name, stat in unused)
            raise BadInput(_("{where}: {ruleset} has no such stat for that combatant; expected one of: {known}").format(
                where=where, ruleset=self.ruleset.name, known=known))
        fight._freeze()
        return fight

    def carrying(self, carried: Mapping[str, Mapping[str, Any]]) -> FightConfig:
        """This configuration with its party starting from ``carried`` (``Fight.carried``), with
        caches of its own (what analysis learned about fresh members holds for no one else), and
        not portable: a worker rebuilding it from names (``analysis/sampling.py``) would start the
        party fresh, so its fights stay in this process."""
        return replace(self, carried=carried, caches={}, portable=False)


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
    observe = plugin_guards.observer(check=check, trace=trace) if check or trace else None
    return FightConfig(
        encounter=encounter,
        ruleset=cast(RulesetInfo, record.info),  # catalog.get(..., RULESET) found a ruleset's record
        plugins=tuple(m.name for m in chosen),
        tactics=tactics,
        package=(record.package, record.version),
        pm=pm,
        rules=ResolvedHooks(pm, observe, declared_purposes(chosen)),
        default_tactics=default_tactics,
        static_modifiers=static_modifiers,
        portable=all(r.installed for r in involved),
        unasked=unasked_purposes(cast(RulesetInfo, record.info), [m.info for m in chosen if m.name in plugins]),
    )


def declared_purposes(modifiers: Sequence[PluginRecord]) -> dict[int, tuple[str, ...]]:
    """The modifier purposes each modifier plugin declares, by ``id`` of its plugin object: the
    kernel asks it for no other (``core/dispatch.py``)."""
    return {id(m.plugin): m.info.purposes for m in modifiers if isinstance(m.info, PluginInfo) and m.info.purposes}


def unasked_purposes(ruleset: RulesetInfo, modifiers: Sequence[RulesetInfo | PluginInfo]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each modifier with the purposes it declares (``PluginInfo.purposes``) that ``ruleset`` never
    asks (``RulesetInfo.purposes``): those of its modifiers change nothing under it. Empty where
    either declares nothing, since then nobody can tell."""
    if ruleset.purposes is None:
        return ()
    found = []
    for info in modifiers:
        offered = info.purposes if isinstance(info, PluginInfo) else ()
        unasked = tuple(p for p in offered if p not in ruleset.purposes)
        if unasked:
            found.append((info.name, unasked))
    return tuple(found)
