"""A fight forked at a round (``compare --from-round K``): everything after it, conditional on its state.

Each ruleset's fight is played with the given dice (a seed, a script, or the script and then the
seed's dice, as ``rulebench fight`` plays it: the ruleset's own tactics, the default plugins) to
the end of round ``K``; from the state it reached, the rest is analysed as compare analyses a
fight from its start (exact where it fits, with the same solver, else sampled from that state),
under the options' tactics and plugins from that moment on: "what if they had fled now".

>>> forked = compare_from("examples/ogre-duel.toml", ["dsa"], 5, seed=7)   # doctest: +SKIP
>>> forked.comparison.results[0].outcomes                                   # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from rulebench.analysis.analyse import Analysed, AnalysisOptions, load, ruleset_names
from rulebench.analysis.from_state import analyse_from, check_layout, state_after
from rulebench.analysis.notes import Notes
from rulebench.api.analyses import Comparison
from rulebench.api.labels import DEFAULT_TACTICS
from rulebench.api.narrated_fight import dice_script, dice_source
from rulebench.api.tactics_comparison import TacticsComparison, TacticsEntry
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import DiceScriptError
from rulebench.core.discovery import TACTICS, Catalog, discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput
from rulebench.core.fight import Fight
from rulebench.core.i18n import _
from rulebench.core.loop import fates
from rulebench.core.outcome import Fate


@dataclass(frozen=True)
class ForkState:
    """Where one ruleset's fight stood at the fork: each combatant's name and fate as of then."""

    ruleset: str
    unit: str
    fates: tuple[tuple[str, Fate], ...]
    over: str | None = None
    """The outcome, when the fight ended in the round forked at (nothing is left to analyse)."""

    def to_dict(self) -> dict[str, Any]:
        """``conditional.states`` entry of the ``compare --from-round --json`` document."""
        return {"ruleset": self.ruleset, "outcome": self.over,
                "combatants": [{"name": n, "end_state": f.state.value, "condition": f.condition} for n, f in self.fates]}


@dataclass
class Forked:
    """Rulesets compared from a round of a fight on (``compare --from-round``).

    Attributes:
        comparison: the usual comparison (under several tactics, a :class:`TacticsComparison`), conditional on the fork.
        round: the round (or exchange) at whose end the fight was forked.
        seed: the seed of the fight's dice (after the script, when both).
        script: the scripted dice, or None.
        states: where each ruleset's fight stood then.
    """

    comparison: Comparison | TacticsComparison
    round: int
    seed: int | None
    script: tuple[int, ...] | None
    states: list[ForkState] = field(default_factory=list)

    def to_dict(self, fractions: bool = False) -> dict[str, Any]:
        """The ``compare --json`` document with ``conditional``: the fork it is conditional on."""
        return {**self.comparison.to_dict(fractions), "conditional": {
            "from_round": self.round, "seed": self.seed, "dice": list(self.script) if self.script is not None else None,
            "states": [s.to_dict() for s in self.states]}}


def _fork_state(fight: Fight, config: FightConfig) -> ForkState:
    over = fight.outcome.value if fight.outcome is not None else None
    return ForkState(config.ruleset.name, config.ruleset.round_word,
                     tuple((c.name, f) for c, f in zip(fight.combatants, fates(fight))), over)


def compare_from(
    encounter: Encounter | str | Path,
    rulesets: Sequence[str] | str | None,
    round_number: int,
    *,
    seed: int | None = None,
    dice: str | Sequence[int] | None = None,
    options: AnalysisOptions | None = None,
    tactics_list: Sequence[str | None] | None = None,
    catalog: Catalog | None = None,
) -> Forked:
    """Play each ruleset's fight to the end of ``round_number`` and analyse the rest from its state.

    Args:
        encounter: an :class:`Encounter` or the path of a TOML file.
        rulesets: ruleset names; every loaded ruleset when None.
        round_number: the round (dsa: exchange) at whose end to fork; 0 forks at the start.
        seed: the fight's seed (after ``dice`` when both are given); also seeds sampling from the state.
        dice: scripted die results, taken first.
        options: how to analyse the rest; its tactics and plugins apply from the fork on.
        tactics_list: several tactics to compare from the fork on (None: the options' own).
        catalog: discovered plugins, to reuse between calls.

    Raises:
        BadInput: bad dice, a round beyond a fight's end, tactics or plugins whose state does not
            fit the fight's, or as ``compare``.
    """
    options = options or AnalysisOptions()
    model, source = load(encounter)
    catalog = catalog if catalog is not None else discover()
    script = dice_script(dice)
    if script is None and seed is None:
        seed = options.seed
    new_roller = dice_source(seed, script)
    chosen: list[str | None] = [None if t in (None, DEFAULT_TACTICS) else t for t in tactics_list] if tactics_list else [options.tactics]
    for name in chosen:
        if name is not None:
            catalog.get(name, TACTICS)
    sampling = replace(options, seed=seed if seed is not None else options.seed)
    entries: list[TacticsEntry] = []
    states: list[ForkState] = []
    notes = Notes()
    for ruleset in ruleset_names(catalog, rulesets):
        played = configure(model, ruleset, catalog=catalog)
        try:
            state = state_after(played, new_roller(), round_number)
        except DiceScriptError as err:
            raise BadInput(_("{problem} (before the end of {word} {round})").format(
                problem=err, word=played.ruleset.round_word, round=round_number)) from None
        fight = played.new_fight(new_roller())
        fight._restore(state)
        states.append(_fork_state(fight, played))
        for name in chosen:
            then = configure(model, ruleset, catalog=catalog, plugins=options.plugins, tactics=name)
            check_layout(played, then)
            done: Analysed = analyse_from(then, state, replace(sampling, tactics=name))
            label = f"{ruleset} · {name or DEFAULT_TACTICS}" if len(chosen) > 1 else ruleset
            notes.add(label, done, options)
            entries.append(TacticsEntry(ruleset, name, done.result))
    warnings = list(catalog.warnings)
    comparison: Comparison | TacticsComparison
    if len(chosen) > 1:
        comparison = TacticsComparison(model, source, chosen, entries, warnings, notes.lines(), notes)
    else:
        comparison = Comparison(model, source, [e.result for e in entries], warnings, notes.lines(), notes)
    return Forked(comparison, round_number, seed, script, states)
