"""Finding plugins: the built-ins and third-party packages, all through the entry-point group ``rulebench``.

Discovery loads every entry point, registers it on a scratch plugin manager to validate its hooks
against the contract, and asks it to describe itself. A plugin that fails any step is reported by
name as a warning (a misspelled hook or argument with a "did you mean"); the others keep working.

Any plugin can be switched off with ``rulebench -p no:NAME`` or ``RULEBENCH_DISABLE_PLUGINS=a,b``:
it is still listed (``disabled``), but no fight uses it.

The installed plugins are found once per process (a command discovers several times: the analysis,
the tables' units, each sweep point), again only when ``sys.path``, one of its folders (a package
installed since), the plugins switched off or the language (of their titles and summaries) change.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import pluggy

from rulebench.core import hookspecs
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _, language, pgettext
from rulebench.core.markers import PROJECT
from rulebench.core.plugin_errors import remember_provenance
from rulebench.core.suggestions import did_you_mean
from rulebench.core.values import PluginInfo, RulesetInfo

ENTRY_POINT_GROUP = "rulebench"

LOCAL = "local"
"""The version recorded for a plugin given to ``discover(extra=...)`` rather than installed."""

DISABLE_VARIABLE = "RULEBENCH_DISABLE_PLUGINS"

_disabled_by_option: frozenset[str] = frozenset()
"""The plugins switched off with ``-p no:NAME`` for this command (see ``disable``)."""

RULESET = "ruleset"
MODIFIER = "modifier"
TACTICS = "tactics"


def disable(names: Iterable[str]) -> None:
    """Switch off the plugins ``names`` (``rulebench -p no:NAME``) for the discoveries that follow."""
    global _disabled_by_option
    _disabled_by_option = frozenset(names)


def disabled_names() -> frozenset[str]:
    """Every plugin switched off, by ``-p no:NAME`` or by ``RULEBENCH_DISABLE_PLUGINS=a,b``."""
    from_env = {n.strip() for n in os.environ.get(DISABLE_VARIABLE, "").split(",") if n.strip()}
    return _disabled_by_option | from_env


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
    disabled: bool = False

    @property
    def installed(self) -> bool:
        """Whether it came through an entry point, so that a worker process discovers it too
        (a plugin handed to ``discover(extra=...)`` lives only in the process that was given it)."""
        return self.version != LOCAL

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
            "disabled": self.disabled,
        }
        if isinstance(self.info, PluginInfo):
            row["default"] = self.info.default
            row["rulesets"] = list(self.info.rulesets)
            row["purposes"] = list(self.info.purposes)
        else:
            row["source"] = self.info.source
            row["stats"] = list(self.info.stats)
            row["settings"] = list(self.info.settings)
            row["purposes"] = None if self.info.purposes is None else list(self.info.purposes)
        return row


@dataclass
class Catalog:
    """Every plugin that loaded, by name (switched-off ones too), and a warning for each that did not."""

    records: dict[str, PluginRecord] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def of_kind(self, kind: str) -> dict[str, PluginRecord]:
        """The loaded plugins of one kind that are not switched off, by name."""
        return {name: r for name, r in self.records.items() if r.kind == kind and not r.disabled}

    def rulesets(self) -> dict[str, PluginRecord]:
        """The loaded rulesets, by name."""
        return self.of_kind(RULESET)

    def get(self, name: str, kind: str) -> PluginRecord:
        """The plugin ``name`` of ``kind``, or bad input that lists the names there are."""
        found = self.of_kind(kind)
        if name in found:
            return found[name]
        if name in self.records and self.records[name].disabled:
            raise BadInput(_("{kind} {name!r} is switched off (-p no:{name} or {variable})").format(
                kind=kind_name(kind), name=name, variable=DISABLE_VARIABLE))
        known = ", ".join(sorted(found)) or _("none")
        hint = next((f" ({w})" for w in self.warnings if f"'{name}'" in w), "")
        raise BadInput(_("unknown {kind} {name!r}{hint}; expected one of: {known}").format(
            kind=kind_name(kind), name=name, hint=hint + did_you_mean(name, found), known=known))


def kind_name(kind: str) -> str:
    """A plugin kind as a message shows it: ``ruleset``, ``modifier``, ``tactics`` (``Regelwerk``…)."""
    names = {
        RULESET: pgettext("plugin kind", "ruleset"),
        MODIFIER: pgettext("plugin kind", "modifier"),
        TACTICS: pgettext("plugin kind", "tactics"),
    }
    return names.get(kind, kind)


def discover(extra: Iterable[tuple[str, Any]] = ()) -> Catalog:
    """Load every plugin of the ``rulebench`` entry-point group, plus ``extra`` (name, plugin) pairs.

    Args:
        extra: plugins given directly, as a test or a notebook would, described like the others.

    Returns:
        The catalog (a new one at each call); plugins that failed to load are in its ``warnings``, by name.
    """
    disabled = disabled_names()
    installed, seen = _installed(disabled)
    catalog = Catalog(dict(installed.records), list(installed.warnings))
    for name, plugin in extra:
        _add(catalog, name, plugin, str(getattr(plugin, "__module__", None) or getattr(plugin, "__name__", "?")), LOCAL, disabled)
    for name in sorted(disabled - set(catalog.records) - seen):
        catalog.warnings.append(_("no plugin named {name!r} to switch off").format(name=name) + did_you_mean(name, catalog.records))
    return catalog


_last_installed: tuple[Hashable, Catalog, frozenset[str]] | None = None
"""The installed plugins last found, with what they were found under (see ``_installed``)."""


def _installed(disabled: frozenset[str]) -> tuple[Catalog, frozenset[str]]:
    """The plugins of the entry-point group, and every entry point's name, found again only when
    something they depend on has changed since the last time (see the module's docstring)."""
    global _last_installed
    key = (_path_state(), disabled, language())
    if _last_installed is None or _last_installed[0] != key:
        catalog, seen = _load_installed(disabled)
        _last_installed = (key, catalog, seen)
    return _last_installed[1], _last_installed[2]


def _path_state() -> tuple[tuple[str, int], ...]:
    """Each ``sys.path`` entry with its modification time (0 when it is no folder): installing or
    removing a package changes the time of the folder it goes into (importlib.metadata caches alike)."""
    state = []
    for entry in sys.path:
        try:
            state.append((entry, Path(entry or ".").stat().st_mtime_ns))
        except OSError:
            state.append((entry, 0))
    return tuple(state)


def _load_installed(disabled: frozenset[str]) -> tuple[Catalog, frozenset[str]]:
    """Load and describe every plugin of the entry-point group; a broken one is a warning."""
    catalog = Catalog()
    seen: set[str] = set()
    packages: dict[metadata.Distribution, tuple[str, str]] = {}  # a distribution's metadata is read once, not per plugin
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        if ep.name in seen:
            continue
        seen.add(ep.name)
        if ep.dist is None:
            package, version = "?", "?"
        else:
            package, version = packages.get(ep.dist) or packages.setdefault(ep.dist, (ep.dist.name, ep.dist.version))
        try:
            _add(catalog, ep.name, ep.load(), package, version, disabled)
        except Exception as err:  # a broken third-party plugin must not take the others down
            catalog.warnings.append(_("plugin '{name}' from package {package} {version} was skipped: {error}").format(
                name=ep.name, package=package, version=version, error=f"{type(err).__name__}: {err}"))
    return catalog, frozenset(seen)


def _register(name: str, plugin: Any) -> pluggy.PluginManager:
    """Register ``plugin`` on a scratch manager, explaining a misspelled hook or argument."""
    pm = new_plugin_manager()
    try:
        pm.register(plugin, name=name)
        pm.check_pending()
    except pluggy.PluginValidationError as err:
        raise pluggy.PluginValidationError(err.plugin, f"{err}{_suggestion(str(err))}") from None
    return pm


def _suggestion(message: str) -> str:
    """A "did you mean" for pluggy's unknown-hook and unknown-argument messages."""
    hooks = [name for name in dir(hookspecs) if name.startswith("rulebench_")]
    unknown_hook = re.search(r"unknown hook '(\w+)'", message)
    if unknown_hook:
        return did_you_mean(unknown_hook.group(1), hooks)
    unknown_args = re.search(r"hook '(\w+)'.*Argument\(s\) \{(.*?)\}", message, re.DOTALL)
    if unknown_args and unknown_args.group(1) in hooks:
        spec = getattr(hookspecs, unknown_args.group(1))
        known = spec.__code__.co_varnames[: spec.__code__.co_argcount]
        return "".join(did_you_mean(name, known, named=True) for name in re.findall(r"'(\w+)'", unknown_args.group(2)))
    return ""


def _add(catalog: Catalog, name: str, plugin: Any, package: str, version: str, disabled: frozenset[str] = frozenset()) -> None:
    pm = _register(name, plugin)
    rulesets = pm.hook.rulebench_ruleset()
    plugins = pm.hook.rulebench_plugin()
    if len(rulesets) + len(plugins) != 1:
        raise TypeError(_("a plugin must implement exactly one of rulebench_ruleset() and rulebench_plugin()"))
    info: RulesetInfo | PluginInfo = (rulesets or plugins)[0]
    kind = info.kind if isinstance(info, PluginInfo) else RULESET
    if kind not in (RULESET, MODIFIER, TACTICS):
        raise TypeError(_("unknown plugin kind {kind!r}; expected modifier or tactics").format(kind=kind))
    if info.name in catalog.records:
        raise TypeError(_("the name {name!r} is taken by package {package}").format(name=info.name, package=catalog.records[info.name].package))
    if info.name != name and version != LOCAL:
        # The entry point's name is what a user may switch off; the descriptor's is what -r takes.
        raise TypeError(_("its entry point is named {entry!r} but it describes itself as {name!r}; the two must match").format(
            entry=name, name=info.name))
    hooks = tuple(sorted(h.name for h in pm.get_hookcallers(plugin) or ()))
    remember_provenance(plugin, package, version)
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
        disabled=info.name in disabled or name in disabled,
    )
