"""``rulebench chain``: the tables, the JSON contract with provenance, the plot, the narrated day in
English and German, and bad chain files (exit 2, a one-paragraph message naming file and field);
``validate`` and ``schema --chain`` on chain files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import EXAMPLES, run, run_json

CHAINS = EXAMPLES / "chains"
TRADE = CHAINS / "trade-road.toml"
CRYPT = CHAINS / "haunted-crypt.toml"


def test_the_json_has_the_contracts_fields_and_provenance() -> None:
    document = run_json("chain", TRADE, "-r", "classic", "-r", "talisman", "-n", "400", "--seed", "3")
    assert document["chain"] == "A day on the trade road"
    assert [s["rest"] for s in document["stages"]] == ["short", "short", "none"]
    classic, talisman = document["results"]
    assert talisman["ruleset"] == "talisman"
    assert (classic["ruleset"], classic["method"], classic["chains"], classic["seed"]) == ("classic", "monte-carlo", 400, 3)
    assert 0 <= classic["survived"] <= 1 and classic["ci95"]["survived"][0] <= classic["survived"]
    assert [sorted({"reached", "won", "deaths"} - set(stage)) for stage in classic["stages"]] == [[]] * 3
    assert classic["stages"][0]["reached"] == 1 and classic["stages"][2]["reached"] <= classic["stages"][1]["reached"]
    assert [m["name"] for m in classic["members"]] == ["Knight", "Archer", "Sellsword", "Merchant"]
    assert classic["provenance"]["ruleset"]["name"] == "classic" and classic["provenance"]["plugins"] == ["silver"]
    provenance = document["provenance"]
    assert provenance["chain"]["name"] == "A day on the trade road" and len(provenance["chain"]["hash"]) == 16
    assert set(provenance["rulesets"]) == {"classic", "talisman"} and provenance["lang"] == "en"
    assert run_json("chain", TRADE, "-r", "classic", "-n", "400", "--seed", "3")["results"][0] == classic  # reproducible


def test_the_tables_show_each_stage_and_the_whole_day() -> None:
    result = run("chain", CRYPT, "-r", "ambermarch", "-n", "300")
    assert result.exit_code == 0, result.stderr
    for words in ("stage by stage", "1. Four skeleton guards", "then: long rest", "3. The wights' barrow", "gets through",
                  "who lives through the day", "Sampled: 300 days, seed 1"):
        assert words in result.stdout, words


def test_the_plot_is_written(tmp_path: Path) -> None:
    target = tmp_path / "day.png"
    result = run("chain", TRADE, "-r", "dsa", "-n", "300", "--plot", target)
    assert result.exit_code == 0, result.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_one_day_narrated_in_english_and_german() -> None:
    english = run("chain", CRYPT, "-r", "classic", "--seed", "6", "--narrate")
    assert english.exit_code == 0, english.stderr
    assert "Stage 2 of 3: The wraith of the old mill" in english.stdout
    assert "cursed wound (verfluchter Schaden) heals by no rest" in english.stdout
    german = run("--lang", "de", "chain", CRYPT, "-r", "classic", "--seed", "6", "--narrate")
    assert german.exit_code == 0, german.stderr
    assert "Etappe 2 von 3" in german.stdout and "verfluchte Verletzung heilt durch kein Ausruhen" in german.stdout
    assert run("chain", CRYPT, "-r", "classic", "--seed", "6", "--narrate").stdout == english.stdout


def test_the_narrated_day_as_json() -> None:
    document = run_json("chain", CRYPT, "-r", "classic", "--seed", "6", "--narrate")
    assert (document["ruleset"], document["seed"], document["survived"]) == ("classic", 6, True)
    wraith = document["stages"][1]
    assert wraith["fight"]["encounter"] == "The wraith of the old mill" and wraith["fight"]["outcome"] == "enemy_wins"
    assert wraith["carried"]["Warrior"] == {"cursed": True, "wounds": 1} and wraith["rested"]["Warrior"] == {"cursed": True, "wounds": 1}
    [rest] = wraith["between"]
    assert (rest["kind"], rest["who"], rest["rest"]) == ("rest", "Warrior", "long")
    assert document["stages"][2]["rested"] is None and document["provenance"]["lang"] == "en"


@pytest.mark.parametrize(("args", "needle"), [
    (["--narrate"], "--narrate tells one day under one ruleset"),
    (["-r", "dsa", "--brief"], "--brief narrates"),
    (["-r", "dsa", "--exact", "--max-states", "100"], "--exact: dsa on the day"),
    (["-r", "nosuch"], "unknown ruleset 'nosuch'"),
])
def test_bad_options(args: list[str], needle: str) -> None:
    result = run("chain", TRADE, *args)
    assert result.exit_code == 2 and needle in result.stderr and "Traceback" not in result.stderr


def test_a_bad_chain_file_is_refused_naming_file_and_field(tmp_path: Path) -> None:
    path = tmp_path / "day.toml"
    path.write_text(TRADE.read_text(encoding="utf-8").replace('rest = "short"', 'rest = "nap"', 1), encoding="utf-8")
    (tmp_path / "goblin-ambush.toml").write_text((EXAMPLES / "goblin-ambush.toml").read_text(encoding="utf-8"))
    path.write_text(path.read_text(encoding="utf-8").replace("../goblin-ambush.toml", "goblin-ambush.toml"), encoding="utf-8")
    for command in (["chain", path, "-n", "10"], ["validate", path]):
        result = run(*command)
        assert result.exit_code == 2 and "Traceback" not in result.stderr
        assert f"{path}: stage[0] (goblin-ambush.toml).rest: expected 'none', 'short' or 'long', got 'nap'" in result.stderr
    document = json.loads(run("chain", path, "-n", "10", "--json").stdout)
    assert document["error"] == {"kind": "chain", "message": document["error"]["message"], "file": str(path),
                                 "field": "stage[0].rest", "exit_code": 2}


def test_validate_and_schema_take_chain_files() -> None:
    result = run("validate", TRADE)
    assert result.exit_code == 0 and "ok " in result.stdout and "a day of 3 stages for 4 party members" in result.stdout
    document = run_json("validate", CRYPT, "-r", "classic")
    assert (document["valid"], document["chain"], document["stages"]) == (
        True, "Down into the haunted crypt", ["Four skeleton guards", "The wraith of the old mill", "The wights' barrow"])
    schema = json.loads(run("schema", "--chain").stdout)
    assert schema["title"] == "rulebench chain" and schema["required"] == ["name", "party", "stage"]
    assert json.loads(run("schema").stdout)["title"] == "rulebench encounter"
