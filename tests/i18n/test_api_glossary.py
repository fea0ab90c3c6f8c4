"""The German glossary (rulebench/glossary.de.md): every entry translated, found by its German and its
English words, shipped identical to docs/glossary.de.md, and given whole in German with --lang de."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulebench.api.glossary import entries, explain, terms, translated, translated_text
from rulebench.core.errors import BadInput
from rulebench.core.i18n import set_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def test_the_docs_copy_is_the_shipped_one() -> None:
    assert (ROOT / "docs" / "glossary.de.md").read_text(encoding="utf-8") == translated_text("de")


def test_every_english_entry_has_a_german_one() -> None:
    english = {entry.term for entry in entries().values()}
    assert set(translated("de")) == english


@pytest.mark.usefixtures("german")
@pytest.mark.parametrize(
    ("word", "term"),
    [("Haltung", "Haltung"), ("stance", "Haltung"), ("withdrawn", "Abbruch"), ("party_fled", "Flucht der Gruppe"),
     ("Abbruch", "Abbruch"), ("LE", "Lebensenergie"), ("exchange", "Kampfrunde"), ("sampled", "Stichprobe"),
     ("out", "kampfunfähig"), ("Zurückhalten", "Zurückhalten")],
)
def test_german_and_english_words_find_the_german_entry(word: str, term: str) -> None:
    assert explain(word).term == term


@pytest.mark.usefixtures("german")
def test_a_german_entry_is_german_through_and_through() -> None:
    entry = explain("Haltung")
    assert entry.text.startswith("(Haltung) ambermarch: die Wahl jedes stehenden Mitglieds")
    assert entry.pages == ("docs/rules/ambermarch.md#stances-haltung",)
    assert explain("Stichprobe").related == ("Genauigkeit", "95-%-Intervall")  # related entries by their German words
    assert terms()[:3] == ["95-%-Intervall", "ab hier", "Abbrechen"] and len(terms()) == len(set(terms()))
    with pytest.raises(BadInput, match=r"^kein Glossareintrag für 'Haltng' \(meintest du 'Haltung'\?\); "):
        explain("Haltng")


def test_in_english_a_german_heading_finds_the_english_entry() -> None:
    assert explain("Abbruch").term == "withdrawn" and explain("Haltung").term == "stance"


def test_the_german_file_links_each_entry_to_its_english_term() -> None:
    text = translated_text("de") or ""
    headings = re.findall(r"^### (.+)$", text, re.M)
    assert all(re.fullmatch(r".+ \([^()]+\)", h) for h in headings)
    assert headings == sorted(headings, key=lambda h: h.lower().translate(str.maketrans("äöüß", "aous")))
