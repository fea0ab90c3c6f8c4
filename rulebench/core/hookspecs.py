"""The hook contract between the kernel and its plugins.

Every hook is a pluggy hook of the project ``rulebench``. A fight is assembled from exactly one
ruleset, the chosen modifier plugins and one tactics source (a scripted encounter table, a
``--tactics`` plugin, then the ruleset's own default tactics).

The kernel (``core/assembly.py``, ``core/loop.py``) sets a fight up, then plays it round by round::

    rulebench_setup(fight)                              # once: the ruleset's, then each modifier's
    # each round, until rulebench_round_end answers an outcome:
    rulebench_round_start(fight)                        # collected: stances, momentum, ...
    for turn in rulebench_initiative(fight):
        attacker, defender = rulebench_turn(fight, turn)  # a pair passes through as it is
        attack = rulebench_attack(fight, attacker, defender)
        if attack and attack.hit:
            damage = rulebench_damage(fight, attack)
            if damage: rulebench_wounds(fight, attack.defender, damage, attack.attacker)
    outcome = rulebench_round_end(fight)
    if outcome: rulebench_fight_end(fight)
    # once the fight is over, for every combatant:
    rulebench_end_state(fight, combatant)
    # in a day of fights (``rulebench chain``), once a stage's fight is over:
    if not rulebench_party_finished(fight):             # the day may end for a party still alive
        for member in the party, unless dead:
            carried = rulebench_carry(fight, member) or {}    # what of his state carries on
            carried = rulebench_rest(fight, member, carried, rest)   # "none", "short" or "long"
    # the next stage's rulebench_setup starts each member from fight.carried(member)

``rulebench_modifiers``, ``rulebench_decide`` and ``rulebench_health`` are asked whenever rules
code or a plugin needs them (``fight.modifiers(...)``, ``fight.decide(...)``, ``fight.health(...)``); ``rulebench_narrate`` renders each event a rule
reports (``fight.emit(kind, **facts)``) while the fight records; ``rulebench_ruleset`` and
``rulebench_plugin`` by discovery. A firstresult hook stops at the first implementation that answers something other
than None, in pluggy's order: ``tryfirst`` implementations, then the last registered plugin first
(scripted tactics, a ``--tactics`` plugin, modifiers, the ruleset), then ``trylast`` ones (the
kernel's defaults, the ruleset's default tactics). A collected hook calls every implementation.

An exception raised in any hook, or an answer of the wrong type, is reported as a ``PluginError``
naming the plugin, its package and version, the hook, the round and the combatants (exit code 3).
``docs/hooks.md`` is generated from this module (``python -m rulebench.cli.hook_reference``); the
hooks of a day of fights are written in ``day_hookspecs.py`` and registered with these.

Rules code must:

* take every random number from ``fight.roll`` / ``fight.die`` / ``fight.check`` / ``fight.chain``
  (never ``random``), asking for a sum as one roll where only the sum matters, and for a roll whose
  face matters only through a result (a confirmation, a table) as ``fight.check``, so exact
  analysis can branch over its distribution;
* keep everything that matters for the rest of the fight in ``fight.vars`` and ``combatant.vars``
  (hashable values, every key created in ``rulebench_setup``), never in module globals or on the
  plugin object, so a fight state can be snapshotted, merged and restored (exact analysis refuses
  a key created later or an unhashable value; ``--check`` and ``rulebench check`` name the hook).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from rulebench.core.day_hookspecs import rulebench_carry, rulebench_party_finished, rulebench_rest
from rulebench.core.markers import hookspec

if TYPE_CHECKING:
    from rulebench.core.combatants import Combatant, Side
    from rulebench.core.fight import Fight
    from rulebench.core.outcome import Fate, Outcome
    from rulebench.core.values import (
        Attack,
        Damage,
        Decision,
        Health,
        Modifier,
        PluginInfo,
        RulesetInfo,
    )



@hookspec
def rulebench_ruleset() -> RulesetInfo:
    """Describe the ruleset this plugin implements. Only ruleset plugins implement it.

    Collected: every registered ruleset answers; discovery uses the answer to list rulesets and to
    tell a ruleset plugin from a modifier or tactics plugin.

    :return: the ruleset's descriptor.

    Example::

        @hookimpl
        def rulebench_ruleset() -> RulesetInfo:
            return RulesetInfo(name="d20duel", title="d20 duel", source="my notes, p. 3",
                               summary="d20 + melee against 10 + armour", stats=("skill", "armour", "hp"))

    The entry point's name must be the descriptor's ``name``.
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec
def rulebench_plugin() -> PluginInfo:
    """Describe a modifier or tactics plugin. Ruleset plugins do not implement it.

    Collected, like ``rulebench_ruleset``.

    :return: the plugin's descriptor (its kind, whether it is on by default, which rulesets it fits).

    Example::

        @hookimpl
        def rulebench_plugin() -> PluginInfo:
            return PluginInfo(name="blessing", kind="modifier", title="Blessing", summary="+1 to hit",
                              default=False, rulesets=("classic", "dsa"))
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec
def rulebench_setup(fight: Fight) -> None:
    """Derive each combatant's stat block and create every piece of mutable fight state.

    Collected: the ruleset fills ``combatant.stats`` (the derived stat block that ``show`` prints,
    read through ``fight.override`` so an encounter's ``[overrides.RULESET."Name"]`` replaces a
    formula), ``side.stats`` for a side that fights as one group, and every key of
    ``combatant.vars`` and ``fight.vars`` with its starting value. The ruleset's implementation runs
    first, then each modifier plugin's (in the order they were chosen), so a modifier can adjust the
    stats the ruleset derived; a stat that seeds state (hit points) must then be adjusted in both
    ``stats`` and ``vars``. No state key may be added after setup, and ``stats`` do not change once
    setup is over (a snapshot does not carry them).

    :param fight: the freshly built fight, at round 0.

    Example::

        @hookimpl
        def rulebench_setup(fight: Fight) -> None:
            for c in fight.combatants:
                c.stats["hp"] = fight.override(c, "hp", 3 * c.spec.life)
                c.vars["hp"] = c.stats["hp"]
            fight.vars["momentum"] = 0       # created here even if first used in round 3
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec
def rulebench_round_start(fight: Fight) -> None:
    """Prepare a round: ask this round's decisions (stances, momentum, who fights) and store them.

    Collected. Called after ``fight.round`` has been advanced.

    :param fight: the fight at the start of the round.

    Example::

        @hookimpl
        def rulebench_round_start(fight: Fight) -> None:
            for c in fight.party.members:
                c.vars["stance"] = fight.decide("stance", c, ("attack", "defend"))
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_initiative(fight: Fight) -> Iterable[Any]:
    """Say who acts in which order this round: the round's turns.

    firstresult. A turn is an ``(attacker, defender)`` pair, or any hashable token that the
    ruleset's ``rulebench_turn`` turns into a pair when the turn comes (so a duel can face the
    front-most enemy still standing then). Return a **tuple** of turns whenever the order is known
    at the round's start: the kernel then keeps the turns still to come in the fight state, and
    exact analysis merges equal states after every turn instead of once a round, which is what
    keeps rulesets with many single attacks a round tractable. A generator is played lazily, and
    its round is enumerated as one piece. Group rulesets return one ``(party_side, enemy_side)``
    pair for their opposed roll.

    :param fight: the fight after ``rulebench_round_start``.
    :return: the round's turns, in order.

    Example::

        @hookimpl
        def rulebench_initiative(fight: Fight) -> tuple[Combatant, ...]:
            standing = [c for c in fight.combatants if c.vars["hp"] > 0]
            return tuple(sorted(standing, key=lambda c: -c.spec.speed))   # resolved in rulebench_turn
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_turn(fight: Fight, turn: Any) -> tuple[Combatant | Side, Combatant | Side] | None:
    """Say who acts against whom when a turn comes.

    firstresult. The kernel's default (``trylast``) passes an ``(attacker, defender)`` pair
    through. A ruleset whose turns are tokens (a combatant, ``("free", attacker, single)``)
    resolves them here against the fight as it stands.

    :param fight: the fight, at the moment the turn is played.
    :param turn: one item of the round's ``rulebench_initiative`` answer.
    :return: the pair to play, or None to skip the turn (the attacker has fallen, no foe stands).

    Example::

        @hookimpl
        def rulebench_turn(fight: Fight, turn: Combatant) -> tuple[Combatant, Combatant] | None:
            foes = [f for f in fight.opponents_of(turn).members if f.vars["hp"] > 0]
            return (turn, foes[0]) if turn.vars["hp"] > 0 and foes else None
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_attack(fight: Fight, attacker: Combatant | Side, defender: Combatant | Side) -> Attack | None:
    """Resolve one attack or opposed exchange between ``attacker`` and ``defender``.

    firstresult. The answer says whether damage follows (``hit``), who takes it (``defender``,
    which may be the attacker's own side when an opposed roll is lost), and the margin.

    :param fight: the fight.
    :param attacker: the acting combatant or side.
    :param defender: the one it acts against.
    :return: the attack's result; None lets the next implementation answer.

    Example::

        @hookimpl
        def rulebench_attack(fight: Fight, attacker: Combatant, defender: Combatant) -> Attack:
            bonus = sum(m.value for m in fight.modifiers(attacker, "weapon", defender))
            total = fight.die(20, "attack", attacker) + attacker.stats["skill"] + bonus
            target = 10 + defender.stats["armour"]
            return Attack(attacker, defender, hit=total >= target, margin=total - target)
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_damage(fight: Fight, attack: Attack) -> Damage | None:
    """Say how many points a successful attack deals, and of what kind.

    firstresult. A modifier plugin that changes how damage is rolled implements this with
    ``tryfirst=True`` and returns None when it does not apply.

    :param fight: the fight.
    :param attack: the successful attack; ``attack.attacker`` is who struck, and ``rulebench_wounds``
        is told it too.
    :return: the damage; None lets the next implementation answer.

    Example (a modifier doubling the damage of a natural margin of 10 or more)::

        @hookimpl(tryfirst=True)
        def rulebench_damage(fight: Fight, attack: Attack) -> Damage | None:
            if attack.margin < 10:
                return None                       # the ruleset answers
            return Damage(2 * fight.roll(attack.attacker.spec.weapon, "critical damage"), flags=frozenset({"critical"}))
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_wounds(fight: Fight, target: Combatant | Side, damage: Damage, attacker: Combatant | Side) -> bool | None:
    """Apply damage to its target: absorption, wound steps, conditions, deaths, flow to the next.

    firstresult: the implementation that applied the damage returns True. ``attacker`` is there so a
    rule can honour who struck (a demon's blow that ignores armour, a silver weapon against a
    werewolf) without smuggling it through ``Damage.flags``; an implementation that does not need it
    leaves it out of its signature (pluggy passes only the arguments an implementation names), so a
    plugin written before it was added keeps working. Rules code that plays a blow outside the
    round's turns (a free attack on a fleeing foe) calls ``fight.strike(attacker, defender)``.

    :param fight: the fight.
    :param target: who takes the damage (a combatant, or a side whose line the damage walks down).
    :param damage: what ``rulebench_damage`` answered.
    :param attacker: who dealt it: ``Attack.attacker`` of the attack that hit (a combatant, or a whole
        side for group rulesets).
    :return: True once applied.

    Example (armour absorbs, except against a demon's blow)::

        @hookimpl
        def rulebench_wounds(fight: Fight, target: Combatant, damage: Damage, attacker: Combatant) -> bool:
            armour = 0 if "demon" in attacker.spec.traits else target.stats["armour"]
            lost = max(0, damage.amount - armour)
            target.vars["hp"] = max(0, target.vars["hp"] - lost)
            fight.emit("damage", who=target, attacker=attacker, amount=lost)
            return True
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Close a round: retreat and flight, round caps, and the verdict.

    firstresult. Every fight must end: a round cap, or a side with nobody standing (the kernel stops
    a fight after 10,000 rounds and names the ruleset).

    :param fight: the fight at the end of the round.
    :return: the fight's outcome if it is over now, else None.

    Example::

        @hookimpl
        def rulebench_round_end(fight: Fight) -> Outcome | None:
            if all(c.vars["hp"] == 0 for c in fight.enemy.members):
                return Outcome.PARTY_WINS
            if all(c.vars["hp"] == 0 for c in fight.party.members):
                return Outcome.ENEMY_WINS
            return Outcome.WITHDRAWN if fight.round >= 10 else None
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec
def rulebench_fight_end(fight: Fight) -> None:
    """React to a finished fight: plunder by raiders, robbed equipment, tainted wounds.

    Collected. ``fight.outcome`` is set. Rolls made here still go through the fight's roller.

    :param fight: the finished fight.

    Example::

        @hookimpl
        def rulebench_fight_end(fight: Fight) -> None:
            if fight.outcome is Outcome.ENEMY_WINS and fight.encounter.enemy.raiders:
                for c in fight.party.members:
                    fight.emit("robbed", who=c)  # a fact; the ruleset's rulebench_narrate words it
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """Map a combatant onto the neutral end states (unhurt, hurt, out, dead: docs/glossary.md) once the fight is over.

    firstresult. The condition is an untranslated key, the same in every fight (analysis counts
    fates by it); while the fight records, the kernel asks ``rulebench_narrate`` to word it.

    :param fight: the finished fight.
    :param combatant: a party member or an enemy.
    :return: the neutral end state and the ruleset's own condition name.

    Example::

        @hookimpl
        def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
            hp = combatant.vars["hp"]
            if hp == combatant.stats["hp"]:
                return Fate(EndState.UNHURT, "fresh")
            return Fate(EndState.HURT, "bloodied") if hp > 0 else Fate(EndState.OUT, "down")
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec
def rulebench_modifiers(
    fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
) -> Iterable[Modifier] | None:
    """Offer bonuses and penalties for one of a combatant's values, each with its reason.

    Collected from every plugin; the ruleset adds their values up and narrates their reasons.
    ``purpose`` is neutral so one plugin serves every ruleset: ``"weapon"`` is whatever the
    combatant's weapon feeds in this ruleset (ambermarch's contribution, classic's KS, talisman's
    combat power, dsa's TP, endurance's damage); ``"armour"`` is its protection (classic's RW,
    ambermarch's armour, dsa's RS, endurance's avoidance; talisman has none);
    ``"protection"`` asks whether an item or spell spares the combatant the harm it is about to
    take (a positive total spares it; talisman asks it of every loser of a duel, against None).
    Each ruleset lists the purposes it asks in ``RulesetInfo.purposes``; a plugin lists those it
    answers in ``PluginInfo.purposes``, so a user whose ``--plugin`` a ruleset never asks is told,
    and the kernel asks a plugin that declares purposes for those only (one that declares none is
    asked for every purpose).

    :param fight: the fight.
    :param combatant: whose value is being computed.
    :param purpose: ``"weapon"``, ``"armour"`` or ``"protection"``.
    :param against: the opponent (a combatant or a whole side), when there is one.
    :return: the modifiers that apply, or None.

    Example::

        @hookimpl
        def rulebench_modifiers(fight: Fight, combatant: Combatant, purpose: str, against: Any) -> list[Modifier] | None:
            if purpose == "weapon" and combatant.has_trait("silver_weapon") and against is not None and against.has_trait("undead"):
                return [Modifier(1, "silver against the undead")]
            return None
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_decide(fight: Fight, decision: Decision) -> Any:
    """Answer one decision a player would make: a stance, momentum to spend, fleeing, evading.

    firstresult. Asked in order of a scripted ``[[tactics.round]]`` table, the ``--tactics``
    plugin, then the ruleset's default tactics (``trylast=True``). A scripted list answers a
    side-wide decision (``decision.who`` None) as a tuple of its items, e.g. a new marching order.

    :param fight: the fight.
    :param decision: what is asked, about whom, with its allowed options.
    :return: the answer, or None to let the next tactics source answer.

    Example (a tactics plugin that always defends when hurt)::

        @hookimpl
        def rulebench_decide(fight: Fight, decision: Decision) -> Any:
            if decision.kind == "stance" and decision.who is not None and decision.who.vars["hp"] < decision.who.stats["hp"]:
                return "defend"
            return None                           # the next tactics source answers
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_narrate(fight: Fight, event: dict[str, Any]) -> str | None:
    """Render one recorded event as the sentence a reader sees: the narration of the facts a rule
    reported with ``fight.emit(kind, **facts)``.

    firstresult. Asked only while a fight records, once per event that came without a sentence of
    its own, right after the rule emitted it and in the reader's language. A ruleset renders its
    own event kinds (and ``roll``, to translate the roll's label); a modifier plugin renders the
    kinds it emits and answers None to the rest. The kernel's own implementation (``trylast``)
    renders a roll as ``Hero: damage 1d8 → 4`` and any other event as its kind. A renderer reads
    the event and nothing else of the fight: the event carries every fact its sentence names.

    Two requests come too, never logged: a recorded fight's fates, of kind ``fate`` (``who``,
    ``side``, ``end_state`` and ``condition``, the key ``rulebench_end_state`` answered), answered
    with the condition in the reader's words (the kernel's default keeps the key); and the
    narration's ending, of kind ``reason`` with the ``outcome`` event's facts, answered with why the
    fight ended, or None where the result says it (the kernel's default gives the event's own
    ``reason`` fact, if any).

    :param fight: the fight, for its ruleset's words (its state has moved on: read the event).
    :param event: the logged event: ``kind``, ``round`` and the facts as JSON-ready values
        (combatants as names, dice as notation, modifiers as ``{"value", "reason"}``).
    :return: the sentence, or None to let the next renderer answer.

    Example::

        @hookimpl
        def rulebench_narrate(fight: Fight, event: dict[str, Any]) -> str | None:
            if event["kind"] == "damage":
                return _("{who} takes {amount}").format(**event)
            return None
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


@hookspec(firstresult=True)
def rulebench_health(fight: Fight, combatant: Combatant) -> Health | None:
    """Tell a combatant's condition in neutral terms: standing, the share of health left, and
    whether the next harm takes him down.

    firstresult. Asked by plugins that work across rulesets (``fight.health(combatant)``), such as
    a tactics plugin that takes cover when hurt, so that they never read a ruleset's own state keys.
    A ruleset answers for every combatant it keeps state for (a member of a side that fights as
    one group may answer for the group); None when it cannot tell. It only reads the state.

    :param fight: the fight.
    :param combatant: whose condition is asked.
    :return: the condition, or None.

    Example::

        @hookimpl
        def rulebench_health(fight: Fight, combatant: Combatant) -> Health | None:
            hp, most = combatant.vars["hp"], combatant.stats["hp"]
            return Health(standing=hp > 0, left=max(hp, 0) / most, last_stand=hp == 1)
    """
    raise NotImplementedError  # a specification: pluggy never calls it, plugins implement it


DAY_HOOKS = (rulebench_carry, rulebench_rest, rulebench_party_finished)
"""The hooks of a day of fights (``day_hookspecs.py``): part of this contract, in the hook reference's order."""
