"""The chain file (docs/chains.md): a party named once and the day's stages in order.

A :class:`ChainFile` is immutable and always valid: loading one reports every problem at once as a
:class:`ChainError`, each with a field path like an encounter's (``party[0].melee``,
``stage[1].enemy.members[0].count``), the stage named after its position (its file or its name).
Each stage is an encounter of the chain's party, checked as an encounter is
(:mod:`rulebench.core.encounter`); :meth:`ChainFile.encounter` gives the encounter a stage is
fought as by whoever still lives (:mod:`rulebench.core.chain_living`).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebench.core.chain_living import for_the_living
from rulebench.core.encounter import Encounter, Member, display_name, encounter_from_dict, encounter_schema, read_toml
from rulebench.core.encounter_checks import field_path, show
from rulebench.core.errors import EncounterError
from rulebench.core.i18n import _
from rulebench.core.suggestions import did_you_mean

__all__ = ["RESTS", "ChainError", "ChainFile", "Stage", "chain_from_dict", "chain_schema", "is_chain", "load_chain"]

RESTS = ("none", "short", "long")
"""What a party may do between two stages, from nothing to a night's sleep (``rulebench_rest``)."""

TOP_FIELDS = ("name", "party", "stage")
STAGE_FIELDS = ("file", "name", "rest")
"""A stage's own fields; the others are an encounter's, given inline."""
INLINE_FIELDS = ("ambush_from_behind", "surprise", "forced", "mode", "engaged", "enemy", "overrides", "tactics")
"""The fields of an encounter a stage takes, from its file or inline: all but its party and name."""


class ChainError(EncounterError):
    """A chain file that cannot be read or validated, with every problem found at once (the paths
    and labels as :class:`EncounterError`'s: ``stage[1] (crypt-wights.toml).enemy``)."""

    kind = "chain"


@dataclass(frozen=True)
class Stage:
    """One stage of a day: the encounter fought, and the rest taken after it.

    Attributes:
        name: what the stage is called.
        rest: ``none``, ``short`` or ``long``: what the party does after this stage.
        fields: the stage's encounter fields (``INLINE_FIELDS`` it has), from its file or inline.
        file: the encounter file it was read from, as written in the chain file; None inline.
        encounter: the stage as the whole party would fight it.
    """

    name: str
    rest: str
    fields: Mapping[str, Any]
    file: str | None
    encounter: Encounter


