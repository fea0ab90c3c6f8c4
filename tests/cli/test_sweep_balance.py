"""sweep and balance: JSON contract, CSV and plot exports, monotonicity, brackets matching compare.

Runs pass ``--workers 1`` unless the worker count is what they test: the results do not depend
on it (test_sweep_and_balance_json_do_not_depend_on_workers), and a pool started inside a test
only adds its start to a run that already fills the CPUs.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_helpers import run, run_json

COUNT = "enemy.members[0].count"


def test_sweep_json_and_csv(duel: Path, tmp_path: Path) -> None:
    csv_path = tmp_path / "sweep.csv"
    document = run_json("sweep", duel, "--vary", f"{COUNT}=1..5:2", "-r", "skirmish", "-n", "500", "--workers", "1", "--csv", csv_path)
    assert document["vary"] == {"path": COUNT, "values": [1, 3, 5]}
    [row] = document["results"]
    assert row["ruleset"] == "skirmish" and [p["value"] for p in row["points"]] == [1, 3, 5]
    for point in row["points"]:
        assert point["method"] == "monte-carlo" and set(point["ci95"]) == set(point["outcomes"])
    assert document["provenance"]["encounter"]["name"] == "Duel"
    lines = csv_path.read_text().splitlines()
    assert lines[0].startswith("# ") and json.loads(lines[1].removeprefix("# provenance: "))["rulebench"]
    import csv

    rows = list(csv.DictReader(io.StringIO("\n".join(lines[2:]))))
    assert [int(r[COUNT]) for r in rows] == [1, 3, 5] and rows[0]["fights"] == "500"


def test_sweep_table(duel: Path) -> None:
    result = run("sweep", duel, "--vary", "party[Hero].armour=0..2", "-r", "skirmish", "-n", "200", "--workers", "1")
    assert result.exit_code == 0 and "party_wins" in result.stdout


def test_a_sweep_gives_the_partys_casualties_beside_its_outcomes(duel: Path) -> None:
    """Every point, as compare does: the chance someone dies, that the whole party is down, the
    deaths expected, with intervals when sampled; the table has the wiped-out column after the bar."""
    document = run_json("sweep", duel, "--vary", f"{COUNT}=1..3", "-r", "skirmish", "-n", "400", "--workers", "1")
    for point in document["results"][0]["points"]:
        casualties = point["casualties"]
        assert set(casualties) == {"anyone_dead", "wiped_out", "deaths", "ci95"}
        # skirmish's enemy wins when no member of the party stands: every such fight wiped it out.
        assert casualties["wiped_out"] >= point["outcomes"]["enemy_wins"] - 1e-12
    table = run("sweep", duel, "--vary", f"{COUNT}=1..3", "-r", "skirmish", "-n", "400", "--workers", "1").stdout
    header = next(line for line in table.splitlines() if "party_wins" in line)
    assert header.index("party_wins") < header.index("wiped") < header.index("enemy_wins")


def test_exact_sweep_party_wins_never_rises_with_more_enemies(guards: Path) -> None:
    document = run_json("sweep", guards, "--vary", f"{COUNT}=1..8", "-r", "classic", "--exact", "--workers", "1")
    wins = [p["party_wins"] if "party_wins" in p else p["outcomes"]["party_wins"] for p in document["results"][0]["points"]]
    assert all(p["method"] == "exact" for p in document["results"][0]["points"])
    assert all(later <= earlier + 1e-12 for earlier, later in zip(wins, wins[1:])), wins


def test_sweep_plot_png(duel: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    from PIL import Image

    path = tmp_path / "sweep.png"
    result = run("sweep", duel, "--vary", f"{COUNT}=1..4", "-r", "skirmish", "-n", "300", "--workers", "1", "--plot", path)
    assert result.exit_code == 0, result.stderr
    with Image.open(path) as image:
        assert image.format == "PNG" and image.size[0] >= 600 and image.size[1] >= 400
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is not None and len(colours) > 50  # lines, a band and text, not a blank canvas


def test_balance_brackets_match_compare(guards: Path) -> None:
    args = ("balance", guards, "--vary", f"{COUNT}=1..10", "--target", "0.5", "-r", "classic", "-n", "2000", "--workers", "1")
    document = run_json(*args)
    assert document["target"] == 0.5 and document["vary"] == {"path": COUNT, "values": [1, 10]}
    [row] = document["results"]
    assert row["crosses"] is True
    low, high = row["bracket"]
    assert high["value"] == low["value"] + 1
    assert (low["party_wins"] >= 0.5) != (high["party_wins"] >= 0.5)
    for point in (low, high):
        text = Path(guards).read_text().replace("count = 4", f"count = {point['value']}")
        [entry] = _compare_at(text, point["value"])["results"]
        assert entry["outcomes"]["party_wins"] == point["party_wins"]


def _compare_at(text: str, value: int) -> dict:  # type: ignore[type-arg]
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"guards-{value}.toml"
        path.write_text(text)
        return run_json("compare", path, "-r", "classic", "-n", "2000", "--workers", "1")


def test_balance_never_crosses(duel: Path) -> None:
    args = ("balance", duel, "--vary", "party[Hero].armour=0..1", "--target", "0.999", "-r", "classic", "-n", "300", "--workers", "1")
    document = run_json(*args)
    [row] = document["results"]
    assert row["crosses"] is False and row["bracket"] is None
    result = run(*args)
    assert result.exit_code == 0 and "never crosses" in result.stdout


def test_a_sweep_notes_a_sampled_ruleset_once(duel: Path) -> None:
    result = run("sweep", duel, "--vary", f"{COUNT}=1..3", "-r", "classic", "--max-states", "5", "--workers", "1", "--json")
    assert result.exit_code == 0
    [note] = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert note == f"note: sampled where exact analysis would likely exceed 5 fight states (--max-states): classic ({COUNT} = 1–3)"


def test_sweep_and_balance_json_do_not_depend_on_workers(duel: Path) -> None:
    for args in (("sweep", duel, "--vary", f"{COUNT}=1..3"), ("balance", duel, "--vary", f"{COUNT}=1..6", "--target", "0.5")):
        outputs = {run(*args, "-r", "skirmish", "--max-states", "5", "--workers", w, "--json").stdout for w in ("1", "2")}
        assert len(outputs) == 1


def test_a_sweep_names_each_rulesets_length_unit(duel: Path, tmp_path: Path) -> None:
    """rounds_mean is in the ruleset's unit: the JSON, the CSV and the table say which (dsa: exchanges)."""
    csv_path = tmp_path / "sweep.csv"
    args = ("sweep", duel, "--vary", f"{COUNT}=1..2", "-r", "dsa", "-r", "classic", "-n", "100", "--workers", "1")
    document = run_json(*args, "--csv", csv_path)
    units = {row["ruleset"]: {p["rounds_unit"] for p in row["points"]} for row in document["results"]}
    assert units == {"dsa": {"exchange"}, "classic": {"round"}}
    import csv

    rows = list(csv.DictReader(io.StringIO("\n".join(csv_path.read_text().splitlines()[2:]))))
    assert {(r["ruleset"], r["rounds_unit"]) for r in rows} == {("dsa", "exchange"), ("classic", "round")}
    table = run(*args).stdout
    assert "exchanges" in table and "rounds" in table  # each table heads its length column in its unit
