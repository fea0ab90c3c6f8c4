"""Plots for a projector, read back from the drawn figures: one colour per ruleset on every plot
(its tactics as shades of it, never two series in one colour), no text below 12 pt at 1280 pixels
across, words rather than keys, bands that stay apart where they overlap, each length unit on an
axis of its own, and --dpi.

Most figures are drawn from results made by hand (a plot reads only the results); the grid and
the balance curve from a small exact analysis, the CLI's --dpi from a run of the command.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebench.analysis.results import RulesetResult, Tally
from rulebench.analysis.sweeps import Sweep, Vary
from rulebench.api.palette import OTHER_COLOURS, RULESET_COLOURS, ruleset_colour, series_styles, shades
from rulebench.api.plot_style import MIN_FONT, SLIDE_PIXELS, SLIDE_WIDTH
from rulebench.api.tactics_comparison import TacticsComparison, TacticsEntry
from rulebench.core.encounter import Encounter
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
from tests.cli.cli_helpers import DUEL, run

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.colors import to_hex  # noqa: E402  (only with the plot extra)
from matplotlib.container import BarContainer  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from rulebench.api.grid_plots import plot_balance_curve, plot_grid  # noqa: E402
from rulebench.api.plots import comparison_series, draw_outcomes, plot_comparison, plot_sweep  # noqa: E402

ENCOUNTER = Encounter.model_validate({"name": "Duel", "party": [{"name": "Hero"}], "enemy": {"members": [{"name": "Brute"}]}})
RULESETS = ("ambermarch", "classic", "dsa", "endurance", "talisman")
TACTICS = (None, "cautious", "reckless")


def result(ruleset: str, wins: int, sampled: bool = True) -> RulesetResult:
    """A result of 100 fights (or exact, as fractions of them), ``wins`` won in 3 units, the rest lost in 5 to 40."""
    tally = Tally(("Hero", "Brute"))
    tally.add(FightResult(Outcome.PARTY_WINS, 3, (Fate(EndState.HURT, "hurt"), Fate(EndState.OUT, "out"))), wins)
    for k in range(100 - wins):
        tally.add(FightResult(Outcome.ENEMY_WINS, 5 + k % 36, (Fate(EndState.DEAD, "dead"), Fate(EndState.HURT, "hurt"))), 1)
    unit = "exchange" if ruleset == "dsa" else "round"
    if sampled:
        return RulesetResult(ruleset, "monte-carlo", tally, 1, fights=100, seed=1, unit=unit)
    return RulesetResult(ruleset, "exact", tally, 1, unit=unit)


def tactics_comparison(tactics: tuple[str | None, ...] = TACTICS[:2]) -> TacticsComparison:
    """Every built-in ruleset under each tactics: 10 series with the default two."""
    entries = [TacticsEntry(ruleset, t, result(ruleset, 40 + 10 * i + 3 * j, sampled=j > 0))
               for i, ruleset in enumerate(RULESETS) for j, t in enumerate(tactics)]
    return TacticsComparison(ENCOUNTER, None, list(tactics), entries)


@pytest.fixture()
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """The figures the plot functions save, kept to be read after they are written."""
    figures: list[Any] = []
    save = Figure.savefig

    def keep(self: Any, *args: Any, **kwargs: Any) -> None:
        figures.append(self)
        save(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", keep)
    yield figures


def bar_colours(ax: Any) -> dict[str, str]:
    """Each bar series' legend label and the colour its bars are filled with."""
    found = {}
    for container in ax.containers:
        if isinstance(container, BarContainer):
            colours = {to_hex(patch.get_facecolor()) for patch in container.patches}
            assert len(colours) == 1  # one series, one colour
            found[container.get_label()] = colours.pop()
    return found


def line_colours(ax: Any) -> dict[str, str]:
    """Each labelled line's label and colour."""
    return {line.get_label(): to_hex(line.get_color()) for line in ax.get_lines() if not line.get_label().startswith("_")}


def test_the_palette_gives_every_series_its_own_colour_in_its_rulesets_hue() -> None:
    series = [(ruleset, t) for ruleset in (*RULESETS, "skirmish", "other") for t in TACTICS]
    styles = series_styles(series)
    assert len({s.colour for s in styles}) == len(series)
    assert len({(s.colour, s.linestyle) for s in styles}) == len(series)
    for (ruleset, tactics), style in zip(series, styles):
        if tactics is None and ruleset in RULESETS:  # a built-in's default tactics: its own hue, on every plot
            assert style.colour == ruleset_colour(ruleset) == RULESET_COLOURS[ruleset]
    # other rulesets take the other hues in the order the plot meets them
    assert [s.colour for s in series_styles([("skirmish", None), ("other", None)])] == list(OTHER_COLOURS[:2])
    assert shades("#808080", 3)[1] > "#808080" > shades("#808080", 3)[2]  # a lighter shade, then a darker