@dataclass(frozen=True)
class ChainFile:
    """A validated chain: its name, the party for the whole day, the stages in order, its file."""

    name: str
    party: tuple[Member, ...]
    stages: tuple[Stage, ...]
    source: str = "<chain>"
    _living: dict[tuple[int, tuple[str, ...]], Encounter] = field(default_factory=dict, repr=False, compare=False)

    def encounter(self, index: int, living: Sequence[str]) -> Encounter:
        """Stage ``index`` as the members named in ``living`` (in marching order, at least one)
        fight it: the dead left out of the party and out of every name the stage refers to."""
        key = (index, tuple(living))
        found = self._living.get(key)
        if found is None:
            stage = self.stages[index]
            if key[1] == tuple(m.name for m in self.party):
                found = stage.encounter
            else:
                alive = set(living)
                dead = {m.name for m in self.party} - alive
                party = [m.model_dump(mode="json") for m in self.party if m.name in alive]
                data = {"name": stage.name, **for_the_living(stage.fields, dead), "party": party}
                found = encounter_from_dict(data, source=f"{self.source}: {stage.name}")
            self._living[key] = found
        return found

    def content_hash(self) -> str:
        """First 16 hex digits of the SHA-256 of the canonical JSON: equal chains, equal hash."""
        whole = {
            "name": self.name,
            "stages": [{"rest": s.rest, "encounter": s.encounter.model_dump(mode="json")} for s in self.stages],
        }
        text = json.dumps(whole, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def is_chain(data: Mapping[str, Any]) -> bool:
    """Whether TOML tables are a chain file rather than an encounter: they have ``[[stage]]``."""
    return "stage" in data


def load_chain(path: str | Path) -> ChainFile:
    """Read and validate a chain file; a stage's ``file`` is read relative to the chain file's folder.

    Raises:
        ChainError: the file cannot be read, is not TOML, or is not a valid chain; every problem,
            a stage file's own included, named by its field.
    """
    source = display_name(path)
    try:
        data = read_toml(path, source)
    except EncounterError as error:
        raise ChainError(source, error.problems) from None
    return chain_from_dict(data, source, Path(path).parent)


def chain_from_dict(data: Mapping[str, Any], source: str = "<chain>", folder: Path | None = None) -> ChainFile:
    """Validate a chain given as plain data (TOML's tables); stage files are read from ``folder``.

    Raises:
        ChainError: every problem found, named by field path; ``source`` says where from.
    """
    if "stage" not in data and "enemy" in data:
        raise ChainError(source, [("<file>", _("is an encounter file, not a chain: a chain names its stages in [[stage]] "
                                               "tables (docs/chains.md); compare an encounter with rulebench compare"))])
    problems: list[tuple[str, str]] = []
    labels: dict[str, str] = {}
    for key in data:
        if key not in TOP_FIELDS:
            problems.append((field_path((key,)), _("unknown field {field!r}").format(field=key) + did_you_mean(key, TOP_FIELDS)))
    name = data.get("name")
    if "name" not in data:
        problems.append(("name", _("missing field {field!r}").format(field="name")))
    elif not isinstance(name, str) or not name.strip():
        problems.append(("name", _("expected a non-empty name, got {value}").format(value=show(name))))
    party_problems, party_labels = _party_problems(data)
    problems += party_problems
    labels.update(party_labels)
    stages: list[Stage] = []
    raw = data.get("stage")
    if "stage" not in data:
        problems.append(("stage", _("missing field {field!r}: a chain has at least one [[stage]]").format(field="stage")))
    elif not isinstance(raw, list) or not all(isinstance(entry, Mapping) for entry in raw):
        problems.append(("stage", _("expected a list of tables ([[stage]] sections), got {value}").format(value=show(raw))))
    elif not raw:
        problems.append(("stage", _("at least one stage is required")))
    else:
        for index, entry in enumerate(raw):
            stage, found, label = _stage(index, entry, data.get("party"), folder)
            labels[f"stage[{index}]"] = label
            problems += found
            if stage is not None:
                stages.append(stage)
    if problems:
        raise ChainError(source, problems, labels)
    assert isinstance(name, str)
    party = stages[0].encounter.party
    return ChainFile(name, party, tuple(stages), source)


def _party_problems(data: Mapping[str, Any]) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """The party's own problems, as an encounter's check finds them (every stage shares them, so
    they are reported once, at the top), and its members' names for the messages."""
    if "party" not in data:
        return [("party", _("missing field {field!r}").format(field="party"))], {}
    problems: list[tuple[str, str]] = []
    labels: dict[str, str] = {}
    try:
        encounter_from_dict({"name": "party", "party": data["party"]})
    except EncounterError as error:  # always: an encounter without an enemy is never valid
        problems = [(path, what) for path, what in error.problems if path.startswith("party")]
        labels = error.labels
    return problems, labels


def _stage(
    index: int, entry: Mapping[str, Any], party: Any, folder: Path | None
) -> tuple[Stage | None, list[tuple[str, str]], str]:
    """One ``[[stage]]`` table: the stage, or its problems (paths from ``stage[index]``), and its label."""
    at = f"stage[{index}]"
    problems: list[tuple[str, str]] = []
    allowed = (*STAGE_FIELDS, *INLINE_FIELDS)
    for key in entry:
        if key not in allowed:
            what = _("unknown field {field!r}").format(field=key) + did_you_mean(key, allowed)
            problems.append((f"{at}.{field_path((key,))}", what))
    rest = entry.get("rest", "none")
    if rest not in RESTS:
        hint = did_you_mean(rest, RESTS) if isinstance(rest, str) else ""
        problems.append((f"{at}.rest", _("expected 'none', 'short' or 'long', got {value}").format(value=show(rest)) + hint))
    inline = {key: entry[key] for key in INLINE_FIELDS if key in entry}
    file = entry.get("file")
    label = _("stage {number}").format(number=index + 1)
    fields: dict[str, Any] = inline
    file_name: str | None = None
    if "file" in entry:
        if not isinstance(file, str) or not file.strip():
            problems.append((f"{at}.file", _("expected the name of an encounter file, got {value}").format(value=show(file))))
            return None, problems, label
        label = file
        if inline:
            what = _("give either file or the encounter's fields inline, not both (found {fields})").format(
                fields=", ".join(inline))
            problems.append((f"{at}.file", what))
            return None, problems, label
        path = (folder or Path()) / file
        try:
            read = read_toml(path, display_name(path))
        except EncounterError as error:
            problems += [(f"{at}.file", f"{display_name(path)}: {what}") for _where, what in error.problems]
            return None, problems, label
        fields = {key: value for key, value in read.items() if key not in ("party", "name")}
        file_name = file
        default_name = read.get("name")
    elif "enemy" not in entry:
        problems.append((f"{at}.enemy", _("missing field {field!r} (or give file = \"...\")").format(field="enemy")))
        return None, problems, label
    else:
        default_name = None
    # A stage's name is data, like an encounter's: the same in every language (its label is not).
    name = entry.get("name", default_name if isinstance(default_name, str) and default_name.strip() else f"stage {index + 1}")
    if "file" not in entry and isinstance(name, str) and name.strip():
        label = name
    try:
        encounter = encounter_from_dict({"name": name, **fields, "party": party}, source=label)
    except EncounterError as error:
        own = [(path, what) for path, what in error.problems if not path.startswith("party")]
        problems += [(f"{at}.{path}" if path != "(top level)" else at, what) for path, what in own]
        return None, problems, label
    if problems:
        return None, problems, label
    assert isinstance(rest, str)
    return Stage(encounter.name, rest, fields, file_name, encounter), [], label


@functools.cache
def chain_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a chain file, for editors (``rulebench schema --chain``):
    an encounter's party, and stages of an encounter's fields besides their own."""
    encounter = encounter_schema()
    properties = encounter["properties"]
    inline = {key: properties[key] for key in INLINE_FIELDS}
    stage = {
        "type": "object",
        "description": "One stage: an encounter file's fields (file) or the encounter's fields inline, and the rest after it.",
        "properties": {
            "file": {"type": "string", "description": "An encounter file, relative to the chain file; its party is ignored."},
            "name": {"type": "string", "minLength": 1, "description": "The stage's name (default: the file's, else 'stage N')."},
            "rest": {"enum": list(RESTS), "default": "none", "description": "What the party does after this stage."},
            **inline,
        },
        "additionalProperties": False,
        "oneOf": [
            {"required": ["file"], "not": {"anyOf": [{"required": [key]} for key in INLINE_FIELDS]}},
            {"required": ["enemy"], "not": {"required": ["file"]}},
        ],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "rulebench chain",
        "description": "A day of adventure: one party and its stages in order (docs/chains.md).",
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "description": "What the day is called."},
            "party": properties["party"],
            "stage": {"type": "array", "minItems": 1, "items": stage, "description": "The stages, in the order they are fought."},
        },
        "required": ["name", "party", "stage"],
        "additionalProperties": False,
        "$defs": encounter.get("$defs", {}),
    }
