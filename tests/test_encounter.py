"""The neutral encounter: defaults, derived views, every kind of bad input, paths, schema, examples."""

from __future__ import annotations

import copy
import pickle
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebench.core.dice import Dice
from rulebench.core.encounter import (
    Encounter,
    Member,
    encounter_from_dict,
    encounter_schema,
    load_encounter,
)
from rulebench.core.errors import BadInput, EncounterError, RulebenchError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

MINIMAL: dict[str, Any] = {
    "name": "Test",
    "party": [{"name": "Warrior", "melee": 5, "armour": 2}, {"name": "Scout", "ranged": 4}],
    "enemy": {"members": [{"name": "Orc", "count": 2, "melee": 3}]},
}


def encounter(**changes: Any) -> Encounter:
    data = copy.deepcopy(MINIMAL)
    data.update(changes)
    return encounter_from_dict(data)


def problems_of(data: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(EncounterError) as caught:
        encounter_from_dict(data, source="test.toml")
    assert caught.value.source == "test.toml"
    return dict(caught.value.problems)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.toml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def load_problem(tmp_path: Path, text: str) -> str:
    """The message for a file, checked to name the file."""
    path = write(tmp_path, text)
    with pytest.raises(EncounterError) as caught:
        load_encounter(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    return message


# -- defaults and derived views ------------------------------------------------------------------
def test_member_defaults() -> None:
    member = Member(name="Anyone")
    assert (member.melee, member.ranged, member.armour) == (0, 0, 0)
    assert member.weapon == Dice.parse("1d6")
    assert (member.body, member.speed, member.mind, member.life) == (2, 2, 1, 3)
    assert (member.traits, member.skills, member.fighter, member.count) == ((), (), True, 1)


def test_encounter_defaults() -> None:
    plain = encounter()
    assert (plain.ambush_from_behind, plain.surprise, plain.forced, plain.mode) == (False, "none", True, "mixed")
    assert (plain.engaged, plain.overrides, plain.tactics.round) == ((), {}, ())
    assert (plain.enemy.grouped, plain.enemy.raiders, plain.enemy.characters) == (False, False, False)


def test_weapon_none_and_canonical_dice() -> None:
    party = [{"name": "Monk", "weapon": "none"}, {"name": "Brute", "weapon": "1W6+3"}]
    found = encounter(party=party)
    assert found.party[0].weapon is None
    assert str(found.party[1].weapon) == "1d6+3"
    assert [m["weapon"] for m in found.model_dump()["party"]] == ["none", "1d6+3"]


def test_enemies_expand_by_count() -> None:
    enemy = {"members": [{"name": "Orc", "count": 3, "melee": 3}, {"name": "Troll", "armour": 1}]}
    found = encounter(enemy=enemy)
    assert [e.name for e in found.enemies()] == ["Orc 1", "Orc 2", "Orc 3", "Troll"]
    assert all(e.count == 1 for e in found.enemies())
    assert found.enemies()[2].melee == 3
    assert found.enemies()[3] == found.enemy.members[1]


def test_effective_surprise() -> None:
    assert encounter().effective_surprise() == "none"
    assert encounter(surprise="party").effective_surprise() == "party"
    assert encounter(ambush_from_behind=True).effective_surprise() == "enemy"


def test_is_engaged() -> None:
    everyone = encounter()
    assert everyone.is_engaged("Warrior") and everyone.is_engaged("Scout") and everyone.is_engaged("Orc 2")
    some = encounter(engaged=["Scout"])
    assert not some.is_engaged("Warrior")
    assert some.is_engaged("Scout") and some.is_engaged("Orc 1")
    assert not some.is_engaged("Nobody")


def test_content_hash_follows_content() -> None:
    assert encounter().content_hash() == encounter().content_hash()
    assert len(encounter().content_hash()) == 16
    assert encounter().content_hash() != encounter(name="Other").content_hash()


def test_frozen() -> None:
    with pytest.raises(ValueError):
        encounter().name = "x"  # type: ignore[misc]


# -- malformed input: each names the file and the field path -------------------------------------
def test_wrong_type_in_file(tmp_path: Path) -> None:
    message = load_problem(
        tmp_path,
        """
        name = "Bad"
        party = [{name = "Warrior", melee = "five"}]
        [enemy]
        members = [{name = "Orc"}]
        """,
    )
    assert message.endswith("party[0] (Warrior).melee: expected a whole number from 0 to 8, got 'five'")


@pytest.mark.parametrize("value", [True, False])
def test_bool_is_not_a_whole_number(value: bool) -> None:
    found = problems_of({**MINIMAL, "party": [{"name": "Warrior", "melee": value}]})
    assert found == {"party[0].melee": f"expected a whole number from 0 to 8, got {str(value).lower()}"}


def test_float_and_range() -> None:
    found = problems_of({**MINIMAL, "party": [{"name": "Warrior", "armour": 2.0, "body": 0, "life": 7}]})
    assert found == {
        "party[0].armour": "expected a whole number from 0 to 4, got 2.0",
        "party[0].body": "expected a whole number from 1 to 5, got 0",
        "party[0].life": "expected a whole number from 1 to 6, got 7",
    }


def test_other_wrong_types() -> None:
    found = problems_of(
        {
            **MINIMAL,
            "name": 3,
            "forced": "yes",
            "surprise": "both",
            "engaged": "Warrior",
            "party": [{"name": "Warrior", "traits": ["vampire"], "skills": ["Robust"], "fighter": 1}],
            "enemy": [],
        }
    )
    assert found == {
        "name": "expected a non-empty name, got 3",
        "forced": "expected true or false, got 'yes'",
        "surprise": "expected 'none', 'party' or 'enemy', got 'both'",
        "engaged": "expected a list, got 'Warrior'",
        "party[0].traits[0]": (
            "expected 'undead', 'ghost', 'demon', 'magic_weapon', 'silver_weapon' or 'magic_armour', got 'vampire'"
        ),
        "party[0].skills[0]": "expected a lowercase skill name like 'robust' or 'arcane_armour', got 'Robust'",
        "party[0].fighter": "expected true or false, got 1",
        "enemy": "expected a table, got a list",
    }


def test_a_misspelled_choice_suggests_the_closest() -> None:
    found = problems_of({**MINIMAL, "surprise": "enmy", "party": [{"name": "Warrior", "traits": ["undaed"]}]})
    assert found == {
        "surprise": "expected 'none', 'party' or 'enemy', got 'enmy' (did you mean 'enemy'?)",
        "party[0].traits[0]": (
            "expected 'undead', 'ghost', 'demon', 'magic_weapon', 'silver_weapon' or 'magic_armour', "
            "got 'undaed' (did you mean 'undead'?)"
        ),
    }


def test_huge_numbers_are_named_by_their_length() -> None:
    # Python cannot print a number of more than 4,300 digits; the message says how long it is.
    found = problems_of({**MINIMAL, "party": [{"name": "Warrior", "melee": 10**5000}]})
    assert found == {"party[0].melee": "expected a whole number from 0 to 8, got a whole number of about 5,000 digits"}


def test_an_encounter_error_crosses_process_boundaries() -> None:
    # Sampling workers send errors back pickled; the message, file and field must survive.
    error = EncounterError("a.toml", [("party[0].life", "expected a whole number from 1 to 6, got 7")], {"party[0]": "Cleric"})
    back = pickle.loads(pickle.dumps(error))
    assert (str(back), back.file, back.field, back.exit_code) == (
        "a.toml: party[0] (Cleric).life: expected a whole number from 1 to 6, got 7", "a.toml", "party[0].life", 2
    )


def test_unknown_field_suggests(tmp_path: Path) -> None:
    message = load_problem(
        tmp_path,
        """
        name = "Bad"
        party = [{name = "Warrior", meele = 5}]
        [enemy]
        members = [{name = "Orc"}]
        """,
    )
    assert message.endswith("party[0] (Warrior).meele: unknown field 'meele' (did you mean 'melee'?)")
    assert problems_of({**MINIMAL, "enemies": {}}) == {"enemies": "unknown field 'enemies' (did you mean 'enemy'?)"}


def test_missing_fields() -> None:
    found = problems_of({"party": [{"melee": 1}], "enemy": {}})
    assert found == {
        "name": "missing field 'name'",
        "party[0].name": "missing field 'name'",
        "enemy.members": "missing field 'members'",
    }


def test_no_party(tmp_path: Path) -> None:
    assert problems_of({**MINIMAL, "party": []}) == {"party": "at least one member is required"}
    del_party = {key: value for key, value in MINIMAL.items() if key != "party"}
    assert problems_of(del_party) == {"party": "missing field 'party'"}
    message = load_problem(tmp_path, 'name = "Bad"\nparty = []\n[enemy]\nmembers = []\n')
    assert "party: at least one member is required" in message
    assert "enemy.members: at least one member is required" in message


def test_bad_dice(tmp_path: Path) -> None:
    message = load_problem(
        tmp_path,
        """
        name = "Bad"
        party = [{name = "Warrior"}]
        [enemy]
        members = [{name = "Orc", weapon = "2x6"}]
        """,
    )
    assert "enemy.members[0] (Orc).weapon: '2x6' is not dice notation: expected NdS" in message
    found = problems_of({**MINIMAL, "party": [{"name": "Warrior", "weapon": 6}]})
    assert found == {"party[0].weapon": "expected dice notation like '1d8' or 'none', got 6"}


@pytest.mark.parametrize("count", [-1, 0, 21, "2", True])
def test_bad_count(count: Any) -> None:
    found = problems_of({**MINIMAL, "enemy": {"members": [{"name": "Orc", "count": count}]}})
    shown = {"2": "'2'", True: "true"}.get(count, count)
    assert found == {"enemy.members[0].count": f"expected a whole number from 1 to 20, got {shown}"}


def test_party_member_takes_no_count() -> None:
    found = problems_of({**MINIMAL, "party": [{"name": "Warrior"}, {"name": "Twins", "count": 2}]})
    assert found == {"party[1].count": "only enemy members take a count"}


def test_broken_toml(tmp_path: Path) -> None:
    message = load_problem(tmp_path, 'name = "Bad"\nparty = \n')
    assert message == f"{tmp_path / 'bad.toml'}: <toml>: broken TOML at line 2, column 9: invalid value"


@pytest.mark.parametrize(("text", "where"), [
    ('name = "Bad"\nparty = [{name = "A", melee = 2} {name = "B"}]\n', "line 2, column 34: unclosed array"),
    ('name = "Bad"\nparty = [{name = "A" melee = 2}]\n', "line 2, column 22: unclosed inline table"),
])
def test_broken_toml_names_the_missing_comma(tmp_path: Path, text: str, where: str) -> None:
    message = load_problem(tmp_path, text)
    assert message.endswith(f"broken TOML at {where}; a comma missing before it? Items of an array or inline table "
                            "are separated by commas")


def test_an_unclosed_array_at_the_end_does_not_blame_a_comma(tmp_path: Path) -> None:
    message = load_problem(tmp_path, 'name = "Bad"\nparty = [{name = "A"}\n')
    assert "broken TOML" in message and "comma" not in message


def test_missing_and_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(EncounterError, match=r"nothing\.toml: <file>: no such file"):
        load_encounter(tmp_path / "nothing.toml")
    with pytest.raises(EncounterError, match=r": <file>: is a folder; expected an encounter TOML file"):
        load_encounter(tmp_path)
    (tmp_path / "latin1.toml").write_bytes(b'name = "Caf\xe9"\n')
    with pytest.raises(EncounterError, match=r"latin1\.toml: <file>: not UTF-8 text"):
        load_encounter(tmp_path / "latin1.toml")


def test_duplicate_names() -> None:
    party = [{"name": "Warrior"}, {"name": "Warrior"}, {"name": "Orc 2"}]
    found = problems_of({**MINIMAL, "party": party})
    assert found == {
        "party[1].name": "the name 'Warrior' is already taken by party[0] (Warrior)",
        "enemy.members[0].name": "its copy 'Orc 2' is already taken by party[2] (Orc 2)",
    }
    twice = {"members": [{"name": "Orc"}, {"name": "Orc", "count": 2}]}
    assert problems_of({**MINIMAL, "enemy": twice}) == {
        "enemy.members[1].name": "the name 'Orc' is already taken by enemy.members[0] (Orc)"
    }


def test_unknown_engaged_name() -> None:
    found = problems_of({**MINIMAL, "engaged": ["Warrior", "Scuot", "Orc 1"]})
    assert found == {
        "engaged[1]": "'Scuot' is not a party member (did you mean 'Scout'?)",
        "engaged[2]": "'Orc 1' is not a party member",
    }


def test_override_names() -> None:
    overrides = {"dsa": {"Orc": {"le": 20}, "Orc 2": {"at": 12}, "Warrior": {"tp": "1d10+2"}, "Ork": {"le": 1}}}
    found = problems_of({**MINIMAL, "overrides": overrides})
    assert found == {"overrides.dsa.Ork": "no combatant or enemy entry named 'Ork' (did you mean 'Orc'?)"}
    spaced = {"classic": {"Orc chief": {"rw": True}}}
    assert problems_of({**MINIMAL, "overrides": spaced}) == {
        'overrides.classic."Orc chief"': "no combatant or enemy entry named 'Orc chief'",
        'overrides.classic."Orc chief".rw': "expected a whole number or dice notation text, got true",
    }


def test_tactics_shapes_and_names() -> None:
    rounds = [
        {"stance": {"Warrior": "attack", "Scout": "cover"}, "momentum": 1, "retreat": False, "evade": ["Scout"]},
        {"stance": {"Warior": "attack"}, "evade": ["Orc 3"], "fight": {"Warrior": {"how": "melee"}}},
        {"momentum": 1.5, "evade": ["Scout", 2]},
        "attack",
    ]
    found = problems_of({**MINIMAL, "tactics": {"round": rounds}})
    assert found == {
        "tactics.round[1].fight": (
            "Warrior = a table: a table's values must be text, a whole number from -10000 to 10000 or true/false"
        ),
        "tactics.round[2].momentum": (
            "expected text, a whole number from -10000 to 10000, true/false, a list of names "
            "or a table of name = value, got 1.5"
        ),
        "tactics.round[2].evade": "expected a list of names, got 2 in it",
        "tactics.round[3]": "expected a table, got 'attack'",
        "tactics.round[1].stance.Warior": "no combatant named 'Warior' (did you mean 'Warrior'?)",
        "tactics.round[1].evade[0]": "no combatant named 'Orc 3' (did you mean 'Orc 2'?)",
    }
    assert problems_of({**MINIMAL, "tactics": {"rounds": []}}) == {
        "tactics.rounds": "unknown field 'rounds' (did you mean 'round'?)"
    }


def test_ambush_contradicts_party_surprise() -> None:
    found = problems_of({**MINIMAL, "ambush_from_behind": True, "surprise": "party"})
    assert found == {"surprise": "'party' contradicts ambush_from_behind = true, where the enemy surprises"}


def test_every_problem_at_once(tmp_path: Path) -> None:
    message = load_problem(
        tmp_path,
        """
        name = "Bad"
        engaged = ["Wizard"]
        party = [{name = "Warrior", melee = "five"}, {name = "Warrior"}]
        [enemy]
        members = [{name = "Orc", weapon = "2x6", count = 0}]
        """,
    )
    lines = message.splitlines()
    assert lines[0] == f"{tmp_path / 'bad.toml'}: 5 problems:"
    assert lines[1:] == [
        "  party[0] (Warrior).melee: expected a whole number from 0 to 8, got 'five'",
        "  enemy.members[0] (Orc).weapon: '2x6' is not dice notation: "
        "expected NdS, NdS+K, NdS-K or a sum of terms like 2d6+1d4+3",
        "  enemy.members[0] (Orc).count: expected a whole number from 1 to 20, got 0",
        "  party[1] (Warrior).name: the name 'Warrior' is already taken by party[0] (Warrior)",
        "  engaged[0]: 'Wizard' is not a party member",
    ]


def test_keyword_construction_is_validated_too() -> None:
    with pytest.raises(EncounterError, match=r"^<encounter>: party: at least one member is required$"):
        Encounter(name="x", party=(), enemy={"members": [{"name": "Orc"}]})


def test_error_hierarchy() -> None:
    error = EncounterError("a.toml", [("party", "at least one member is required")])
    assert isinstance(error, BadInput) and isinstance(error, RulebenchError)
    assert str(error) == "a.toml: party: at least one member is required"


def test_braces_in_input_stay_literal() -> None:
    found = problems_of({**MINIMAL, "party": [{"name": "Warrior", "melee": "{lo}"}]})
    assert found == {"party[0].melee": "expected a whole number from 0 to 8, got '{lo}'"}


# -- examples and schema -------------------------------------------------------------------------
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.toml")), ids=lambda p: p.name)
def test_example_loads(path: Path) -> None:
    found = load_encounter(path)
    assert found.party and found.enemies()
    assert path.read_text(encoding="utf-8").startswith("# ")


def test_examples_present() -> None:
    names = {path.stem for path in EXAMPLES.glob("*.toml")}
    assert {"skeleton-guards", "am-1", "goblin-ambush", "crypt-wights", "wraith"} <= names
    assert {"imp-summoning", "ogre-duel", "bandit-raiders"} <= names


def test_skeleton_guards_is_the_rules_block() -> None:
    found = load_encounter(EXAMPLES / "skeleton-guards.toml")
    assert [m.name for m in found.party] == ["Warrior", "Scout", "Floodrunner", "Priest"]
    assert [e.name for e in found.enemies()] == [f"Skeleton guard {k}" for k in range(1, 5)]
    assert found.overrides == {"dsa": {"Skeleton guard": {"le": 20}}}


def test_am1_scripts_three_rounds() -> None:
    found = load_encounter(EXAMPLES / "am-1.toml")
    assert [table["momentum"] for table in found.tactics.round] == [0, 0, 1]
    stance = {"Warrior": "attack", "Scout": "attack-ranged", "Floodrunner": "attack", "Priest": "cover"}
    assert all(table["stance"] == stance for table in found.tactics.round)
    assert [(m.melee, m.ranged, m.armour) for m in found.party] == [(6, 0, 2), (0, 5, 1), (3, 0, 1), (0, 0, 1)]


def test_schema_shape() -> None:
    schema = encounter_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "rulebench encounter"
    assert {"party", "enemy"} <= set(schema["properties"]) and {"name", "party", "enemy"} <= set(schema["required"])
    assert schema["$defs"]["Member"]["properties"]["melee"]["maximum"] == 8
    assert schema["$defs"]["Member"]["properties"]["weapon"]["default"] == "1d6"
    tables = [schema, *schema["$defs"].values()]
    assert all(field.get("description") for table in tables for field in table["properties"].values())


# -- with_value and numeric_value ----------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("party[0].melee", 5),
        ("party[Warrior].armour", 2),
        ("party[Scout].ranged", 4),
        ("enemy.members[0].count", 2),
        ("enemy.members[Orc].melee", 3),
    ],
)
def test_numeric_value(path: str, value: int) -> None:
    assert encounter().numeric_value(path) == value


