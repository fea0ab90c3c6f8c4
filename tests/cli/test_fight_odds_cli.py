"""rulebench fight --odds: the chance from here in the narration, the JSON and a plot."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import EXAMPLES, run, run_json

RIVALS = EXAMPLES / "talisman-rivals.toml"


def test_the_json_carries_the_odds_round_by_round() -> None:
    document = run_json("fight", RIVALS, "-r", "talisman", "--seed", "3", "--odds")
    odds = document["odds"]
    assert [p["round"] for p in odds] == list(range(len(document["rounds"]) + 1))
    assert all(set(p) == {"round", "method", "party_wins", "enemy_wins", "withdrawn", "party_fled"} for p in odds)
    assert odds[-1][document["outcome"]] == 1
    assert document["turning_point"]["round"] in range(1, len(odds))
    plain = run_json("fight", RIVALS, "-r", "talisman", "--seed", "3")
    assert "odds" not in plain and "turning_point" not in plain


def test_the_narration_says_the_chance_from_here_and_the_turning_point() -> None:
    result = run("fight", RIVALS, "-r", "talisman", "--seed", "3", "--odds")
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "party wins from here: 57.8%" in text
    assert "→" in text and "Turning point: Round" in text
    assert "exact at every point" in text
    brief = run("fight", RIVALS, "-r", "talisman", "--seed", "3", "--odds", "--brief")
    assert " ".join(brief.stdout.split()).count("party wins from here") == len(run_json("fight", RIVALS, "-r", "talisman", "--seed", "3")["rounds"]) + 1


def test_the_plot_draws_the_odds_line(tmp_path: Path) -> None:
    target = tmp_path / "odds.png"
    result = run("fight", RIVALS, "-r", "talisman", "--seed", "3", "--plot", target)
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "wrote the plot" in result.stderr


def test_a_plot_of_an_unknown_format_is_refused_before_the_fight(tmp_path: Path) -> None:
    result = run("fight", RIVALS, "-r", "talisman", "--seed", "3", "--plot", tmp_path / "odds.gif")
    assert result.exit_code == 2
    assert ".png" in result.stderr
