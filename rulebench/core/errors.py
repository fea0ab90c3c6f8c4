"""The errors rulebench turns into a clean message instead of a traceback.

The CLI catches :class:`RulebenchError` at its one boundary (``rulebench/cli/boundary.py``) and exits
with the error's ``exit_code``: 2 for :class:`BadInput` and its subclasses, 3 for a plugin that failed
during a fight (``PluginError``), 1 for anything else. ``kind``, ``file`` and ``field`` fill the JSON
error document (``{"error": {"kind", "message", "file", "field", "exit_code"}}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rulebench.core.i18n import ngettext

__all__ = ["BadInput", "EncounterError", "RulebenchError", "labelled"]


class RulebenchError(Exception):
    """Base of every error the CLI turns into a clean message.

    Attributes:
        exit_code: the CLI's exit code for it; a subclass sets its own (a class attribute).
        kind: a short machine-readable name of what went wrong, for the JSON error document.
        file: the file at fault, when one is (an encounter, an output path).
        field: the field at fault inside ``file``, as a path like ``party[0].melee``.
    """

    exit_code: int = 1
    kind: str = "internal"

    def __init__(self, message: str = "", *, file: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.file = file
        self.field = field


class BadInput(RulebenchError):
    """Input the user can fix: a file, an option or a value; ``str(error)`` says what and how."""

    exit_code = 2
    kind = "bad_input"


def labelled(path: str, labels: Mapping[str, str]) -> str:
    """``party[2].life`` as ``party[2] (Cleric).life``: the list position in ``path`` that ``labels``
    names gets its label after it, so a message names the member (or the round) it is about."""
    for prefix in labels:
        if path == prefix or path.startswith((f"{prefix}.", f"{prefix}[")):
            return f"{prefix} ({labels[prefix]}){path[len(prefix) :]}"
    return path


class EncounterError(BadInput):
    """An encounter that cannot be read or validated, with every problem found at once.

    Attributes:
        source: where the encounter came from, usually its file name (also ``file``).
        problems: ``(field path, what is wrong and what was expected)`` pairs in the order found;
            the path looks like ``party[0].melee``, or ``<file>`` / ``<toml>`` when the file
            itself cannot be read or parsed. ``field`` is the first one's path.
        labels: names for list positions in the paths (``{"party[2]": "Cleric", "tactics.round[0]":
            "round 1"}``), which the message shows after each position: ``party[2] (Cleric).life``.
    """

    kind = "encounter"

    def __init__(self, source: str, problems: list[tuple[str, str]], labels: Mapping[str, str] | None = None) -> None:
        self.source = source
        self.problems = list(problems)
        self.labels = dict(labels or {})
        super().__init__(self._message(), file=source, field=self.problems[0][0] if self.problems else None)

    def __reduce__(self) -> tuple[Any, ...]:
        # Errors cross process boundaries when sampling runs in workers; rebuild from the parts.
        return (type(self), (self.source, self.problems, self.labels))

    def _message(self) -> str:
        named = [(labelled(path, self.labels), what) for path, what in self.problems]
        if len(named) == 1:
            [(path, what)] = named
            return f"{self.source}: {path}: {what}"
        lines = "".join(f"\n  {path}: {what}" for path, what in named)
        # TRANSLATORS: the lines naming each problem follow the colon.
        return ngettext("{source}: {count} problem:", "{source}: {count} problems:", len(named)).format(
            source=self.source, count=len(named)) + lines
