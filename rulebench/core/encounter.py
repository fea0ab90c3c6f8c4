"""The neutral encounter (RULES.md §6.1, DESIGN.md "Encounter format"): models, loading, validation.

An :class:`Encounter` is immutable and always valid: every way of building one (a TOML file, a dict,
keyword arguments, :meth:`Encounter.with_value`) reports every problem at once as an
:class:`~rulebench.core.errors.EncounterError`, each with a field path like ``party[0].melee``.
"""

from __future__ import annotations

import difflib
import functools
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ModelWrapValidatorHandler,
    PlainSerializer,
    PlainValidator,
    StrictBool,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from rulebench.core.dice import Dice, DiceError
from rulebench.core.errors import BadInput, EncounterError

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10, which pyproject.toml still allows
    import tomli as tomllib  # type: ignore[no-redef]

__all__ = [
    "Encounter",
    "EnemySide",
    "Member",
    "Tactics",
    "Trait",
    "encounter_from_dict",
    "encounter_schema",
    "load_encounter",
]

Trait = Literal["undead", "ghost", "demon", "magic_weapon", "silver_weapon", "magic_armour"]

MAX_COUNT = 20

Loc = tuple[str | int, ...]


# -- field types: each refuses bad input with one plain-English message ----------------------------
def _show(value: Any) -> str:
    """A value as the user wrote it in TOML, for "got ..." in messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "nothing" if value is None else str(value)


def _problem(kind: str, message: str) -> PydanticCustomError:
    # No context: the message is final, so braces the user typed are never read as placeholders.
    return PydanticCustomError(kind, message)


def _whole(lo: int, hi: int) -> Any:
    """A whole number from ``lo`` to ``hi``; TOML's ``true`` and ``2.0`` are refused, not coerced."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise _problem("whole_number", f"expected a whole number from {lo} to {hi}, got {_show(value)}")
        return value

    return Annotated[int, Field(ge=lo, le=hi), BeforeValidator(check)]


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _problem("name", f"expected a non-empty name, got {_show(value)}")
    return value


_SKILL = re.compile(r"^[a-z][a-z0-9_]*$")


def _skill(value: Any) -> str:
    # Skills are looked up by exact name, so "Robust" would silently do nothing.
    if not isinstance(value, str) or not _SKILL.fullmatch(value):
        raise _problem("skill", f"expected a lowercase skill name like 'robust' or 'arcane_armour', got {_show(value)}")
    return value


def _weapon(value: Any) -> Dice | None:
    if isinstance(value, Dice):
        return value
    if value is None or value == "none":
        return None
    if not isinstance(value, str):
        raise _problem("weapon", f"expected dice notation like '1d8' or 'none', got {_show(value)}")
    try:
        return Dice.parse(value)
    except DiceError as error:
        raise _problem("dice", str(error)) from None


def _weapon_text(value: Dice | None) -> str:
    # TOML has no null, so "none" keeps a dump loadable and writable as TOML.
    return "none" if value is None else str(value)


def _override_value(value: Any) -> int | str:
    # Which stats take dice is the ruleset's business (RULES.md §6.2), so text is checked there.
    if isinstance(value, int) and not isinstance(value, bool) or isinstance(value, str) and value:
        return value
    raise _problem("override", f"expected a whole number or dice notation text, got {_show(value)}")


def _scalar(value: Any) -> bool:
    return isinstance(value, (str, int))  # bool is an int, so true/false pass too


def _tactic_value(value: Any) -> Any:
    """One scripted decision: a value, a list of names, or a table name -> value (DESIGN.md)."""
    if _scalar(value):
        return value
    if isinstance(value, (list, tuple)):
        for item in value:
            if not isinstance(item, str):
                raise _problem("tactic", f"expected a list of names, got {_show(item)} in it")
        return tuple(value)
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not _scalar(item):
                raise _problem(
                    "tactic", f"{key} = {_show(item)}: a table's values must be text, a whole number or true/false"
                )
        return dict(value)
    raise _problem(
        "tactic",
        f"expected text, a whole number, true/false, a list of names or a table of name = value, got {_show(value)}",
    )