def test_with_value_changes_one_number() -> None:
    base = encounter(overrides={"dsa": {"Orc": {"le": 20}}})
    changed = base.with_value("enemy.members[Orc].count", 4)
    assert [e.name for e in changed.enemies()][-1] == "Orc 4"
    assert base.enemy.members[0].count == 2
    assert changed.with_value("party[Warrior].armour", 4).party[0].armour == 4
    assert base.with_value("overrides.dsa.Orc.le", 30).numeric_value("overrides.dsa.Orc.le") == 30
    added = base.with_value('overrides.classic."Orc 1".rw', 1)
    assert added.overrides["classic"] == {"Orc 1": {"rw": 1}}
    assert added.numeric_value("overrides.classic[Orc 1].rw") == 1


def test_with_value_is_validated_again() -> None:
    too_many = r"enemy\.members\[0\] \(Orc\)\.count: expected a whole number from 1 to 20, got 21"
    with pytest.raises(EncounterError, match=too_many):
        encounter().with_value("enemy.members[0].count", 21)
    with pytest.raises(EncounterError, match=r"overrides\.dsa\.Ork: no combatant"):
        encounter().with_value("overrides.dsa.Ork.le", 3)


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("party[Wizard].armour", "party has no entry named 'Wizard'; it has: Warrior, Scout"),
        ("party[7].armour", "party has 2 entries, numbered from 0"),
        ("party[0].armr", "party[0] has no 'armr'; it has: name, melee, ranged, armour"),
        ("party.melee", "party is a list; pick an entry by index or name, like party[0]"),
        ("party[0].name", "not a whole number but 'Warrior'"),
        ("party[0].fighter", "not a whole number but true"),
        ("party[0].melee.x", "party[0].melee is 5, not a table or a list"),
        ("enemies[0].count", "the encounter has no 'enemies'; it has: name, ambush_from_behind"),
        ("overrides.dsa.Orc.le", "not set in this encounter; the ruleset derives it"),
        ("party..melee", "is not a path like 'party[0].melee'"),
        ("", "an empty path"),
    ],
)
def test_bad_paths(path: str, expected: str) -> None:
    with pytest.raises(BadInput) as caught:
        encounter().numeric_value(path)
    assert expected in str(caught.value)
    assert not isinstance(caught.value, EncounterError)
    if path:
        assert str(caught.value).startswith(path) or path in str(caught.value)


