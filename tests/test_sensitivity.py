"""rulebench sensitivity: the changes made, exact against paired sampling, common random numbers,
the paired interval, the JSON contract, the tables and the tornado chart."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulebench.analysis.analyse import AnalysisOptions
from rulebench.analysis.paired import WINS, fight_codes, paired_difference, table
from rulebench.analysis.results import wilson
from rulebench.analysis.sampling import SamplingPool
from rulebench.analysis.sensitivity import changes_of, sensitivity
from rulebench.analysis.sensitivity_runs import PairedRun, run_paired
from rulebench.cli.app import app
from rulebench.core.assembly import configure
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.errors import BadInput

DUEL = encounter_from_dict({
    "name": "Duel",
    "party": [{"name": "Hero", "melee": 4, "armour": 1, "life": 2}, {"name": "Squire", "melee": 2, "armour": 0, "life": 2}],
    "enemy": {"members": [{"name": "Brute", "count": 2, "melee": 2, "armour": 1, "life": 1}]},
})


def test_every_stat_of_every_member_and_side_by_one_either_way() -> None:
    changes, skipped = changes_of(DUEL, ["armour", "melee"])
    made = {(c.path, c.delta) for c in changes}
    assert ("party[Hero].armour", 1) in made and ("party[*].melee", -1) in made and ("enemy.members[Brute].melee", 1) in made
    assert not any(c.path.startswith("enemy[*]") for c in changes)  # one enemy entry: its side is that entry
    # The Squire's armour is 0: -1 is out of range, for him and for the party as a whole.
    assert {(s.path, s.delta) for s in skipped} == {("party[Squire].armour", -1), ("party[*].armour", -1)}
    assert all("0 to 4" in s.reason for s in skipped)
    assert {c.path for c in changes_of(DUEL, ["count"])[0]} == {"enemy.members[Brute].count"}  # only enemies take a count
    assert {c.path.split("[")[0] for c in changes_of(DUEL, ["life"], side="enemy")[0]} == {"enemy.members"}
    for bad in ({"stats": ["nose"]}, {"side": "them"}):
        with pytest.raises(BadInput):
            changes_of(DUEL, **bad)  # type: ignore[arg-type]


def test_paired_interval_covers_as_promised() -> None:
    """Newcombe's interval of a paired difference holds the true difference about 95 times in 100."""
    rng = random.Random(5)
    cells = (0.55, 0.1, 0.05, 0.3)  # both, first only, second only, neither: true difference -0.05
    hits = 0
    for _ in range(1000):
        counts = Counter(rng.choices(range(4), cells, k=200))
        _d, (low, high) = paired_difference(*(counts[i] for i in range(4)))
        hits += low <= -0.05 <= high
    assert 0.93 <= hits / 1000 <= 0.98


def test_pairs_that_agree_give_a_narrow_interval_around_nothing() -> None:
    difference, (low, high) = paired_difference(180, 0, 0, 20)
    assert difference == 0 and -0.02 < low <= 0 <= high < 0.02
    independent = (wilson(180, 200)[1] - wilson(180, 200)[0])
    assert high - low < independent / 2
    assert paired_difference(200, 0, 0, 0)[1][0] >= -1 and paired_difference(0, 0, 200, 0) == (1.0, (pytest.approx(0.98, abs=0.02), 1.0))


def test_the_same_seeds_play_the_same_fights() -> None:
    """Fight j has a stream of its own: a change that matters nowhere leaves every fight as it was,
    and the same fights come out however they are cut into blocks."""
    config = configure(DUEL, "classic")
    whole = fight_codes(config, 3, 0, 600)
    assert fight_codes(config, 3, 0, 250) + fight_codes(config, 3, 250, 350) == whole
    with SamplingPool(1) as pool:
        run = PairedRun(config, [configure(DUEL, "classic")])
        run_paired([run], AnalysisOptions.make(fights=500), pool)
    [same] = run.runs
    both, first, second, neither = table(same.pairs, WINS)
    assert first == second == 0 and both + neither == 500 == same.fights
    point = run.points(run.base_point())[0]
    assert point.change == 0 and point.ci95 is not None and point.ci95[1] - point.ci95[0] < 0.02


