"""Looking at an encounter before any fight: ``validate`` (every problem, named) and ``show`` (the
derived stat blocks), the API behind ``rulebench validate`` and ``rulebench show``.

>>> import rulebench.api
>>> rulebench.api.validate("examples/skeleton-guards.toml").valid      # doctest: +SKIP
True
>>> rulebench.api.show("examples/skeleton-guards.toml", ["dsa"]).to_dict()["rulesets"][0]["ruleset"]  # doctest: +SKIP
'dsa'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulebench.core.assembly import configure
from rulebench.core.dice import RandomRoller
from rulebench.core.discovery import MODIFIER, TACTICS, Catalog, discover
from rulebench.core.encounter import Encounter, display_name, load_encounter
from rulebench.core.encounter_checks import labels
from rulebench.core.encounter_fit import encounter_fit
from rulebench.core.errors import BadInput, EncounterError
from rulebench.core.i18n import _
from rulebench.core.loop import play
from rulebench.core.values import PluginInfo, RulesetInfo

__all__ = ["Inspection", "Validation", "show", "validate"]


@dataclass
class Validation:
    """Every problem of one encounter file (``rulebench validate``).

    Attributes:
        source: the file, as text that can always be printed.
        encounter: the encounter, when the file itself is valid (it may still not fit a ruleset).
        problems: ``(field path, what is wrong and what was expected)``, the path like ``party[0].melee``.
        labels: what a message shows after a list position (``{"party[2]": "Cleric"}``).
        warnings: what could not be checked (plugins that failed to load, rulesets not installed).
    """

    source: str
    encounter: Encounter | None
    problems: list[tuple[str, str]] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        """Whether every command can take the file: no problem found."""
        return not self.problems

    def error(self) -> EncounterError | None:
        """The problems as one error naming the file and each field (None when valid)."""
        return EncounterError(self.source, self.problems, self.labels) if self.problems else None

    def to_dict(self) -> dict[str, Any]:
        """The ``validate --json`` document; an invalid file adds the ``error`` every failing command prints."""
        document: dict[str, Any] = {
            "file": self.source,
            "valid": self.valid,
            "encounter": self.encounter.name if self.encounter else None,
            "hash": self.encounter.content_hash() if self.encounter else None,
            "problems": [{"field": path, "message": what} for path, what in self.problems],
        }
        error = self.error()
        if error is not None:
            document["error"] = {
                "kind": error.kind,
                "message": str(error),
                "file": error.file,
                "field": error.field,
                "exit_code": error.exit_code,
            }
        return document


def validate(
    encounter: str | Path, rulesets: Sequence[str] | str | None = None, *, catalog: Catalog | None = None
) -> Validation:
    """Check an encounter file for everything a fight could refuse or silently misread.

    The file itself (format, ranges, names), then its fit to the installed rulesets: skills nobody
    reads, overrides of unknown stats or rulesets, scripted decisions no ruleset asks and answers a
    ruleset does not take (under ``rulesets``, or every installed one when None), and each such
    ruleset's setup of the encounter (overrides of the wrong kind of value).

    Raises:
        BadInput: a ruleset in ``rulesets`` is not installed.
    """
    source = display_name(encounter)
    try:
        model = load_encounter(encounter)
    except EncounterError as error:
        return Validation(source, None, error.problems, error.labels)
    catalog = catalog if catalog is not None else discover()
    chosen: list[str] = []
    if rulesets:
        # Imported here (and in show): two helpers of the analysis, not the solver and the sampler its
        # module brings, which a validation or a stat block never uses.
        from rulebench.analysis.analyse import ruleset_names

        chosen = ruleset_names(catalog, rulesets)
    infos = {name: r.info for name, r in catalog.rulesets().items() if isinstance(r.info, RulesetInfo)}
    plugins = [r.info for kind in (MODIFIER, TACTICS) for r in catalog.of_kind(kind).values() if isinstance(r.info, PluginInfo)]
    fit = encounter_fit(model, infos, chosen, plugins)
    result = Validation(source, model, fit.problems, labels(model.model_dump()), [*catalog.warnings, *fit.warnings])
    if not fit.problems:  # a ruleset's setup would only repeat what is wrong already
        for name in chosen or sorted(infos):
            result.problems += _setup_problems(model, name, catalog)
    return result


TRIAL_FIGHTS = 20
"""Fights played to try a scripted encounter: some answers are only wrong in a fight's state (a
member who may not hold back where he stands), and a few fights with their dice find most of them."""


def _setup_problems(encounter: Encounter, ruleset: str, catalog: Catalog) -> list[tuple[str, str]]:
    """What ``ruleset`` refuses when it sets the encounter up, or, when the encounter scripts tactics,
    in one of a few trial fights."""
    fight = None
    try:
        config = configure(encounter, ruleset, catalog=catalog)
        config.new_fight(RandomRoller(0))
        for seed in range(TRIAL_FIGHTS if encounter.tactics.round else 0):
            fight = config.new_fight(RandomRoller(seed))
            play(fight)
    except BadInput as error:
        where, _colon, what = str(error).partition(": ")
        if fight is not None:  # a scripted answer refused in the state a trial fight reached
            table = min(fight.round, len(encounter.tactics.round)) - 1
            what = str(error).removeprefix("tactics: ")
            refused = _("{ruleset} refuses it in trial fight {number} of {count}: {problem}").format(
                ruleset=ruleset, number=seed + 1, count=TRIAL_FIGHTS, problem=what)
            return [(f"tactics.round[{table}]", refused)]
        # The rulesets word setup problems like every problem: 'overrides.dsa."Orc".le: what'.
        return [(where, what)] if what and where.startswith("overrides.") else [("<setup>", f"{ruleset}: {error}")]
    return []


@dataclass
class Inspection:
    """The encounter and each ruleset's derived stat blocks (``rulebench show``).

    Attributes:
        encounter: the encounter.
        source: the file it was read from, if any.
        rulesets: per ruleset, ``{"ruleset", "purposes", "unasked", "combatants": [{"name", "side",
            "engaged", "stats"}], "sides": {side: group stats}}`` in plain JSON types: ``purposes``
            the modifier purposes it asks (None: undeclared), ``unasked`` each ``--plugin`` with
            the purposes it offers that the ruleset never asks.
        warnings: plugins that failed to load.
    """

    encounter: Encounter
    source: str | None
    rulesets: list[dict[str, Any]]
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The ``show --json`` document."""
        return {
            "encounter": self.encounter.model_dump(mode="json"),
            "hash": self.encounter.content_hash(),
            "file": self.source,
            "rulesets": self.rulesets,
        }


