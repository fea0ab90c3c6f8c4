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

import ast
import copy
import importlib
import inspect
import json
import pkgutil
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from math import sqrt
from types import FrameType, ModuleType
from typing import Any, NoReturn

from rulebench.analysis.exact import DEFAULT_MAX_STATES, StateBudgetExceeded, solve
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.combatants import Combatant
from rulebench.core.dice import Dice, RandomRoller, Roller, ScriptedRoller
from rulebench.core.discovery import RULESET, Catalog, PluginRecord, discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.fight import Fight
from rulebench.core.i18n import N_, SOURCE_LANGUAGE, _, format_integer, ngettext, speaking
from rulebench.core.loop import play, play_round
from rulebench.core.outcome import EndState, FightResult, Outcome
from rulebench.core.plugin_errors import PluginError
from rulebench.core.values import RulesetInfo
from rulebench.testing.catalogs import domains_of, problems
from rulebench.testing.differences import Rounds, Trace, dice_difference, play_traced, result_difference, state_difference
from rulebench.testing.fresh import FreshProcessFailed, to_json, trace_in_fresh_process
from rulebench.testing.purposes import PURPOSE_FIGHTS, asked_purposes, purposes_detail, undeclared_purposes

SHOWN_PROBLEMS = 5
"""How many catalog problems the ``catalogs`` check names before it counts the rest."""
REQUIRED_HOOKS = ("rulebench_setup", "rulebench_initiative", "rulebench_round_end", "rulebench_end_state")
FORBIDDEN_MODULES = ("random", "secrets", "numpy.random")

WEAPONS = ("1d6", "1d8", "1d4+1", "2d6", "1d10", "none")
PARTY_TRAITS = ("magic_weapon", "silver_weapon", "magic_armour")
ENEMY_TRAITS = ("undead", "ghost", "demon")
SKILLS = ("robust", "dodge", "arcane_armour", "attention", "alertness")


class ConformanceFailure(AssertionError):
    """A ruleset broke a rule of the kit; the message says which fight, which dice and what differed."""


class CheckTimeout(ConformanceFailure):
    """A single fight ran past the hard time cap: a hook that loops, or a fight that never ends."""


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


# -- generated encounters ----------------------------------------------------------------------


def _member(rng: random.Random, name: str, enemy: bool, small: bool) -> dict[str, Any]:
    member: dict[str, Any] = {
        "name": name,
        "melee": rng.randint(0, 8),
        "ranged": rng.randint(0, 8),
        "armour": rng.randint(0, 4),
        "weapon": rng.choice(WEAPONS),
        "body": rng.randint(1, 5),
        "speed": rng.randint(0, 5),
        "mind": rng.randint(0, 5),
        "life": rng.randint(1, 2 if small else 6),
        "traits": rng.sample(ENEMY_TRAITS if enemy else PARTY_TRAITS, rng.randint(0, 0 if small else 2)),
        "skills": rng.sample(SKILLS, rng.randint(0, 0 if small else 2)),
    }
    if enemy:
        member["count"] = 1 if small else rng.randint(1, 3)
    else:
        member["fighter"] = True if small else rng.random() < 0.7
    return member


def random_encounter(rng: random.Random, small: bool = False) -> dict[str, Any]:
    """A valid encounter as a TOML-shaped dict: up to four heroes against up to two entries of foes;
    ``small`` is a duel of one hero against one foe of little life, for exact analysis."""
    party = [_member(rng, f"Hero {i + 1}", False, small) for i in range(1 if small else rng.randint(1, 4))]
    if not any(m["fighter"] for m in party):
        party[0]["fighter"] = True
    enemies = [_member(rng, f"Foe {chr(65 + i)}", True, small) for i in range(1 if small else rng.randint(1, 2))]
    ambush = False if small else rng.random() < 0.3
    return {
        "name": "generated",
        "ambush_from_behind": ambush,
        # An ambush from behind means the enemy surprises; the encounter refuses surprise = "party" then.
        "surprise": "none" if small else rng.choice(("none", "enemy") if ambush else ("none", "party", "enemy")),
        "forced": False if small else rng.random() < 0.5,
        "mode": "melee" if small else rng.choice(("melee", "ranged", "mixed")),
        "party": party,
        "enemy": {"grouped": False if small else rng.random() < 0.5, "raiders": False, "members": enemies},
    }


