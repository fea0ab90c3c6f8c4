"""Fight state: combatants, sides, the roller, the event log, and the hashable snapshot.

Everything that matters for the rest of a fight lives in ``fight.vars`` and ``combatant.vars``.
Their keys are fixed once setup is over (``freeze``), so a state is just the tuple of their values
(``snapshot``) and can be put back (``restore``): Monte Carlo resets a fight that way, and exact
analysis merges equal states between rounds.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import cache, partial
from typing import TYPE_CHECKING, Any, Protocol, cast

from rulebench.core import plugin_errors
from rulebench.core.chain import Done, Step, function_key
from rulebench.core.combatants import ENEMY, PARTY, Combatant, Side, StateValue
from rulebench.core.deprecation import keep_old_names
from rulebench.core.dice import Dice, DiceError, Roller
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.event_facts import json_ready
from rulebench.core.fixed_state import stats_at_freeze
from rulebench.core.i18n import _
from rulebench.core.outcome import Outcome
from rulebench.core.protocols import ChainSolver, RoundClock
from rulebench.core.values import Attack, Decision, Health, Modifier

if TYPE_CHECKING:
    from rulebench.core.encounter import Encounter


_IGNORED: Callable[..., Any] = type.__prepare__
"""A built-in that takes any arguments and ignores them (it returns a new empty dict): a silent
fight's ``emit`` and ``explain``, which cost no call frame and no dictionary of facts."""

SCRIPT = "script"
"""Who answered a decision the encounter's ``[[tactics.round]]`` tables answered (``Fight.decide``)."""

Snapshot = tuple[Any, ...]
"""A fight state as ``Fight._snapshot`` takes it: round, outcome, pending turns, then the values of
``fight.vars`` and of each combatant's ``vars`` (all hashable, so a snapshot is a dictionary key)."""


class Rules(Protocol):
    """What a fight calls back into during play: the kernel's resolved hooks (``core/dispatch.py``),
    one callable per hook, each taking the fight first."""

    setup: Callable[[Fight], None]
    round_start: Callable[[Fight], None]
    initiative: Callable[[Fight], Any]
    turn: Callable[[Fight, Any], Any]
    attack: Callable[..., Any]
    damage: Callable[..., Any]
    wounds: Callable[..., Any]
    round_end: Callable[[Fight], Any]
    fight_end: Callable[[Fight], None]
    end_state: Callable[[Fight, Combatant], Any]

    def narrate(self, fight: Fight, event: dict[str, Any]) -> str:
        """The sentence for one recorded event (``rulebench_narrate``)."""
        ...

    def health(self, fight: Fight, combatant: Combatant) -> Health | None:
        """A combatant's condition in neutral terms (``rulebench_health``)."""
        ...

    def modifiers(self, fight: Fight, combatant: Combatant, purpose: str, against: Any = None) -> Sequence[Modifier]:
        """Every plugin's modifiers for one of ``combatant``'s values (``rulebench_modifiers``)."""
        ...

    def decide(self, fight: Fight, decision: Decision) -> Any:
        """The first tactics source's answer to ``decision`` (``rulebench_decide``)."""
        ...

    def decide_by(self, fight: Fight, decision: Decision) -> tuple[Any, str | None]:
        """``decide``'s answer and the name of the source that gave it (``script`` for the
        encounter's tables, None where it cannot tell)."""
        ...

    def carry(self, fight: Fight, combatant: Combatant) -> dict[str, Any] | None:
        """What of ``combatant``'s state carries into the next fight of a day (``rulebench_carry``)."""
        ...

    def rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        """What a rest leaves of ``combatant``'s carried state (``rulebench_rest``)."""
        ...

    def party_finished(self, fight: Fight) -> bool | None:
        """Whether the day ends for the party after this fight (``rulebench_party_finished``)."""
        ...


PLUGIN_FACING = frozenset({
    "vars", "round", "party", "enemy", "combatants", "side_of", "opponents_of", "encounter", "ruleset", "outcome",
    "roll", "die", "check", "chain", "decide", "modifiers", "override", "emit", "explain", "recording", "log",
    "default_tactics", "static_modifiers", "cache", "health", "carried", "last_faces", "strike",
})
"""What rules code uses of a fight (docs/writing-a-ruleset.md, "Rules every ruleset keeps")."""

