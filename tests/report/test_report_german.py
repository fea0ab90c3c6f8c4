"""The report in German (``set_language("de")``): the page says its language, every heading and
sentence of the template is translated, numbers use the decimal comma, names stay text."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from report_paths import EXAMPLES

import rulebench.api.report as report
from rulebench.core.i18n import set_language

NBSP = "\u00a0"


class Headings(HTMLParser):
    """The page's ``<html lang>`` and the text of every ``h2`` and ``summary``."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.headings: list[str] = []
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        if tag in ("h2", "summary"):
            self._open = tag
            self.headings.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == self._open:
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open:
            self.headings[-1] += data


@pytest.fixture(scope="module")
def pages() -> Iterator[tuple[report.Report, str, str]]:
    data = report.build_report(EXAMPLES / "skeleton-guards.toml", ["talisman", "dsa"], fights=200, seed=4,
                               vary="enemy.members[0].count=1..3", workers=1)
    try:
        set_language("de")
        german = report.render_html(data)
    finally:
        set_language(None)
    yield data, german, report.render_html(data)


def test_the_german_page_says_its_language_and_translates_its_headings(pages: tuple[report.Report, str, str]) -> None:
    _data, german, english = pages
    parsed, source = Headings(), Headings()
    parsed.feed(german)
    source.feed(english)
    assert (parsed.lang, source.lang) == ("de", "en")
    assert parsed.headings[:3] == ["Ausgänge im Vergleich", "Schicksale", "Kampfdauer"]  # the answers first
    assert "Herkunft" in parsed.headings and "Gleichgewicht" in parsed.headings
    assert "Variation: Anzahl Skeleton guard" in parsed.headings
    # Every heading changed language (the sample fights' summaries included), and none is left in English.
    assert not set(parsed.headings) & set(source.headings)
    assert any(re.fullmatch(r"dsa: Sieg der Gruppe nach \d+ Kampfrunden?", h) for h in parsed.headings)


def test_the_german_page_writes_german_numbers_and_sentences(pages: tuple[report.Report, str, str]) -> None:
    data, german, _english = pages
    dsa = next(e.result for e in data.comparison.entries if e.ruleset == "dsa")
    set_language("de")
    try:
        from rulebench.api.numbers import fixed, interval, mean_title

        assert interval(dsa.ci95["party_wins"] if dsa.ci95 else None) in german
        # 25,93 under "Mittel Kampfrunden": the exchanges (Kampfrunden) have a column of their own
        assert f"<td>{fixed(float(dsa.rounds_mean), 2)}</td>" in german and mean_title("exchange") in german
    finally:
        set_language(None)
    assert f"{NBSP}%" in german and "So liest man diese Zahlen." in german
    assert "95-%-Wilson-Intervall" in german  # a literal % in a template sentence survives translation
    assert "How to read these numbers" not in german and "The encounter" not in german
