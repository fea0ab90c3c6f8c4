"""The language rulebench speaks: gettext catalogs per domain, Babel for numbers.

Every text a user reads goes through a :class:`Messages` catalog at the moment it is written, so the
language can change between two commands of one process (tests do that). rulebench's own texts live
in the domain ``rulebench`` (``rulebench/locale``); each ruleset or plugin ships its own domain next
to its code, the way it ships its rules, and builds its ``Messages`` the same way::

    messages = Messages("rulebench-dsa", Path(__file__).with_name("locale"))
    _ = messages.gettext

The language is, in this order: what :func:`set_language` was given (the CLI's ``--lang``), else the
first of the locale variables ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, else
English. English is the source language: its catalog is the message itself, so English output does
not depend on any compiled file.

The language is resolved once per command, not once per text: :func:`set_language` (which every
``rulebench`` command calls as it starts, with ``--lang`` or None) settles it, the locale variables
are read at the first text after it, and each :class:`Messages` binds its catalog for that language
once. A look-up is then a dictionary look-up, about as cheap as the message itself, for a plugin's
catalog as for rulebench's; a script that changes the locale variables calls ``set_language(None)``
for the change to count.

JSON keys and values never pass through here: they are an interface, not prose.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel import Locale

SOURCE_LANGUAGE = "en"
"""The language the messages are written in; it needs no catalog."""

LANGUAGES = ("en", "de")
"""The languages rulebench's own catalog speaks (``--lang`` accepts these)."""

LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the language, in gettext's order of precedence."""

_chosen: str | None = None
"""What :func:`set_language` was given, normalised; None for the environment's choice."""

_resolved: str | None = None
"""The language texts are written in until the next :func:`set_language`; None until a text asks."""

_settled = 0
"""How many times the language was settled (:func:`set_language`): a :class:`Messages` binds its
catalog afresh when this moves on, and otherwise keeps the one it bound."""


def set_language(code: str | None) -> None:
    """Speak ``code`` (``"de"``, ``"en"``…) from now on; ``None`` goes back to the environment's choice,
    read afresh at the next text."""
    global _chosen, _resolved, _settled
    _chosen = None if code is None else normalise(code)
    _resolved = _chosen
    _settled += 1


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak ``code`` inside the block, then again what was spoken before it (chosen, or the
    environment's): the conformance kit plays its fights in the source language, since it compares
    what rules answer, a condition's name included, and not what a reader is shown."""
    global _chosen, _resolved, _settled
    before = (_chosen, _resolved)
    set_language(code)
    try:
        yield
    finally:
        _chosen, _resolved = before
        _settled += 1


def normalise(code: str) -> str:
    """``de_DE.UTF-8``, ``de-AT`` or ``DE`` as the bare language ``de``; ``C`` and ``POSIX`` as English."""
    bare = code.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return SOURCE_LANGUAGE if bare in ("", "c", "posix") else bare


def language() -> str:
    """The language texts are written in now: the chosen one, else the environment's, else English."""
    global _resolved
    if _resolved is None:
        _resolved = _chosen if _chosen is not None else _environment_language()
    return _resolved


def _environment_language() -> str:
    """The first language of the locale variables that rulebench speaks, else English."""
    for variable in LOCALE_VARIABLES:
        value = os.environ.get(variable, "")
        if value:
            # LANGUAGE may list several ("de:en"); the first one rulebench speaks wins.
            for code in value.split(":"):
                if normalise(code) in LANGUAGES:
                    return normalise(code)
            return SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


@cache
def _catalog(domain: str, localedir: str, code: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``code``, or the identity where there is none."""
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(domain, localedir, languages=[code], fallback=True)


class Messages:
    """One gettext domain: rulebench's own texts, or one plugin's.

    Look-ups follow the current :func:`language`: build one ``Messages`` per module (or per package)
    at import time, bind ``_ = messages.gettext`` there too, and call it whenever a text is written.
    The catalog is bound once per language settled (see the module docstring), so a look-up costs
    no search of the environment or the disk. Rules code still calls it only where a text is
    written, in a renderer (``rulebench_narrate``) or a descriptor, never in a silent fight's path:
    a label passed to ``fight.roll`` is the untranslated constant, translated by the renderer.

    Attributes:
        domain: the gettext domain, ``rulebench-NAME`` for a plugin (never another plugin's).
        localedir: the ``locale/`` folder holding ``LANG/LC_MESSAGES/DOMAIN.mo``, beside the code.
    """

    def __init__(self, domain: str, localedir: Path | str) -> None:
        self.domain = domain
        self.localedir = str(localedir)
        self._bound_at = -1
        self._bound: _gettext.NullTranslations = _gettext.NullTranslations()

    def _translations(self) -> _gettext.NullTranslations:
        """The catalog of the current language, bound again only after the language was settled anew."""
        if self._bound_at != _settled:
            self._bound = _catalog(self.domain, self.localedir, language())
            self._bound_at = _settled
        return self._bound

    def gettext(self, message: str) -> str:
        """``message`` in the current language (itself where the catalog has no translation)."""
        return self._translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n``, by the current language's plural rule."""
        return self._translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` translated within ``context``, for short words that mean different things."""
        return self._translations().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        """The singular or plural form for ``n`` within ``context`` (a unit's name: ``round``, ``rounds``)."""
        return self._translations().npgettext(context, singular, plural, n)

    def speaks(self, code: str) -> bool:
        """Whether this domain has a compiled catalog for ``code`` (English always)."""
        code = normalise(code)
        return code == SOURCE_LANGUAGE or _gettext.find(self.domain, self.localedir, [code]) is not None


MESSAGES = Messages("rulebench", Path(__file__).resolve().parent.parent / "locale")
"""rulebench's own catalog: the kernel's, the analysis', the API's and the CLI's texts."""

_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext
npgettext = MESSAGES.npgettext


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it yet (module-level tables).

    Translate it where it is used, with ``_(TABLE[key])``: a table built at import time would
    otherwise be frozen in whatever language was current then.
    """
    return message


def _locale() -> Locale:
    return _locale_of(language())


@cache
def _locale_of(code: str) -> Locale:
    """Babel's locale data for ``code``, read once per language (every number printed asks)."""
    # Babel is imported with the first number printed, not with rulebench: most commands print none.
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code)
    except (UnknownLocaleError, ValueError):
        return Locale.parse(SOURCE_LANGUAGE)


def format_integer(value: int) -> str:
    """``value`` with the current language's grouping: ``1,000`` in English, ``1.000`` in German."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_locale()))


def localise_decimal(number: str) -> str:
    """``number``, formatted with ``.`` as its decimal mark (exactly, elsewhere), in the current
    language's mark: ``0.5`` stays in English, reads ``0,5`` in German."""
    from babel.numbers import get_decimal_symbol

    return number.replace(".", str(get_decimal_symbol(_locale())))


def percent_sign(number: str) -> str:
    """``number`` (already formatted) followed by the current language's percent sign and spacing.

    English writes ``5.0%``; German ``5,0 %`` with a no-break space, as its rulebooks do.
    """
    # The CLDR pattern (``#,##0%``, ``#,##0\u00a0%``) says where the digits go and what surrounds them.
    digits = str(_locale().percent_formats[None].pattern).split(";")[0]
    start = min(i for i, ch in enumerate(digits) if ch in "#0")
    end = max(i for i, ch in enumerate(digits) if ch in "#0,.") + 1
    return digits[:start] + number + digits[end:]
