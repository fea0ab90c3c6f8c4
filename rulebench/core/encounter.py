"""The neutral encounter (docs/encounters.md): models, loading, validation.

An :class:`Encounter` is immutable and always valid: every way of building one (a TOML file, a dict,
keyword arguments, :meth:`Encounter.with_value`) reports every problem at once as an
:class:`~rulebench.core.errors.EncounterError`, each with a field path like ``party[0].melee``.
Problems are worded and cross-checked in :mod:`rulebench.core.encounter_checks`; the paths of
:meth:`Encounter.with_value` are walked in :mod:`rulebench.core.encounter_paths`.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

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
from pydantic_core import PydanticCustomError

from rulebench.core.dice import Dice, DiceError
from rulebench.core.encounter_checks import MAX_COUNT, copy_names, cross_problems, describe, labels, show
from rulebench.core.encounter_paths import read_whole_number, write_whole_number
from rulebench.core.errors import EncounterError
from rulebench.core.i18n import _, format_integer

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10, which pyproject.toml still allows
    import tomli as tomllib

__all__ = [
    "Encounter",
    "EnemySide",
    "Member",
    "Tactics",
    "Trait",
    "encounter_from_dict",
    "encounter_schema",
    "display_name",
    "load_encounter",
    "parse_toml",
    "read_toml",
]

Trait = Literal["undead", "ghost", "demon", "magic_weapon", "silver_weapon", "magic_armour"]


# -- field types: each refuses bad input with one plain-English message ----------------------------
def _problem(kind: str, message: str) -> PydanticCustomError:
    # No context: the message is final, so braces the user typed are never read as placeholders.
    return PydanticCustomError(kind, message)


def _whole(lo: int, hi: int) -> Callable[[Any], int]:
    """A check for a whole number from ``lo`` to ``hi``; TOML's ``true`` and ``2.0`` are refused, not coerced."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise _problem("whole_number", _("expected a whole number from {low} to {high}, got {value}").format(
                low=lo, high=hi, value=show(value)))
        return value

    return check


# The neutral ranges (docs/rules/README.md); Field gives the JSON Schema its minimum and maximum.
Bonus = Annotated[int, Field(ge=0, le=8), BeforeValidator(_whole(0, 8))]
Armour = Annotated[int, Field(ge=0, le=4), BeforeValidator(_whole(0, 4))]
Body = Annotated[int, Field(ge=1, le=5), BeforeValidator(_whole(1, 5))]
Attribute = Annotated[int, Field(ge=0, le=5), BeforeValidator(_whole(0, 5))]
Life = Annotated[int, Field(ge=1, le=6), BeforeValidator(_whole(1, 6))]
Count = Annotated[int, Field(ge=1, le=MAX_COUNT), BeforeValidator(_whole(1, MAX_COUNT))]


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _problem("name", _("expected a non-empty name, got {value}").format(value=show(value)))
    return value


_SKILL = re.compile(r"^[a-z][a-z0-9_]*$")


def _skill(value: Any) -> str:
    # Skills are looked up by exact name, so "Robust" would silently do nothing.
    if not isinstance(value, str) or not _SKILL.fullmatch(value):
        raise _problem("skill", _("expected a lowercase skill name like 'robust' or 'arcane_armour', got {value}").format(
            value=show(value)))
    return value


def _weapon(value: Any) -> Dice | None:
    if isinstance(value, Dice):
        return value
    if value is None or value == "none":
        return None
    if not isinstance(value, str):
        raise _problem("weapon", _("expected dice notation like '1d8' or 'none', got {value}").format(value=show(value)))
    try:
        return Dice.parse(value)
    except DiceError as error:
        raise _problem("dice", str(error)) from None


def _weapon_text(value: Dice | None) -> str:
    # TOML has no null, so "none" keeps a dump loadable and writable as TOML.
    return "none" if value is None else str(value)


