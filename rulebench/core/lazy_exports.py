"""A package's public names imported from their modules on first use (PEP 562).

``rulebench`` and ``rulebench.api`` export many names, but a command needs few of them: importing
each on first use keeps every command's start-up to the modules it runs. The package keeps the
same names under ``TYPE_CHECKING`` imports, so type checkers and documentation tools see them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

Deprecated = Mapping[str, tuple[str, str | None]]
"""Names a package no longer exports but still finds: name -> (the module it is read from, what
the ``DeprecationWarning`` tells its user to do instead; None: no warning when it is read)."""


def lazy_exports(
    namespace: dict[str, Any], homes: Mapping[str, tuple[str, ...]], deprecated: Deprecated | None = None
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are ``namespace``: each
    name of ``homes`` (module: names) is imported from its module on first use and kept, so the
    next use is a plain attribute; ``__dir__`` lists the public names not imported yet too. A name
    of ``deprecated`` warns each time it is read, so it is never kept."""
    home_of = {name: module for module, names in homes.items() for name in names}
    retired = dict(deprecated or {})
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        home = home_of.get(name)
        if home is None:
            if name not in retired:
                raise AttributeError(f"module {package!r} has no attribute {name!r}")
            home, instead = retired[name]
            if instead is not None:
                from rulebench.core.deprecation import warn_deprecated  # only an old name's user pays for it

                warn_deprecated(f"{package}.{name}", instead)
            return getattr(import_module(home), name)
        value = getattr(import_module(home), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(namespace["__all__"]))

    return __getattr__, __dir__