def test_with_value_refuses_non_numbers() -> None:
    with pytest.raises(BadInput, match=r"party\[0\]\.name: not a whole number"):
        encounter().with_value("party[0].name", 3)
    with pytest.raises(BadInput, match=r"party\[0\]\.melee: expected a whole number, got true"):
        encounter().with_value("party[0].melee", True)


# -- round trip ----------------------------------------------------------------------------------
names = st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz _-.\"'", min_size=1, max_size=8).filter(
    lambda name: name.strip() != ""
)
dice = st.builds(
    lambda n, s, b: f"{n}d{s}" + (f"+{b}" if b else ""), st.integers(1, 4), st.integers(2, 12), st.integers(0, 3)
)


def members(count: st.SearchStrategy[int]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {"count": count},
        optional={
            "melee": st.integers(0, 8),
            "ranged": st.integers(0, 8),
            "armour": st.integers(0, 4),
            "weapon": st.one_of(dice, st.just("none")),
            "body": st.integers(1, 5),
            "speed": st.integers(0, 5),
            "mind": st.integers(0, 5),
            "life": st.integers(1, 6),
            "traits": st.lists(st.sampled_from(["undead", "ghost", "demon", "magic_weapon"]), max_size=2),
            "skills": st.lists(st.sampled_from(["robust", "dodge", "arcane_armour", "attention"]), max_size=2),
            "fighter": st.booleans(),
        },
    )