MAX_WHOLE = 10_000
"""The largest whole number an override or a scripted answer may be: far beyond any stat or answer,
small enough for every formula and every message."""


def _override_value(value: Any) -> int | str:
    # Which stats take dice is the ruleset's business (docs/rules/<ruleset>.md), so text is checked there.
    if isinstance(value, int) and not isinstance(value, bool):
        if abs(value) <= MAX_WHOLE:
            return value
        raise _problem("override", _("expected a whole number from {low} to {high}, got {value}").format(
            low=-MAX_WHOLE, high=MAX_WHOLE, value=show(value)))
    if isinstance(value, str) and value:
        return value
    raise _problem("override", _("expected a whole number or dice notation text, got {value}").format(value=show(value)))


def _scalar(value: Any) -> bool:
    # bool is an int, so true/false pass too; a number beyond any answer would only break messages later.
    return isinstance(value, str) or (isinstance(value, int) and abs(value) <= MAX_WHOLE)


def _tactic_value(value: Any) -> Any:
    """One scripted decision: a value, a list of names, or a table name -> value (docs/encounters.md)."""
    if _scalar(value):
        return value
    if isinstance(value, (list, tuple)):
        for item in value:
            if not isinstance(item, str):
                raise _problem("tactic", _("expected a list of names, got {value} in it").format(value=show(item)))
        return tuple(value)
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not _scalar(item):
                raise _problem(
                    "tactic",
                    _("{key} = {value}: a table's values must be text, a whole number from {low} to {high} or true/false")
                    .format(key=key, value=show(item), low=-MAX_WHOLE, high=MAX_WHOLE),
                )
        return dict(value)
    raise _problem(
        "tactic",
        _("expected text, a whole number from {low} to {high}, true/false, a list of names "
          "or a table of name = value, got {value}").format(low=-MAX_WHOLE, high=MAX_WHOLE, value=show(value)),
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

# defer_build: each model builds its validator when it first validates, not when rulebench is
# imported; a command that reads no encounter (rulesets, plugins, dice) never builds one.
_CONFIG = ConfigDict(extra="forbid", frozen=True, defer_build=True)


# -- the models ----------------------------------------------------------------------------------
class Member(BaseModel):
    """A party member or one enemy entry (docs/encounters.md, "Members")."""

    model_config = _CONFIG

    name: Name = Field(description="Unique name; enemy copies are named 'Name 1' ... 'Name n'.")
    melee: Bonus = Field(0, description="Melee bonus incl. strength and one weapon, 0-8.")
    ranged: Bonus = Field(0, description="Ranged bonus incl. strength and one weapon, 0-8.")
    armour: Armour = Field(0, description="Armour, 0-4.")
    weapon: Weapon = Field("1d6", validate_default=True, description="Weapon damage: dice NdS[+B], or 'none'.")
    body: Body = Field(2, description="Body (toughness, strength), 1-5.")
    speed: Attribute = Field(2, description="Speed, 0-5.")
    mind: Attribute = Field(1, description="Mind, 0-5.")
    life: Life = Field(3, description="Life (staying power), 1-6.")
    traits: tuple[Trait, ...] = Field((), description="Traits: undead, ghost, demon, magic and silver gear.")
    skills: tuple[Skill, ...] = Field((), description="Lowercase skill names, e.g. robust, dodge, arcane_armour.")
    fighter: StrictBool = Field(True, description="False for a non-fighter, who stands at the back (docs/encounters.md).")
    count: Count = Field(1, description="Enemies only: how many copies of this entry, 1-20.")


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
    """One neutral encounter that every ruleset can fight (docs/encounters.md)."""

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
        {}, description="Ruleset -> combatant or enemy entry name -> derived stat -> value (docs/rules/<ruleset>.md)."
    )
    # model_construct: the default is the valid empty table, made without building Tactics' validator.
    tactics: Tactics = Field(Tactics.model_construct(round=()), description="Scripted decisions ([[tactics.round]]).")

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
                describe(detail, _MODELS)
                for detail in error.errors()
                if not (detail["type"] == "too_short" and detail["input"])
            ]
        if isinstance(data, Mapping):
            seen = {path for path, _ in problems}
            problems += [(path, what) for path, what in cross_problems(data) if path not in seen]
        if problems:
            named = labels(data) if isinstance(data, Mapping) else {}
            raise EncounterError((info.context or {}).get("source", "<encounter>"), problems, named)
        return encounter

    def effective_surprise(self) -> str:
        """``surprise``, except that an ambush from behind means the enemy surprises (docs/encounters.md)."""
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
        return read_whole_number(self.model_dump(mode="json"), path)

    def with_value(self, path: str, value: int) -> Encounter:
        """A copy with the whole number at ``path`` set to ``value``, validated again.

        Paths: ``party[0].melee``, ``party[Warrior].armour``, ``enemy.members[0].count``,
        ``enemy.members[Skeleton guard].count``, ``overrides.dsa.Orc.le`` (an override not yet set
        is added; a name with dots or spaces may be quoted: ``overrides.dsa."Skeleton guard".le``).

        Raises:
            BadInput: the path does not exist or does not lead to a whole number.
            EncounterError: the changed encounter is not valid, e.g. a count of 21.
        """
        data = self.model_dump(mode="json")
        write_whole_number(data, path, value)
        return encounter_from_dict(data, source=f"{self.name} (with {path} = {value})")


