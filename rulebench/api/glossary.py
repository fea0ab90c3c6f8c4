"""The glossary shipped inside the package (``rulebench/glossary.md``), for ``rulebench explain TERM``.

docs/glossary.md is the same file for readers of the repository; a test keeps the two identical.
Each entry is a ``### term`` section; a table of German words at the end leads to the entries.

A translation is one more file per language, ``glossary.de.md`` beside it (and its copy in docs/),
whose entries are headed ``### Haltung (stance)``: the entry's word in that language, then in
parentheses the English entry it translates. In that language ``explain`` answers with the
translated entry; every word that finds an entry in English (the English term, an outcome, a German
word of the index) finds it too, and so do the translated headings. An entry the translation lacks
is given in English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from rulebench.core.errors import BadInput
from rulebench.core.i18n import LANGUAGES, SOURCE_LANGUAGE, _, language
from rulebench.core.suggestions import did_you_mean

_LINK = re.compile(r"\[(`[^`]*`|[^\]]+)\]\(([^)]+)\)")
_REFERENCE = re.compile(r"(?<=[.)])\s+\[[^\]]+\]\(rules/[^)]+\)\.?")
"""A rules-page link standing as its own sentence after a definition: listed under the text instead."""
_GERMAN_ROW = re.compile(r"^\| (?P<german>[^|]+?) \| (?P<entries>.+) \|$")
_ALIASES = re.compile(r"^\((?P<words>[^)]+)\)")
"""An entry that opens with words in parentheses, ``(Rüstungsschutz, RS)``, is found by each of them too."""
_TRANSLATED_HEADING = re.compile(r"^(?P<word>.+) \((?P<english>[^()]+)\)$")
"""A translated entry's heading: its word, then the English entry's term in parentheses."""


@dataclass(frozen=True)
class Entry:
    """One glossary entry.

    Attributes:
        term: the entry's heading, e.g. ``withdrawn`` or ``95% interval``.
        text: its definition as plain text (links reduced to their words).
        pages: the rules pages it points to, e.g. ``docs/rules/dsa.md#the-chain``.
        related: other entries it mentions, by term.
    """

    term: str
    text: str
    pages: tuple[str, ...]
    related: tuple[str, ...]

    def to_dict(self) -> dict[str, object]:
        """The ``explain --json`` document."""
        return {"term": self.term, "text": self.text, "pages": list(self.pages), "related": list(self.related)}


def glossary_text() -> str:
    """The glossary's Markdown as shipped in the package."""
    return resources.files("rulebench").joinpath("glossary.md").read_text(encoding="utf-8")


def translated_text(lang: str) -> str | None:
    """The glossary's translation into ``lang`` as shipped (``glossary.de.md``), None where there is none."""
    file = resources.files("rulebench").joinpath(f"glossary.{lang}.md")
    return file.read_text(encoding="utf-8") if file.is_file() else None


def _key(term: str) -> str:
    """A term as looked up: case, underscores, hyphens and spaces do not matter (``party fled`` = ``party_fled``)."""
    return re.sub(r"[\s_\-]+", " ", term.strip().lower())


def _anchor(term: str) -> str:
    """A heading's Markdown anchor, as GitHub makes it: ``95% interval`` → ``95-interval``."""
    return re.sub(r"[^\w\- ]", "", term.lower()).replace(" ", "-")


def _entry(term: str, body: str, anchors: dict[str, str]) -> Entry:
    pages: list[str] = []
    related: list[str] = []
    for _words, target in _LINK.findall(body):
        if target.startswith("#"):
            if target[1:] in anchors and anchors[target[1:]] != term:
                related.append(anchors[target[1:]])
        else:
            pages.append("docs/" + target)
    text = " ".join(_LINK.sub(r"\1", _REFERENCE.sub("", body)).split())
    return Entry(term, text, tuple(dict.fromkeys(pages)), tuple(dict.fromkeys(related)))


