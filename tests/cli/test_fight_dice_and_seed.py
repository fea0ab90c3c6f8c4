"""fight with --dice and --seed together: the script's values first, then the seed's dice."""

from __future__ import annotations

from cli_helpers import EXAMPLES, run, run_json

from rulebench.api.narrated_fight import fight
from rulebench.core.loop import play

OGRE = EXAMPLES / "ogre-duel.toml"


def test_a_short_script_goes_on_with_the_seed() -> None:
    document = run_json("fight", OGRE, "-r", "dsa", "--dice", "20,20,20", "--seed", "7")
    assert document["seed"] == 7
    assert document["unused_dice"] == []
    first = [e for e in document["rounds"][0]["events"] if e["kind"] == "roll"]
    assert [e["faces"] for e in first[:3]] == [[20], [20], [20]]
    assert document["outcome"] in {"party_wins", "enemy_wins", "withdrawn", "party_fled"}


def test_without_a_seed_a_short_script_is_still_an_error() -> None:
    result = run("fight", OGRE, "-r", "dsa", "--dice", "20,20,20")
    assert result.exit_code == 2
    assert "--dice ran out at position 4" in result.stderr


def test_an_empty_script_with_a_seed_is_the_seeded_fight() -> None:
    seeded = run_json("fight", OGRE, "-r", "dsa", "--seed", "7")
    chained = run_json("fight", OGRE, "-r", "dsa", "--seed", "7", "--dice", "")
    assert chained["rounds"] == seeded["rounds"] and chained["outcome"] == seeded["outcome"]


def test_the_script_changes_the_start_and_the_seed_the_rest() -> None:
    """The same script with two seeds starts alike; the record replays itself with its own roller."""
    a = fight(OGRE, "dsa", dice="20,20,20", seed=1)
    b = fight(OGRE, "dsa", dice="20,20,20", seed=2)
    rolls = [[e["faces"] for e in r.events if e.get("kind") == "roll"][:3] for r in (a, b)]
    assert rolls[0] == rolls[1] == [[20], [20], [20]]
    assert a.script == (20, 20, 20) and a.seed == 1 and a.dice_used == 3
    replayed = a.config.new_fight(a.new_roller())
    assert play(replayed) == a.result


def test_the_header_names_both() -> None:
    result = run("fight", OGRE, "-r", "dsa", "--dice", "20", "--seed", "7", "--brief")
    assert result.exit_code == 0
    assert "scripted dice, then seed 7" in " ".join(result.stdout.split())
