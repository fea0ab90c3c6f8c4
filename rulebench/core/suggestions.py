"""The one way rulebench suggests what a misspelled name meant: `` (did you mean 'x'?)``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from rulebench.core.i18n import _


def close_matches(word: str, options: Iterable[str], n: int = 1) -> list[str]:
    """Up to ``n`` of ``options`` close enough to ``word`` to be what it meant, closest first."""
    return difflib.get_close_matches(word, list(options), n=n, cutoff=0.6)


def closest(word: str, options: Iterable[str]) -> str | None:
    """The one of ``options`` a misspelled ``word`` most likely meant, if any is close enough."""
    found = close_matches(word, options)
    return found[0] if found else None


def did_you_mean(word: str, options: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``options`` to a misspelled ``word``, else ``""``."""
    option = closest(word, options)
    return " " + _("(did you mean {option!r}?)").format(option=option) if option else ""