def describe(data: dict[str, Any] | Encounter) -> str:
    """An encounter dict in one line, enough to rebuild it in a file (a loaded encounter by its name)."""
    if isinstance(data, Encounter):
        return repr(data.name)

    def who(m: dict[str, Any]) -> str:
        count = f"{m['count']}x " if m.get("count", 1) != 1 else ""
        extras = "".join(f" {t}" for t in (*m["traits"], *m["skills"]))
        return (f"{count}{m['name']} (melee {m['melee']}, ranged {m['ranged']}, armour {m['armour']}, "
                f"weapon {m['weapon']}, body {m['body']}, speed {m['speed']}, mind {m['mind']}, life {m['life']}{extras})")
    flags = [k for k in ("ambush_from_behind", "forced") if data.get(k)]
    flags += [k for k in ("grouped", "raiders") if data["enemy"].get(k)]
    head = f"surprise {data['surprise']}, mode {data['mode']}" + "".join(f", {f}" for f in flags)
    return f"[{head}] " + "; ".join(map(who, data["party"])) + " vs " + "; ".join(map(who, data["enemy"]["members"]))


# -- recording dice ----------------------------------------------------------------------------


class DiceTape:
    """A roller wrapper that passes every die through from ``roller`` and writes its face down, so
    a fight can be replayed as scripted dice; the fight sees ``roller``'s dice and faces unchanged.

    Attributes:
        roller: the roller the dice come from.
        faces: every face so far, in order: ``ScriptedRoller(tape.faces)`` replays the fight.
        last_faces: the faces of the last die or roll, as the wrapped roller gave them.
    """

    def __init__(self, roller: Roller) -> None:
        self.roller = roller
        self.faces: list[int] = []
        self.last_faces: tuple[int, ...] | None = None

    def die(self, sides: int) -> int:
        """One die of the wrapped roller, written down."""
        face = self.roller.die(sides)
        self.last_faces = self.roller.last_faces
        self.faces.append(face)
        return face

    def roll(self, dice: Dice) -> int:
        """A roll of the wrapped roller, each face written down."""
        total = self.roller.roll(dice)
        self.last_faces = self.roller.last_faces
        self.faces.extend(self.last_faces or ())
        return total


def RecordingRoller(seed: int | str) -> DiceTape:
    """Deprecated: ``DiceTape(RandomRoller(seed))``, the same faces written down without a roller subclass."""
    return DiceTape(RandomRoller(seed))


def _drawn(roller: RandomRoller) -> object:
    """Where ``roller``'s random stream stands: two fights from one seed that drew the same random
    numbers stand at the same place, however their rules read them."""
    return roller.stream.getstate()


# -- time caps ---------------------------------------------------------------------------------


