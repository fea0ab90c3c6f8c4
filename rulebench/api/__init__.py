"""The Python API for scripts and notebooks, above the kernel and analysis; the CLI is a thin layer over it.

The names below are imported from their modules on first use (PEP 562): importing one light module
of this package (``rulebench.api.numbers``, ``rulebench.api.labels``) does not import the analyses.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rulebench.api.analyses import Balance, Comparison, FightRecord, Sweep, balance, compare, fight, sweep
    from rulebench.api.inspect import Inspection, Validation, show, validate

_HOMES = {
    "rulebench.api.analyses": ("Balance", "Comparison", "FightRecord", "Sweep", "balance", "compare", "fight", "sweep"),
    "rulebench.api.inspect": ("Inspection", "Validation", "show", "validate"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Balance", "Comparison", "FightRecord", "Inspection", "Sweep", "Validation", "balance", "compare", "fight", "show",
    "sweep", "validate",
]


if not TYPE_CHECKING:  # type checkers see the imports above, so a misspelt name stays an error for them

    def __getattr__(name: str) -> Any:
        """A public name, imported from its module on first use and kept (PEP 562)."""
        home = _HOME_OF.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The module's names, the public ones not imported yet included."""
    return sorted(set(globals()) | set(__all__))
