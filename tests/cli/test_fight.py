"""fight: narration, --json per docs/architecture.md, scripted dice."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import EXAMPLES, run, run_json

AM1_DICE = "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"


def test_fight_json_shape(duel: Path) -> None:
    document = run_json("fight", duel, "-r", "skirmish", "--seed", "7")
    assert document["ruleset"] == "skirmish" and document["encounter"] == "Duel" and document["seed"] == 7
    assert document["outcome"] in {"party_wins", "enemy_wins", "withdrawn", "party_fled"}
    assert [r["number"] for r in document["rounds"]] == list(range(1, len(document["rounds"]) + 1))
    assert all({"kind", "round", "text"} <= set(e) for r in document["rounds"] for e in r["events"])
    assert "party_total" not in document["rounds"][0]  # skirmish compares no side totals
    assert [c["name"] for c in document["combatants"]] == ["Hero", "Brute 1", "Brute 2"]
    assert {c["end_state"] for c in document["combatants"]} <= {"unhurt", "hurt", "out", "dead"}
    assert run_json("fight", duel, "-r", "skirmish", "--seed", "7") == document


def test_fight_without_seed_reports_the_seed_it_drew(duel: Path) -> None:
    document = run_json("fight", duel, "-r", "skirmish")
    again = run_json("fight", duel, "-r", "skirmish", "--seed", str(document["seed"]))
    assert again["rounds"] == document["rounds"]


def test_fight_narration_groups_events_by_round(duel: Path) -> None:
    result = run("fight", duel, "-r", "skirmish", "--seed", "7")
    assert result.exit_code == 0
    assert "Round 1" in result.stdout and "Outcome:" in result.stdout and "attack 1d6" in result.stdout


def test_unused_dice_are_a_warning(duel: Path) -> None:
    # Hero strikes first (speed ties go to the party): 6+4 hits Brute 1, then each Brute misses...
    dice = ",".join(["6"] * 40)
    result = run("fight", duel, "-r", "skirmish", "--dice", dice, "--json")
    assert result.exit_code == 0
    assert "unused at the end" in result.stderr
    assert result.stdout.lstrip().startswith("{")


def test_am1_vector() -> None:
    document = run_json("fight", EXAMPLES / "am-1.toml", "-r", "ambermarch", "--dice", AM1_DICE)
    totals = [(r["party_total"], r["enemy_total"]) for r in document["rounds"]]
    assert totals == [(26, 24), (21, 26), (30, 18)]
    assert document["outcome"] == "party_wins"
    fates = {c["name"]: (c["end_state"], c["condition"]) for c in document["combatants"]}
    assert fates["Warrior"] == ("hurt", "battered")
    assert all(fates[n][0] == "unhurt" for n in ("Scout", "Floodrunner", "Priest"))
