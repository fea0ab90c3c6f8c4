"""The conformance kit's checks, runnable without pytest: ``rulebench check NAME``, ``--check`` and ``rulebench.testing``.

Each check plays fights of the ruleset on small generated encounters on the plain random roller
compare plays on, with the state guards of ``--check`` on (``core/plugin_guards.py``), and fails
with a message that says which fight (the encounter and the seed), which dice and what differed,
with both values (``testing/differences.py``: the outcome, the length or a combatant's fate, the
first state value that parts, the first die and its roll in the log). Every check stops drawing
new fights when its time is up, and a fight that hangs is cut off after a hard cap.

The checks:

* ``descriptor``: discovered as a ruleset, with a title, a summary, a source and the hooks every
  ruleset needs; every stat setup derives is declared in ``RulesetInfo.stats``, and every declared
  stat can be overridden by an encounter; every modifier purpose its fights ask is declared in
  ``RulesetInfo.purposes`` (``testing/purposes.py``), and the installed modifiers whose declared
  purposes it never asks are named.
* ``no-random``: no module of the plugin's package imports ``random`` (or ``secrets``, or
  ``numpy.random``): all chance goes through the fight's roller.
* ``fights``: every fight ends, with a fate for everyone; the same seed gives the same fight with
  the state guards on and off (the fight compare plays); recording the event log or not, and
  default tactics taken directly or asked through ``decide``, play the same fight; its dice,
  written down (``DiceTape``) and scripted, replay it; a snapshot taken after a round determines
  the rest of the fight; the state rules hold around every hook call.
* ``no-outside-state``: a fight replayed after others comes out the same, and the same again as
  the first fight of a fresh interpreter (``testing/fresh.py``: a module global that changes only
  in a process's first fight shows there); no module global or plugin attribute changes from
  before the kit's first fight to the end.
* ``sampled-as-compare``: the fights ``compare`` samples, on its own path (rounds or steps walked
  from its memo, fights counted by final state), tally what the same fights played one by one do.
* ``exact-vs-sampled``: on small encounters that exact analysis solves, its party-win probability
  agrees with sampled fights within a wide interval.
* ``carry-rest``: over days of two fights, what a member carries into the next (``rulebench_carry``)
  and what each rest heals (``rulebench_rest``) are JSON-ready answers that depend only on the
  finished fight, setup starts the next fight from them, and no rest makes a member worse or
  revives the dead (``testing/carry_checks.py``).
* ``catalogs``: every catalog a ``Messages`` of the plugin's modules reads (``testing/catalogs.py``)
  has each message of its code in every language's .po, translated and not fuzzy, and its .mo
  says what its .po says. A plugin without a catalog of its own passes (its texts are English).
"""

from __future__ import annotations

import inspect
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import sqrt
from typing import Any

from rulebench.analysis.exact import DEFAULT_MAX_STATES, StateBudgetExceeded, solve
from rulebench.analysis.results import Tally
from rulebench.analysis.sampling import run_chunk
from rulebench.core.assembly import FightConfig
from rulebench.core.combatants import Combatant
from rulebench.core.dice import Dice, RandomRoller
from rulebench.core.discovery import RULESET, Catalog, PluginRecord, discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _, format_integer, ngettext
from rulebench.core.loop import play
from rulebench.core.outcome import Outcome
from rulebench.core.plugin_errors import PluginError
from rulebench.core.values import RulesetInfo
from rulebench.testing.catalogs import domains_of, problems
from rulebench.testing.dice_tape import DiceTape
from rulebench.testing.differences import dice_difference, result_difference, state_difference
from rulebench.testing.encounters import describe, random_encounter
from rulebench.testing.fight_checks import ConformanceFailure, FightChecks, hard_cap, play_in_source_language, same_fight
from rulebench.testing.fresh import FreshProcessFailed, to_json, trace_in_fresh_process
from rulebench.testing.module_state import changed_since, imports_of, plugin_modules, state_of
from rulebench.testing.purposes import PURPOSE_FIGHTS, asked_purposes, purposes_detail, undeclared_purposes