Name = Annotated[str, Field(min_length=1), BeforeValidator(_name)]
Skill = Annotated[str, Field(pattern=_SKILL.pattern), BeforeValidator(_skill)]
Weapon = Annotated[
    Dice | None,
    PlainValidator(_weapon),
    PlainSerializer(_weapon_text, return_type=str),
    WithJsonSchema({"type": "string", "examples": ["1d6", "1d8+1", "2d6", "none"]}),
]
OverrideValue = Annotated[
    int | str,
    PlainValidator(_override_value),
    WithJsonSchema({"type": ["integer", "string"], "examples": [20, "3d6+4"]}),
]
_SCALAR_SCHEMA = {"type": ["string", "integer", "boolean"]}
TacticValue = Annotated[
    Any,
    PlainValidator(_tactic_value),
    WithJsonSchema(
        {
            "anyOf": [
                _SCALAR_SCHEMA,
                {"type": "array", "items": {"type": "string"}},
                {"type": "object", "additionalProperties": _SCALAR_SCHEMA},
            ]
        }
    ),
]

_CONFIG = ConfigDict(extra="forbid", frozen=True)


# -- the models ----------------------------------------------------------------------------------
class Member(BaseModel):
    """A party member or one enemy entry (RULES.md §6.1)."""

    model_config = _CONFIG

    name: Name = Field(description="Unique name; enemy copies are named 'Name 1' ... 'Name n'.")
    melee: _whole(0, 8) = Field(0, description="Melee bonus incl. strength and one weapon, 0-8.")
    ranged: _whole(0, 8) = Field(0, description="Ranged bonus incl. strength and one weapon, 0-8.")
    armour: _whole(0, 4) = Field(0, description="Armour, 0-4.")
    weapon: Weapon = Field("1d6", validate_default=True, description="Weapon damage: dice NdS[+B], or 'none'.")
    body: _whole(1, 5) = Field(2, description="Body (toughness, strength), 1-5.")
    speed: _whole(0, 5) = Field(2, description="Speed, 0-5.")
    mind: _whole(0, 5) = Field(1, description="Mind, 0-5.")
    life: _whole(1, 6) = Field(3, description="Life (staying power), 1-6.")
    traits: tuple[Trait, ...] = Field((), description="Traits: undead, ghost, demon, magic and silver gear.")
    skills: tuple[Skill, ...] = Field((), description="Lowercase skill names, e.g. robust, dodge, arcane_armour.")
    fighter: StrictBool = Field(True, description="False for a non-fighter, who stands at the back (RULES.md §0).")
    count: _whole(1, MAX_COUNT) = Field(1, description="Enemies only: how many copies of this entry, 1-20.")


class EnemySide(BaseModel):
    """The enemy side: its members, front first, and how it fights."""

    model_config = _CONFIG

    grouped: StrictBool = Field(False, description="talisman: all enemies fight as one with summed strength.")
    raiders: StrictBool = Field(False, description="Raiders (räuberisch) plunder those left down or wounded.")
    characters: StrictBool = Field(False, description="The enemy is another party (talisman: character vs character).")
    members: tuple[Member, ...] = Field(min_length=1, description="Enemy entries, front first.")


class Tactics(BaseModel):
    """Decisions scripted per round; a round after the last table uses the last table again."""

    model_config = _CONFIG

    round: tuple[dict[str, TacticValue], ...] = Field(
        (),
        description="One table per round: decision kind -> a value, a list of names, or name -> value.",
    )


