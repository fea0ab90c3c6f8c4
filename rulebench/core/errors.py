"""The errors rulebench turns into a clean message instead of a traceback.

The CLI catches :class:`RulebenchError` at its boundary (DESIGN.md "CLI"): :class:`BadInput` and its
subclasses exit with code 2, anything else that escapes is an internal error (exit code 1).
"""

from __future__ import annotations

__all__ = ["BadInput", "EncounterError", "RulebenchError"]


class RulebenchError(Exception):
    """Base of every error the CLI turns into a clean message."""


class BadInput(RulebenchError):
    """Input the user can fix: a file, an option or a value; ``str(error)`` says what and how."""


class EncounterError(BadInput):
    """An encounter that cannot be read or validated, with every problem found at once.

    Attributes:
        source: where the encounter came from, usually its file name.
        problems: ``(field path, what is wrong and what was expected)`` pairs in the order found;
            the path looks like ``party[0].melee``, or ``<file>`` / ``<toml>`` when the file
            itself cannot be read or parsed.
    """

    def __init__(self, source: str, problems: list[tuple[str, str]]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__(self._message())

    def _message(self) -> str:
        if len(self.problems) == 1:
            [(path, what)] = self.problems
            return f"{self.source}: {path}: {what}"
        lines = "".join(f"\n  {path}: {what}" for path, what in self.problems)
        return f"{self.source}: {len(self.problems)} problems:{lines}"