__all__ = ["CheckResult", "ConformanceFailure", "DiceTape", "FightChecks", "Kit", "Report", "check_encounter", "hard_cap", "run"]
"""The kit's names, those it takes from the modules it is made of included (``DiceTape``, ``FightChecks``...)."""

SHOWN_PROBLEMS = 5
"""How many catalog problems the ``catalogs`` check names before it counts the rest."""
REQUIRED_HOOKS = ("rulebench_setup", "rulebench_initiative", "rulebench_round_end", "rulebench_end_state")
FORBIDDEN_MODULES = ("random", "secrets", "numpy.random")


@dataclass
class CheckResult:
    """One check's verdict."""

    name: str
    passed: bool
    detail: str
    seconds: float
    fights: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The ``check --json`` row."""
        return {"check": self.name, "passed": self.passed, "detail": self.detail, "seconds": round(self.seconds, 2), "fights": self.fights}


@dataclass
class Report:
    """Every check's verdict for one ruleset."""

    ruleset: str
    package: str
    results: list[CheckResult] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """Whether every check passed."""
        return all(r.passed for r in self.results)

    def to_dict(self) -> dict[str, Any]:
        """The ``check --json`` document."""
        return {"ruleset": self.ruleset, "package": self.package, "passed": self.passed, "checks": [r.to_dict() for r in self.results]}


