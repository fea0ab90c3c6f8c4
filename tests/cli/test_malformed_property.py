"""Malformed encounters of many kinds, generated: ``validate`` exits 0 or 2, never with a traceback,
and names the file when it refuses; a file it accepts is never refused by ``fight`` afterwards.

In-process through typer's CliRunner (no subprocesses), so the whole property runs in seconds.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from cli_helpers import run
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

BASE: dict[str, Any] = {
    "name": "Brawl",
    "mode": "mixed",
    "party": [
        {"name": "Warrior", "melee": 5, "armour": 2, "weapon": "1d8", "life": 4},
        {"name": "Scout", "melee": 2, "ranged": 4, "speed": 4, "skills": ["dodge"]},
    ],
    "enemy": {"members": [{"name": "Orc", "count": 2, "melee": 2, "armour": 1}]},
}
NAMES = ["Warrior", "Scout", "Orc", "Orc 1", "Orc 2", "Nobody", ""]
DECISIONS = ["stance", "momentum", "order", "retreat", "fight", "potion", "target", "evade", "decline", "stanse"]
ANSWERS = ["attack", "cover", "hold-back", "melee", "none", "ranged", "Orc 1", "Warrior", "attack attack"]
FIELDS = ["name", "melee", "ranged", "armour", "weapon", "body", "speed", "mind", "life", "traits", "skills", "fighter",
          "count", "armor", "meele"]
TOP = ["name", "mode", "surprise", "ambush_from_behind", "forced", "engaged", "party", "enemy", "overrides", "tactics",
       "rounds"]


class Huge(int):
    """A whole number written with more digits than Python reads by default (4,300)."""


scalars = st.one_of(
    st.integers(-20, 30),
    st.integers(-(10**30), 10**30),
    st.builds(Huge, st.just(0)),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(ANSWERS + NAMES + ["1d6", "2x6", "none", "undead", "robst", "-"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(NAMES + FIELDS), inner, max_size=3),
    max_leaves=6,
)


def toml_value(value: Any) -> str:
    """One value as inline TOML."""
    if isinstance(value, Huge):
        return "9" * 5000
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a TOML basic string takes JSON's escapes
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"


def toml(document: dict[str, Any]) -> str:
    return "".join(f"{json.dumps(key)} = {toml_value(value)}\n" for key, value in document.items())


@st.composite
def mutations(draw: st.DrawFn) -> dict[str, Any]:
    """The base encounter with one to three faults of different kinds."""
    document = json.loads(json.dumps(BASE))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["member field", "top field", "drop", "tactics", "overrides", "names", "skills"]))
        party, enemy = document.get("party"), document.get("enemy")
        if kind == "member field":
            # Earlier faults may have replaced the lists; only tables inside lists take a field.
            sides = [party, enemy.get("members") if isinstance(enemy, dict) else None]
            members = [m for side in sides if isinstance(side, list) for m in side if isinstance(m, dict)]
            if members:
                draw(st.sampled_from(members))[draw(st.sampled_from(FIELDS))] = draw(values)
        elif kind == "top field":
            document[draw(st.sampled_from(TOP))] = draw(values)
        elif kind == "drop":
            document.pop(draw(st.sampled_from(TOP)), None)
        elif kind == "tactics":
            table = draw(st.dictionaries(st.sampled_from(DECISIONS), values | st.sampled_from(ANSWERS), max_size=3))
            named = draw(st.dictionaries(st.sampled_from(DECISIONS), st.dictionaries(st.sampled_from(NAMES), scalars, max_size=2), max_size=2))
            document["tactics"] = {"round": [table, named][: draw(st.integers(1, 2))]}
        elif kind == "overrides":
            ruleset = draw(st.sampled_from(["dsa", "dsaa", "classic", "endurance", "ambermarsh", "skirmish", "zz"]))
            stat = draw(st.sampled_from(["le", "lee", "rw", "max_wounds", "pool", "hp", "skill", "at"]))
            document["overrides"] = {ruleset: {draw(st.sampled_from(NAMES)): {stat: draw(values)}}}
        elif kind == "names" and isinstance(party, list):
            party.append({"name": draw(st.sampled_from(NAMES))})
        elif kind == "skills" and isinstance(party, list) and party and isinstance(party[0], dict):
            party[0]["skills"] = draw(st.lists(st.sampled_from(["robust", "robst", "dodge", "alertness", "Robust"]), max_size=2))
    return document


@st.composite
def files(draw: st.DrawFn) -> bytes:
    """An encounter file: TOML of a mutated encounter, sometimes broken further as text or bytes."""
    text = toml(draw(mutations()))
    damage = draw(st.sampled_from(["none", "none", "none", "truncate", "bytes", "nest"]))
    if damage == "truncate":
        return text.encode()[: draw(st.integers(0, len(text)))]
    if damage == "bytes":
        at = draw(st.integers(0, len(text)))
        return text.encode()[:at] + draw(st.binary(min_size=1, max_size=4)) + text.encode()[at:]
    if damage == "nest":
        depth = draw(st.integers(1, 3000))
        return (text + "deep = " + "[" * depth + "]" * depth + "\n").encode()
    return text.encode()


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(content=files(), ruleset=st.sampled_from(["ambermarch", "classic", "talisman", "dsa", "endurance", "skirmish"]),
       seed=st.integers(0, 19))
def test_malformed_encounters_exit_0_or_2_and_name_the_file(tmp_path: Path, content: bytes, ruleset: str, seed: int) -> None:
    path = tmp_path / "generated encounter.toml"
    path.write_bytes(content)
    result = run("validate", path)
    assert result.exit_code in (0, 2), (result.exit_code, result.stdout, result.stderr, content[:500])
    assert "Traceback" not in result.stdout + result.stderr
    event(f"validate exits {result.exit_code}")
    if result.exit_code == 2:
        assert "generated encounter.toml" in result.stderr
        return
    # A file validate accepts is never refused later; validate's trial fights use the seeds 0 to 19.
    fought = run("fight", path, "-r", ruleset, "--seed", str(seed))
    assert fought.exit_code == 0, (fought.stderr, content[:500])


PARTY_ORDERS = [["Warrior", "Scout"], ["Scout", "Warrior"], ["Warrior"], ["Scout", "Warrior", "Scout"]]
PLAUSIBLE = {
    "stance": st.sampled_from(["attack", "attack-ranged", "cover", "technique", "hold-back"]),
    "momentum": st.integers(-1, 4),
    "order": st.sampled_from(PARTY_ORDERS),
    "retreat": st.booleans(),
    "decline": st.booleans(),
    "fight": st.sampled_from(["melee", "ranged", "none"]),
    "potion": st.booleans(),
    "target": st.sampled_from(["Orc 1", "Orc 2", "Warrior", "Scout"]),
    "evade": st.booleans(),
}
PER_MEMBER = ["stance", "fight", "potion", "target", "evade"]


@st.composite
def scripts(draw: st.DrawFn) -> list[dict[str, Any]]:
    """Scripted rounds with answers of the right kind, right or wrong for the fight they meet."""
    rounds = []
    for _ in range(draw(st.integers(1, 3))):
        table: dict[str, Any] = {}
        for kind in draw(st.lists(st.sampled_from(sorted(PLAUSIBLE)), max_size=4, unique=True)):
            if kind in PER_MEMBER and draw(st.booleans()):
                names = draw(st.lists(st.sampled_from(["Warrior", "Scout", "Orc 1", "Orc 2"]), min_size=1, max_size=3, unique=True))
                table[kind] = {name: draw(PLAUSIBLE[kind]) for name in names}
            else:
                table[kind] = draw(PLAUSIBLE[kind])
        rounds.append(table)
    return rounds


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(rounds=scripts(), ruleset=st.sampled_from(["ambermarch", "classic", "talisman", "dsa", "endurance"]),
       seed=st.integers(0, 19))
def test_a_script_validate_accepts_is_never_refused_by_a_fight(tmp_path: Path, rounds: list[dict[str, Any]], ruleset: str, seed: int) -> None:
    path = tmp_path / "scripted.toml"
    path.write_text(toml({**BASE, "tactics": {"round": rounds}}), encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code in (0, 2) and "Traceback" not in result.stderr, result.stderr
    event(f"validate exits {result.exit_code}")
    if result.exit_code == 2:
        assert "scripted.toml: " in result.stderr
        return
    fought = run("fight", path, "-r", ruleset, "--seed", str(seed))
    assert fought.exit_code == 0, (fought.stderr, rounds)
