"""The chain file (docs/chains.md): loading, every kind of bad input named by file and field, the
stages as the living fight them, and the schema."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rulebench.core.chain_file import ChainError, ChainFile, chain_from_dict, chain_schema, load_chain
from rulebench.core.chain_living import for_the_living
from rulebench.core.encounter import load_encounter, read_toml
from rulebench.core.errors import EncounterError

ROOT = Path(__file__).resolve().parents[1]
CHAINS = ROOT / "examples" / "chains"
PARTY = [{"name": "Warrior", "melee": 5, "armour": 2}, {"name": "Priest", "melee": 2}, {"name": "Scout", "ranged": 4}]
GOBLINS = {"members": [{"name": "Goblin", "count": 3, "melee": 1}]}


def day(*stages: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"name": "A day", "party": PARTY, "stage": list(stages), **top}


def problems(data: dict[str, Any], folder: Path | None = None) -> list[tuple[str, str]]:
    with pytest.raises(ChainError) as caught:
        chain_from_dict(data, "day.toml", folder)
    return caught.value.problems


@pytest.mark.parametrize("path", sorted(CHAINS.glob("*.toml")), ids=lambda p: p.name)
def test_every_example_chain_loads_and_fits_the_schema(path: Path) -> None:
    chain = load_chain(path)
    assert len(chain.stages) >= 3 and chain.party
    jsonschema.validate(read_toml(path, path.name), chain_schema())


def test_a_file_stage_takes_the_files_fields_and_name_but_not_its_party() -> None:
    chain = load_chain(CHAINS / "haunted-crypt.toml")
    wraith = load_encounter(ROOT / "examples" / "wraith.toml")
    stage = chain.stages[1]
    assert (stage.name, stage.file, stage.rest) == (wraith.name, "../wraith.toml", "long")
    assert stage.encounter.enemy == wraith.enemy and stage.encounter.overrides == wraith.overrides
    assert [m.name for m in stage.encounter.party] == ["Warrior", "Scout", "Floodrunner", "Priest"]
    assert chain.stages[2].name == "The wights' barrow" and chain.stages[2].rest == "none"


def test_an_inline_stage_without_a_name_is_called_by_its_number() -> None:
    chain = chain_from_dict(day({"enemy": GOBLINS}, {"enemy": GOBLINS, "name": "Ford", "rest": "short"}))
    assert [(s.name, s.rest, s.file) for s in chain.stages] == [("stage 1", "none", None), ("Ford", "short", None)]


def test_equal_chains_hash_alike_and_a_changed_rest_changes_the_hash() -> None:
    one = chain_from_dict(day({"enemy": GOBLINS, "rest": "short"}))
    assert one.content_hash() == chain_from_dict(day({"enemy": GOBLINS, "rest": "short"})).content_hash()
    assert one.content_hash() != chain_from_dict(day({"enemy": GOBLINS, "rest": "long"})).content_hash()


def test_a_stage_as_the_living_fight_it_forgets_the_dead() -> None:
    """The dead leave the party and every name: engaged, overrides, scripted keys, lists and answers."""
    stage = {
        "enemy": GOBLINS,
        "engaged": ["Warrior", "Priest"],
        "overrides": {"dsa": {"Priest": {"le": 20}, "Goblin": {"le": 8}}},
        "tactics": {"round": [{"stance": {"Warrior": "attack", "Priest": "cover"}, "order": ["Priest", "Warrior", "Scout"],
                               "target": {"Goblin 1": "Priest"}, "momentum": 1}]},
    }
    chain = chain_from_dict(day(stage))
    living = chain.encounter(0, ("Warrior", "Scout"))
    assert [m.name for m in living.party] == ["Warrior", "Scout"]
    assert living.engaged == ("Warrior",)
    assert living.overrides == {"dsa": {"Goblin": {"le": 8}}}
    assert living.tactics.round == ({"stance": {"Warrior": "attack"}, "order": ("Warrior", "Scout"), "target": {}, "momentum": 1},)
    assert chain.encounter(0, ("Warrior", "Priest", "Scout")) is chain.stages[0].encounter
    # Everyone the stage engages is dead: the living fight it.
    assert chain.encounter(0, ("Scout",)).engaged == ()


def test_for_the_living_drops_a_scripted_answer_naming_the_dead() -> None:
    fields = {"tactics": {"round": [{"target": "Priest", "retreat": False}]}}
    assert for_the_living(fields, {"Priest"}) == {"tactics": {"round": [{"retreat": False}]}}


def test_every_problem_of_a_chain_is_named_at_once(tmp_path: Path) -> None:
    (tmp_path / "goblins.toml").write_text('name = "Goblins"\nparty = [{name = "X"}]\n[enemy]\nmembers = [{name = "Goblin"}]\n')
    found = problems({
        "name": "",
        "party": [{"name": "Warrior", "melee": 9}, {"name": "Warrior"}],
        "stages": [],
        "stage": [
            {"file": "missing.toml", "rest": "lng"},
            {"enemy": {"members": [{"name": "Warrior", "count": 30}]}},
            {"file": "goblins.toml", "surprise": "enemy"},
            {"name": "empty"},
            {"enemy": GOBLINS, "rests": "long"},
        ],
    }, tmp_path)
    assert found == [
        ("stages", "unknown field 'stages' (did you mean 'stage'?)"),
        ("name", "expected a non-empty name, got ''"),
        ("party[0].melee", "expected a whole number from 0 to 8, got 9"),
        ("party[1].name", "the name 'Warrior' is already taken by party[0] (Warrior)"),
        ("stage[0].rest", "expected 'none', 'short' or 'long', got 'lng' (did you mean 'long'?)"),
        ("stage[0].file", f"{tmp_path / 'missing.toml'}: no such file"),
        ("stage[1].enemy.members[0].count", "expected a whole number from 1 to 20, got 30"),
        ("stage[1].enemy.members[0].name", "the name 'Warrior' is already taken by party[0] (Warrior)"),
        ("stage[2].file", "give either file or the encounter's fields inline, not both (found surprise)"),
        ("stage[3].enemy", "missing field 'enemy' (or give file = \"...\")"),
        ("stage[4].rests", "unknown field 'rests' (did you mean 'rest'?)"),
    ]


def test_the_message_names_the_file_each_field_and_each_stage_by_its_file_or_name(tmp_path: Path) -> None:
    (tmp_path / "goblins.toml").write_text('name = "Goblins"\n[enemy]\nmembers = [{name = "Goblin", count = 0}]\n')
    with pytest.raises(ChainError) as caught:
        chain_from_dict(day({"file": "goblins.toml"}, {"name": "Ford", "enemy": GOBLINS, "rest": "nap"}), "day.toml", tmp_path)
    assert str(caught.value) == (
        "day.toml: 2 problems:\n"
        "  stage[0] (goblins.toml).enemy.members[0].count: expected a whole number from 1 to 20, got 0\n"
        "  stage[1] (Ford).rest: expected 'none', 'short' or 'long', got 'nap'"
    )
    assert (caught.value.kind, caught.value.file, caught.value.field, caught.value.exit_code) == ("chain", "day.toml", "stage[0].enemy.members[0].count", 2)


def test_a_stage_file_naming_members_the_chain_party_lacks_is_refused(tmp_path: Path) -> None:
    (tmp_path / "duel.toml").write_text(
        'name = "Duel"\nengaged = ["Hero"]\n[enemy]\nmembers = [{name = "Ogre"}]\n[[tactics.round]]\nstance = {Hero = "attack"}\n')
    found = problems(day({"file": "duel.toml"}), tmp_path)
    assert [path for path, _ in found] == ["stage[0].engaged[0]", "stage[0].tactics.round[0].stance.Hero"]


@pytest.mark.parametrize(("data", "expected"), [
    ({"name": "x", "party": PARTY}, [("stage", "missing field 'stage': a chain has at least one [[stage]]")]),
    ({"name": "x", "party": PARTY, "stage": []}, [("stage", "at least one stage is required")]),
    ({"name": "x", "party": PARTY, "stage": {"enemy": GOBLINS}}, [("stage", "expected a list of tables ([[stage]] sections), got a table")]),
    ({"stage": [{"enemy": GOBLINS}]}, [("name", "missing field 'name'"), ("party", "missing field 'party'")]),
    ({"name": "x", "party": PARTY, "stage": [{"file": 3}]}, [("stage[0].file", "expected the name of an encounter file, got 3")]),
])
def test_the_chains_own_fields(data: dict[str, Any], expected: list[tuple[str, str]]) -> None:
    assert problems(data) == expected


def test_an_encounter_is_no_chain_and_a_chain_no_encounter(tmp_path: Path) -> None:
    with pytest.raises(ChainError, match="is an encounter file, not a chain"):
        load_chain(ROOT / "examples" / "wraith.toml")
    with pytest.raises(EncounterError, match="is a chain file"):
        load_encounter(CHAINS / "trade-road.toml")
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [")
    with pytest.raises(ChainError) as caught:
        load_chain(broken)
    assert caught.value.problems[0][0] == "<toml>"


def test_a_chain_is_a_value() -> None:
    chain = chain_from_dict(day({"enemy": GOBLINS}))
    assert isinstance(chain, ChainFile)
    with pytest.raises(AttributeError):
        chain.name = "other"  # type: ignore[misc]