class Kit:
    """Runs the checks against one ruleset; ``seconds`` is each randomized check's time cap."""

    def __init__(self, ruleset: str, *, catalog: Catalog | None = None, seconds: float = 4.0, fights: int = 40, seed: int = 0) -> None:
        self.catalog = catalog if catalog is not None else discover()
        self.record: PluginRecord = self.catalog.get(ruleset, RULESET)
        self.ruleset = ruleset
        self.seconds = seconds
        self.fights = fights
        self.seed = seed
        self.checks = FightChecks(ruleset, self.catalog)
        self.watched: list[Any] = plugin_modules(self.record.plugin)
        """The plugin's modules, and the plugin object where it is no module: fights must change none of their data."""
        if not inspect.ismodule(self.record.plugin):
            self.watched.append(self.record.plugin)
        self.before = state_of(self.watched)
        """The watched data before the kit's first fight: a value that changes only in the first fight is seen too."""

    def run(self, only: tuple[str, ...] = ()) -> Report:
        """Every check (or those named in ``only``), in order, each to its verdict."""
        report = Report(self.ruleset, f"{self.record.package} {self.record.version}")
        for name, check in self.all_checks().items():
            if only and name not in only:
                continue
            started = time.perf_counter()
            fights = 0
            try:
                with hard_cap(self.seconds * 3 + 10, f"check {name!r}"):
                    fights, detail = check()
                passed = True
            except ConformanceFailure as failure:
                passed, detail = False, str(failure)
            except Exception as err:
                passed, detail = False, f"{type(err).__name__}: {err}"
            report.results.append(CheckResult(name, passed, detail, time.perf_counter() - started, fights))
        return report

    def all_checks(self) -> dict[str, Callable[[], tuple[int, str]]]:
        """The checks by name (see the module docstring)."""
        return {
            "descriptor": self.descriptor,
            "no-random": self.no_random,
            "fights": self.fights_check,
            "no-outside-state": self.no_outside_state,
            "sampled-as-compare": self.sampled_as_compare,
            "exact-vs-sampled": self.exact_vs_sampled,
            "carry-rest": self.carry_rest,
            "catalogs": self.catalogs,
        }

    def _rng(self, salt: str) -> random.Random:
        return random.Random(f"{self.seed}:{salt}")

    def descriptor(self) -> tuple[int, str]:
        """Discovery, descriptor fields, required hooks, and the stats setup derives against those declared."""
        record, info = self.record, self.record.info
        missing = [f for f in ("title", "summary", "source") if not getattr(info, f)]
        if missing:
            raise ConformanceFailure(_("the RulesetInfo of {ruleset!r} has no {fields}").format(ruleset=self.ruleset, fields=", ".join(missing)))
        absent = [h for h in REQUIRED_HOOKS if h not in record.hooks]
        if absent:
            raise ConformanceFailure(_("{ruleset!r} does not implement {hooks}").format(ruleset=self.ruleset, hooks=", ".join(absent)))
        declared = set(getattr(info, "stats", ()))
        data = random_encounter(self._rng("descriptor"))
        config = self.checks.config(encounter_from_dict(data), check=False)
        fight = config.new_fight(RandomRoller(0))
        # A side's stats may hold fixed group data (an order of turns); a combatant's are its stat block.
        derived: dict[str, Combatant] = {}
        for owner in fight.combatants:
            derived.update(dict.fromkeys(owner.stats, owner))
        undeclared = sorted(set(derived) - declared)
        if undeclared:
            raise ConformanceFailure(
                _("setup derives the stats {derived} but RulesetInfo.stats declares only {declared}: `show` and "
                  "[overrides.{ruleset}] go by the declared ones (a value an encounter may set that is no stat is kept in "
                  "fight.vars or a combatant's vars and declared in RulesetInfo.settings)").format(
                    derived=", ".join(undeclared), declared=", ".join(sorted(declared)) or _("none"), ruleset=self.ruleset)
            )
        hero = fight.combatants[0]
        for stat in sorted(declared & set(hero.stats)):
            value = hero.stats[stat]
            if not isinstance(value, (int, Dice)) or isinstance(value, bool):
                continue
            overridden = {**data, "overrides": {self.ruleset: {hero.name: {stat: str(value) if isinstance(value, Dice) else value}}}}
            try:
                self.checks.config(encounter_from_dict(overridden), check=False).new_fight(RandomRoller(0))
            except BadInput as err:
                raise ConformanceFailure(_("the declared stat {stat!r} cannot be overridden for {who}: {error}").format(
                    stat=stat, who=hero.name, error=err)) from err
        rng = self._rng("purposes")
        fights = (self.checks.config(encounter_from_dict(random_encounter(rng)), check=False).new_fight(RandomRoller(rng.randrange(2**32)))
                  for _ in range(PURPOSE_FIGHTS))
        asked = undeclared_purposes(info, asked_purposes(fights)) if isinstance(info, RulesetInfo) else []
        if asked:
            raise ConformanceFailure(
                _("the rules ask modifiers for {asked}, which RulesetInfo.purposes does not declare: a --plugin offering "
                  "them would be told it changes nothing").format(asked=", ".join(asked)))
        detail = _("{stats} declared stats, {hooks} hooks").format(stats=len(declared), hooks=len(record.hooks))
        if isinstance(info, RulesetInfo):
            detail += "; " + purposes_detail(info, self.catalog)
        return 1, detail

    def no_random(self) -> tuple[int, str]:
        """No module of the plugin's package imports a source of chance besides the fight's roller."""
        modules = plugin_modules(self.record.plugin)
        for module in modules:
            bad = sorted(imports_of(module) & set(FORBIDDEN_MODULES))
            if bad:
                raise ConformanceFailure(
                    _("module {module} imports {names}: all chance must go through fight.roll/fight.die, "
                      "or seeds, scripted dice and exact analysis cannot see it").format(module=module.__name__, names=", ".join(bad))
                )
        return 0, _("{count} modules: {names}").format(count=len(modules), names=", ".join(m.__name__ for m in modules))

    def fights_check(self) -> tuple[int, str]:
        """Per-fight comparisons on generated encounters until the count or the time cap is reached."""
        rng = self._rng("fights")
        deadline = time.perf_counter() + self.seconds
        played = 0
        while played < self.fights and time.perf_counter() < deadline:
            data = random_encounter(rng)
            seed = rng.randrange(2**32)
            with hard_cap(self.seconds + 10, _("the fight of seed {seed} on {encounter}").format(seed=seed, encounter=describe(data))):
                self.checks.check_fight(data, seed)
            played += 1
        return played, _("{count} encounters, each fight played 7 ways").format(count=played)

    def no_outside_state(self) -> tuple[int, str]:
        """A fight replayed after others comes out the same, here and as a fresh process's first fight,
        and fights change no module or plugin data."""
        rng = self._rng("outside")
        first = random_encounter(rng)
        seed = rng.randrange(2**32)
        where = _("the fight of seed {seed} on {encounter}").format(seed=seed, encounter=describe(first))
        names = self.checks.names(first)
        played_first = self.checks.trace(first, seed)
        deadline = time.perf_counter() + self.seconds
        played = 1
        while played < self.fights and time.perf_counter() < deadline:
            self.checks.play(random_encounter(rng), rng.randrange(2**32))
            played += 1
        again = self.checks.trace(first, seed)
        if not same_fight(again, played_first):
            raise ConformanceFailure(
                _("{where} came out differently after {count} other fights: {difference}; {state}; {dice}: state is kept "
                  "outside the fight (a module global, the plugin object, a cache)").format(
                    where=where, count=played - 1, difference=result_difference(again.result, played_first.result, names),
                    state=state_difference(again.states, played_first.states), dice=dice_difference(again.faces, played_first.faces))
            )
        changed = changed_since(self.before, self.watched)
        if changed:
            raise ConformanceFailure(
                _("playing fights changed {names}: state kept outside the fight (module globals or plugin attributes) "
                  "leaks from one fight into the next; keep it in fight.vars/combatant.vars").format(names="; ".join(changed))
            )
        detail = _("{count} fights, {values} module values watched").format(count=played + 1, values=len(self.before))
        if not self.record.installed:
            # A fresh interpreter finds only installed plugins; one given to discover(extra=...) stays here.
            return played + 1, detail + _(", not replayed in a fresh process (the plugin is not installed)")
        try:
            fresh = trace_in_fresh_process(self.ruleset, first, seed)
        except FreshProcessFailed as err:
            raise ConformanceFailure(_("{where} could not be played in a fresh process: {error}").format(where=where, error=err)) from err
        if not same_fight(fresh, played_first):
            raise ConformanceFailure(
                _("{where}, played as a fresh process's first fight, came out differently from the same fight played here after "
                  "others: {difference}; {state}; {dice}: a module global or the plugin object changes in a process's first "
                  "fight").format(
                    where=where, difference=result_difference(fresh.result, played_first.result, names),
                    state=state_difference(fresh.states, played_first.states), dice=dice_difference(fresh.faces, played_first.faces))
            )
        return played + 2, detail + _(", the first replayed in a fresh process")

    def sampled_as_compare(self, size: int = 150) -> tuple[int, str]:
        """The fights compare samples (``run_chunk``: its memo, its counting by final state) tally what
        the same fights, from the same random numbers, played one by one tally; two chunks per
        encounter, so the second walks what the first taught the memo."""
        rng = self._rng("compare")
        deadline = time.perf_counter() + self.seconds
        encounters = 0
        while encounters == 0 or (encounters < 4 and time.perf_counter() < deadline):
            data = random_encounter(rng)
            config = self.checks.config(encounter_from_dict(data), check=False)
            for seed in (rng.randrange(2**32), rng.randrange(2**32)):
                sampled, plain = run_chunk(config, seed, 0, size), played_one_by_one(config, seed, size)
                if sampled != plain:
                    raise ConformanceFailure(
                        _("on {encounter}, the {count} fights compare samples from seed {seed} tally {sampled} but the same fights "
                          "played one by one tally {plain}: a round's or a step's result depends on more than the fight's state "
                          "and the dice (state kept outside fight.vars, a face read of a roll in a fight nobody records)").format(
                            encounter=describe(data), count=size, seed=seed, sampled=dict(sampled.outcomes), plain=dict(plain.outcomes)))
            encounters += 1
        return 2 * encounters * size, _("{count} encounters, two chunks each").format(count=encounters)

    def exact_vs_sampled(self, sampled: int = 1500, max_states: int = DEFAULT_MAX_STATES) -> tuple[int, str]:
        """Exact analysis and sampled fights agree on party wins for small generated duels."""
        rng = self._rng("exact")
        deadline = time.perf_counter() + self.seconds
        compared, tried, over = 0, 0, 0
        # At least one duel is compared whatever the time cap; more while time is left.
        while tried < 12 and (compared == 0 or (compared < 3 and time.perf_counter() < deadline)):
            data = random_encounter(rng, small=True)
            tried += 1
            config = self.checks.config(encounter_from_dict(data), check=False)
            try:
                exact = solve(config, max_states=max_states, fractions=False, early=True)
            except StateBudgetExceeded:
                over += 1
                continue
            p = float(exact.outcomes[Outcome.PARTY_WINS.value])
            seed = rng.randrange(2**32)
            fight = config.new_fight(RandomRoller(seed))
            wins = 0
            for i in range(sampled):
                fight._reset()
                fight._roller = RandomRoller(f"{seed}:{i}")
                wins += play_in_source_language(fight).outcome is Outcome.PARTY_WINS
            rate = wins / sampled
            spread = 4.5 * sqrt(max(p * (1 - p), 1 / sampled) / sampled)  # ~1 in 150,000 by chance
            if abs(rate - p) > spread:
                raise ConformanceFailure(
                    _("on {encounter}, exact analysis gives party_wins {exact} but {count} sampled fights (seeds '{seed}:0'...) "
                      "give {rate}, {errors} standard errors apart: a snapshot does not carry the whole state (a key created "
                      "after setup, state outside the fight) or a chain's key does not determine it").format(
                        encounter=describe(data), exact=f"{p:.4f}", count=sampled, seed=seed, rate=f"{rate:.4f}",
                        errors=f"{abs(rate - p) / spread * 4.5:.1f}")
                )
            compared += 1
        if compared == 0:
            raise ConformanceFailure(
                _("exact analysis solved none of {tried} duels of one hero against one foe of life 1-2 within {states} states "
                  "({over} over budget): return a tuple from rulebench_initiative and resolve turns in rulebench_turn so states "
                  "merge between turns (docs/writing-a-ruleset.md)").format(tried=tried, states=format_integer(max_states), over=over)
            )
        return compared * sampled, _("{count} duels agree ({over} of {tried} over the budget)").format(count=compared, over=over, tried=tried)


    def carry_rest(self) -> tuple[int, str]:
        """The carry and rest hooks on the survivors of generated first fights (``testing/carry_checks.py``)."""
        from rulebench.testing.carry_checks import CarryChecks, CarryFailure

        checks = CarryChecks(self.ruleset, self.catalog)
        rng = self._rng("carry")
        deadline = time.perf_counter() + self.seconds
        days = carrying = 0
        while days < self.fights and (days == 0 or time.perf_counter() < deadline):
            data = random_encounter(rng)
            seed = rng.randrange(2**32)
            where = _("the day of seed {seed} on {encounter}").format(seed=seed, encounter=describe(data))
            with hard_cap(self.seconds + 10, where):
                try:
                    carrying += checks.check_day(data, seed, where)
                except CarryFailure as failure:
                    raise ConformanceFailure(str(failure)) from failure
            days += 1
        played = ngettext("{count} day of two fights", "{count} days of two fights", days).format(count=days)
        carried = ngettext("{count} member carried something", "{count} members carried something", carrying).format(count=carrying)
        return days * 5, f"{played}, {carried}"  # five fights a day: the first, and the next from each of four states

    def catalogs(self) -> tuple[int, str]:
        """The catalogs of every ``Messages`` the plugin's modules build: each message of its code in
        every language's .po, translated, not fuzzy, and compiled into the .mo that ships."""
        domains = domains_of(plugin_modules(self.record.plugin))
        if not domains:
            return 0, _("no catalog of its own: its texts are English only")
        found = problems(domains)
        if found:
            shown = "; ".join(found[:SHOWN_PROBLEMS])
            if len(found) > SHOWN_PROBLEMS:
                shown += "; " + _("{count} more").format(count=len(found) - SHOWN_PROBLEMS)
            raise ConformanceFailure(
                ngettext("{count} problem keeps its catalogs from shipping: {problems}. Update, translate and compile them "
                         "(python -m rulebench.testing.catalogs update, then compile, from the project's folder)",
                         "{count} problems keep its catalogs from shipping: {problems}. Update, translate and compile them "
                         "(python -m rulebench.testing.catalogs update, then compile, from the project's folder)",
                         len(found)).format(count=len(found), problems=shown))
        languages = sorted({lang for domain in domains for lang in domain.languages()})
        return 0, _("{domains}: {languages}; every message translated and compiled").format(
            domains=", ".join(domain.name for domain in domains), languages=", ".join(languages) or _("no translation yet"))