def test_exact_changes_lie_within_the_paired_intervals_of_sampled_ones() -> None:
    exact = sensitivity(DUEL, "classic", stats=["armour", "melee"], workers=1)
    sampled = sensitivity(DUEL, "classic", stats=["armour", "melee"], fights=4000, workers=1)
    [e], [s] = exact.results, sampled.results
    assert e.base.method == "exact" and s.base.method == "monte-carlo" and s.base.fights == 4000
    truth = {(c.path, c.delta): p for c, p in e.changes}
    assert all(p.method == "exact" and p.ci95 is None for p in truth.values())
    inside = 0
    for change, point in s.changes:
        assert point.ci95 is not None and point.fights == 4000
        inside += point.ci95[0] <= truth[change.path, change.delta].change <= point.ci95[1]
        # a change's chance is the unchanged encounter's plus its paired move
        assert point.party_wins == pytest.approx(min(1.0, max(0.0, s.base.party_wins + point.change)))
    assert inside >= len(s.changes) - 1
    moves = [abs(p.change) for _, p in e.changes]
    assert moves == sorted(moves, reverse=True)  # ranked, the largest first
    # More armour or melee for the party never hurts it in classic's sums.
    assert all(p.change >= -1e-12 for c, p in e.changes if c.path.startswith("party") and c.delta > 0)


def test_pairing_makes_intervals_narrower_than_independent_ones() -> None:
    result = sensitivity(DUEL, "classic", stats=["melee"], fights=2000, workers=1)
    [row] = result.results
    point = next(p for c, p in row.changes if c.path == "party[Hero].melee" and c.delta == 1)
    assert point.ci95 is not None and point.base_ci95 is None and row.base.base_ci95 is not None
    low, high = row.base.base_ci95["party_wins"]
    assert point.ci95[1] - point.ci95[0] < (high - low)  # narrower than the unchanged encounter's own interval


def test_json_contract_and_the_same_answer_for_any_worker_count() -> None:
    options = {"stats": ["armour"], "fights": 750}
    one = sensitivity(DUEL, ["classic", "talisman"], **options, workers=1).to_dict()  # type: ignore[arg-type]
    two = sensitivity(DUEL, ["classic", "talisman"], **options, workers=2).to_dict()  # type: ignore[arg-type]
    assert json.dumps(one, sort_keys=True) == json.dumps(two, sort_keys=True)
    assert [r["ruleset"] for r in one["results"]] == ["classic", "talisman"]
    row = one["results"][0]
    assert set(row["base"]) == {"method", "party_wins", "wiped_out", "ci95", "fights"}
    for entry in row["changes"]:
        assert {"path", "delta", "party_wins", "change", "ci95", "method", "wiped_out", "wiped_out_change"} <= set(entry)
    assert row["provenance"]["seed"] == 1 and one["provenance"]["encounter"]["name"] == "Duel"
    assert one["skipped"] and one["skipped"][0]["path"] == "party[Squire].armour"


def test_exact_is_refused_where_it_does_not_fit() -> None:
    with pytest.raises(BadInput, match="--exact"):
        sensitivity(DUEL, "classic", stats=["armour"], exact=True, max_states=5, workers=1)


