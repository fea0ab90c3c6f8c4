"""The report as a reader sees it: opened in a real headless Chromium, every section rendered, no request made.

The screenshots are written to each test's temporary folder, to be looked at (pytest keeps the
last three runs' folders under its base temporary folder, ``--basetemp`` chooses it); nothing is
written into the checkout.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from report_browser import Browser, chromium, skip_module_without_browser

import rulebench.api.report as report

skip_module_without_browser()

SECTIONS_JS = """Array.from(document.querySelectorAll('main > section')).map(s => ({
  id: s.id, heading: s.querySelector('h2').textContent, height: s.getBoundingClientRect().height,
  tables: s.querySelectorAll('table tbody tr').length, svgs: s.querySelectorAll('svg').length,
  details: s.querySelectorAll('details').length}))"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """One Chromium for the module (its start costs about a second); each test's page has a
    browser context of its own, so no test sees another's cache or requests."""
    with chromium(tmp_path_factory.mktemp("chromium") / "profile") as started:
        yield started


def test_every_section_renders_and_nothing_is_requested(
    browser: Browser, full_report: tuple[report.Report, Path], tmp_path: Path
) -> None:
    data, path = full_report
    with browser.page() as page:
        page.open(path)
        sections = page.evaluate(SECTIONS_JS)
        assert [s["id"] for s in sections] == list(report.SECTIONS)
        for section in sections:
            assert section["height"] > 40, section  # laid out, not collapsed to nothing
        by_id = {s["id"]: s for s in sections}
        assert by_id["encounter"]["tables"] == len(data.encounter.party) + len(data.encounter.enemy.members)
        assert by_id["stat-blocks"]["tables"] >= 5
        assert by_id["outcomes"]["tables"] == len(data.comparison.entries) == 10
        assert by_id["outcomes"]["svgs"] == by_id["fight-length"]["svgs"] == by_id["sweep"]["svgs"] == by_id["chain"]["svgs"] == 1
        # the day: a row per ruleset, two stages per ruleset, a row per member
        assert by_id["chain"]["tables"] == 5 + 5 * 2 + len(data.day.chain.party if data.day else ())
        assert by_id["sample-fights"]["details"] == 10
        # the script ran: it built the contents list from the sections, one link each
        assert page.evaluate("document.documentElement.dataset.ready") == "true"
        assert page.evaluate("Array.from(document.querySelectorAll('#toc a')).map(a => a.hash)") == [f"#{s}" for s in report.SECTIONS]
        # the sample fights start collapsed and open with the button
        assert page.evaluate("Array.from(document.querySelectorAll('details')).filter(d => d.open).length") == 0
        page.evaluate("document.querySelector('button[data-details=open]').click()")
        assert page.evaluate("Array.from(document.querySelectorAll('details')).filter(d => d.open).length") == 10
        page.evaluate("document.querySelector('button[data-details=close]').click()")
        # the SVG plots drew their bars and lines
        assert page.evaluate("document.querySelector('#outcomes svg').getBoundingClientRect().width") > 300
        assert page.evaluate("document.querySelectorAll('#outcomes svg path').length") > 20
        assert page.requests() == [path.resolve().as_uri()]
        assert page.console_errors() == []
        page.screenshot(tmp_path / "report.png")


def test_on_a_projector_the_outcome_plot_is_on_the_first_screen(
    browser: Browser, full_report: tuple[report.Report, Path], tmp_path: Path
) -> None:
    """At 1280 x 800, a projector's screen, the outcome plot starts on the first screen, above every
    stat block, and is drawn at least 900 pixels wide (its 12-point text readable from the back)."""
    _, path = full_report
    with browser.page() as page:
        page.open(path, width=1280, height=800)
        plot = page.evaluate("(() => { const r = document.querySelector('#outcomes svg').getBoundingClientRect();"
                             " return {top: r.top, width: r.width}; })()")
        assert plot["top"] < 400 and plot["width"] >= 900, plot
        blocks = page.evaluate("document.getElementById('stat-blocks').getBoundingClientRect().top")
        assert blocks > 800 + plot["top"]
        page.screenshot(tmp_path / "report-projector.png")


def test_on_a_phone_nothing_is_wider_than_the_screen(browser: Browser, full_report: tuple[report.Report, Path], tmp_path: Path) -> None:
    _, path = full_report
    with browser.page() as page:
        page.open(path, width=390, height=844, mobile=True)
        # wide tables scroll inside their own box; the page itself never scrolls sideways
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # plots keep a legible size and scroll inside their own box
        assert page.evaluate("document.querySelector('#outcomes svg').getBoundingClientRect().width") >= 600
        assert page.evaluate("document.querySelector('#outcomes .plot').getBoundingClientRect().width") <= 390
        page.screenshot(tmp_path / "report-phone.png")


def test_printed_the_fights_open_and_the_contents_go(browser: Browser, full_report: tuple[report.Report, Path]) -> None:
    _, path = full_report
    with browser.page() as page:
        page.open(path)
        page.send("Emulation.setEmulatedMedia", media="print")
        assert page.evaluate("getComputedStyle(document.getElementById('toc')).display") == "none"
        page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
        assert page.evaluate("Array.from(document.querySelectorAll('details')).every(d => d.open)")
        pdf = page.send("Page.printToPDF")
        assert len(pdf["data"]) > 10_000


def test_the_request_check_sees_a_page_that_reaches_out(browser: Browser, tmp_path: Path) -> None:
    """The check above is only worth something if it notices a request: a page with a remote image."""
    page_file = tmp_path / "leaky.html"
    page_file.write_text('<!DOCTYPE html><img src="http://192.0.2.1/pixel.png"><p>hello</p>', encoding="utf-8")
    with browser.page() as page:
        page.open(page_file)
        assert "http://192.0.2.1/pixel.png" in page.requests()
