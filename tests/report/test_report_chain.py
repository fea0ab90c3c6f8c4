"""The report's day of adventure (``report --chain``, api/report_chain.py): the numbers of
``rulebench chain`` with the report's options, each ruleset's method said, the plot inline."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from report_paths import EXAMPLES, SMALL_DAY
from test_report import scan
from typer.testing import CliRunner

import rulebench.api.report as report
from rulebench.api.chains import chain
from rulebench.api.numbers import fixed, interval, percent
from rulebench.cli.app import app


@pytest.fixture(scope="module")
def mixed_day() -> tuple[report.Report, str]:
    """Classic's small day fits a budget of 4,000 fight states, talisman's does not: one exact, one sampled."""
    data = report.build_report(EXAMPLES / "ogre-duel.toml", ["classic", "talisman"], max_states=4_000, seed=6,
                               workers=1, chain=SMALL_DAY)
    return data, report.render_html(data)


def text_of(html: str) -> str:
    return " ".join(" ".join(scan(html).text).split())


def test_the_section_shows_the_days_chain_computes(mixed_day: tuple[report.Report, str]) -> None:
    data, html = mixed_day
    assert data.day is not None
    classic, talisman = data.day.results
    assert (classic.method, talisman.method) == ("exact", "monte-carlo")
    again = chain(SMALL_DAY, ["classic", "talisman"], max_states=4_000, seed=6, workers=1).results
    assert [r.to_dict() for r in again] == [classic.to_dict(), talisman.to_dict()]
    section = html[html.index('<section id="chain">'):html.index('<section id="encounter">')]
    text = text_of(section)
    assert "A day of adventure: A small day" in text
    # each ruleset's method in a column of its own, the sampled one with its days and seed
    assert "exact" in text and f"sampled: {talisman.chains:,} days, seed 6" in text
    assert percent(talisman.survived()) in text and interval(talisman.interval(talisman.survived())) in text
    assert percent(classic.survived()) in text
    deaths = sum(float(talisman.stage(i)["deaths"]) for i in range(2))
    assert fixed(deaths, 2) in text
    for name in ("Hero", "Squire"):
        assert percent(talisman.member_survived(name)) in text
    assert "then: short rest" in text and "1. A wolf" in text and "2. A ruffian" in text
    # the plot, inline SVG that scales, and the chain in the provenance
    assert len(re.findall(r"<svg[^>]*>", section)) == 1
    assert data.day.chain.content_hash() in text_of(html)
    # why talisman was sampled, on the page's notes
    assert any("talisman: sampled, since the day does not fit exact analysis" in note for note in data.notes())


def test_sections_in_order_with_a_chain(mixed_day: tuple[report.Report, str]) -> None:
    _, html = mixed_day
    ids = [a["id"] for tag, a in scan(html).tags if tag == "section"]
    assert ids == [s for s in report.SECTIONS if s not in ("sweep", "balance", "sensitivity")]


def test_the_command_adds_the_day_and_its_json(tmp_path: Path) -> None:
    out = tmp_path / "ogre.html"
    result = CliRunner().invoke(app, ["report", str(EXAMPLES / "ogre-duel.toml"), "-o", str(out), "-r", "classic",
                                      "--chain", str(SMALL_DAY), "--workers", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["chain"]["chain"] == "A small day"
    assert document["chain"]["results"][0]["method"] == "exact"
    assert document["chain"]["results"][0]["provenance"]["method"] == "exact"
    assert '<section id="chain">' in out.read_text(encoding="utf-8")


def test_a_bad_chain_file_exits_2_naming_it(tmp_path: Path) -> None:
    bad = tmp_path / "bad-day.toml"
    bad.write_text('name = "Bad"\nparty = []\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["report", str(EXAMPLES / "ogre-duel.toml"), "-o", str(tmp_path / "x.html"),
                                      "-r", "classic", "--chain", str(bad), "--workers", "1"])
    assert result.exit_code == 2
    assert "bad-day.toml" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "x.html").exists()