def test_the_command_tables_json_and_plot(tmp_path: Path) -> None:
    encounter = tmp_path / "duel.toml"
    encounter.write_text('name = "Duel"\nparty = [{name = "Hero", melee = 4, armour = 1, life = 2}, '
                         '{name = "Squire", melee = 2, armour = 1, life = 2}]\n[enemy]\n'
                         'members = [{name = "Brute", count = 2, melee = 2, armour = 1, life = 1}]\n', encoding="utf-8")
    runner = CliRunner()
    shown = runner.invoke(app, ["sensitivity", str(encounter), "-r", "classic", "--stat", "melee", "--top", "3"])
    assert shown.exit_code == 0, shown.stderr
    words = " ".join(shown.stdout.split())
    assert "which change moves party_wins most" in words and "3 of 8 changes" in words  # Hero, Squire, the party; Brute
    assert "the party's melee" in shown.stdout
    plot = tmp_path / "tornado.png"
    document = runner.invoke(app, ["sensitivity", str(encounter), "-r", "classic", "-r", "dsa", "--stat", "armour",
                                   "-n", "300", "--plot", str(plot), "--json"])
    assert document.exit_code == 0, document.stderr
    assert {r["ruleset"] for r in json.loads(document.stdout)["results"]} == {"classic", "dsa"}
    assert plot.stat().st_size > 10_000
    bad = runner.invoke(app, ["sensitivity", str(encounter), "--stat", "nose"])
    assert bad.exit_code == 2 and "--stat 'nose'" in bad.stderr


def test_changes_share_one_budget() -> None:
    """A ruleset's changes are solved exactly only while the unchanged encounter's solve, times
    their number, fits the budget of one solve; else they are sampled in pairs beside the exact
    base, and a note says so. ``--exact`` still insists on every point."""
    from rulebench.analysis import exact

    states = exact.solve(configure(DUEL, "classic"), fractions=False).states
    assert states
    count = len(changes_of(DUEL)[0])  # budgets this size let the unchanged duel be solved
    fits = sensitivity(DUEL, "classic", max_states=states * count, workers=1)
    [row] = fits.results
    assert all(p.method == "exact" for _, p in row.changes) and not fits.notes
    shared = sensitivity(DUEL, "classic", max_states=states * count - 1, workers=1)
    [row] = shared.results
    assert row.base.method == "exact"
    assert {p.method for _, p in row.changes} == {"monte-carlo"}
    assert shared.notes == [f"changes sampled in pairs where their exact solves together would exceed "
                            f"{states * count - 1:,} fight states (--max-states): classic"]
    insisted = sensitivity(DUEL, "classic", stats=["armour"], max_states=states * count - 1, exact=True, workers=1)
    assert all(p.method == "exact" for _, p in insisted.results[0].changes)


def test_precision_help_names_the_default_paired_precision() -> None:
    from rulebench.analysis.sensitivity_runs import PRECISION

    result = CliRunner().invoke(app, ["sensitivity", "--help"], terminal_width=200)
    assert f"(default {PRECISION:g})" in " ".join(result.stdout.split())


def test_the_overview_names_only_the_changes_that_move_the_chance_measurably() -> None:
    """A party sure to win under classic: every change moves its chance by less than 0.05 points,
    so the overview says nothing moves it measurably instead of naming three 0.0 moves as the
    largest; a sampled move counts only where its paired interval leaves out 0."""
    from rich.console import Console

    from rulebench.analysis.sensitivity_runs import Point
    from rulebench.api.stat_sensitivity import measurable
    from rulebench.cli.sensitivity_render import overview_table

    sure = encounter_from_dict({"name": "Sure", "party": [{"name": "Hero", "melee": 8, "armour": 4, "life": 6}],
                                "enemy": {"members": [{"name": "Rat", "count": 1, "melee": 0, "armour": 0, "life": 1}]}})
    quiet = sensitivity(sure, "classic", stats=["armour"], workers=1)
    assert quiet.results[0].changes and not any(measurable(point) for _, point in quiet.results[0].changes)
    console = Console(record=True, width=200)
    console.print(overview_table(quiet))
    assert "no change moves it measurably" in console.export_text()
    loud = sensitivity(DUEL, "classic", stats=["melee"], workers=1)
    console = Console(record=True, width=200)
    console.print(overview_table(loud))
    text = console.export_text()
    assert "no change moves it measurably" not in text and "the party's melee -1" in text
    assert measurable(Point("monte-carlo", 0.5, 0.1, change=0.02, ci95=(0.001, 0.04)))
    assert not measurable(Point("monte-carlo", 0.5, 0.1, change=0.02, ci95=(-0.001, 0.04)))
    assert not measurable(Point("exact", 0.5, 0.1, change=0.0004))
