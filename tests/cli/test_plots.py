"""Plots for slides: words on the axes, percent, exact and sampled told apart, each ruleset's unit.

The analyses run with one worker: a plot does not depend on it, and a pool started inside a test
only adds its start to a run that already fills the CPUs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import DUEL, run

from rulebench.api.analyses import Comparison, compare, sweep

pytest.importorskip("matplotlib")

COUNT = "enemy.members[0].count"


@pytest.fixture
def duel(tmp_path: Path) -> Path:
    path = tmp_path / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    return path


def svg_text(path: Path) -> str:
    """The words of an SVG plot (text kept as text, not as glyph outlines)."""
    return " ".join(re.findall(r">([^<>]+)</text>", path.read_text(encoding="utf-8")))


@pytest.fixture(autouse=True)
def text_as_text() -> None:
    import matplotlib

    matplotlib.rcParams["svg.fonttype"] = "none"


def test_compare_plot_tells_exact_from_sampled_and_each_unit(duel: Path, tmp_path: Path) -> None:
    from rulebench.api.plots import plot_comparison

    exact = compare(duel, ["classic"], exact=True)
    sampled = compare(duel, ["dsa"], fights=300, workers=1)
    both = Comparison(exact.encounter, exact.source, exact.results + sampled.results)
    path = tmp_path / "compare.svg"
    plot_comparison(both, path)
    words = svg_text(path)
    assert "classic (exact)" in words and "dsa (sampled, 300 fights)" in words
    assert "exchanges" in words and "rounds" in words  # each ruleset's fight length in its own unit
    assert "100%" in words and "share of fights" in words
    assert "sampled: random fights, with 95% Wilson intervals" in words
    assert "monte-carlo" not in words


def test_sweep_plot_names_the_varied_number(duel: Path, tmp_path: Path) -> None:
    from rulebench.api.plots import plot_sweep

    exact = sweep(duel, f"{COUNT}=1..3", ["classic"], exact=True, workers=1)
    sampled = sweep(duel, f"{COUNT}=1..3", ["talisman"], fights=200, workers=1)
    exact.points.update(sampled.points)
    path = tmp_path / "sweep.svg"
    plot_sweep(exact, path)
    words = svg_text(path)
    assert "Brute count" in words and COUNT not in words
    assert "exact" in words and "sampled" in words and "sampled: 95% Wilson interval" in words
    assert "classic" in words and "talisman" in words and "40%" in words
    plot_sweep(exact, path, label="Brutes at the gate")
    assert "Brutes at the gate" in svg_text(path)


def test_commands_say_where_they_wrote_the_plot(duel: Path, tmp_path: Path) -> None:
    path = tmp_path / "out.png"
    result = run("sweep", str(duel), "--vary", f"{COUNT}=1..2", "-r", "classic", "--workers", "1", "--plot", str(path), "--label", "Brutes")
    assert result.exit_code == 0, result.stderr
    assert f"wrote the plot to {path}" in " ".join(result.stderr.split()) and path.stat().st_size > 10_000
    assert "Brutes" in result.stdout
    result = run("compare", str(duel), "-r", "classic", "--workers", "1", "--plot", str(path))
    assert result.exit_code == 0 and "wrote the plot to" in result.stderr