def test_a_comparison_plot_colours_each_ruleset_and_shades_its_tactics(drawn: list[Any], tmp_path: Path) -> None:
    plot_comparison(tactics_comparison(), tmp_path / "compare.png")
    [figure] = drawn
    colours = bar_colours(figure.axes[0])
    assert len(colours) == 10 and len(set(colours.values())) == 10  # never one colour for two series
    for ruleset in RULESETS:
        default = next(c for label, c in colours.items() if label.startswith(f"{ruleset} · default"))
        cautious = next(c for label, c in colours.items() if label.startswith(f"{ruleset} · cautious"))
        assert default == RULESET_COLOURS[ruleset] and cautious == shades(RULESET_COLOURS[ruleset], 2)[1]


def test_one_ruleset_twice_is_two_shades_of_its_colour() -> None:
    """Two runs of one ruleset side by side (exact and sampled, say) are two series: two colours."""
    from rulebench.api.analyses import Comparison

    both = Comparison(ENCOUNTER, None, [result("classic", 50, sampled=False), result("classic", 52)])
    figure = Figure()
    ax = figure.subplots()
    draw_outcomes(ax, comparison_series(both))
    colours = list(bar_colours(ax).values())
    assert len(set(colours)) == 2 and colours[0] == RULESET_COLOURS["classic"]


def test_the_same_ruleset_has_the_same_colour_on_every_plot(drawn: list[Any], tmp_path: Path) -> None:
    """The comparison's bars, the sweep's lines, the report's SVG and a notebook's own axes agree."""
    from rulebench.api.report_plots import outcome_plot

    comparison = tactics_comparison((None,))
    plot_comparison(comparison, tmp_path / "compare.png")
    values = (1, 2, 3)
    sweep = Sweep(ENCOUNTER, None, Vary("enemy.members[0].count", values),
                  {ruleset: [result(ruleset, 90 - 20 * v) for v in values] for ruleset in reversed(RULESETS)})
    plot_sweep(sweep, tmp_path / "sweep.png")
    compared, swept = drawn
    bars = bar_colours(compared.axes[0])
    lines = line_colours(swept.axes[0])
    assert {label.split(" ")[0]: c for label, c in bars.items()} == lines == {r: RULESET_COLOURS[r] for r in RULESETS}
    svg = outcome_plot(comparison_series(comparison))
    assert all(f"fill: {RULESET_COLOURS[r]}" in svg for r in RULESETS)
    notebook = Figure()
    ax = notebook.subplots()
    draw_outcomes(ax, comparison_series(comparison), ["party_wins"])
    assert bar_colours(ax) == bars


def texts(figure: Any) -> list[Any]:
    """Every visible text of a drawn figure: titles, labels, ticks, legends, notes, cell labels."""
    figure.canvas.draw()  # tick labels are made when drawn
    return [t for t in figure.findobj(matplotlib.text.Text) if t.get_text().strip() and t.get_visible()]


def slide_checks(figure: Any) -> None:
    """At 1280 pixels across no text is below 12 pt, and no text shows an outcome's key."""
    width, _ = figure.get_size_inches()
    assert width == SLIDE_WIDTH
    scale = SLIDE_PIXELS / (width * 100)  # a figure drawn wider than a slide would shrink its text
    small = [(t.get_text(), t.get_fontsize()) for t in texts(figure) if t.get_fontsize() * scale < MIN_FONT]
    assert small == []
    keys = [t.get_text() for t in texts(figure) if re.search(r"party_wins|enemy_wins|party_fled", t.get_text())]
    assert keys == []


def test_comparison_and_sweep_plots_read_on_a_projector(drawn: list[Any], tmp_path: Path) -> None:
    plot_comparison(tactics_comparison(), tmp_path / "compare.png")
    values = (1, 2, 3, 4)
    sweep = Sweep(ENCOUNTER, None, Vary("enemy.members[0].count", values),
                  {ruleset: [result(ruleset, 95 - 20 * v) for v in values] for ruleset in RULESETS})
    plot_sweep(sweep, tmp_path / "sweep.svg")
    for figure in drawn:
        slide_checks(figure)
    words = {t.get_text() for t in texts(drawn[0])}
    assert {"party wins", "enemy wins", "withdrawn", "party fled"} <= words


