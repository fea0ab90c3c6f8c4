"""rulesets, plugins, schema and --version."""

from __future__ import annotations

from cli_helpers import run, run_json


def test_rulesets_json_lists_each_with_package_and_version() -> None:
    rows = run_json("rulesets")
    assert isinstance(rows, list) and rows
    by_name = {row["name"]: row for row in rows}
    assert by_name["skirmish"]["package"] == "rulebench-skirmish"
    for row in rows:
        assert {"name", "title", "package", "version"} <= set(row)
        assert row["kind"] == "ruleset"


def test_rulesets_table() -> None:
    result = run("rulesets")
    assert result.exit_code == 0
    assert "skirmish" in result.stdout


def test_plugins_json_has_kinds_and_hooks() -> None:
    rows = run_json("plugins")
    kinds = {row["name"]: row["kind"] for row in rows}
    assert kinds["silver"] == "modifier"
    assert kinds["skirmish"] == "ruleset"
    assert all(isinstance(row["hooks"], list) for row in rows)
    assert run("plugins").exit_code == 0


def test_schema_is_a_json_schema() -> None:
    schema = run_json("schema")
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert "party" in schema["properties"]


def test_version_and_help() -> None:
    assert run("--version").stdout.startswith("rulebench ")
    result = run("--help")
    assert result.exit_code == 0 and "compare" in result.stdout


def test_switched_off_plugins_are_still_listed() -> None:
    rows = run_json("-p", "no:silver", "-p", "no:talisman", "plugins")
    disabled = {row["name"] for row in rows if row["disabled"]}
    assert disabled == {"silver", "talisman"}
    rulesets = run_json("-p", "no:talisman", "rulesets")
    assert [row["disabled"] for row in rulesets if row["name"] == "talisman"] == [True]
    table = run("-p", "no:silver", "plugins")
    assert table.exit_code == 0 and "disabled" in table.stdout