def run(ruleset: str, *, seconds: float = 4.0, fights: int = 40, seed: int = 0, catalog: Catalog | None = None) -> Report:
    """Run the kit against an installed ruleset (``rulebench check NAME``)."""
    return Kit(ruleset, catalog=catalog, seconds=seconds, fights=fights, seed=seed).run()


def check_encounter(encounter: Encounter, rulesets: list[str], *, catalog: Catalog | None = None, fights: int = 5, seed: int = 0) -> int:
    """``--check``: play ``fights`` fights of ``encounter`` under each ruleset every way the kit compares,
    with the state guards on, then replay the first after the others and watch the plugins' module data.

    Returns:
        How many fights were checked.

    Raises:
        PluginError: a fight that differs, a state rule broken, or state kept outside the fight.
    """
    catalog = catalog if catalog is not None else discover()
    checked = 0
    for name in rulesets:
        checks = FightChecks(name, catalog)
        record = catalog.get(name, RULESET)
        objects: list[Any] = plugin_modules(record.plugin)
        before = state_of(objects)
        first = checks.trace(encounter, seed)
        try:
            for i in range(fights):
                checks.check_fight(encounter, seed + i)
                checked += 1
            again = checks.trace(encounter, seed)
            if not same_fight(again, first):
                raise ConformanceFailure(
                    _("{name}: the fight of seed {seed} came out differently after {count} other fights: {difference}; {state}; "
                      "{dice}: state is kept outside the fight").format(
                        name=name, seed=seed, count=fights, difference=result_difference(again.result, first.result, checks.names(encounter)),
                        state=state_difference(again.states, first.states), dice=dice_difference(again.faces, first.faces)))
            changed = changed_since(before, objects)
            if changed:
                raise ConformanceFailure(_("{name}: playing fights changed {names}: state kept outside the fight").format(
                    name=name, names="; ".join(changed)))
        except ConformanceFailure as failure:
            raise PluginError(f"--check: {failure}", plugin=name, package=f"{record.package} {record.version}") from None
    return checked


def fresh_process_fight() -> int:
    """The fresh process's side of ``no-outside-state`` (``testing/fresh.py``): play the fight the
    request on stdin names, the first of this interpreter, and print its trace as JSON."""
    request = json.loads(sys.stdin.read())
    trace = FightChecks(request["ruleset"]).trace(request["encounter"], request["seed"])
    sys.stdout.write(json.dumps(to_json(trace)))
    return 0


if __name__ == "__main__":
    raise SystemExit(fresh_process_fight())


def played_one_by_one(config: FightConfig, seed: int, size: int) -> Tally:
    """Chunk 0 of ``seed`` as ``run_chunk`` plays it, each fight played round by round to its result."""
    fight = config.new_fight(RandomRoller(f"{seed}:0"))
    tally = Tally(tuple(c.name for c in fight.combatants))
    for _i in range(size):
        fight._reset()
        tally.add(play(fight))
    return tally