@contextmanager
def hard_cap(seconds: float, what: str) -> Iterator[None]:
    """Stop whatever runs inside after ``seconds`` (main thread on Unix; elsewhere no cap)."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: FrameType | None) -> None:
        raise CheckTimeout(_("{what} took longer than {seconds} s: a hook that never returns, or a fight that never ends").format(
            what=what, seconds=f"{seconds:.0f}"))

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- one fight, played every way ---------------------------------------------------------------


def _play(fight: Fight) -> FightResult:
    """``play(fight)`` in the source language: the kit compares what rules answer (a condition's
    name, which a ruleset may translate while it records), not what a reader is shown."""
    with speaking(SOURCE_LANGUAGE):
        return play(fight)


def _play_traced(fight: Fight) -> tuple[FightResult, Rounds]:
    """``play_traced(fight)`` in the source language, as ``_play``."""
    with speaking(SOURCE_LANGUAGE):
        return play_traced(fight)


class FightChecks:
    """Plays one ruleset's fights every way the kit compares; each method raises ``ConformanceFailure``."""

    def __init__(self, ruleset: str, catalog: Catalog | None = None) -> None:
        self.ruleset = ruleset
        self.catalog = catalog if catalog is not None else discover()

    def encounter(self, data: dict[str, Any] | Encounter) -> Encounter:
        """A generated encounter validated, or a loaded one as it is."""
        return data if isinstance(data, Encounter) else encounter_from_dict(data)

    def config(self, encounter: Encounter, check: bool = True) -> FightConfig:
        """The ruleset's configuration for ``encounter``, state guards on unless ``check`` is False."""
        return configure(encounter, self.ruleset, catalog=self.catalog, check=check)

    def names(self, data: dict[str, Any] | Encounter) -> list[str]:
        """The combatants' names in the order of a result's fates: the party, then the expanded enemies."""
        encounter = self.encounter(data)
        return [m.name for m in encounter.party] + [m.name for m in encounter.enemies()]

    def play(
        self, data: dict[str, Any] | Encounter, seed: int | str, *, record: bool = False, direct: bool = True, check: bool = True
    ) -> tuple[FightResult, object]:
        """One fight of ``data`` from ``seed`` on a plain ``RandomRoller``, as compare plays it: its
        result and where the random stream stands after it (``_drawn``).

        ``direct`` False asks the ruleset's default tactics through ``decide`` instead of letting it
        take them directly (``Fight.default_tactics``); ``check`` False plays without the state guards.
        """
        roller = RandomRoller(seed)
        return _play(self._fight(data, roller, record=record, direct=direct, check=check)), _drawn(roller)

    def faces(
        self, data: dict[str, Any] | Encounter, seed: int | str, *, record: bool = False, direct: bool = True, check: bool = True
    ) -> tuple[FightResult, list[int]]:
        """The fight ``play`` plays, with every face written down (``DiceTape``): its result and its dice."""
        tape = DiceTape(RandomRoller(seed))
        return _play(self._fight(data, tape, record=record, direct=direct, check=check)), tape.faces

    def trace(
        self, data: dict[str, Any] | Encounter, seed: int | str, *, record: bool = False, direct: bool = True, check: bool = True,
        tape: bool = True,
    ) -> Trace:
        """The fight ``play`` plays, round by round: its result, its dice (unless ``tape`` is False,
        to play on the bare roller), its state after each round and, recording, its log."""
        roller: Roller = DiceTape(RandomRoller(seed)) if tape else RandomRoller(seed)
        fight = self._fight(data, roller, record=record, direct=direct, check=check)
        result, states = _play_traced(fight)
        return Trace(result, roller.faces if isinstance(roller, DiceTape) else [], states, list(fight.log or []))

    def _fight(self, data: dict[str, Any] | Encounter, roller: Roller, *, record: bool, direct: bool, check: bool) -> Fight:
        fight = self.config(self.encounter(data), check=check).new_fight(roller, record)
        fight.default_tactics = fight.default_tactics and direct
        return fight

    def check_fight(self, data: dict[str, Any] | Encounter, seed: int) -> None:
        """Every per-fight comparison on one encounter and seed, each fight on the roller compare plays on."""
        where = _("{ruleset} fight of seed {seed} on {encounter}").format(ruleset=self.ruleset, seed=seed, encounter=describe(data))
        try:
            result, drawn = self.play(data, seed)
        except RulebenchError as err:
            raise ConformanceFailure(f"{where}: {err}") from err
        self._fates(result, self.encounter(data), where)
        # Played again without the guards, the fight compare plays from the same seed must be the same one.
        for label, kwargs in (
            (N_("without the state guards"), {"check": False}),
            (N_("with the event log recording"), {"record": True}),
            (N_("with default tactics asked through decide"), {"direct": False}),
        ):
            again, again_drawn = self.play(data, seed, **kwargs)
            # A die only narration needs may be rolled when recording, after every die that matters.
            if again != result or (again_drawn != drawn and not kwargs.get("record")):
                self._differ(where, label, data, seed, kwargs)
        taped, faces = self.faces(data, seed)
        if taped != result:
            expected = self.trace(data, seed, tape=False)
            checked = self.trace(data, seed)
            raise ConformanceFailure(
                _("{where}: played with its dice written down it came out differently: {difference}; {state}").format(
                    where=where, difference=result_difference(checked.result, expected.result, self.names(data)),
                    state=state_difference(checked.states, expected.states))
            )
        self._replay(data, seed, where, result, faces)
        self._snapshot(data, seed, where)

    def _replay(self, data: dict[str, Any] | Encounter, seed: int, where: str, result: FightResult, faces: list[int]) -> None:
        """The fight's dice, scripted, replay it."""
        script = DiceTape(ScriptedRoller(list(faces)))
        fight = self.config(self.encounter(data)).new_fight(script)
        try:
            replayed, states = _play_traced(fight)
        except Exception as err:
            raise ConformanceFailure(_("{where}: its {count} dice, scripted, did not replay it: {error} (dice: {dice})").format(
                where=where, count=len(faces), error=err, dice=_head(faces))) from err
        if replayed != result:
            recorded = self.config(self.encounter(data)).new_fight(ScriptedRoller(list(faces)), record=True)
            _play(recorded)
            raise ConformanceFailure(
                _("{where}: its dice, scripted, replayed it differently: {difference}; {state}; {dice}").format(
                    where=where, difference=result_difference(replayed, result, self.names(data)),
                    state=state_difference(states, self.trace(data, seed).states),
                    dice=dice_difference(script.faces, faces, recorded.log or []))
            )

    def _differ(self, where: str, label: str, data: dict[str, Any] | Encounter, seed: int, kwargs: dict[str, bool]) -> NoReturn:
        """Fail for a fight that came out or drew differently played ``label`` (``kwargs``): what
        differed in its result, its state and its dice, each with both values."""
        expected = self.trace(data, seed)
        checked = self.trace(data, seed, **kwargs)
        # Where the dice part is named by the checked play's log: played recording, if it was not.
        log = checked.log if kwargs.get("record") else self.trace(data, seed, **{**kwargs, "record": True}).log
        dice = dice_difference(checked.faces, expected.faces, log)
        if checked.result == expected.result:
            raise ConformanceFailure(_("{where}: played {how} it came out the same but drew other dice: {dice} (dice: {faces})").format(
                where=where, how=_(label), dice=dice, faces=_head(expected.faces)))
        raise ConformanceFailure(
            _("{where}: played {how} it came out differently: {difference}; {state}; {dice} (dice: {faces})").format(
                where=where, how=_(label), difference=result_difference(checked.result, expected.result, self.names(data)),
                state=state_difference(checked.states, expected.states), dice=dice, faces=_head(expected.faces))
        )

    def _fates(self, result: FightResult, encounter: Encounter, where: str) -> None:
        expanded = len(encounter.party) + sum(m.count for m in encounter.enemy.members)
        if not isinstance(result.outcome, Outcome) or result.rounds < 1:
            raise ConformanceFailure(_("{where}: ended with {outcome!r} after {rounds} rounds").format(
                where=where, outcome=result.outcome, rounds=result.rounds))
        if len(result.fates) != expanded or not all(isinstance(f.state, EndState) and f.condition for f in result.fates):
            raise ConformanceFailure(_("{where}: expected a fate with a condition for each of {count} combatants, got {fates}").format(
                where=where, count=expanded, fates=result.fates))

    def _snapshot(self, data: dict[str, Any] | Encounter, seed: int, where: str) -> None:
        fight = self.config(self.encounter(data)).new_fight(RandomRoller(seed))
        with speaking(SOURCE_LANGUAGE):
            play_round(fight)
        if fight.outcome is not None:
            return
        state = fight.snapshot()
        try:
            hash(state)
        except TypeError as err:
            raise ConformanceFailure(_("{where}: the state after round 1 is not hashable: {error}").format(where=where, error=err)) from err
        fight.restore(state)
        if fight.snapshot() != state:
            raise ConformanceFailure(_("{where}: restoring the snapshot of round 1 gave a different state").format(where=where))
        fight.roller = RandomRoller(f"{seed}:rest")
        rest, rest_states = _play_traced(fight)
        fight.restore(state)
        fight.roller = RandomRoller(f"{seed}:rest")
        again, again_states = _play_traced(fight)
        if again != rest:
            raise ConformanceFailure(
                _("{where}: restored to its snapshot after round 1 and played with the same dice twice, it came out differently "
                  "the second time: {difference}; {state}: something that matters is kept outside fight.vars/combatant.vars").format(
                    where=where, difference=result_difference(again, rest, self.names(data)),
                    state=state_difference(again_states, rest_states))
            )


