"""German plots: every text on the sweep and comparison plots read back from the drawn figure.

The analyses run with one worker: a plot does not depend on it, and a pool started inside a test
only adds its start to a run that already fills the CPUs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rulebench
from rulebench.api.plots import plot_comparison, plot_sweep
from rulebench.core.i18n import set_language

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.figure import Figure  # noqa: E402  (only with the plot extra)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NBSP = "\u00a0"


@pytest.fixture()
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The figures the plot functions save, kept to be read after they are written."""
    figures: list[Any] = []
    save = Figure.savefig

    def keep(self: Any, *args: Any, **kwargs: Any) -> None:
        figures.append(self)
        save(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    set_language("de")
    yield figures
    set_language(None)


def texts(figure: Any) -> list[str]:
    """Every text on ``figure``: titles, axis labels, tick labels, legends, notes (a label broken
    over two lines read as one)."""
    found = [" ".join(t.get_text().split("\n")) for t in figure.findobj(matplotlib.text.Text)]
    return [t for t in found if t.strip()]


def test_a_german_sweep_plot_labels_its_axes_and_legend_in_german(drawn: list[Any], tmp_path: Path) -> None:
    sweep = rulebench.sweep(EXAMPLES / "skeleton-guards.toml", "enemy.members[0].count=2..4", ["classic"], fights=200, seed=1, workers=1)
    plot_sweep(sweep, tmp_path / "sweep.png")
    [figure] = drawn
    [ax] = figure.axes
    assert ax.get_xlabel() == "Anzahl Skeleton guard"
    assert ax.get_ylabel() == "Sieg der Gruppe (Anteil der Kämpfe)"
    assert ax.get_title(loc="left") == "Four skeleton guards: Sieg der Gruppe in Abhängigkeit von Anzahl Skeleton guard"
    figure.canvas.draw()  # tick labels are formatted when drawn
    ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert f"40{NBSP}%" in ticks and all(t.endswith(f"{NBSP}%") for t in ticks)
    legend = [t.get_text() for t in ax.get_legend().get_texts()]
    assert legend == ["classic", "Stichprobe", "Stichprobe: 95-%-Wilson-Intervall"]
    assert ax.get_legend().get_title().get_text() == "Regelwerk"


def test_a_german_comparison_plot_names_outcomes_units_and_methods_in_german(drawn: list[Any], tmp_path: Path) -> None:
    comparison = rulebench.compare(EXAMPLES / "ogre-duel.toml", ["dsa", "talisman"], fights=300, seed=2, workers=1)
    plot_comparison(comparison, tmp_path / "compare.png")
    [figure] = drawn
    figure.canvas.draw()
    shown = texts(figure)
    for word in ("Sieg der Gruppe", "Sieg der Gegner", "Abbruch", "Flucht der Gruppe", "Anteil der Kämpfe",
                 "Kampfdauer in Kampfrunden", "Kampfdauer in Runden", "Kampfdauer, jede Einheit auf ihrer eigenen Achse",
                 "Regelwerk (Stichprobe, 300 Kämpfe)", "dsa", "talisman"):
        assert word in shown, word
    means = [t for t in shown if ": im Mittel " in t]
    assert len(means) == 2 and all("," in t and "." not in t for t in means)  # "dsa: im Mittel 18,7 Kampfrunden"
    english = {"party_wins", "party wins", "share of fights", "rounds", "exchanges", "sampled", "exact"}
    assert not english & set(shown)