@functools.lru_cache(maxsize=256)
def _expand(members: tuple[Member, ...]) -> tuple[Member, ...]:
    # Cached on the (hashable, frozen) entries, so a fight per Monte Carlo run costs no copying.
    return tuple(
        member if member.count == 1 else member.model_copy(update={"name": name, "count": 1})
        for member in members
        for name in copy_names(member.name, member.count)
    )


# The model whose fields are allowed at a place, by the last key naming that place.
_MODELS: dict[str | None, type[BaseModel]] = {
    None: Encounter,
    "party": Member,
    "members": Member,
    "enemy": EnemySide,
    "tactics": Tactics,
}


# -- loading -------------------------------------------------------------------------------------
MAX_FILE_BYTES = 1_000_000
"""The largest encounter file read: a big encounter is a few kilobytes; this stops /dev/zero and logs."""


def display_name(path: str | Path) -> str:
    """``path`` as text that can always be printed: bytes that are not UTF-8 as ``\\xff`` escapes."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def load_encounter(path: str | Path) -> Encounter:
    """Read and validate a TOML encounter file.

    Raises:
        EncounterError: the file is missing, not a regular file, too big, unreadable, not UTF-8,
            not TOML, or not a valid encounter; the error's source is the path as text.
    """
    source = display_name(path)
    data = read_toml(path, source)
    if "stage" in data and "enemy" not in data:  # a chain file (docs/chains.md), not an encounter
        raise EncounterError(source, [("<file>", _("is a chain file ([[stage]] tables), not an encounter; "
                                                   "play its day with rulebench chain"))])
    return encounter_from_dict(data, source)


def read_toml(path: str | Path, source: str) -> dict[str, Any]:
    """A TOML file's tables, read as an encounter file is (a chain file too).

    Raises:
        EncounterError: the file is missing, not a regular file, too big, unreadable, not UTF-8 or
            not TOML; the error's source is ``source``.
    """
    return parse_toml(_read_text(Path(path), source), source)


def _read_text(path: Path, source: str) -> str:
    """The file's text; every way reading can fail as an :class:`EncounterError` about ``<file>``."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise EncounterError(source, [("<file>", _("is a folder; expected an encounter TOML file"))])
        if not stat.S_ISREG(info.st_mode):
            # A pipe or a device may never end (/dev/zero) or block forever (a FIFO nobody writes).
            raise EncounterError(source, [("<file>", _("is not a regular file; expected an encounter TOML file"))])
        if info.st_size > MAX_FILE_BYTES:
            what = _("is {size} bytes; an encounter file is at most {limit} bytes").format(
                size=format_integer(info.st_size), limit=format_integer(MAX_FILE_BYTES))
            raise EncounterError(source, [("<file>", what)])
        # utf-8-sig: a byte order mark, which some Windows editors write, is not part of the TOML.
        return path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise EncounterError(source, [("<file>", _("no such file"))]) from None
    except UnicodeDecodeError as error:
        what = _("not UTF-8 text (byte {position}); TOML files are UTF-8").format(position=error.start + 1)
        raise EncounterError(source, [("<file>", what)]) from None
    except (OSError, ValueError) as error:  # ValueError: a path with a NUL byte in it
        reason = getattr(error, "strerror", None) or str(error)
        raise EncounterError(source, [("<file>", _("cannot be read: {reason}").format(reason=reason))]) from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """TOML text as tables; a TOML error, a huge number or deep nesting as an :class:`EncounterError`.

    Python refuses to read whole numbers of more than 4,300 digits; the limit is lifted while parsing
    so that such a number reaches validation, which names its field.
    """
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    try:
        if limit:
            sys.set_int_max_str_digits(0)
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise EncounterError(source, [("<toml>", _toml_problem(str(error), text))]) from None
    except RecursionError:
        what = _("arrays or tables nested too deeply to read; an encounter nests at most a few levels")
        raise EncounterError(source, [("<toml>", what)]) from None
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


