"""The old home of the conformance kit's checks, kept so old imports work: each name warns and
names ``rulebench.testing.conformance``, where the kit lives now (docs/plugin-migration.md)."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from rulebench.core.deprecation import warn_deprecated

NEW_HOME = "rulebench.testing.conformance"


def __getattr__(name: str) -> Any:
    """A name of the kit, from its new module, with a ``DeprecationWarning`` naming it."""
    if name.startswith("__"):
        raise AttributeError(name)
    value = getattr(import_module(NEW_HOME), name)  # an unknown name is an AttributeError there
    warn_deprecated(f"rulebench.analysis.conformance.{name}", f"import it from {NEW_HOME}", stacklevel=3)
    return value