@cache
def entries() -> dict[str, Entry]:
    """Every entry by its lookup key, plus each German word of the index leading to its entry."""
    text = glossary_text()
    sections = re.split(r"^### (.+)$", text.split("\n## ", 1)[0], flags=re.MULTILINE)[1:]
    pairs = list(zip(sections[::2], sections[1::2]))
    anchors = {_anchor(term): term for term, _ in pairs}
    found = {_key(term): _entry(term, body, anchors) for term, body in pairs}
    for term, body in pairs:
        opening = _ALIASES.match(body.strip())
        for alias in re.split(r"[,;]\s*", opening["words"]) if opening else ():
            alias = re.sub(r"`([^`]+)`.*", r"\1", alias.split(":")[-1])  # "`monte-carlo` in the JSON"
            found.setdefault(_key(alias), found[_key(term)])
    for line in text.splitlines():
        row = _GERMAN_ROW.match(line)
        if row is None:
            continue
        targets = [anchors[target[1:]] for _, target in _LINK.findall(row["entries"]) if target[1:] in anchors]
        for german in re.split(r",\s*", row["german"]):
            word = re.sub(r"\s*\(.*\)$", "", german)  # "Attacke (AT)" is found as "Attacke" and as "AT"
            abbreviation = re.search(r"\(([^)]+)\)$", german)
            for name in filter(None, (word, abbreviation[1] if abbreviation else "")):
                if targets and _key(name) not in found:
                    found[_key(name)] = found[_key(targets[0])]
    return found


@cache
def translated(lang: str) -> dict[str, Entry]:
    """The translated entries of ``lang`` by the English term they translate (empty without a translation)."""
    text = translated_text(lang) if lang != SOURCE_LANGUAGE else None
    if text is None:
        return {}
    sections = re.split(r"^### (.+)$", text.split("\n## ", 1)[0], flags=re.MULTILINE)[1:]
    pairs = list(zip(sections[::2], sections[1::2]))
    headings = [_TRANSLATED_HEADING.match(heading.strip()) for heading, _body in pairs]
    anchors = {_anchor(heading): match["word"] for (heading, _body), match in zip(pairs, headings) if match}
    found = {}
    for (_heading, body), match in zip(pairs, headings):
        if match is not None:
            found[match["english"]] = _entry(match["word"], body, anchors)
    return found


def _in_language(entry: Entry) -> Entry:
    """``entry`` in the current language: its translation where the glossary has one, else itself."""
    return translated(language()).get(entry.term, entry)


def _lookup() -> dict[str, Entry]:
    """Every key that finds an entry, each leading to the entry in the current language: the current
    translation's headings, the English keys, then the other translations' headings (``explain
    Abbruch`` finds ``withdrawn`` in English too)."""
    english = entries()
    by_term = {entry.term: entry for entry in english.values()}
    found = {_key(entry.term): entry for entry in translated(language()).values()}
    for key, entry in english.items():
        found.setdefault(key, _in_language(by_term[entry.term]))
    for lang in LANGUAGES:
        for term, entry in translated(lang).items():
            if term in by_term:
                found.setdefault(_key(entry.term), _in_language(by_term[term]))
    return found


def terms() -> list[str]:
    """The glossary's entries, in its order (in the current language, in its glossary's order)."""
    english = list(dict.fromkeys(entry.term for entry in entries().values()))
    local = translated(language())
    return [entry.term for entry in local.values()] + [term for term in english if term not in local]


def explain(term: str) -> Entry:
    """The entry for ``term`` (an English term, an outcome or end state, a German word of the index,
    or a translated heading), in the current language.

    Raises:
        BadInput: no entry of that name; the message suggests the closest ones.
    """
    found = _lookup()
    if _key(term) in found:
        return found[_key(term)]
    starting = {entry.term: entry for key, entry in found.items() if key.startswith(_key(term))}
    if len(starting) == 1:  # "exact" is "exact analysis"
        return starting.popitem()[1]
    suggestion = did_you_mean(_key(term), found, n=3, shown={key: entry.term for key, entry in found.items()})
    raise BadInput(_("no glossary entry for {term!r}{suggestion}; `rulebench explain` lists every term").format(
        term=term, suggestion=suggestion))
