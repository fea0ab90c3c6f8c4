"""The one way rulebench suggests what a misspelled name meant: `` (did you mean 'x'?)``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence

from rulebench.core.i18n import _


def close_matches(word: str, options: Iterable[str], n: int = 1) -> list[str]:
    """Up to ``n`` of ``options`` close enough to ``word`` to be what it meant, closest first."""
    return difflib.get_close_matches(word, list(options), n=n, cutoff=0.6)


def alternatives(values: Sequence[str]) -> str:
    """``values`` as alternatives in the current language: ``'none', 'party' or 'enemy'``."""
    if len(values) == 1:
        return values[0]
    # TRANSLATORS: the last of several allowed values: "'none', 'party' or 'enemy'".
    return _("{values} or {last}").format(values=", ".join(values[:-1]), last=values[-1])


def did_you_mean(word: str, options: Iterable[str], *, n: int = 1, named: bool = False,
                 shown: Mapping[str, str] | None = None) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``options`` to a misspelled ``word``, else ``""``.

    ``n`` offers up to that many, closest first (`` (did you mean 'x' or 'y'?)``). ``named`` names
    the misspelled word too (`` ('atack': did you mean 'attack'?)``), for a message that suggests
    for several words at once. ``shown`` says how each option is written where it is matched in
    another form (a glossary's folded keys, shown as their terms); several options shown alike are
    offered once.
    """
    matches = close_matches(word, options, n)
    found = [repr(option) for option in dict.fromkeys(shown[match] if shown else match for match in matches)]
    if not found:
        return ""
    choices = alternatives(found)
    if named:
        return " " + _("({name!r}: did you mean {options}?)").format(name=word, options=choices)
    return " " + _("(did you mean {options}?)").format(options=choices)