KERNEL_ONLY = frozenset({"rules", "roller", "round_watch", "pending", "remember_modifiers", "unused_overrides", "freeze",
                         "reset", "snapshot", "restore"})
"""Old public names of the kernel's and the solvers' members, private now (``_snapshot``); each warns."""


class Fight:
    """One fight between the encounter's party and enemy under one ruleset.

    Rules code reads and writes ``vars``, rolls through ``roll``/``die``, asks ``decide``, gathers
    ``modifiers`` and reports what happened through ``emit``, as facts; the narration renders them
    (``rulebench_narrate``) only while the fight records. ``PLUGIN_FACING`` lists what a plugin
    uses; the kernel's and the solvers' are private, their old names (``KERNEL_ONLY``) deprecated.
    """

    def __init__(
        self, encounter: Encounter, ruleset: str, rules: Rules, roller: Roller, record: bool = False,
        carried: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> None:
        self.encounter = encounter
        """The encounter being fought, as validated (``Encounter``): its mode, surprise, flags and entries."""
        self.ruleset = ruleset
        """The name of the ruleset playing the fight (``-r NAME``)."""
        self._rules = rules
        self.log: list[dict[str, Any]] | None = [] if record else None
        """The events of a recording fight, in order (``kind``, ``round``, ``text`` and the facts, as
        ``fight --json`` shows them); None while the fight does not record."""
        self._roller = roller
        self.recording = record
        """Whether events are being logged (a narrated fight); rules need not ask, ``emit`` does."""
        self._explained: set[str] = set()
        self._answered: dict[str, str | None] = {}
        """While the fight records: who answered the last ``decide`` of each kind (``decision_source``)."""
        if not record:
            self.emit = self.explain = _IGNORED  # type: ignore[method-assign]  # see _IGNORED
        self.modifiers: Callable[..., Sequence[Modifier]] = partial(rules.modifiers, self)
        """``modifiers(combatant, purpose, against=None)``: every plugin's modifiers for one of
        ``combatant``'s values (``rulebench_modifiers``); bound once, for the Monte Carlo hot path."""
        self.default_tactics = True
        """Whether the ruleset's own default tactics answer every decision (no script, no tactics
        plugin): the ruleset may then take its default answers directly, without a ``Decision``."""
        self.static_modifiers = False
        """Whether every plugin's modifiers are static (``remember_modifiers``): the same answer for
        the same combatant, purpose and opponent all fight long, so a ruleset may work out once per
        fight what they add up to."""
        self.cache: dict[str, Any] = {}
        """What rules code works out once per fight from what never changes in it (stats, static
        modifiers, the encounter), under a key of its own: kept across ``reset`` (Monte Carlo plays
        a whole chunk on one fight), never part of the state."""
        self._round = 0
        self._round_watch: RoundClock | None = None
        """Set by exact analysis to learn how each step uses the round number (see ``RoundClock``)."""
        self.outcome: Outcome | None = None
        """How the fight ended, once ``rulebench_round_end`` answered; None while it goes on."""
        self._pending: tuple[Any, ...] | None = None
        self.vars: dict[str, StateValue] = {}
        """The side-wide state (momentum, a marching order as a tuple): every key created in
        ``rulebench_setup``, every value hashable; restored with each snapshot."""
        party = [
            Combatant(m.name, m.name, PARTY, i, m, encounter.is_engaged(m.name))
            for i, m in enumerate(encounter.party)
        ]
        bases = [m.name for m in encounter.enemy.members for _ in range(m.count)]
        enemy = [Combatant(m.name, base, ENEMY, i, m, True) for i, (m, base) in enumerate(zip(encounter.enemies(), bases))]
        self.party = Side(PARTY, party)
        """The party's ``Side``: its members in marching order, front first."""
        self.enemy = Side(ENEMY, enemy)
        """The enemy's ``Side``: every enemy entry expanded by its count ("Orc 1", "Orc 2"), front first."""
        self.combatants: tuple[Combatant, ...] = (*party, *enemy)
        """Every combatant, the party first: the order of a result's fates."""
        self._overrides = encounter.overrides.get(ruleset, {})
        self._used_overrides: set[tuple[str, str]] = set()
        self._var_keys: tuple[tuple[str, ...], ...] = ()
        self._fight_keys: tuple[str, ...] = ()
        self._restored: Hashable = None
        self._restored_vars: tuple[dict[str, Any], list[dict[str, Any]]] = ({}, [])
        self._initial: tuple[dict[str, StateValue], list[dict[str, StateValue]]] = ({}, [])
        self._reset_vars: tuple[tuple[Combatant, dict[str, StateValue]], ...] = ()
        self._stats_at_freeze: list[tuple[Any, dict[str, Any]]] = []
        self._carried: Mapping[str, Mapping[str, Any]] = carried or {}

    @property
    def round(self) -> int:
        """The round being played (0 before the first); watched under exact analysis."""
        if self._round_watch is None:
            return self._round
        return self._round_watch.number(self._round)

    @round.setter
    def round(self, value: int) -> None:
        self._round = value if self._round_watch is None else self._round_watch.store(value)

    @property
    def _roller(self) -> Roller:
        """Where the fight's dice come from (the kernel's and the solvers': rules roll through
        ``roll``/``die``/``check``/``chain``)."""
        return self._source

    @_roller.setter
    def _roller(self, roller: Roller) -> None:
        self._source = roller
        for name in ("roll", "die", "chain", "check"):
            self.__dict__.pop(name, None)
        # A silent fight's dice are only drawn, never logged: a roller that offers its own way of
        # drawing them (``silent_dice``) is called by the rules directly, without a frame of the fight's.
        offer = getattr(roller, "silent_dice", None) if self.log is None else None
        silent = offer() if offer is not None else None
        if silent is not None:
            self.roll, self.die, self.chain, self.check = silent  # type: ignore[method-assign]

    # -- sides -------------------------------------------------------------------------------
    def side_of(self, combatant: Combatant) -> Side:
        """The side a combatant fights on."""
        return self.party if combatant.side == PARTY else self.enemy

    def opponents_of(self, combatant: Combatant) -> Side:
        """The side a combatant fights against."""
        return self.enemy if combatant.side == PARTY else self.party

    # -- chance ------------------------------------------------------------------------------
    def roll(self, dice: Dice, label: str, who: Combatant | None = None) -> int:
        """Roll a dice expression as one roll through the fight's roller and log it."""
        total = self._roller.roll(dice)
        if self.log is not None:
            self._log_roll(str(dice), label, who, total)
        return total

    def die(self, sides: int, label: str, who: Combatant | None = None) -> int:
        """Roll one die through the fight's roller and log it."""
        value = self._roller.die(sides)
        if self.log is not None:
            self._log_roll(f"1d{sides}", label, who, value)
        return value

    @property
    def last_faces(self) -> tuple[int, ...] | None:
        """Each die's face of the last roll, for narration (None where the roller keeps none): read
        them only while recording; sampling plays a silent fight that reads them round by round."""
        return self._roller.last_faces

    def strike(self, attacker: Combatant, defender: Combatant, attack: Attack | None = None) -> Attack | None:
        """A blow outside the turns (a free attack on a fleeing foe), from a hook of the round, played
        as a turn is: ``rulebench_attack`` (unless ``attack`` is given), on a hit ``rulebench_damage``
        and ``rulebench_wounds``, whose events tell it. Returns the attack (None: the hook made none)."""
        rules = self._rules
        attack = rules.attack(self, attacker, defender) if attack is None else attack
        if attack is not None and attack.hit and (damage := rules.damage(self, attack)) is not None:
            rules.wounds(self, attack.defender, damage, attack.attacker)
        return attack

    def chain(
        self, start: Hashable, sides: int, step: Step, label: str, key: Hashable = None, who: Combatant | None = None
    ) -> Hashable:
        """Play a chain of d``sides`` rolls from ``start`` until ``step`` returns ``Done(result)``.

        Played die by die (each die logged) by random and scripted rollers; an enumerating roller
        settles the whole chain at once instead (``ChainSolver``), its result distribution cached
        under ``key``, which must determine the chain completely (its start and every parameter
        ``step`` reads). Left out (None), the key is derived from ``start``, ``sides`` and the step
        function's code and captured values (``chain.function_key``).
        """
        # A ChainSolver; hasattr, because isinstance on a runtime protocol costs ~20 µs a call.
        if hasattr(self._roller, "solve_chain"):
            if key is None:
                key = ("chain", start, sides, function_key(step))
            return cast(ChainSolver, self._roller).solve_chain(key, start, sides, step)
        state = start
        while not isinstance(state, Done):
            state = step(state, self.die(sides, label, who))
        return state.result

    def check(self, sides: int, test: Callable[[int], Hashable], label: str, who: Combatant | None = None, key: Hashable = None) -> Hashable:
        """Roll one d``sides`` and return ``test(face)``: a single roll whose face matters only through a result.

        A critical confirmation (``fight.check(20, lambda face: face == 1, "confirm", who)``) or a
        severity table needs the face only to tell which result it gives; exact analysis then
        branches once per distinct result (two for a yes/no test) instead of once per face, its
        distribution solved once per ``key``. Left out, the key is derived from ``sides`` and the
        test's code and captured values (``chain.function_key``); give one when the test reads
        anything else. Random and scripted rollers roll the die as ``die`` does (logged, one value
        of a ``--dice`` script).
        """
        if hasattr(self._roller, "solve_chain"):  # a ChainSolver, as in chain()
            solved = ("check", sides, function_key(test) if key is None else key)
            return cast(ChainSolver, self._roller).solve_chain(solved, None, sides, lambda _, face: Done(test(face)))
        return test(self.die(sides, label, who))

    def _log_roll(self, dice: str, label: str, who: Combatant | None, total: int) -> None:
        faces = self._roller.last_faces
        self.emit("roll", who=who, label=label, dice=dice, faces=list(faces) if faces is not None else None, total=total)

    # -- events ------------------------------------------------------------------------------
    def emit(self, kind: str, text: str | None = None, /, **data: Any) -> None:
        """Report one thing that happened: its kind and its facts (numbers, names, untranslated keys).

        Nothing is built while nobody records, so rules emit unconditionally. While the fight
        records, the facts are logged as JSON-ready values (a combatant or side as its name, dice
        as their notation, a modifier as ``{"value", "reason"}``) and the event's sentence is
        rendered by the ``rulebench_narrate`` hook (the ruleset's narration). ``text`` gives the
        sentence directly instead, for a plugin without a renderer.

        The kind is the ruleset's word; what reads an event beyond its sentence goes by these kinds
        and facts:

        * ``roll`` (logged by ``roll``/``die``/``check``/``chain``): ``who``, ``label``, ``dice``,
          ``faces``, ``total``; a renderer translates the label (``roll_sentence``).
        * ``totals``: ``party_total`` and ``enemy_total``, a round's side totals, which
          ``fight --json`` reports per round.
        * ``outcome``: why the fight ended, as facts, which the ending asks the renderer to word (``reason``).
        * ``hit``, then ``wound`` and ``condition``: what the brief narration (``fight --brief``)
          tells of a round, the hits where a ruleset reports them, else its wounds and conditions.
        * ``explain`` (logged by ``explain``): ``topic``, printed before the event it explains.
        * ``stance``, ``decision``, ``modifier``, ``total``, ``miss``, ``damage``, ``absorbed``,
          ``flight``, ``note``: the kinds the console narration styles; any other kind is printed plain.
        * a fact ``told`` set true by a later event's renderer: its sentence already tells this
          event (a roll it names), which the narration then leaves out.
        """
        if self.log is None:
            return
        event: dict[str, Any] = {"kind": kind, "round": self.round, "text": text}
        for key, value in data.items():
            event[key] = json_ready(value)
        if kind == "decision" and "by" not in event:
            self._credit(event)
        if text is None:
            event["text"] = self._rules.narrate(self, event)
        self.log.append(event)

    def _credit(self, event: dict[str, Any]) -> None:
        """Name who took a ``decision`` event's decision, as its facts ``by`` (and ``table``).

        ``by`` is ``default`` for the ruleset's own default tactics, ``script`` for the encounter's
        ``[[tactics.round]]`` tables (``table``: the position of the table that answered, as in
        ``tactics.round[1]``), else the tactics plugin's name: the source that answered the last
        ``decide`` of the event's kind (``decision``). A decision nobody was asked is the default
        tactics' answer taken directly (``default_tactics``). A rule that decides by itself (a
        forced flight) gives ``by`` itself, ``rules``; a source the kernel cannot tell leaves none.
        """
        kind = event.get("decision")
        source = self._answered.pop(kind, self.ruleset) if isinstance(kind, str) else self.ruleset
        if source is None:
            return
        event["by"] = "default" if source == self.ruleset else source
        if source == SCRIPT:
            # ScriptedTactics: table n answers round n + 1, the last table every later round too.
            event["table"] = min(self._round, len(self.encounter.tactics.round)) - 1

    def explain(self, topic: str, text: str | None = None, /, **facts: Any) -> None:
        """Say once per fight what a mechanic does, where it first appears (a critical hit, a
        group's armour, a life lost): an ``explain`` event the narration prints before the event it
        explains, its sentence rendered from ``topic`` and ``facts`` (the numbers it names, as for
        ``emit``) unless ``text`` gives it. Later calls with the same ``topic`` log nothing; a
        silent fight logs nothing at all."""
        if self.log is not None and topic not in self._explained:
            self._explained.add(topic)
            self.emit("explain", text, topic=topic, **facts)

    # -- tactics and modifiers ---------------------------------------------------------------
    def decide(self, kind: str, who: Combatant | None = None, options: tuple[Any, ...] = (), **context: Any) -> Any:
        """Ask the tactics sources one decision; a scripted answer outside ``options`` is bad input.

        While the fight records, the source that answered is remembered for the ``decision`` event
        the rule emits about it (``_credit``); a silent fight asks the plain hook and pays nothing.
        """
        if self._round_watch is not None:
            decision = self._round_watch.decision(kind, self._round, who, options, context)
        else:
            decision = Decision(kind, self._round, who, options, context)
        if self.log is None:
            answer = self._rules.decide(self, decision)
        else:  # a told fight names who answered (``_credit``); a silent one pays nothing for it
            answer, self._answered[kind] = self._rules.decide_by(self, decision)
        if answer is None:
            if who is None:
                raise RulebenchError(_("no tactics answered the {kind!r} decision").format(kind=kind))
            raise RulebenchError(_("no tactics answered the {kind!r} decision for {who}").format(kind=kind, who=who.name))
        if options and answer not in options:
            expected = ", ".join(map(str, options))
            if who is None:
                raise BadInput(_("tactics: round {round} answers the {kind!r} decision with {answer!r}; expected one of {expected}")
                               .format(round=self.round, kind=kind, answer=answer, expected=expected))
            raise BadInput(_("tactics: round {round} answers the {kind!r} decision for {who} with {answer!r}; expected one of {expected}")
                           .format(round=self.round, kind=kind, who=who.name, answer=answer, expected=expected))
        return answer

    def carried(self, combatant: Combatant) -> dict[str, Any]:
        """What ``combatant`` brings from the day's fights before this one (``rulebench_carry``, then
        ``rulebench_rest``): his ruleset's own keys, read in ``rulebench_setup`` to start him as the
        last fight and the rest left him. Empty for a fresh member: the first fight of a day, a
        single encounter, an enemy, or a ruleset that carries nothing."""
        return dict(self._carried.get(combatant.name, {})) if combatant.side == PARTY else {}

    def health(self, combatant: Combatant) -> Health | None:
        """``combatant``'s condition as his ruleset tells it in neutral terms (``rulebench_health``):
        what a plugin working across rulesets reads instead of a ruleset's state keys; None where the
        ruleset cannot tell."""
        return self._rules.health(self, combatant)

    def _remember_modifiers(self) -> None:
        """Ask the plugins' modifiers once per combatant, purpose and opponent, and remember them.

        Only for modifiers that never depend on the fight's state (``PluginInfo.static_modifiers``):
        rulesets ask them per attacker per round, and a remembered answer costs a dictionary look-up.
        """
        ask = self.modifiers

        # functools.cache answers a remembered call in C, without a Python frame of its own.
        @cache
        def modifiers(combatant: Combatant, purpose: str, against: Any = None) -> Sequence[Modifier]:
            return tuple(ask(combatant, purpose, against))

        self.modifiers = modifiers
        self.static_modifiers = True

    # -- derived stats and overrides ---------------------------------------------------------
    def override(self, combatant: Combatant, stat: str, value: Any) -> Any:
        """``value`` unless the encounter overrides ``stat`` for this combatant (by name or entry name).

        A dice-valued stat takes dice notation; any other stat a whole number.
        """
        table = self._overrides.get(combatant.name) or self._overrides.get(combatant.base_name)
        if not table or stat not in table:
            return value
        key = combatant.name if combatant.name in self._overrides else combatant.base_name
        self._used_overrides.add((key, stat))
        given = table[stat]
        where = f'overrides.{self.ruleset}."{key}".{stat}'
        if isinstance(value, Dice):
            try:
                return Dice.parse(str(given))
            except DiceError as err:
                raise BadInput(f"{where}: {err}") from None
        if not isinstance(given, int) or isinstance(given, bool):
            raise BadInput(_("{where}: expected a whole number, got {value!r}").format(where=where, value=given))
        return given

    def _unused_overrides(self) -> list[tuple[str, str]]:
        """Overrides of the active ruleset that setup never read: unknown stats or misplaced names."""
        return [
            (name, stat)
            for name, table in self._overrides.items()
            for stat in table
            if (name, stat) not in self._used_overrides
        ]

    # -- state -------------------------------------------------------------------------------
    def _freeze(self) -> None:
        """Fix the state layout once setup is over; snapshots follow it, and ``reset`` returns here."""
        self._fight_keys = tuple(self.vars)
        self._var_keys = tuple(tuple(c.vars) for c in self.combatants)
        self._initial = (dict(self.vars), [dict(c.vars) for c in self.combatants])
        # Combatants without state (a group ruleset's enemies) have nothing to reset.
        self._reset_vars = tuple((c, values) for c, values in zip(self.combatants, self._initial[1]) if values)
        # Stats are fixed from now on; a run's end compares them with these (``core/fixed_state.py``).
        self._stats_at_freeze = stats_at_freeze([*self.combatants, self.party, self.enemy])

    def _reset(self) -> None:
        """Put the fight back to round 0, as setup left it (cheaper than restoring a snapshot)."""
        self._round, self.outcome, self._pending = 0, None, None
        self.vars = self._initial[0].copy()
        for combatant, values in self._reset_vars:
            combatant.vars = values.copy()
        if self.log is not None:
            self.log.clear()
            self._answered.clear()

    def _snapshot(self) -> Snapshot:
        """A hashable value that determines the rest of the fight (with the rules and the roller)."""
        return (
            self._round,
            self.outcome,
            self._pending,
            tuple(self.vars.values()),
            tuple([tuple(c.vars.values()) for c in self.combatants]),  # a list is built faster than a generator runs
        )

    def _restore(self, snapshot: Snapshot) -> None:
        """Put the fight back into a state taken by ``snapshot``.

        Exact analysis restores the same snapshot once for every path through a step, so the
        dictionaries built for the last one are kept and copied, as ``reset`` copies the initial
        ones (a snapshot's values are immutable, so shallow copies are enough).
        """
        if snapshot is not self._restored:
            _, _, _, fight_values, combatant_values = snapshot
            self._restored = snapshot
            self._restored_vars = (
                dict(zip(self._fight_keys, fight_values)),
                [dict(zip(keys, values)) for keys, values in zip(self._var_keys, combatant_values)],
            )
            # Once per state, not per path: a key created after setup would be dropped here unseen.
            fight_vars, combatant_vars = self._restored_vars
            if len(fight_vars) != len(fight_values) or any(len(d) != len(v) for d, v in zip(combatant_vars, combatant_values)):
                raise plugin_errors.late_state_key(self)
        self._round, self.outcome, self._pending = snapshot[0], snapshot[1], snapshot[2]
        fight_vars, combatant_vars = self._restored_vars
        self.vars = fight_vars.copy()
        for combatant, values in zip(self.combatants, combatant_vars):
            combatant.vars = values.copy()


keep_old_names(Fight, KERNEL_ONLY, "it is the kernel's, and rules code uses what Fight.PLUGIN_FACING names")