def show(
    encounter: Encounter | str | Path,
    rulesets: Sequence[str] | str | None = None,
    *,
    plugins: Sequence[str] = (),
    tactics: str | None = None,
    catalog: Catalog | None = None,
) -> Inspection:
    """Each combatant's stat block as each ruleset derives it (every installed one when None).

    Raises:
        BadInput: the file is not a valid encounter, or a ruleset, plugin or tactics is unknown.
    """
    from rulebench.analysis.analyse import ruleset_names

    if isinstance(encounter, Encounter):
        model, source = encounter, None
    else:
        model, source = load_encounter(encounter), display_name(encounter)
    catalog = catalog if catalog is not None else discover()
    blocks = [stat_blocks(model, name, catalog, plugins, tactics) for name in ruleset_names(catalog, rulesets)]
    return Inspection(model, source, blocks, list(catalog.warnings))


def stat_blocks(
    encounter: Encounter, ruleset: str, catalog: Catalog, plugins: Sequence[str] = (), tactics: str | None = None
) -> dict[str, Any]:
    """One ruleset's derived stats: set a fight up (no die is rolled) and read its stat blocks."""
    from rulebench.analysis.analyse import jsonable

    config = configure(encounter, ruleset, catalog=catalog, plugins=plugins, tactics=tactics)
    fight = config.new_fight(RandomRoller(0))
    purposes = config.ruleset.purposes
    result: dict[str, Any] = jsonable({
        "ruleset": ruleset,
        "purposes": None if purposes is None else list(purposes),
        "unasked": {plugin: list(unasked) for plugin, unasked in config.unasked},
        "combatants": [{"name": c.name, "side": c.side, "engaged": c.engaged, "stats": c.stats} for c in fight.combatants],
        "sides": {side.name: side.stats for side in (fight.party, fight.enemy) if side.stats},
    })
    return result