def test_each_length_unit_has_an_axis_of_its_own(drawn: list[Any], tmp_path: Path) -> None:
    plot_comparison(tactics_comparison((None,)), tmp_path / "compare.png")
    [figure] = drawn
    lengths = {ax.get_xlabel(): {line.get_label().split(":")[0] for line in ax.get_lines()} for ax in figure.axes[1:]}
    assert lengths == {"fight length in rounds": {"ambermarch", "classic", "endurance", "talisman"},
                       "fight length in exchanges": {"dsa"}}


def test_overlapping_bands_stay_apart(drawn: list[Any], tmp_path: Path) -> None:
    """Two rulesets with the same sampled numbers: their bands cover each other exactly, yet each has
    its own hatch and edge lines in its colour, and the fill is too faint to blend into a third colour."""
    values = (1, 2, 3)
    sweep = Sweep(ENCOUNTER, None, Vary("enemy.members[0].count", values),
                  {ruleset: [result(ruleset, 60) for _ in values] for ruleset in ("classic", "ambermarch")})
    plot_sweep(sweep, tmp_path / "sweep.png")
    [figure] = drawn
    ax = figure.axes[0]
    hatched = [c for c in ax.collections if c.get_hatch()]
    assert len(hatched) == 2 and hatched[0].get_hatch() != hatched[1].get_hatch()
    assert {to_hex(c.get_edgecolor()[0]) for c in hatched} == {RULESET_COLOURS["classic"], RULESET_COLOURS["ambermarch"]}
    fills = [c for c in ax.collections if not c.get_hatch()]
    assert fills and all(c.get_alpha() <= 0.15 for c in fills)
    edges = [line for line in ax.get_lines() if line.get_label().startswith("_") and line.get_linestyle() == "-"]
    assert {to_hex(line.get_color()) for line in edges} >= {RULESET_COLOURS["classic"], RULESET_COLOURS["ambermarch"]}


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("duel") / "duel.toml"
    path.write_text(DUEL, encoding="utf-8")
    return path


def test_heatmaps_and_balance_curves_read_on_a_projector(drawn: list[Any], duel: Path, tmp_path: Path) -> None:
    from rulebench.analysis.grid import balance_curve, grid_sweep

    swept = grid_sweep(duel, ["enemy.members[0].count=1..4", "party[Hero].melee=2..6"], ["classic", "talisman"],
                       exact=True, workers=1)
    plot_grid(swept, tmp_path / "grid.png")  # type: ignore[arg-type]  # two paths: a GridSweep
    curve = balance_curve(duel, "enemy.members[0].count=1..6", 0.5, ["classic", "talisman"], exact=True, workers=1,
                          along="party[Hero].melee=2..5")
    plot_balance_curve(curve, tmp_path / "curve.png")  # type: ignore[arg-type]  # with along: a BalanceCurve
    heatmap, balanced = drawn
    for figure in drawn:
        slide_checks(figure)
    cells = [t for t in texts(heatmap) if t.get_text().endswith("%") and t.axes is not None and t in t.axes.texts]
    assert len(cells) == 2 * 4 * 5
    for cell in cells:  # dark ink on the light end of the scale, light ink on the dark end
        value = float(cell.get_text().strip("<>%"))
        if value >= 90:
            assert cell.get_color() == "black"
        if value <= 10:
            assert cell.get_color() == "white"
    bars = [patch for patch in balanced.axes[0].patches]
    assert {to_hex(p.get_edgecolor()) for p in bars} == {RULESET_COLOURS["classic"], RULESET_COLOURS["talisman"]}
    # coinciding brackets stand side by side, never on top of each other
    assert len({(p.get_x(), p.get_y()) for p in bars}) == len(bars)


def test_dpi_makes_the_png_sharper_and_refuses_nonsense(duel: Path, tmp_path: Path) -> None:
    from matplotlib.image import imread

    path = tmp_path / "compare.png"
    result = run("compare", duel, "-r", "classic", "--workers", "1", "--plot", path, "--dpi", "150")
    assert result.exit_code == 0, result.stderr
    assert imread(path).shape[1] == round(SLIDE_WIDTH * 150)
    result = run("compare", duel, "-r", "classic", "--plot", path, "--dpi", "5000")
    assert result.exit_code == 2 and "--dpi 5000: expected dots per inch from 50 to 600" in " ".join(result.stderr.split())
