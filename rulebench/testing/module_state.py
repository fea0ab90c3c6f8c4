"""What a plugin's package holds outside its fights: its modules, what they import, and the plain
data they and the plugin object keep, so the kit can tell when fights change it."""

from __future__ import annotations

import ast
import copy
import importlib
import inspect
import pkgutil
from types import ModuleType
from typing import Any

from rulebench.core.i18n import _


def plugin_modules(plugin: Any) -> list[ModuleType]:
    """Every module of the package a plugin comes from (a module plugin's package, or a class's module's)."""
    module = plugin if inspect.ismodule(plugin) else inspect.getmodule(type(plugin))
    if module is None:
        return []
    top = module.__name__
    if not hasattr(module, "__path__") and "." in top:
        parent = importlib.import_module(top.rsplit(".", 1)[0])
        if parent.__name__ != "rulebench" and hasattr(parent, "__path__"):
            module, top = parent, parent.__name__
    found = [module]
    if hasattr(module, "__path__"):
        for info in pkgutil.walk_packages(module.__path__, prefix=f"{top}."):
            found.append(importlib.import_module(info.name))
    return found


def imports_of(module: ModuleType) -> set[str]:
    """The modules ``module`` imports (``import a.b`` gives a and a.b; ``from a import b`` gives a and a.b)."""
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return set()
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found.update(".".join(parts[: i + 1]) for i in range(len(parts)))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def state_of(objects: list[Any]) -> dict[str, Any]:
    """Copies of the plain data held by modules and plugin objects, to find changes made by fights."""
    held: dict[str, Any] = {}
    for owner in objects:
        label = owner.__name__ if inspect.ismodule(owner) else type(owner).__name__
        for name, value in vars(owner).items():
            if name.startswith("__") or inspect.ismodule(value) or callable(value) or isinstance(value, type):
                continue
            try:
                saved = copy.deepcopy(value)
                if saved == value:  # only values compared by content can show a change
                    held[f"{label}.{name}"] = (value, saved)
            except Exception:  # a value that cannot be copied or compared is not watched
                continue
    return held


def changed_since(before: dict[str, Any], objects: list[Any]) -> list[str]:
    """Each value of ``before`` (``state_of``) that changed since, with its value then and now."""
    after = state_of(objects)
    changed = []
    for name, (value, saved) in before.items():
        now = after.get(name)
        try:
            same = now is not None and now[0] is value and now[0] == saved
        except Exception:
            same = True
        if not same:
            current = _("(gone)") if now is None else _brief(now[0])
            changed.append(_("{name} from {before} to {after}").format(name=name, before=_brief(saved), after=current))
    return changed


def _brief(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short: a changed table need not fill the report."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
