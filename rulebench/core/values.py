"""The small value types that hooks exchange: descriptors, attacks, damage, modifiers, decisions.

They live apart from ``hookspecs.py`` so that rulesets, tactics and the kernel can import them
without importing pluggy's spec machinery.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from rulebench.core.combatants import Combatant, Side


@dataclass(frozen=True, slots=True)
class DecisionInfo:
    """One decision a ruleset asks and the answers it takes, so that ``validate`` can check a
    scripted ``[[tactics.round]]`` answer before any fight.

    Attributes:
        kind: the decision's name, which is its key in a ``[[tactics.round]]`` table.
        per_member: asked about one combatant at a time, so a script answers it with one value for
            everyone, a table ``{Name = value}`` or, for a yes/no decision, the list of the names
            answering yes; else asked of the side as a whole, and answered with one value.
        options: the answers allowed, when they form a fixed set.
        options_by_mode: the options under each encounter ``mode`` (melee, ranged, mixed), where
            they depend on it; ``options`` is then unused.
        answer: what an answer is when there are no options: ``"whole_number"`` (0 to ``maximum``),
            ``"party_order"`` (every party member's name once, front first) or ``"opponent"``
            (the name of a combatant on the other side).
        maximum: the largest whole number a ``"whole_number"`` answer may be.
    """

    kind: str
    per_member: bool = False
    options: tuple[Any, ...] = ()
    options_by_mode: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    answer: str = "option"
    maximum: int = 0


@dataclass(frozen=True, slots=True)
class RulesetInfo:
    """What ``rulebench_ruleset()`` returns: a ruleset's descriptor.

    Attributes:
        name: the id used on the command line (``-r NAME``) and in ``[overrides.NAME]``.
        title: a short human title.
        source: where the rules come from (a seed file, a book).
        summary: one sentence on what makes this ruleset particular.
        stats: the derived stat names an encounter may override (docs/encounters.md).
        decisions: the decision kinds the ruleset asks, which an encounter may script per round.
        round_word: what one turn of the loop is called in narration ("round", "exchange").
        asks: each decision in ``decisions`` with the answers it takes (a kind left out here is
            checked by its name only).
        skills: the skills the ruleset reads (``robust``, ``dodge`` ...); ``validate`` refuses a
            skill that no installed ruleset or plugin declares.
        purposes: the modifier purposes its rules ask (``fight.modifiers(who, PURPOSE, against)``:
            ``weapon``, ``armour``, ``protection`` or one of its own); its rules page says where each
            feeds. A ``--plugin`` modifier that declares only purposes not in here changes nothing
            under the ruleset, and is told so; None declares nothing (nobody is told).
        settings: other values an encounter may override per combatant, which are no stats
            (talisman's ``round_cap``): read in setup with ``fight.override``, kept in ``fight.vars``
            or the combatant's ``vars``; ``sensitivity`` does not vary them, ``sweep --vary
            overrides.NAME."Combatant".SETTING=...`` can.
    """

    name: str
    title: str
    source: str
    summary: str
    stats: tuple[str, ...] = ()
    decisions: tuple[str, ...] = ()
    round_word: str = "round"
    asks: tuple[DecisionInfo, ...] = ()
    skills: tuple[str, ...] = ()
    purposes: tuple[str, ...] | None = None
    settings: tuple[str, ...] = ()

    @property
    def overridable(self) -> tuple[str, ...]:
        """What ``[overrides.NAME."Combatant"]`` may set: the stats, then the settings."""
        return self.stats + self.settings


@dataclass(frozen=True, slots=True)
class PluginInfo:
    """What ``rulebench_plugin()`` returns: a modifier's or tactics plugin's descriptor.

    Attributes:
        name: the id used with ``--plugin NAME`` or ``--tactics NAME``.
        kind: ``"modifier"`` or ``"tactics"``.
        title: a short human title.
        summary: one sentence on what it changes.
        default: whether it takes part in every fight unless switched off (the trait rules do).
        rulesets: the rulesets it applies to; empty means all.
        skills: the skills it reads, which ``validate`` then accepts in an encounter.
        static_modifiers: whether its ``rulebench_modifiers`` answers depend only on the combatant,
            the purpose and the opponent asked about (their spec, traits and stats), never on the
            fight's state or round: the kernel then asks once per fight and remembers the answer.
        purposes: the modifier purposes its ``rulebench_modifiers`` answers (``weapon``,
            ``armour`` ...): chosen with ``--plugin`` under a ruleset that asks none of them
            (``RulesetInfo.purposes``), a note says it changes nothing there; the kernel asks it for
            no other purpose. Empty declares nothing, and it is asked for every purpose.
    """

    name: str
    kind: str
    title: str
    summary: str = ""
    default: bool = False
    rulesets: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    static_modifiers: bool = False
    purposes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Modifier:
    """A bonus or penalty with the reason a narration shows before the roll ("+1 silver vs undead").

    Attributes:
        value: what it adds to the value asked (negative for a penalty).
        reason: what the narration shows for it. Modifiers are asked in silent fights too, where
            nobody reads the reason: a plugin translates it only while the fight records
            (``fight.recording``), as the silver plugin does, and keeps the untranslated text otherwise.
    """

    value: int
    reason: str


@dataclass(frozen=True, slots=True)
class Health:
    """A combatant's condition in terms every ruleset shares (``rulebench_health``): what a tactics
    or modifier plugin that works across rulesets reads instead of a ruleset's own state.

    Attributes:
        standing: on his feet and able to fight (not fallen, not out of the fight).
        left: the share of his health left, 1.0 unhurt down to 0.0 fallen, in the ruleset's own
            measure (wound steps, lives, LE, endurance and wounds).
        last_stand: the next harm the ruleset counts in steps takes him down (the last life, the
            last step of a wound ladder); False where health is no count of steps.
    """

    standing: bool
    left: float
    last_stand: bool = False

    @property
    def hurt(self) -> bool:
        """Whether he has lost any health."""
        return self.left < 1.0


@dataclass(slots=True)
class Attack:
    """The result of ``rulebench_attack``: one attack or one opposed exchange.

    Attributes:
        attacker: who struck (a combatant, or a whole side for group rulesets).
        defender: who takes the damage if ``hit`` (a combatant or a side).
        hit: whether damage follows.
        margin: by how much the attack won; its meaning is the ruleset's (lead, difference, ...).
        detail: anything the ruleset's damage hook needs from the attack (rolls, flags).
    """

    attacker: Combatant | Side
    defender: Combatant | Side
    hit: bool
    margin: int = 0
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Damage:
    """The result of ``rulebench_damage``: points to apply and what kind they are.

    Attributes:
        amount: points before the target's own absorption.
        kind: the ruleset's word for it ("normal", "critical", ...).
        flags: extra qualities ("cursed", "tainted", "ignores_armour", ...).
    """

    amount: int
    kind: str = "normal"
    flags: frozenset[str] = frozenset()


class Decision(NamedTuple):
    """One choice put to the tactics plugins through ``rulebench_decide``.

    Attributes:
        kind: the decision's name, which is also its key in a scripted ``[[tactics.round]]`` table
            (``stance``, ``momentum``, ``retreat``, ``fight``, ``evade``, ``flee`` ...).
        round: the round it is asked in.
        who: the combatant it is about, or None for a side-wide choice.
        options: the allowed answers where they form a finite set; empty when any value of the
            documented type is allowed (momentum, for instance, asks for a number).
        context: anything else a tactics plugin may want (momentum held, members standing ...).
    """

    kind: str
    round: int
    who: Combatant | None = None
    options: tuple[Any, ...] = ()
    context: dict[str, Any] = {}  # noqa: RUF012 (a NamedTuple field; never mutated: Fight.decide passes a fresh dict)
