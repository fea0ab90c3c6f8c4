"""A package's public names imported from their modules on first use (PEP 562).

``rulebench`` and ``rulebench.api`` export many names, but a command needs few of them: importing
each on first use keeps every command's start-up to the modules it runs. The package keeps the
same names under ``TYPE_CHECKING`` imports, so type checkers and documentation tools see them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_exports(
    namespace: dict[str, Any], homes: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are ``namespace``: each
    name of ``homes`` (module: names) is imported from its module on first use and kept, so the
    next use is a plain attribute; ``__dir__`` lists the public names not imported yet too."""
    home_of = {name: module for module, names in homes.items() for name in names}
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        home = home_of.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace["__all__"]))

    return __getattr__, __dir__
