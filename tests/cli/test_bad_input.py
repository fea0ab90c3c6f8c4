"""Every kind of bad input exits 2 with a one-paragraph message naming the problem, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import DUEL, run

MALFORMED = {
    # kind: (file text, the field the message must name)
    "wrong type": (DUEL.replace("melee = 4", 'melee = "four"'), "party[0] (Hero).melee"),
    "unknown field": (DUEL.replace("armour = 1, life = 2", "armor = 1, life = 2"), "party[0] (Hero).armor"),
    "no party": (DUEL.replace('party = [{name = "Hero", melee = 4, armour = 1, life = 2}]', "party = []"), "party"),
    "bad dice notation": (DUEL.replace("life = 2}", 'life = 2, weapon = "2x6"}'), "party[0] (Hero).weapon"),
    "negative count": (DUEL.replace("count = 2", "count = -1"), "enemy.members[0] (Brute).count"),
    "broken TOML": (DUEL.replace('name = "Duel"', 'name = "Duel'), "<toml>"),
}

COMMANDS = {
    "validate": [],
    "show": ["-r", "skirmish"],
    "fight": ["-r", "skirmish", "--seed", "1"],
    "compare": ["-r", "skirmish", "-n", "10"],
}


def assert_bad_input(result, *needles: str) -> None:  # type: ignore[no-untyped-def]
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    for needle in needles:
        assert needle in result.stderr, (needle, result.stderr)


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("kind", MALFORMED)
def test_malformed_encounter(tmp_path: Path, kind: str, command: str) -> None:
    text, field = MALFORMED[kind]
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    assert_bad_input(run(command, path, *COMMANDS[command]), "broken.toml", field)


@pytest.mark.parametrize("command", COMMANDS)
def test_missing_file(tmp_path: Path, command: str) -> None:
    assert_bad_input(run(command, tmp_path / "nowhere.toml", *COMMANDS[command]), "nowhere.toml", "no such file")


@pytest.mark.parametrize("command", ["show", "fight", "compare"])
def test_unknown_ruleset(duel: Path, command: str) -> None:
    args = ["--seed", "1"] if command == "fight" else []
    assert_bad_input(run(command, duel, "-r", "nosuch", *args), "unknown ruleset 'nosuch'", "skirmish")


@pytest.mark.parametrize(
    ("dice", "needle"),
    [("7,1,1", "position 1: 7 is not a result of a d6"), ("1,2", "ran out at position 3"), ("1,x,3", "position 2: 'x' is not a whole number")],
)
def test_bad_dice(duel: Path, dice: str, needle: str) -> None:
    assert_bad_input(run("fight", duel, "-r", "skirmish", "--dice", dice), needle)


@pytest.mark.parametrize(
    ("vary", "needle"),
    [
        ("enemy.members[0].count", "expected PATH=A..B"),
        ("enemy.members[0].count=5..1", "needs a start below its end"),
        ("enemy.members[0].count=1..5:0", "step must be at least 1"),
        ("enemy.members[0].count=0..3", "count = 0 is not a valid encounter"),
        ("enemy.members[0].count=1..30", "count = 30 is not a valid encounter"),
        ("enemy.members[3].count=1..3", "enemy.members has 1 entries"),
        ("party[Nobody].armour=0..2", "no entry named 'Nobody'"),
        ("party[0].name=1..2", "not a whole number"),
        ("nonsense=1..2", "has no 'nonsense'"),
    ],
)
def test_bad_vary(duel: Path, vary: str, needle: str) -> None:
    assert_bad_input(run("sweep", duel, "--vary", vary, "-r", "skirmish", "-n", "10"), needle)
    assert_bad_input(run("balance", duel, "--vary", vary, "--target", "0.5", "-r", "skirmish", "-n", "10"), needle)


@pytest.mark.parametrize("target", ["0", "1", "1.5", "-0.2"])
def test_bad_target(duel: Path, target: str) -> None:
    assert_bad_input(run("balance", duel, "--vary", "party[0].armour=0..2", "--target", target, "-r", "skirmish"), "--target")


@pytest.mark.parametrize(
    ("options", "needle"),
    [
        (["-n", "-5"], "expected at least 1 fight"),
        (["-n", "0"], "expected at least 1 fight"),
        (["--exact", "-n", "100"], "--exact cannot be combined"),
        (["-n", "100", "--precision", "0.01"], "give only one"),
        (["--precision", "0"], "--precision 0.0"),
        (["--workers", "0"], "--workers 0"),
        (["--plot", "out.gif", "-n", "10"], "expected a file ending in"),
        (["--plugin", "nosuch", "-n", "10"], "unknown modifier 'nosuch'"),
        (["--tactics", "nosuch", "-n", "10"], "unknown tactics 'nosuch'"),
    ],
)
def test_bad_compare_options(duel: Path, options: list[str], needle: str) -> None:
    pytest.importorskip("matplotlib") if "--plot" in options else None
    assert_bad_input(run("compare", duel, "-r", "skirmish", *options), needle)


def test_usage_error_exits_2(duel: Path) -> None:
    result = run("compare", duel, "-n", "lots")
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert run("fight", duel).exit_code == 2  # -r is required
