"""The report's content and the tactics comparison behind it, read from the HTML and the API (no browser)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path

import pytest
from report_paths import EXAMPLES
from typer.testing import CliRunner

import rulebench
import rulebench.api.report as report
from rulebench import BadInput
from rulebench.api.numbers import interval, percent
from rulebench.api.odds_words import odds_text
from rulebench.api.tactics_comparison import compare_tactics
from rulebench.cli.app import app

DUEL = """\
name = "Duel <b>at</b> dawn"
party = [{name = "Hero & Co", melee = 4, armour = 1, life = 2}]
[enemy]
members = [{name = "Brute", count = 2, melee = 2, armour = 1, life = 1}]
"""


class Scan(HTMLParser):
    """Every tag with its attributes, and the page's text, as a browser's parser reads them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def scan(html: str) -> Scan:
    parser = Scan()
    parser.feed(html)
    return parser


@pytest.fixture(scope="module")
def duel_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[report.Report, str]:
    path = tmp_path_factory.mktemp("duel") / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    data = report.build_report(path, ["talisman", "dsa"], fights=200, seed=4, workers=1)
    return data, report.render_html(data)


def test_the_template_ships_inside_the_package() -> None:
    assert (resources.files("rulebench.api") / "templates" / "report.html.j2").is_file()


