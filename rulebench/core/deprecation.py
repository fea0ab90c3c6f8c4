"""One way to say a name has moved or retired: a ``DeprecationWarning`` that names what to use instead.

Old plugins and scripts keep working for a release while they are told where each name lives now
(docs/plugin-migration.md lists them all).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module
from typing import Any

MIGRATION = "docs/plugin-migration.md"


def warn_deprecated(old: str, instead: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated and say what to do ``instead``; ``stacklevel`` 3 points at
    the caller of the function that warns."""
    warnings.warn(f"{old} is deprecated: {instead} ({MIGRATION})", DeprecationWarning, stacklevel=stacklevel)


def forwarded(old: str, homes: str | Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``old``, the old home of a module that moved: each name
    read there comes from its new module (``homes``: one module for every name, or each name's
    own), with a ``DeprecationWarning`` naming that module. Its new module is imported only when an
    old name is used, so the old home costs nothing and imports nothing above its layer until then."""

    def home_of(name: str) -> str:
        if isinstance(homes, str):
            return homes
        if name not in homes:
            raise AttributeError(f"module {old!r} has no attribute {name!r}")
        return homes[name]

    def __getattr__(name: str) -> Any:
        if name.startswith("__"):  # import machinery and tools probing the module, not an old name's user
            raise AttributeError(name)
        home = home_of(name)
        value = getattr(import_module(home), name)  # a name the new module lacks is an AttributeError there
        warn_deprecated(f"{old}.{name}", f"import it from {home}")
        return value

    def __dir__() -> list[str]:
        if not isinstance(homes, str):
            return sorted(homes)
        new = import_module(homes)
        return sorted(getattr(new, "__all__", None) or (name for name in vars(new) if not name.startswith("_")))

    return __getattr__, __dir__


class KernelMember:
    """A member of the kernel's (``Fight._snapshot``...) under its old public name (``snapshot``):
    still there for plugins and scripts written against it, with a ``DeprecationWarning``."""

    def __init__(self, owner: type, name: str, instead: str) -> None:
        self.old, self.private, self.instead = f"{owner.__name__}.{name}", f"_{name}", instead

    def __get__(self, instance: object, owner: type | None = None) -> Any:
        if instance is None:
            return self
        warn_deprecated(self.old, self.instead)
        return getattr(instance, self.private)

    def __set__(self, instance: object, value: Any) -> None:
        warn_deprecated(self.old, self.instead)
        setattr(instance, self.private, value)


def keep_old_names(owner: type, names: Iterable[str], instead: str) -> None:
    """Give ``owner`` each of ``names`` as a deprecated alias of its private member (``_name``)."""
    for name in names:
        setattr(owner, name, KernelMember(owner, name, instead))
