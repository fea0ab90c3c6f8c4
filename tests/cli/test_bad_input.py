"""Every kind of bad input exits 2 with a one-paragraph message naming the problem, never a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from cli_helpers import DUEL, EXAMPLES, run

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


# -- issue #15: every case the malformed-input campaign found ---------------------------------------
GUARDS = (EXAMPLES / "skeleton-guards.toml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str | bytes, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


@pytest.mark.parametrize(
    ("text", "needles"),
    [
        (DUEL.replace("melee = 4", "melee = " + "9" * 4301), ["party[0] (Hero).melee", "got a whole number of about 4,30"]),
        (DUEL + "[overrides.skirmish.Hero]\nhp = -" + "1" * 5000 + "\n", ["overrides.skirmish.Hero.hp", "from -10000 to 10000"]),
        (DUEL + "[[tactics.round]]\nattack = " + "7" * 5000 + "\n", ["tactics.round[0] (round 1).attack"]),
        (DUEL + "deep = " + "[" * 5000 + "]" * 5000 + "\n", ["<toml>", "nested too deeply"]),
        (DUEL + "deep = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n", ["<toml>", "nested too deeply"]),
    ],
    ids=["huge integer", "huge override", "huge scripted answer", "deep arrays", "deep tables"],
)
@pytest.mark.parametrize("command", COMMANDS)
def test_huge_numbers_and_deep_nesting_are_bad_input(tmp_path: Path, command: str, text: str, needles: list[str]) -> None:
    assert_bad_input(run(command, write(tmp_path, text), *COMMANDS[command]), "case.toml", *needles)


def test_odd_files_are_bad_input(tmp_path: Path) -> None:
    assert_bad_input(run("validate", write(tmp_path, DUEL.encode("utf-16"))), "case.toml", "<file>: not UTF-8 text")
    assert_bad_input(run("validate", tmp_path), str(tmp_path), "is a folder")
    assert_bad_input(run("validate", "/dev/null"), "/dev/null", "is not a regular file")
    big = write(tmp_path, DUEL + "#" * 1_000_001 + "\n", "big.toml")
    assert_bad_input(run("validate", big), "big.toml", "an encounter file is at most 1,000,000 bytes")
    assert_bad_input(run("validate", write(tmp_path, b"\x00\x01\x02")), "case.toml", "<toml>")


def test_odd_file_names_are_printed_safely(tmp_path: Path) -> None:
    # Rich markup in a name is printed as it is, and a name that is not UTF-8 is escaped.
    assert_bad_input(run("validate", write(tmp_path, "x", "[bold]odd.toml")), "[bold]odd.toml", "<toml>")
    odd = tmp_path.joinpath(os.fsdecode(b"caf\xe9.toml"))
    odd.write_text(DUEL.replace("melee = 4", "melee = 9"), encoding="utf-8")
    assert_bad_input(run("validate", odd), "caf", "party[0] (Hero).melee")


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    assert run("validate", write(tmp_path, b"\xef\xbb\xbf" + DUEL.encode())).exit_code == 0


@pytest.mark.parametrize(
    ("script", "needles"),
    [
        ('stance = {Warrior = "attack attack"}', ["tactics.round[0] (round 1).stance.Warrior", "got 'attack attack'", "(under ambermarch)"]),
        ('stance = {S = "attack"}', ["tactics.round[0] (round 1).stance.S", "no combatant named 'S'"]),
        ("stance = {Warrior = 3}", ["stance.Warrior", "expected one of 'attack', 'attack-ranged'", "got 3"]),
        ("momentum = -1", ["tactics.round[0] (round 1).momentum", "expected a whole number from 0 to 3, got -1"]),
        ('stanse = {Warrior = "attack"}', ["tactics.round[0] (round 1).stanse", "did you mean 'stance'?"]),
        ("retreat = 1", ["retreat", "expected one of true, false, got 1", "(under ambermarch, classic, dsa, endurance)"]),
        ('order = ["Warrior"]', ["order", "expected every party member's name once"]),
        ('target = {Warrior = "Scout"}', ["target.Warrior", "Warrior's opponents"]),
        ('stance = {Warrior = "hold-back"}', ["tactics.round[0] (round 1)", "ambermarch refuses it in trial fight 1", "cannot hold back"]),
    ],
)
def test_bad_scripts_are_caught_by_validate(tmp_path: Path, script: str, needles: list[str]) -> None:
    path = write(tmp_path, GUARDS + "\n[[tactics.round]]\n" + script + "\n")
    assert_bad_input(run("validate", path), "case.toml", *needles)


def test_scripts_are_judged_under_the_chosen_rulesets(tmp_path: Path) -> None:
    path = write(tmp_path, GUARDS + "\n[[tactics.round]]\nmomentum = -1\n")
    assert run("validate", path, "-r", "dsa").exit_code == 0  # dsa asks no momentum
    assert_bad_input(run("validate", path, "-r", "ambermarch"), "momentum")


def test_a_misspelled_skill_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, GUARDS.replace('name = "Warrior",', 'name = "Warrior", skills = ["robst"],'))
    assert_bad_input(run("validate", path), "party[0] (Warrior).skills[0]", "'robst' (did you mean 'robust'?)")


def test_overrides_of_a_misspelled_ruleset_or_stat(tmp_path: Path) -> None:
    ruleset = write(tmp_path, GUARDS.replace("[overrides.dsa.", "[overrides.dsaa."))
    assert_bad_input(run("validate", ruleset), "overrides.dsaa", "did you mean 'dsa'?")
    stat = write(tmp_path, GUARDS.replace("le = 20", "lee = 20"))
    assert_bad_input(run("validate", stat), 'overrides.dsa."Skeleton guard".lee', "did you mean 'le'?")
    elsewhere = write(tmp_path, GUARDS.replace("[overrides.dsa.", "[overrides.d20duel."))
    result = run("validate", elsewhere)
    assert result.exit_code == 0 and "ruleset 'd20duel' is not installed" in result.stderr


@pytest.mark.parametrize(("command", "option"), [("compare", "--plot"), ("sweep", "--plot"), ("sweep", "--csv")])
def test_output_paths_are_checked_before_any_work(duel: Path, tmp_path: Path, command: str, option: str) -> None:
    extra = ["--vary", "party[0].armour=0..1"] if command == "sweep" else []
    target = tmp_path / "missing" / ("out.csv" if option == "--csv" else "out.png")
    result = run(command, duel, "-r", "skirmish", "-n", "10", *extra, option, target)
    assert_bad_input(result, f"{option} {target}: the folder", "does not exist")
    assert "party_wins" not in result.stdout  # nothing was computed
    assert_bad_input(run(command, duel, "-r", "skirmish", "-n", "10", *extra, option, tmp_path), "is a folder")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_failing_command_prints_one_json_error(tmp_path: Path, command: str) -> None:
    path = write(tmp_path, DUEL.replace("melee = 4", "melee = 9"))
    result = run(command, path, *COMMANDS[command], "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error == {
        "kind": "encounter",
        "message": f"{path}: party[0] (Hero).melee: expected a whole number from 0 to 8, got 9",
        "file": str(path),
        "field": "party[0].melee",
        "exit_code": 2,
    }
