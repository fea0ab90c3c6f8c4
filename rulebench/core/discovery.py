"""Finding plugins: the built-ins and third-party packages, all through the entry-point group ``rulebench``.

Discovery loads every entry point, registers it on a scratch plugin manager to validate its hooks
against the contract, and asks it to describe itself. A plugin that fails any step is reported by
name as a warning; the others keep working.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import pluggy

from rulebench.core import hookspecs
from rulebench.core.errors import BadInput
from rulebench.core.markers import PROJECT
from rulebench.core.values import PluginInfo, RulesetInfo

ENTRY_POINT_GROUP = "rulebench"

RULESET = "ruleset"
MODIFIER = "modifier"
TACTICS = "tactics"


def new_plugin_manager() -> pluggy.PluginManager:
    """A plugin manager that knows the hook contract and nothing else."""
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


@dataclass(frozen=True)
class PluginRecord:
    """One discovered plugin: what it is, where it comes from, and the object to register."""

    name: str
    kind: str
    title: str
    summary: str
    package: str
    version: str
    plugin: Any = field(repr=False)
    info: RulesetInfo | PluginInfo = field(repr=False)
    hooks: tuple[str, ...] = ()

    @property
    def default(self) -> bool:
        """Whether a modifier takes part in every fight unless switched off."""
        return isinstance(self.info, PluginInfo) and self.info.default

    @property
    def source(self) -> str:
        """Where a ruleset's rules come from (its descriptor's ``source``); empty for other plugins.

        The conformance kit (``rulebench.testing``) checks that every ruleset names one.
        """
        return self.info.source if isinstance(self.info, RulesetInfo) else ""

    def applies_to(self, ruleset: str) -> bool:
        """Whether this plugin may join a fight under ``ruleset``."""
        return not isinstance(self.info, PluginInfo) or not self.info.rulesets or ruleset in self.info.rulesets

    def to_dict(self) -> dict[str, Any]:
        """The ``plugins --json`` / ``rulesets --json`` row."""
        row: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "title": self.title,
            "summary": self.summary,
            "package": self.package,
            "version": self.version,
            "hooks": list(self.hooks),
        }
        if isinstance(self.info, PluginInfo):
            row["default"] = self.info.default
            row["rulesets"] = list(self.info.rulesets)
        else:
            row["source"] = self.info.source
            row["stats"] = list(self.info.stats)
        return row


@dataclass
class Catalog:
    """Every plugin that loaded, by name, and a warning for each that did not."""

    records: dict[str, PluginRecord] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def of_kind(self, kind: str) -> dict[str, PluginRecord]:
        """The loaded plugins of one kind, by name."""
        return {name: r for name, r in self.records.items() if r.kind == kind}

    def rulesets(self) -> dict[str, PluginRecord]:
        """The loaded rulesets, by name."""
        return self.of_kind(RULESET)

    def get(self, name: str, kind: str) -> PluginRecord:
        """The plugin ``name`` of ``kind``, or bad input that lists the names there are."""
        found = self.of_kind(kind)
        if name in found:
            return found[name]
        known = ", ".join(sorted(found)) or "none"
        hint = next((f" ({w})" for w in self.warnings if f"'{name}'" in w), "")
        raise BadInput(f"unknown {kind} {name!r}{hint}; expected one of: {known}")


def discover(extra: Iterable[tuple[str, Any]] = ()) -> Catalog:
    """Load every plugin of the ``rulebench`` entry-point group, plus ``extra`` (name, plugin) pairs.

    Args:
        extra: plugins given directly, as a test or a notebook would, described like the others.

    Returns:
        The catalog; plugins that failed to load are in its ``warnings``, by name.
    """
    catalog = Catalog()
    seen: set[str] = set()
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in seen:
            continue
        seen.add(ep.name)
        package = ep.dist.name if ep.dist else "?"
        version = ep.dist.version if ep.dist else "?"
        try:
            _add(catalog, ep.name, ep.load(), package, version)
        except Exception as err:  # a broken third-party plugin must not take the others down
            catalog.warnings.append(f"plugin '{ep.name}' from package {package} {version} was skipped: {type(err).__name__}: {err}")
    for name, plugin in extra:
        _add(catalog, name, plugin, getattr(plugin, "__module__", None) or getattr(plugin, "__name__", "?"), "local")
    return catalog


def _add(catalog: Catalog, name: str, plugin: Any, package: str, version: str) -> None:
    pm = new_plugin_manager()
    pm.register(plugin, name=name)
    pm.check_pending()
    rulesets = pm.hook.rulebench_ruleset()
    plugins = pm.hook.rulebench_plugin()
    if len(rulesets) + len(plugins) != 1:
        raise TypeError("a plugin must implement exactly one of rulebench_ruleset() and rulebench_plugin()")
    info: RulesetInfo | PluginInfo = (rulesets or plugins)[0]
    kind = RULESET if rulesets else info.kind  # type: ignore[union-attr]
    if kind not in (RULESET, MODIFIER, TACTICS):
        raise TypeError(f"unknown plugin kind {kind!r}; expected modifier or tactics")
    if info.name in catalog.records:
        raise TypeError(f"the name {info.name!r} is taken by package {catalog.records[info.name].package}")
    hooks = tuple(sorted(h.name for h in pm.get_hookcallers(plugin) or ()))
    catalog.records[info.name] = PluginRecord(
        name=info.name,
        kind=kind,
        title=info.title,
        summary=info.summary,
        package=package,
        version=version,
        plugin=plugin,
        info=info,
        hooks=hooks,
    )
