"""--vary over a whole side (``party[*].armour``) and by offsets (``=+1``, ``=-1..+2``): parsing,
the errors that name the member, stat and range, and the results against single-member changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebench.analysis.grid import Grid, grid_sweep
from rulebench.analysis.sweeps import Vary, balance, sweep
from rulebench.analysis.varying import stat_range
from rulebench.api.labels import vary_label
from rulebench.core.encounter import load_encounter
from rulebench.core.errors import BadInput

GUARDS = Path(__file__).resolve().parents[1] / "examples" / "skeleton-guards.toml"


@pytest.fixture(scope="module")
def guards():  # type: ignore[no-untyped-def]
    return load_encounter(GUARDS)


def test_a_whole_side_stands_for_every_member(guards) -> None:  # type: ignore[no-untyped-def]
    vary = Vary.parse("party[*].armour=0..3", guards)
    assert not vary.relative and vary.values == (0, 1, 2, 3)
    assert vary.paths == ("party[Warrior].armour", "party[Scout].armour", "party[Floodrunner].armour", "party[Priest].armour")
    changed = vary.apply(guards, 3)
    assert [m.armour for m in changed.party] == [3, 3, 3, 3]
    assert [m.melee for m in changed.party] == [m.melee for m in guards.party]  # nothing else moves
    enemy = Vary.parse("enemy[*].melee=+1", guards)
    assert enemy.paths == ("enemy.members[Skeleton guard].melee",)
    assert enemy.apply(guards, 1).enemy.members[0].melee == 3
    assert Vary.parse("enemy.members[*].melee=+1", guards).paths == enemy.paths


def test_offsets_count_from_each_members_own_value(guards) -> None:  # type: ignore[no-untyped-def]
    vary = Vary.parse("party[*].armour=-1..+2", guards)
    assert vary.relative and vary.values == (-1, 0, 1, 2)
    assert [m.armour for m in vary.apply(guards, 2).party] == [4, 3, 3, 3]
    assert [m.armour for m in vary.apply(guards, -1).party] == [1, 0, 0, 0]
    assert vary.apply(guards, 0).content_hash() == guards.content_hash()
    one = Vary.parse("party[Warrior].melee=+1", guards)
    assert one.values == (1,) and one.apply(guards, 1).party[0].melee == 6
    assert [one.show(v) for v in (-2, 0, 3)] == ["-2", "0", "+3"] and Vary.parse("party[0].melee=3..4", guards).show(3) == "3"
    assert one.to_dict() == {"path": "party[Warrior].melee", "values": [1], "relative": True}
    assert Vary.parse("party[0].melee=3..4", guards).to_dict() == {"path": "party[0].melee", "values": [3, 4]}


@pytest.mark.parametrize(("text", "words"), [
    ("party[*].armour=+3", ["Warrior's armour would be 5", "0 to 4"]),
    ("party[*].armour=-2..+0", ["Scout's armour would be -1", "0 to 4"]),
    ("party[Priest].mind=+2", ["Priest's mind would be 6", "0 to 5"]),
    ("enemy[*].count=+20", ["Skeleton guard's count would be 24", "1 to 20"]),
    ("party[*].armour=-1..2", ["both ends with a sign"]),
    ("party[*].armour=3", ["single value must be an offset"]),
    ("party[*].armour=+2..+1", ["start below its end"]),
    ("party[*].nose=+1", ["party[Warrior].nose", "has no 'nose'"]),
])
def test_out_of_range_and_malformed_values_are_refused_by_name(guards, text: str, words: list[str]) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadInput) as caught:
        Vary.parse(text, guards)
    for word in words:
        assert word in str(caught.value), str(caught.value)


def test_stat_ranges_come_from_the_encounter_format() -> None:
    assert stat_range("armour") == (0, 4) and stat_range("melee") == (0, 8) and stat_range("life") == (1, 6)
    assert stat_range("count") == (1, 20) and stat_range("weapon") is None and stat_range("nose") is None


def test_the_cli_refuses_with_exit_2(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from rulebench.cli.app import app

    result = CliRunner().invoke(app, ["sweep", str(GUARDS), "--vary", "party[*].armour=+3", "-r", "classic"])
    assert result.exit_code == 2 and "Warrior's armour would be 5" in result.stderr


def test_a_whole_side_sweep_equals_changing_every_member_by_hand(guards) -> None:  # type: ignore[no-untyped-def]
    side = sweep(guards, "party[*].armour=+1", "classic", workers=1).points["classic"][0]
    by_hand = guards
    for k in range(len(guards.party)):
        by_hand = by_hand.with_value(f"party[{k}].armour", guards.party[k].armour + 1)
    single = sweep(by_hand, "party[0].armour=3..4", "classic", workers=1).points["classic"][0]  # Warrior at 3: as +1
    assert side.method == single.method == "exact" and side.outcomes == single.outcomes
    zero = sweep(guards, "party[*].armour=-1..+1", "classic", workers=1)
    base = sweep(guards, "enemy.members[0].count=4..5", "classic", workers=1).points["classic"][0]
    assert zero.points["classic"][1].outcomes == base.outcomes  # offset 0 is the encounter as it is
    wins = [float(r.outcomes["party_wins"]) for r in zero.points["classic"]]
    assert wins[0] < wins[1] < wins[2]  # more armour for everyone, more wins
    assert zero.to_dict()["vary"] == {"path": "party[*].armour", "values": [-1, 0, 1], "relative": True}


def test_balance_and_grids_take_sides_and_offsets(guards) -> None:  # type: ignore[no-untyped-def]
    found = balance(guards, "enemy[*].count=-3..+8", 0.5, "classic", workers=1)
    absolute = balance(guards, "enemy.members[0].count=1..12", 0.5, "classic", workers=1)
    assert found.brackets["classic"] is not None and absolute.brackets["classic"] is not None
    assert tuple(v + 4 for v in found.brackets["classic"]) == absolute.brackets["classic"]
    with pytest.raises(BadInput, match="two values or more"):
        balance(guards, "enemy[*].count=+1", 0.5, "classic", workers=1)
    grid = grid_sweep(guards, ["party[*].melee=+0..+1", "enemy[*].armour=-1..+0"], "classic", workers=1)
    assert grid.to_dict()["vary"][0] == {"path": "party[*].melee", "values": [0, 1], "relative": True}
    with pytest.raises(BadInput, match="twice"):
        Grid.parse(["party[*].melee=+0..+1", "party[Warrior].melee=3..4"], guards)


def test_labels_name_a_side_and_an_offset(guards) -> None:  # type: ignore[no-untyped-def]
    assert vary_label("party[*].armour", guards) == "the party's armour"
    assert vary_label("enemy[*].melee", guards, relative=True) == "change in the enemies' melee"
    assert vary_label("party[Warrior].armour", guards, relative=True) == "change in Warrior's armour"
