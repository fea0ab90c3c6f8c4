"""One way to say a name has moved or retired: a ``DeprecationWarning`` that names what to use instead.

Old plugins and scripts keep working for a release while they are told where each name lives now
(docs/plugin-migration.md lists them all).
"""

from __future__ import annotations

import warnings

MIGRATION = "docs/plugin-migration.md"


def warn_deprecated(old: str, instead: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated and say what to do ``instead``; ``stacklevel`` 3 points at
    the caller of the function that warns."""
    warnings.warn(f"{old} is deprecated: {instead} ({MIGRATION})", DeprecationWarning, stacklevel=stacklevel)