def _same_fight(one: Trace, other: Trace) -> bool:
    """Whether two plays of one fight from one seed are the same fight: result, dice and every round's state."""
    return one.result == other.result and one.faces == other.faces and one.states == other.states


def _head(faces: list[int], n: int = 24) -> str:
    shown = ",".join(map(str, faces[:n]))
    return shown + (",... " + _("({count} in all)").format(count=len(faces)) if len(faces) > n else "")


# -- module state ------------------------------------------------------------------------------


def plugin_modules(plugin: Any) -> list[ModuleType]:
    """Every module of the package a plugin comes from (a module plugin's package, or a class's module's)."""
    module = plugin if inspect.ismodule(plugin) else inspect.getmodule(type(plugin))
    if module is None:
        return []
    top = module.__name__
    if not hasattr(module, "__path__") and "." in top:
        parent = importlib.import_module(top.rsplit(".", 1)[0])
        if parent.__name__ != "rulebench" and hasattr(parent, "__path__"):
            module, top = parent, parent.__name__
    found = [module]
    if hasattr(module, "__path__"):
        for info in pkgutil.walk_packages(module.__path__, prefix=f"{top}."):
            found.append(importlib.import_module(info.name))
    return found


def imports_of(module: ModuleType) -> set[str]:
    """The modules ``module`` imports (``import a.b`` gives a and a.b; ``from a import b`` gives a and a.b)."""
    try:
        source = inspect.getsource(module)
    except (OSError, TypeError):
        return set()
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found.update(".".join(parts[: i + 1]) for i in range(len(parts)))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _state_of(objects: list[Any]) -> dict[str, Any]:
    """Copies of the plain data held by modules and plugin objects, to find changes made by fights."""
    held: dict[str, Any] = {}
    for owner in objects:
        label = owner.__name__ if inspect.ismodule(owner) else type(owner).__name__
        for name, value in vars(owner).items():
            if name.startswith("__") or inspect.ismodule(value) or callable(value) or isinstance(value, type):
                continue
            try:
                saved = copy.deepcopy(value)
                if saved == value:  # only values compared by content can show a change
                    held[f"{label}.{name}"] = (value, saved)
            except Exception:  # a value that cannot be copied or compared is not watched
                continue
    return held


