"""The language of a command line: --lang, then the locale variables, else English.

English is the source: --lang en under a German locale prints exactly what a plain English run
prints. German reaches the help, typer's and click's own words, usage errors, the error boundary
and the JSON's provenance (``lang``), while JSON keys and enumerated values stay English.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import EXAMPLES, run

from rulebench.cli.language import LANG_CHOICES, lang_from_argv
from rulebench.core.i18n import LANGUAGES, set_language

FIGHT = ("fight", str(EXAMPLES / "ogre-duel.toml"), "-r", "dsa", "--seed", "7")


@pytest.fixture(autouse=True)
def environment_chooses(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No locale variable set, and no language left chosen by another test."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    yield
    set_language(None)


def test_lang_accepts_exactly_the_languages_the_catalog_speaks() -> None:
    assert LANG_CHOICES == LANGUAGES


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "de", "fight"], "de"),
        (["--lang=en", "fight"], "en"),
        (["fight", "x.toml"], None),
        (["fight", "--", "--lang", "de"], None),  # after -- it is an argument, not the option
        (["--lang"], None),
    ],
)
def test_lang_is_read_from_the_arguments_before_click_parses_them(argv: list[str], expected: str | None) -> None:
    assert lang_from_argv(argv) == expected


def test_lang_en_under_a_german_locale_prints_the_english_output(monkeypatch: pytest.MonkeyPatch) -> None:
    english = run(*FIGHT)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert run("--lang", "en", *FIGHT).stdout == english.stdout
    german = run(*FIGHT)
    assert german.exit_code == 0
    assert "Ausgang:" in german.stdout and "Outcome:" not in german.stdout


def test_lang_beats_the_locale_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "en")
    assert "Ausgang:" in run("--lang", "de", *FIGHT).stdout


def test_language_beats_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.setenv("LANGUAGE", "de")
    assert "Ausgang:" in run(*FIGHT).stdout
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("LANGUAGE", "en")
    assert "Outcome:" in run(*FIGHT).stdout


def test_an_unknown_language_in_the_environment_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "tlh_KX.UTF-8")
    result = run(*FIGHT)
    assert result.exit_code == 0
    assert "Outcome:" in result.stdout


def test_an_unknown_lang_is_a_usage_error_not_a_crash() -> None:
    result = run("--lang", "fr", *FIGHT)
    assert result.exit_code == 2
    assert "'fr'" in result.stderr and "Traceback" not in result.stderr


def test_one_process_switches_language_between_runs() -> None:
    assert "Ausgang:" in run("--lang", "de", *FIGHT).stdout
    assert "Outcome:" in run(*FIGHT).stdout  # the next run settles afresh: no --lang, no variable, English


def test_help_and_typers_words_in_german() -> None:
    result = run("--lang", "de", "fight", "--help")
    assert result.exit_code == 0
    for word in ("Aufruf:", "Optionen", "Argumente", "Diese Hilfe zeigen und beenden.", "Spielt einen Kampf"):
        assert word in result.stdout, word
    english = run("fight", "--help").stdout
    assert "Usage:" in english and "Show this message and exit." in english and "Play one fight" in english


def test_usage_errors_in_german_and_english() -> None:
    german = run("--lang", "de", "fight", str(EXAMPLES / "ogre-duel.toml"))
    assert german.exit_code == 2
    assert "Es fehlt die Option '-r' / '--ruleset'." in german.stderr and "Fehler" in german.stderr
    english = run("fight", str(EXAMPLES / "ogre-duel.toml"))
    assert english.exit_code == 2 and "Missing option '-r' / '--ruleset'." in english.stderr
    assert "Unbekannte Option: --bogus" in run("--lang", "de", *FIGHT, "--bogus").stderr
    assert "erwartet wird eine ganze Zahl" in run("--lang", "de", "fight", "x.toml", "-r", "dsa", "--seed", "x").stderr


def test_bad_input_in_german_keeps_the_file_and_the_json_document(tmp_path: Path) -> None:
    result = run("--lang", "de", "fight", str(tmp_path / "missing.toml"), "-r", "dsa", "--json")
    assert result.exit_code == 2
    assert result.stderr.startswith("Fehler:")
    error = json.loads(result.stdout)["error"]
    assert error["kind"] == "encounter" and error["exit_code"] == 2 and "missing.toml" in error["message"]


def test_json_names_its_language_and_keeps_its_values_english() -> None:
    german = json.loads(run("--lang", "de", *FIGHT, "--json").stdout)
    english = json.loads(run(*FIGHT, "--json").stdout)
    assert german["provenance"]["lang"] == "de" and english["provenance"]["lang"] == "en"
    assert german["outcome"] == english["outcome"]
    assert [c["end_state"] for c in german["combatants"]] == [c["end_state"] for c in english["combatants"]]
    assert german["ending"] != english["ending"]  # a text field: written in the chosen language


@pytest.mark.parametrize(
    "command",
    [
        # talisman: solved exactly at once (dsa's exact solve of the same duel takes a second or more).
        ("compare", str(EXAMPLES / "ogre-duel.toml"), "-r", "talisman", "--exact"),
        ("sweep", str(EXAMPLES / "skeleton-guards.toml"), "--vary", "enemy.members[0].count=1..2", "-r", "classic"),
        ("balance", str(EXAMPLES / "skeleton-guards.toml"), "--vary", "enemy.members[0].count=1..3", "-r", "classic",
         "--target", "0.5"),
        ("validate", str(EXAMPLES / "wraith.toml")),
        ("show", str(EXAMPLES / "wraith.toml"), "-r", "classic"),
    ],
)
def test_every_document_with_texts_names_its_language(command: tuple[str, ...]) -> None:
    # One worker where the command takes it: the language does not depend on it, and a pool only adds its start.
    one_worker = ("--workers", "1") if command[0] in ("compare", "sweep", "balance") else ()
    document = json.loads(run("--lang", "de", *command, *one_worker, "--json").stdout)
    assert document["provenance"]["lang"] == "de"


def test_documents_without_texts_are_unchanged() -> None:
    assert "provenance" not in json.loads(run("--lang", "de", "dice", "2d6", "--json").stdout)
    assert "provenance" not in json.loads(run("schema").stdout)


@pytest.mark.parametrize("where", [["--lang", "de"], ["--lang=de"]])
def test_lang_after_the_command_is_the_same_as_before_it(where: list[str]) -> None:
    """The language is the whole run's: ``--lang`` works after the command and its arguments too."""
    before = run(*where, "explain", "withdrawn")
    after = run("explain", "withdrawn", *where)
    assert after.exit_code == 0, after.output
    assert after.output == before.output
    assert "Abbruch" in after.output


@pytest.mark.parametrize(("argv", "hoisted"), [
    (["fight", "x.toml", "--lang", "de", "-r", "dsa"], ["--lang", "de", "fight", "x.toml", "-r", "dsa"]),
    (["compare", "x.toml", "--lang=en"], ["--lang=en", "compare", "x.toml"]),
    (["fight", "x.toml", "--", "--lang", "de"], ["fight", "x.toml", "--", "--lang", "de"]),
])
def test_lang_is_moved_in_front_of_the_command(argv: list[str], hoisted: list[str]) -> None:
    from rulebench.cli.language import hoisted as hoist

    assert hoist(argv) == hoisted
