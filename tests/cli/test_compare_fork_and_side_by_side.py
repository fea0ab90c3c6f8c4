"""compare --from-round (a fight forked at a round) and compare A B (several encounters side by side)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import EXAMPLES, run, run_json

from rulebench.api.narrated_fight import fight
from rulebench.api.odds import fight_odds

RIVALS = EXAMPLES / "talisman-rivals.toml"
GUARDS = EXAMPLES / "skeleton-guards.toml"
WIGHTS = EXAMPLES / "crypt-wights.toml"


def test_a_fork_gives_the_odds_from_that_round() -> None:
    """Everything after round 2 of seed 3's fight: the same exact solve as the odds line's point 2."""
    document = run_json("compare", RIVALS, "-r", "talisman", "--from-round", "2", "--seed", "3")
    odds = fight_odds(fight(RIVALS, "talisman", seed=3))
    (result,) = document["results"]
    assert result["method"] == "exact"
    for outcome, p in odds.at(2).outcomes.items():
        assert result["outcomes"][outcome] == pytest.approx(p, abs=1e-12)
    assert min(int(r) for r in result["rounds"]["distribution"]) > 2  # lengths count from round 1, all past the fork
    conditional = document["conditional"]
    assert conditional["from_round"] == 2 and conditional["seed"] == 3 and conditional["dice"] is None
    assert [s["ruleset"] for s in conditional["states"]] == ["talisman"]


def test_a_fork_at_the_start_is_compare() -> None:
    forked = run_json("compare", WIGHTS, "-r", "classic", "--from-round", "0", "--seed", "5")
    plain = run_json("compare", WIGHTS, "-r", "classic")
    assert forked["results"][0]["outcomes"] == pytest.approx(plain["results"][0]["outcomes"], abs=1e-12)


def test_a_fork_under_other_tactics_from_then_on() -> None:
    """What if they had been cautious from round 1 on: the same state, another answer, side by side."""
    document = run_json("compare", GUARDS, "-r", "ambermarch", "--from-round", "1", "--seed", "3",
                        "--tactics", "default", "--tactics", "cautious")
    rows = {r["tactics"]: r for r in document["results"]}
    assert set(rows) == {"default", "cautious"}
    assert rows["cautious"]["outcomes"]["party_fled"] > rows["default"]["outcomes"]["party_fled"]


def test_the_fork_is_said_above_the_tables() -> None:
    result = run("compare", RIVALS, "-r", "talisman", "--from-round", "2", "--seed", "3")
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "Conditional on the fight (seed 3) as it stood then" in text
    assert "talisman after 2 rounds:" in text


def test_a_fork_with_scripted_dice_and_a_seed() -> None:
    document = run_json("compare", RIVALS, "-r", "talisman", "--from-round", "1", "--seed", "3", "--dice", "6,6,1,1")
    assert document["conditional"]["dice"] == [6, 6, 1, 1]
    assert document["results"][0]["method"] == "exact"


@pytest.mark.parametrize(("args", "message"), [
    (("--from-round", "99", "--seed", "3"), "ends after round"),
    (("--from-round", "-1", "--seed", "3"), "0 (the start) or more"),
    (("--dice", "1,2,3"), "--dice is for --from-round"),
])
def test_bad_forks_are_refused(args: tuple[str, ...], message: str) -> None:
    result = run("compare", RIVALS, "-r", "talisman", *args)
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split())


def test_a_fork_is_of_one_encounter() -> None:
    result = run("compare", RIVALS, GUARDS, "-r", "talisman", "--from-round", "1", "--seed", "3")
    assert result.exit_code == 2
    assert "give one encounter file" in result.stderr


def test_two_encounters_go_into_one_document() -> None:
    both = run_json("compare", GUARDS, WIGHTS, "-r", "classic", "-r", "talisman")
    assert [(r["encounter"], r["ruleset"]) for r in both["results"]] == [
        ("Four skeleton guards", "classic"), ("Four skeleton guards", "talisman"),
        ("Wights in the crypt", "classic"), ("Wights in the crypt", "talisman")]
    assert [e["file"] for e in both["encounters"]] == [str(GUARDS), str(WIGHTS)]
    for source, rows in ((GUARDS, both["results"][:2]), (WIGHTS, both["results"][2:])):
        alone = run_json("compare", source, "-r", "classic", "-r", "talisman")
        assert [r["outcomes"] for r in rows] == [r["outcomes"] for r in alone["results"]]
    assert [e["hash"] for e in both["provenance"]["encounters"]] != []


def test_two_versions_of_one_encounter_are_told_apart_by_their_files(tmp_path: Path) -> None:
    mine = tmp_path / "mine.toml"
    mine.write_text(GUARDS.read_text(encoding="utf-8").replace("count = 4", "count = 5"), encoding="utf-8")
    result = run("compare", GUARDS, mine, "-r", "classic")
    assert result.exit_code == 0, result.stderr
    text = " ".join(result.stdout.split())
    assert "skeleton-guards · classic" in text and "mine · classic" in text
    assert "mine: fates" in text
    document = json.loads(run("compare", GUARDS, mine, "-r", "classic", "--json").stdout)
    assert [e["label"] for e in document["encounters"]] == ["skeleton-guards", "mine"]
    assert document["results"][0]["outcomes"]["party_wins"] > document["results"][1]["outcomes"]["party_wins"]