def _changed(before: dict[str, Any], objects: list[Any]) -> list[str]:
    """Each value of ``before`` (``_state_of``) that changed since, with its value then and now."""
    after = _state_of(objects)
    changed = []
    for name, (value, saved) in before.items():
        now = after.get(name)
        try:
            same = now is not None and now[0] is value and now[0] == saved
        except Exception:
            same = True
        if not same:
            current = _("(gone)") if now is None else _brief(now[0])
            changed.append(_("{name} from {before} to {after}").format(name=name, before=_brief(saved), after=current))
    return changed


def _brief(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut short: a changed table need not fill the report."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- the kit -----------------------------------------------------------------------------------


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
        self.before = _state_of(self.watched)
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
                  "[overrides.{ruleset}] go by the declared ones").format(
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
        if not _same_fight(again, played_first):
            raise ConformanceFailure(
                _("{where} came out differently after {count} other fights: {difference}; {state}; {dice}: state is kept "
                  "outside the fight (a module global, the plugin object, a cache)").format(
                    where=where, count=played - 1, difference=result_difference(again.result, played_first.result, names),
                    state=state_difference(again.states, played_first.states), dice=dice_difference(again.faces, played_first.faces))
            )
        changed = _changed(self.before, self.watched)
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
        if not _same_fight(fresh, played_first):
            raise ConformanceFailure(
                _("{where}, played as a fresh process's first fight, came out differently from the same fight played here after "
                  "others: {difference}; {state}; {dice}: a module global or the plugin object changes in a process's first "
                  "fight").format(
                    where=where, difference=result_difference(fresh.result, played_first.result, names),
                    state=state_difference(fresh.states, played_first.states), dice=dice_difference(fresh.faces, played_first.faces))
            )
        return played + 2, detail + _(", the first replayed in a fresh process")

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
                fight.reset()
                fight.roller = RandomRoller(f"{seed}:{i}")
                wins += _play(fight).outcome is Outcome.PARTY_WINS
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
        before = _state_of(objects)
        first = checks.trace(encounter, seed)
        try:
            for i in range(fights):
                checks.check_fight(encounter, seed + i)
                checked += 1
            again = checks.trace(encounter, seed)
            if not _same_fight(again, first):
                raise ConformanceFailure(
                    _("{name}: the fight of seed {seed} came out differently after {count} other fights: {difference}; {state}; "
                      "{dice}: state is kept outside the fight").format(
                        name=name, seed=seed, count=fights, difference=result_difference(again.result, first.result, checks.names(encounter)),
                        state=state_difference(again.states, first.states), dice=dice_difference(again.faces, first.faces)))
            changed = _changed(before, objects)
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
