"""validate and show."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run, run_json


def test_validate_ok(guards: Path) -> None:
    result = run("validate", guards)
    assert result.exit_code == 0
    assert "Four skeleton guards" in result.stdout
    document = run_json("validate", guards)
    assert document["valid"] is True and document["problems"] == [] and len(document["hash"]) == 16


def test_validate_json_lists_problems_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('name = "x"\nparty = [{name = "A", melee = "high", armor = 1}]\n[enemy]\nmembers = []\n')
    result = run("validate", path, "--json")
    assert result.exit_code == 2
    import json

    document = json.loads(result.stdout)
    fields = {p["field"] for p in document["problems"]}
    assert {"party[0].melee", "party[0].armor"} <= fields
    assert document["valid"] is False


def test_show_json_has_derived_stats(duel: Path) -> None:
    document = run_json("show", duel, "-r", "skirmish")
    assert document["encounter"]["name"] == "Duel"
    [block] = document["rulesets"]
    assert block["ruleset"] == "skirmish"
    names = [c["name"] for c in block["combatants"]]
    assert names == ["Hero", "Brute 1", "Brute 2"]
    assert block["combatants"][0]["stats"] == {"skill": 4, "armour": 1, "hp": 2}


def test_show_every_ruleset_by_default(duel: Path) -> None:
    document = run_json("show", duel)
    assert len(document["rulesets"]) >= 2
    result = run("show", duel)
    assert result.exit_code == 0 and "derived stat blocks" in result.stdout