class Encounter(BaseModel):
    """One neutral encounter that every ruleset can fight (RULES.md §6)."""

    model_config = _CONFIG

    name: Name = Field(description="What the encounter is called.")
    ambush_from_behind: StrictBool = Field(False, description="Reverses the damage order; implies surprise = 'enemy'.")
    surprise: Literal["none", "party", "enemy"] = Field("none", description="Which side surprises the other.")
    forced: StrictBool = Field(True, description="A forced fight ('!'); false for a voluntary one ('?').")
    mode: Literal["melee", "ranged", "mixed"] = Field("mixed", description="classic: the fight type allowed.")
    engaged: tuple[str, ...] = Field((), description="Party members taking part; empty means everyone.")
    party: tuple[Member, ...] = Field(min_length=1, description="The party in marching order, front first.")
    enemy: EnemySide = Field(description="The enemy side.")
    overrides: dict[str, dict[str, dict[str, OverrideValue]]] = Field(
        {}, description="Ruleset -> combatant or enemy entry name -> derived stat -> value (RULES.md §6.2)."
    )
    tactics: Tactics = Field(Tactics(), description="Scripted decisions ([[tactics.round]]).")

    @model_validator(mode="wrap")
    @classmethod
    def _validate_all(cls, data: Any, handler: ModelWrapValidatorHandler[Encounter], info: ValidationInfo) -> Encounter:
        """Field checks and cross-field checks in one go, so one run shows every problem."""
        problems: list[tuple[str, str]] = []
        try:
            encounter = handler(data)
        except ValidationError as error:
            # pydantic counts only valid members for min_length; a broken one has its own problem.
            problems = [
                _describe(detail)
                for detail in error.errors()
                if not (detail["type"] == "too_short" and detail["input"])
            ]
        if isinstance(data, Mapping):
            seen = {path for path, _ in problems}
            problems += [(path, what) for path, what in _cross_problems(data) if path not in seen]
        if problems:
            raise EncounterError((info.context or {}).get("source", "<encounter>"), problems)
        return encounter

    def effective_surprise(self) -> str:
        """``surprise``, except that an ambush from behind means the enemy surprises (RULES.md §6.1)."""
        return "enemy" if self.ambush_from_behind else self.surprise

    def enemies(self) -> tuple[Member, ...]:
        """Enemy entries expanded by count, front first, each copy with count 1 and its own name."""
        return _expand(self.enemy.members)

    def is_engaged(self, name: str) -> bool:
        """Whether the combatant takes part: enemies always; party members if listed or none are.

        Unknown names are not in the fight, so they are not engaged.
        """
        if any(member.name == name for member in self.party):
            return not self.engaged or name in self.engaged
        return any(enemy.name == name for enemy in self.enemies())

    def content_hash(self) -> str:
        """First 16 hex digits of the SHA-256 of the canonical JSON: equal encounters, equal hash."""
        text = json.dumps(self.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def numeric_value(self, path: str) -> int:
        """The whole number at ``path`` (syntax as :meth:`with_value`).

        Raises:
            BadInput: the path does not exist or does not lead to a whole number.
        """
        container, key = _locate(self.model_dump(mode="json"), path, create=False)
        if isinstance(container, dict) and key not in container:
            raise BadInput(f"{path}: not set in this encounter; the ruleset derives it (RULES.md §6.2)")
        return _whole_number_at(container, key, path)

    def with_value(self, path: str, value: int) -> Encounter:
        """A copy with the whole number at ``path`` set to ``value``, validated again.

        Paths: ``party[0].melee``, ``party[Warrior].armour``, ``enemy.members[0].count``,
        ``enemy.members[Skeleton guard].count``, ``overrides.dsa.Orc.le`` (an override not yet set
        is added; a name with dots or spaces may be quoted: ``overrides.dsa."Skeleton guard".le``).

        Raises:
            BadInput: the path does not exist or does not lead to a whole number.
            EncounterError: the changed encounter is not valid, e.g. a count of 21.
        """
        if isinstance(value, bool) or not isinstance(value, int):
            raise BadInput(f"{path}: expected a whole number, got {_show(value)}")
        data = self.model_dump(mode="json")
        container, key = _locate(data, path, create=True)
        if not (isinstance(container, dict) and key not in container):
            _whole_number_at(container, key, path)  # only whole numbers vary; a name or a flag does not
        container[key] = value
        return encounter_from_dict(data, source=f"{self.name} (with {path} = {value})")


@functools.lru_cache(maxsize=256)
def _expand(members: tuple[Member, ...]) -> tuple[Member, ...]:
    # Cached on the (hashable, frozen) entries, so a fight per Monte Carlo run costs no copying.
    return tuple(
        member if member.count == 1 else member.model_copy(update={"name": name, "count": 1})
        for member in members
        for name in _copy_names(member.name, member.count)
    )


def _copy_names(name: str, count: int) -> list[str]:
    """Names of an entry's copies: the plain name for one, else "Name 1" ... (RULES.md §6.1)."""
    return [name] if count == 1 else [f"{name} {k}" for k in range(1, count + 1)]


# -- cross-field checks, on the raw data so they run even when some fields are broken ------------
class _Names(NamedTuple):
    party: list[str]  # party members, who alone can be engaged
    combatants: list[str]  # party members and expanded enemies, who fight and decide
    entries: list[str]  # enemy entries' base names, which overrides may use for all copies


def _cross_problems(data: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Problems no single field shows: names, references to names, contradictions."""
    party = _entries(data.get("party"))
    enemy = _plain(data.get("enemy"))
    members = _entries(enemy.get("members") if isinstance(enemy, Mapping) else None)
    problems: list[tuple[Loc, str]] = [
        (("party", i, "count"), "only enemy members take a count") for i, entry in party if entry.get("count", 1) != 1
    ]
    names = _Names([], [], [])
    owners: dict[str, str] = {}  # every name in use -> the entry that has it
    for loc, entry in [(("party", i), e) for i, e in party] + [(("enemy", "members", i), e) for i, e in members]:
        name, count = entry.get("name"), entry.get("count", 1) if loc[0] == "enemy" else 1
        if not _valid_name(name):
            continue
        # A broken count is reported by its own field; one copy keeps the name checks going.
        copies = _copy_names(name, count if isinstance(count, int) and 1 <= count <= MAX_COUNT else 1)
        taken = [n for n in dict.fromkeys([name, *copies]) if n in owners]
        if taken:
            what = "the name" if taken[0] == name else "its copy"
            problems.append(((*loc, "name"), f"{what} {taken[0]!r} is already taken by {owners[taken[0]]}"))
        for used in (name, *copies):
            owners.setdefault(used, _path(loc))
        (names.party if loc[0] == "party" else names.entries).append(name)
        names.combatants.extend(copies)
    problems += _reference_problems(data, names)
    if data.get("ambush_from_behind") is True and data.get("surprise") == "party":
        problems.append((("surprise",), "'party' contradicts ambush_from_behind = true, where the enemy surprises"))
    return [(_path(loc), what) for loc, what in problems]


def _reference_problems(data: Mapping[str, Any], names: _Names) -> list[tuple[Loc, str]]:
    """Names in ``engaged``, ``overrides`` and ``tactics.round`` that no one has."""
    problems: list[tuple[Loc, str]] = []
    engaged = data.get("engaged")
    for i, name in enumerate(engaged if isinstance(engaged, (list, tuple)) else ()):
        if isinstance(name, str) and name not in names.party:
            problems.append((("engaged", i), f"{name!r} is not a party member{_hint(name, names.party)}"))

    known = names.combatants + names.entries
    overrides = data.get("overrides")
    for ruleset, table in overrides.items() if isinstance(overrides, Mapping) else ():
        for name in table if isinstance(table, Mapping) else ():
            if name not in known:
                what = f"no combatant or enemy entry named {name!r}{_hint(name, known)}"
                problems.append((("overrides", ruleset, name), what))

    tactics = _plain(data.get("tactics"))
    rounds = tactics.get("round") if isinstance(tactics, Mapping) else None
    for i, table in enumerate(rounds if isinstance(rounds, (list, tuple)) else ()):
        for key, value in table.items() if isinstance(table, Mapping) else ():
            # An inline table is keyed by names, a list holds names; anything else names nobody.
            used = value.keys() if isinstance(value, Mapping) else value if isinstance(value, (list, tuple)) else ()
            for j, name in enumerate(used):
                if isinstance(name, str) and name not in names.combatants:
                    loc = ("tactics", "round", i, key, name if isinstance(value, Mapping) else j)
                    problems.append((loc, f"no combatant named {name!r}{_hint(name, names.combatants)}"))
    return problems


def _plain(value: Any) -> Any:
    # Python callers may pass models where TOML gives tables.
    return value.model_dump() if isinstance(value, BaseModel) else value


def _entries(value: Any) -> list[tuple[int, Mapping[str, Any]]]:
    if not isinstance(value, (list, tuple)):
        return []
    return [(i, entry) for i, entry in enumerate(map(_plain, value)) if isinstance(entry, Mapping)]


def _valid_name(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _hint(word: str, options: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, options, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# -- pydantic's errors in plain English ----------------------------------------------------------
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")

_EXPECTED = {
    "bool_type": "expected true or false",
    "string_type": "expected text",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected a table",
    "model_type": "expected a table",
    "model_attributes_type": "expected a table",
}

# The model whose fields are allowed at a place, by the last key naming that place.
_MODELS: dict[str | None, type[BaseModel]] = {
    None: Encounter,
    "party": Member,
    "members": Member,
    "enemy": EnemySide,
    "tactics": Tactics,
}


def _path(loc: Loc) -> str:
    """``('party', 0, 'melee')`` -> ``party[0].melee``; keys TOML would quote stay quoted."""
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            key = part if _BARE_KEY.fullmatch(part) else json.dumps(part, ensure_ascii=False)
            text += f".{key}" if text else key
    return text or "(top level)"


def _describe(detail: ErrorDetails) -> tuple[str, str]:
    loc, kind, got = detail["loc"], detail["type"], _show(detail["input"])
    if kind == "missing":
        what = f"missing field {loc[-1]!r}"
    elif kind == "extra_forbidden":
        owner = next((part for part in reversed(loc[:-1]) if isinstance(part, str)), None)
        what = f"unknown field {loc[-1]!r}{_hint(str(loc[-1]), list(_MODELS[owner].model_fields))}"
    elif kind == "too_short":
        what = "at least one member is required"
    elif kind == "literal_error":
        what = f"expected {detail['ctx']['expected']}, got {got}"
    elif kind in _EXPECTED:
        what = f"{_EXPECTED[kind]}, got {got}"
    else:
        what = detail["msg"]
    return _path(loc), what


# -- loading -------------------------------------------------------------------------------------
def load_encounter(path: str | Path) -> Encounter:
    """Read and validate a TOML encounter file.

    Raises:
        EncounterError: the file is missing, unreadable, not TOML, or not a valid encounter; the
            error's source is ``str(path)``.
    """
    source = str(path)
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise EncounterError(source, [("<file>", "no such file")]) from None
    except UnicodeDecodeError as error:
        what = f"not UTF-8 text (byte {error.start + 1}); TOML files are UTF-8"
        raise EncounterError(source, [("<file>", what)]) from None
    except OSError as error:
        raise EncounterError(source, [("<file>", f"cannot be read: {error.strerror or error}")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise EncounterError(source, [("<toml>", _toml_problem(str(error)))]) from None
    return encounter_from_dict(data, source)


def _toml_problem(message: str) -> str:
    """tomllib's "Invalid value (at line 2, column 5)" as "broken TOML at line 2, column 5: invalid value"."""
    match = re.fullmatch(r"(.*) \((at .*)\)", message)
    if not match:
        return f"broken TOML: {message}"
    what, where = match.groups()
    return f"broken TOML {where}: {what[:1].lower()}{what[1:]}"


def encounter_from_dict(data: Mapping[str, Any], source: str = "<encounter>") -> Encounter:
    """Validate an encounter given as plain data (TOML's tables, JSON, a ``model_dump``).

    Raises:
        EncounterError: every problem found, named by field path; ``source`` says where from.
    """
    return Encounter.model_validate(data, context={"source": source})


def encounter_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of an encounter file, for editors (``rulebench schema``)."""
    schema = Encounter.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": "rulebench encounter"}


# -- paths for with_value and numeric_value ------------------------------------------------------
_STEP = re.compile(r'(\.?)(?:([^.\[\]"]+)|"([^"]+)")|\[([^\]]+)\]')


def _steps(path: str) -> list[tuple[str, bool]]:
    """``party[Warrior].armour`` -> ``[("party", False), ("Warrior", True), ("armour", False)]``."""
    steps: list[tuple[str, bool]] = []
    position = 0
    while position < len(path):
        match = _STEP.match(path, position)
        # A key needs its dot except at the start; an index never takes one.
        if match is None or match.group(4) is None and bool(match.group(1)) != bool(position):
            raise BadInput(f"{path!r} is not a path like 'party[0].melee' or 'overrides.dsa.Orc.le'")
        key, quoted, item = match.group(2, 3, 4)
        steps.append((item, True) if item is not None else (key if quoted is None else quoted, False))
        position = match.end()
    if not steps:
        raise BadInput("an empty path; expected one like 'party[0].melee' or 'overrides.dsa.Orc.le'")
    return steps


def _locate(data: dict[str, Any], path: str, *, create: bool) -> tuple[Any, Any]:
    """The container that holds ``path``'s last step, and that step's key or index.

    Overrides are sparse, so below ``overrides`` a missing last key is returned for the caller to
    judge, and with ``create`` missing tables on the way are added: a sweep may vary an override
    the file does not set yet.
    """
    steps = _steps(path)
    sparse = steps[0] == ("overrides", False)
    *route, last = steps
    container: Any = data
    loc: Loc = ()
    for step in route:
        key = _key(container, step, loc, path, missing_ok=sparse and bool(loc))
        if isinstance(container, dict) and key not in container:
            if not create:
                raise BadInput(f"{path}: not set in this encounter; the ruleset derives it (RULES.md §6.2)")
            container[key] = {}
        container = container[key]
        loc = (*loc, key)
    return container, _key(container, last, loc, path, missing_ok=sparse and bool(loc))


def _key(container: Any, step: tuple[str, bool], loc: Loc, path: str, *, missing_ok: bool) -> Any:
    """The dict key or list index that ``step`` names inside ``container`` (found at ``loc``)."""
    text, bracketed = step
    if isinstance(container, list):
        return _list_index(container, text, bracketed, loc, path)
    if not isinstance(container, dict):
        raise BadInput(f"{path}: {_path(loc)} is {_show(container)}, not a table or a list")
    if text not in container and not missing_ok:
        there = ", ".join(container) or "nothing"
        raise BadInput(f"{path}: {_path(loc) if loc else 'the encounter'} has no {text!r}; it has: {there}")
    return text


def _list_index(entries: list[Any], step: str, bracketed: bool, loc: Loc, path: str) -> int:
    """An entry of a list by ``[index]`` or, for party and enemy entries, by ``[name]``."""
    where = _path(loc)
    if not bracketed:
        raise BadInput(f"{path}: {where} is a list; pick an entry by index or name, like {where}[0]")
    if step.isdigit():
        if int(step) >= len(entries):
            raise BadInput(f"{path}: {where} has {len(entries)} entries, numbered from 0")
        return int(step)
    names = [entry.get("name") if isinstance(entry, dict) else None for entry in entries]
    if step not in names:
        there = ", ".join(name for name in names if name) or f"only indices 0 to {len(entries) - 1}"
        raise BadInput(f"{path}: {where} has no entry named {step!r}; it has: {there}")
    return names.index(step)


def _whole_number_at(container: Any, key: Any, path: str) -> int:
    value = container[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{path}: not a whole number but {_show(value)}")
    return value
