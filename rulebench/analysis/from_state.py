"""Analysis from a fight's state in mid-fight: everything after a given round, conditional on it.

A fight played with known dice (a seed, a script, or both) passes through one state after each
round (``Fight._snapshot``). From any of them the rest of the fight is analysed as compare analyses
it from the start: exact where the state fits the same budget (the same solver, given the state as
its ``start``), else sampled from that state, each fight restored to it and played on. The odds
through a fight (:mod:`rulebench.api.odds`) and ``compare --from-round`` are built on this.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebench.analysis.analyse import Analysed, AnalysisOptions, Dropped, attempt, record_provenance
from rulebench.analysis.fixed_checks import verify_run
from rulebench.analysis.precision import half_width
from rulebench.analysis.results import RulesetResult, Tally
from rulebench.analysis.sampling import BLOCK
from rulebench.core.assembly import FightConfig
from rulebench.core.dice import RandomRoller, Roller
from rulebench.core.errors import BadInput
from rulebench.core.fight import Snapshot
from rulebench.core.i18n import _
from rulebench.core.loop import play_out, play_round, result_of


@dataclass(frozen=True)
class Played:
    """A fight played with known dice, as far as it went: the state after setup (round 0) and
    after each round's end, in order, and the last round played."""

    states: tuple[Snapshot, ...]

    @property
    def rounds(self) -> int:
        """How many rounds (or exchanges) the fight lasted."""
        return len(self.states) - 1

    def after(self, number: int) -> Snapshot:
        """The state at the end of round ``number`` (0: as setup left it)."""
        return self.states[number]


def play_states(config: FightConfig, roller: Roller, until: int | None = None) -> Played:
    """Play a fight of ``config`` with ``roller``'s dice, taking its state after setup and after
    every round, up to its end or the end of round ``until``."""
    fight = config.new_fight(roller)
    states = [fight._snapshot()]
    while fight.outcome is None and (until is None or fight.round < until):
        play_round(fight)
        states.append(fight._snapshot())
    return Played(tuple(states))


def state_after(config: FightConfig, roller: Roller, number: int) -> Snapshot:
    """The state of ``config``'s fight with ``roller``'s dice at the end of round ``number``.

    Raises:
        BadInput: ``number`` is negative, or the fight ended before it.
    """
    word = config.ruleset.round_word
    if number < 0:
        raise BadInput(_("--from-round {round}: expected a {word} number, 0 (the start) or more").format(round=number, word=word))
    played = play_states(config, roller, number)
    if played.rounds < number:
        raise BadInput(_("--from-round {round}: this fight under {ruleset} ends after {word} {last}, so there is no {word} "
                         "{round} to fork at; give {last} or less").format(
                             round=number, ruleset=config.ruleset.name, word=word, last=played.rounds))
    return played.after(number)


def check_layout(played: FightConfig, then: FightConfig) -> None:
    """Refuse to go on from a state of ``played`` under ``then`` when their states are laid out
    differently (a plugin that keeps state of its own): the state would not mean the same.

    Raises:
        BadInput: the layouts differ.
    """
    if played is then:
        return
    a, b = played.new_fight(RandomRoller(0)), then.new_fight(RandomRoller(0))
    if tuple(a.vars) != tuple(b.vars) or [tuple(c.vars) for c in a.combatants] != [tuple(c.vars) for c in b.combatants]:
        raise BadInput(_("--from-round: the tactics or plugins given keep fight state of their own under {ruleset}, so the "
                         "state the fight reached cannot be carried over to them; give them from the start with `rulebench "
                         "compare` without --from-round").format(ruleset=then.ruleset.name))


def sample_from(config: FightConfig, start: Snapshot, fights: int, seed: int | str, first: int = 0,
                tally: Tally | None = None) -> Tally:
    """Play fights ``first`` to ``first + fights - 1`` of ``config`` from ``start`` and tally them
    (added to ``tally`` when given): fight ``i`` is rolled from seed ``"{seed}:{i}"``, so a run
    depends only on the seed and how many fights it plays."""
    fight = config.new_fight(RandomRoller(f"{seed}:{first}"))
    tally = tally if tally is not None else Tally(tuple(c.name for c in fight.combatants))
    for i in range(first, first + fights):
        fight._roller = RandomRoller(f"{seed}:{i}")
        fight._restore(start)
        play_out(fight)
        tally.add(result_of(fight))
    verify_run(fight, config)
    return tally


def insisted(config: FightConfig, dropped: Dropped) -> BadInput:
    """The error of ``--exact`` insisted on where exact analysis does not fit (``dropped``)."""
    return BadInput(_("--exact: {ruleset} on {encounter!r}: {reason}; sample with -n FIGHTS or --precision E").format(
        ruleset=config.ruleset.name, encounter=config.encounter.name, reason=dropped.reason))


def analyse_from(config: FightConfig, start: Snapshot, options: AnalysisOptions, seed: int | str | None = None,
                 known: Dropped | None = None) -> Analysed:
    """Analyse the rest of ``config``'s fight from the state ``start`` as ``options`` say: exact
    where it fits (the automatic choice, with the budget compare uses), else sampled from there,
    ``options.fights`` fights or blocks of fights to ``options.stop_precision`` (at most
    ``options.cap``). ``seed`` seeds the sampled fights (default: the options' seed); ``known``
    says why exact analysis is already known not to fit ``start``, which is then sampled without an attempt.

    Raises:
        BadInput: exact analysis was insisted on and the state does not fit.
    """
    dropped = known
    if options.exact is not False and dropped is None:
        solved = attempt(config, options, start)
        if isinstance(solved, RulesetResult):
            return Analysed(record_provenance(config, solved))
        dropped = solved
    if options.exact and dropped is not None:
        raise insisted(config, dropped)
    seed = options.seed if seed is None else seed
    extra: dict[str, object] = {}
    if options.fights is not None:
        tally = sample_from(config, start, options.fights, seed)
        stopped = "fights"
    else:
        precision, stopped = options.stop_precision, "cap"
        tally = sample_from(config, start, BLOCK, seed)
        while int(tally.total) < options.cap:
            if half_width(tally) <= precision:
                stopped = "precision"
                break
            sample_from(config, start, BLOCK, seed, int(tally.total), tally)
        extra = {"precision": precision, "half_width": half_width(tally), "cap": options.cap}
    result = RulesetResult(config.ruleset.name, "sampled", tally, len(config.encounter.party), fights=int(tally.total),
                           seed=options.seed, stopped_by=stopped)
    return Analysed(record_provenance(config, result, extra), dropped)