def test_nothing_in_the_page_points_outside_it(duel_report: tuple[report.Report, str]) -> None:
    _, html = duel_report
    page = scan(html)
    csp = [a["content"] for tag, a in page.tags if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp == [report.CSP]
    for tag, attrs in page.tags:
        for name in ("src", "href", "data", "action"):
            value = attrs.get(name)
            assert value is None or value.startswith(("#", "data:")), (tag, name, value)
        assert tag not in ("link", "iframe", "object", "embed", "img")  # styles and plots are inline


def test_names_from_the_encounter_are_text_never_markup(duel_report: tuple[report.Report, str]) -> None:
    _, html = duel_report
    assert "Duel &lt;b&gt;at&lt;/b&gt; dawn" in html
    assert "Hero &amp; Co" in html
    assert ("b", {}) not in scan(html).tags


def test_without_a_vary_there_is_no_sweep_or_balance(duel_report: tuple[report.Report, str]) -> None:
    _, html = duel_report
    ids = [a["id"] for tag, a in scan(html).tags if tag == "section"]
    assert ids == [s for s in report.SECTIONS if s not in ("sweep", "balance", "sensitivity", "chain")]


def test_the_numbers_shown_are_the_analysis(duel_report: tuple[report.Report, str]) -> None:
    data, html = duel_report
    assert [(e.ruleset, e.tactics) for e in data.comparison.entries] == [("talisman", None), ("dsa", None)]
    talisman, dsa = (e.result for e in data.comparison.entries)
    text = " ".join(" ".join(scan(html).text).split())
    assert talisman.method == dsa.method == "monte-carlo"
    assert f"sampled: {dsa.fights:,} fights, seed 4" in text
    low, high = dsa.ci95["party_wins"]  # type: ignore[index]
    assert interval((low, high)) in text
    assert "95% Wilson interval" in text and "no interval" not in text
    # one sample fight per row, collapsed, with the command that replays it
    assert html.count("<details>") == 2 and "<details open" not in html
    assert "--seed 4" in text and "rulebench fight" in text
    assert f"rulebench {rulebench.__version__}" in text and data.encounter.content_hash() in text


def test_exact_rows_say_so_and_carry_no_interval(tmp_path: Path) -> None:
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    data = report.build_report(path, ["talisman"], exact=True)
    result = data.comparison.entries[0].result
    assert result.method == "exact"
    text = " ".join(" ".join(scan(report.render_html(data)).text).split())
    assert "no interval" in text and "Wilson" not in text
    assert percent(result.outcomes["party_wins"]) in text


def test_two_renders_of_one_report_are_the_same(duel_report: tuple[report.Report, str]) -> None:
    data, html = duel_report
    assert report.render_html(data) == html  # SVG ids are salted, dates fixed: diffs of reports are meaningful


def test_plots_are_inline_svg_that_scale(duel_report: tuple[report.Report, str]) -> None:
    data, html = duel_report
    svgs = re.findall(r"<svg[^>]*>", html)
    assert len(svgs) == 2 + len(data.samples)  # outcomes, lengths, and each sample fight's odds line
    for tag in svgs:
        assert "viewBox" in tag and "width=" not in tag


def test_tactics_side_by_side_match_compare_under_each() -> None:
    # 200 fights of one worker: the check is equality at the same seed, and the cautious party flees
    # several times as often as the default one, so tactics mixed up would not give equal counts.
    both = compare_tactics(EXAMPLES / "skeleton-guards.toml", ["dsa"], [None, "cautious"], fights=200, seed=2, workers=1)
    assert [(e.ruleset, e.tactics_label) for e in both.entries] == [("dsa", "default"), ("dsa", "cautious")]
    assert both.entries[0].result.outcomes != both.entries[1].result.outcomes
    for entry, tactics in zip(both.entries, (None, "cautious")):
        alone = rulebench.compare(EXAMPLES / "skeleton-guards.toml", ["dsa"], fights=200, seed=2, tactics=tactics, workers=1)
        assert entry.result.outcomes == alone.results[0].outcomes
    document = both.to_dict()
    assert [r["tactics"] for r in document["results"]] == ["default", "cautious"]
    assert document["tactics"] == ["default", "cautious"]


@pytest.mark.parametrize(("tactics", "message"), [(["cautious", "cautious"], "twice"), (["timid"], "unknown tactics 'timid'")])
def test_bad_tactics_are_bad_input(tactics: list[str], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        compare_tactics(EXAMPLES / "ogre-duel.toml", ["dsa"], tactics, fights=10)


def test_the_command_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "duel.html"
    encounter = tmp_path / "duel.toml"
    encounter.write_text(DUEL, encoding="utf-8")
    result = CliRunner().invoke(app, ["report", str(encounter), "-o", str(out), "-r", "talisman",
                                      "--tactics", "default", "--tactics", "reckless", "--vary", "enemy.members[0].count=1..3",
                                      "--sensitivity", "--workers", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["report"] == str(out)
    assert [r["tactics"] for r in document["results"]] == ["default", "reckless"]
    ids = [a["id"] for tag, a in scan(out.read_text(encoding="utf-8")).tags if tag == "section"]
    assert ids == [s for s in report.SECTIONS if s != "chain"]  # the day: tests/report/test_report_chain.py


@pytest.mark.parametrize(("args", "message"), [
    (["-o", "out.txt"], "expected a file ending in .html"),
    (["-o", "out.html", "--target", "1.5", "--vary", "enemy.members[0].count=1..2"], "--target 1.5"),
    (["-o", "out.html", "--tactics", "timid"], "unknown tactics 'timid'"),
])
def test_bad_options_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    args = [str(tmp_path / a) if a.startswith("out.") else a for a in args]
    result = CliRunner().invoke(app, ["report", str(EXAMPLES / "ogre-duel.toml"), *args])
    assert result.exit_code == 2
    assert message in result.stderr


def test_the_page_opens_with_the_outcome_comparison_and_its_plot(duel_report: tuple[report.Report, str]) -> None:
    """The answers come first: the outcome plot and table before the encounter and its stat blocks."""
    _, html = duel_report
    ids = [a["id"] for tag, a in scan(html).tags if tag == "section"]
    assert ids[0] == "outcomes" and ids.index("stat-blocks") > ids.index("fight-length")
    outcomes = html.index('<section id="outcomes">')
    assert outcomes < html.index("<svg") < html.index("<table") < html.index('<section id="stat-blocks">')


def test_rounds_and_exchanges_have_columns_of_their_own(duel_report: tuple[report.Report, str]) -> None:
    data, html = duel_report
    talisman, dsa = (e.result for e in data.comparison.entries)
    section = html[html.index('<section id="outcomes">'):html.index('<section id="fates">')]
    headings = re.findall(r"<th[^>]*>([^<]*)</th>", section)
    assert headings[-2:] == ["mean rounds", "mean exchanges"]
    rows = re.findall(r"<tr><td>(talisman|dsa)</td>(.*?)</tr>", section, re.DOTALL)
    cells = {name: re.findall(r"<td>([^<]*)</td>", row) for name, row in rows}
    assert cells["talisman"][-2:] == [f"{float(talisman.rounds_mean):.2f}", ""]
    assert cells["dsa"][-2:] == ["", f"{float(dsa.rounds_mean):.2f}"]
    assert "Every row is sampled: 200 fights, seed 4." in html  # said once, not on every row


def test_the_sensitivity_section_shows_the_analysis(tmp_path: Path) -> None:
    """The section's largest moves are ``sensitivity``'s, in its order, with the chart inline."""
    from rulebench.api.stat_sensitivity import points_text, sensitivity

    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    data = report.build_report(path, ["talisman"], sensitivity=["melee", "armour"], workers=1)
    assert data.sensitivity is not None
    html = report.render_html(data)
    section = html[html.index('<section id="sensitivity">'):html.index('<section id="encounter">')]
    assert "<svg" in section
    expected = sensitivity(path, ["talisman"], stats=["melee", "armour"], workers=1).results[0].changes
    shown = [points_text(p.change) for _, p in expected[:5]]
    assert [m for m in re.findall(r"<strong>([^<]+)</strong>", section)] == shown


def test_each_sample_fight_carries_its_odds(duel_report: tuple[report.Report, str]) -> None:
    """The chance from here after every round of each sample fight, its turning point and its line."""
    data, html = duel_report
    assert len(data.odds) == len(data.samples)
    text = " ".join(" ".join(scan(html).text).split())
    for (_entry, record), odds in zip(data.samples, data.odds):
        assert [p.number for p in odds.points] == list(range(record.result.rounds + 1))
        assert odds.points[-1].outcomes[record.result.outcome.value] == 1
        assert odds_text(odds, record.result.rounds) in text
    assert text.count("Turning point:") == len(data.samples)
    assert "Chances from here:" in text