# Built once, not at every draw: hypothesis works out a new strategy's properties at its first draw.
parties = st.lists(members(st.just(1)), min_size=1, max_size=4)
enemy_lists = st.lists(members(st.integers(1, 3)), min_size=1, max_size=3)
override_stats = st.dictionaries(st.sampled_from(["le", "tp"]), st.one_of(st.integers(0, 60), dice))


@st.composite
def valid_encounters(draw: st.DrawFn) -> dict[str, Any]:
    party = draw(parties)
    enemies = draw(enemy_lists)
    # Distinct base names, with a marker so no copy name ("X 1") can equal another entry's name.
    unique = draw(st.lists(names, min_size=len(party) + len(enemies), max_size=len(party) + len(enemies), unique=True))
    for member, name in zip(party + enemies, unique):
        member["name"] = f"{name}#"
    party_names = [m["name"] for m in party]
    combatants = party_names + [
        m["name"] if m["count"] == 1 else f"{m['name']} {k}" for m in enemies for k in range(1, m["count"] + 1)
    ]
    overridable = st.sampled_from(combatants + [m["name"] for m in enemies])
    rounds = draw(
        st.lists(
            st.fixed_dictionaries(
                {},
                optional={
                    "momentum": st.integers(0, 3),
                    "retreat": st.booleans(),
                    "stance": st.dictionaries(st.sampled_from(party_names), st.sampled_from(["attack", "cover"])),
                    "evade": st.lists(st.sampled_from(combatants), max_size=2),
                },
            ),
            max_size=3,
        )
    )
    return {
        "name": draw(names),
        "ambush_from_behind": draw(st.booleans()),
        "surprise": draw(st.sampled_from(["none", "enemy"])),
        "forced": draw(st.booleans()),
        "mode": draw(st.sampled_from(["melee", "ranged", "mixed"])),
        "engaged": draw(st.lists(st.sampled_from(party_names), unique=True)),
        "party": party,
        "enemy": {"grouped": draw(st.booleans()), "raiders": draw(st.booleans()), "members": enemies},
        "overrides": draw(st.dictionaries(st.sampled_from(["dsa", "classic"]), st.dictionaries(overridable, override_stats))),
        "tactics": {"round": rounds},
    }


@settings(max_examples=150, deadline=None)
@given(valid_encounters())
def test_round_trip(data: dict[str, Any]) -> None:
    found = encounter_from_dict(data)
    again = encounter_from_dict(found.model_dump())
    assert again == found
    assert encounter_from_dict(found.model_dump(mode="json")) == found
    assert again.content_hash() == found.content_hash()