def _toml_problem(message: str, text: str) -> str:
    """tomllib's "Invalid value (at line 2, column 5)" as "broken TOML at line 2, column 5: invalid value"
    (the problem itself in tomllib's words, which are English), with the likely cause where tomllib
    names only its consequence: an array or inline table "unclosed" where a new item starts is
    almost always a missing comma."""
    match = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", message)
    if match:
        what, line, column = match.groups()
        problem = _("broken TOML at line {line}, column {column}: {problem}").format(
            line=line, column=column, problem=what[:1].lower() + what[1:])
        if what in ("Unclosed array", "Unclosed inline table") and _starts_an_item(text, int(line), int(column)):
            problem += _("; a comma missing before it? Items of an array or inline table are separated by commas")
        return problem
    match = re.fullmatch(r"(.*) \(at end of document\)", message)
    if match:
        what = match.group(1)
        return _("broken TOML at end of document: {problem}").format(problem=what[:1].lower() + what[1:])
    match = re.fullmatch(r"(.*) \((at .*)\)", message)
    if not match:
        return _("broken TOML: {problem}").format(problem=message)
    what, where = match.groups()
    return _("broken TOML {where}: {problem}").format(where=where, problem=what[:1].lower() + what[1:])


def _starts_an_item(text: str, line: int, column: int) -> bool:
    """Whether a new key or value starts at ``line``, ``column`` (1-based) of ``text``."""
    lines = text.splitlines()
    if not 0 < line <= len(lines):
        return False
    rest = lines[line - 1][column - 1 :].lstrip()
    return bool(rest) and (rest[0].isalnum() or rest[0] in "\"'{[-+_")


def encounter_from_dict(data: Mapping[str, Any], source: str = "<encounter>") -> Encounter:
    """Validate an encounter given as plain data (TOML's tables, JSON, a ``model_dump``).

    Raises:
        EncounterError: every problem found, named by field path; ``source`` says where from.
    """
    return Encounter.model_validate(data, context={"source": source})


def encounter_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of an encounter file, for editors (``rulebench schema``)."""
    # The schema shows the default tactics as JSON, which takes Tactics' own serializer: build it
    # first (the models build when first used, and a schema does not count as a use).
    Tactics.model_rebuild()
    schema: dict[str, Any] = Encounter.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema, "title": "rulebench encounter"}
