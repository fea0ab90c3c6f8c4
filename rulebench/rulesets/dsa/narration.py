"""dsa's wording: every sentence a narrated fight tells, kept out of the rule modules.

The rule modules call these functions only while a fight records (``fight.recording``), so sampling
and exact analysis never build a sentence. Each text goes through dsa's own catalog (the domain
``rulebench-dsa``, in ``locale/``) at the moment it is written, in DSA's terms (Attacke, Parade,
Angriffsinitiative, Trefferpunkte, Rüstungsschutz, Lebensenergie).

One line per attack: the dice an attack line gives (the attack die, the parry die, TP and the
critical die) are marked ``told`` in the log, and so are the events whose sentence the line already
holds (the parry, the hit, a sub-fight or initiative unchanged since the last exchange). The full
narration leaves ``told`` events out; the JSON keeps every event with its own sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rulebench import N_, Combatant, Damage, Fight, Messages, Modifier

MESSAGES = Messages("rulebench-dsa", Path(__file__).with_name("locale"))
_ = MESSAGES.gettext


# Roll labels: the die's name in the log (``Hero: TP 1d8 → 4``).
INITIATIVE = N_("initiative")
ATTACK_PARRY = N_("attack/parry")
FREE_ATTACK = N_("free attack")
PARRY = N_("parry")
TP = N_("TP")
CRITICAL = N_("critical")
SEVERITY = N_("critical severity")
FLIGHT_ATTACK = N_("flight attack")

EXPLANATIONS = {
    "attack and parry": N_(
        "Attacke and Parade: the attack needs a d20 ≤ AT, the parry a d20 ≤ both the attack roll and PA "
        "(or dodge); after a parry the attacker strikes again, needing the parry roll or less."
    ),
    "initiative": N_(
        "Angriffsinitiative: in each pair only its holder attacks (a new pair rolls 1d100 + reaction for "
        "it); he keeps it until an attack of his misses."
    ),
    "surprise": N_("Surprise: in the first exchange the surprising side holds the Angriffsinitiative without a roll."),
    "free attack": N_(
        "Free attack (freie Attacke): each further attacker of a single strikes with a d20 ≤ his AT; the "
        "single parries only one per exchange, and a miss costs the attacker his next free attack."
    ),
    "damage": N_(
        "A hit takes its Trefferpunkte (TP) less the armour's Rüstungsschutz (RS) off the Lebensenergie "
        "(LE); under 10 LE a fighter falls unconscious, under 0 he dies."
    ),
    "flight": N_(
        "Flight (Flucht): each fleeing fighter's opponent gets one attack at him with a d20 ≤ his full AT, "
        "and it cannot be parried."
    ),
    "critical": N_(
        "After each hit a d20 checks for a critical hit: on a 1 the severity TP + 1d100 kills if it reaches "
        "100 and beats 10 × RS; otherwise the TP ignore the armour."
    ),
}
"""Each topic explained once per fight, at its first appearance (``Fight.explain``)."""

DEFENCES = {"PA": N_("PA"), "dodge": N_("dodge")}
"""The defence a parry uses, as ``stats.defence_value`` names it: Parade or Ausweichen."""

CONDITIONS = {
    "slain": N_("slain by a critical hit"),
    "dead": N_("dead"),
    "unconscious": N_("unconscious"),
    "injured": N_("injured"),
    "unhurt": N_("unhurt"),
}
"""Each end state's condition, as the fates table and the JSON's ``condition`` show it."""


def label(message: str) -> str:
    """A roll's label in the reader's language. The rule modules ask it only while the fight records
    and hand the untranslated label otherwise: nobody reads it then, and a look-up per die would
    slow sampling and exact analysis."""
    return _(message)


def condition(key: str) -> str:
    """The condition ``key`` of ``CONDITIONS`` in the reader's language, for a narrated fight's
    fates; analysis keys its tallies by the untranslated condition."""
    return _(CONDITIONS[key])


def explain(fight: Fight, topic: str) -> None:
    """Explain ``topic`` of ``EXPLANATIONS`` if this fight has not heard it yet."""
    fight.explain(topic, _(EXPLANATIONS[topic]))


def _tell(fight: Fight, *labels: str, shown: tuple[str, ...] = ()) -> None:
    """Mark the rolls just made with these labels, in this order, ``told``: the sentence about to be
    written gives them. A label in ``shown`` is matched but keeps its own line.

    Only rolls at the log's very end count, so a roll another plugin made in between, or one a
    sentence does not give, is left to tell itself.
    """
    log = fight.log or []
    at = len(log)
    for name in reversed(labels):
        at -= 1
        if at < 0:
            break
        event = log[at]
        if event["kind"] != "roll" or event.get("told") or event.get("label") != _(name):
            break
        if name not in shown:
            event["told"] = True


# -- sub-fights and initiative ---------------------------------------------------------------------
def subfights(fight: Fight) -> None:
    """One ``subfight`` event per sub-fight: who stands alone against whom, and the penalties; a
    sub-fight that stands as it stood in the last exchange is ``told`` already."""
    combatants = fight.combatants
    layout: tuple[tuple[int, ...], ...] = fight.vars["subfights"]
    before = _last_subfights(fight)
    for single_at, primary_at, *rest in layout:
        single, primary = combatants[single_at], combatants[primary_at]
        secondaries = [combatants[i] for i in rest]
        penalties = {c.name: c.vars["penalty"] for c in (single, primary, *secondaries)} if secondaries else {}
        data: dict[str, Any] = {
            "single": single.name,
            "primary": primary.name,
            "secondaries": [c.name for c in secondaries],
            "penalties": penalties,
        }
        if (single.name, primary.name, tuple(data["secondaries"]), tuple(penalties.items())) in before:
            data["told"] = True
        if not secondaries:
            text = _("{single} fights {primary} man against man.").format(single=single.name, primary=primary.name)
        else:
            lowered = ", ".join(f"{name} −{p}" for name, p in penalties.items())
            text = _(
                "{single} stands alone against {primary} (primary) and {others} (free attacks); "
                "coordination penalty to AT, PA and dodge: {lowered}."
            ).format(single=single.name, primary=primary.name, others=", ".join(c.name for c in secondaries),
                     lowered=lowered)
        fight.emit("subfight", text, **data)


def _last_subfights(fight: Fight) -> set[tuple[Any, ...]]:
    """The sub-fights the last exchange told, as (single, primary, secondaries, penalties)."""
    found: set[tuple[Any, ...]] = set()
    for event in reversed(fight.log or []):
        if event["round"] < fight.round - 1:
            break
        if event["kind"] == "subfight" and event["round"] == fight.round - 1:
            found.add((event["single"], event["primary"], tuple(event["secondaries"]),
                       tuple(event["penalties"].items())))
    return found


def kept(fight: Fight, holder: Combatant, other: Combatant) -> None:
    """A pair that fought before: its holder keeps the initiative (``told``: his attack line says it)."""
    fight.emit(
        "initiative",
        _("{holder} still holds the initiative against {other}.").format(holder=holder.name, other=other.name),
        holder=holder.name,
        other=other.name,
        kept=True,
        told=True,
    )


def surprised(fight: Fight, holder: Combatant, other: Combatant) -> None:
    """A surprising side holds the initiative in exchange 1 without a roll."""
    explain(fight, "initiative")
    explain(fight, "surprise")
    fight.emit(
        "initiative",
        _("{holder} surprises {other} and holds the initiative.").format(holder=holder.name, other=other.name),
        holder=holder.name,
        other=other.name,
        surprise=True,
    )


def initiative_tie(fight: Fight, total: int) -> None:
    """Both rolled the same total: both roll again."""
    _tell(fight, INITIATIVE, INITIATIVE)
    fight.emit("initiative", _("Initiative tied at {total}: both roll again.").format(total=total), tie=total)


def initiative(fight: Fight, member: Combatant, enemy: Combatant, holder: Combatant, other: Combatant,
               totals: dict[str, int]) -> None:
    """The roll-off settled: both totals with their reaction, and who holds the initiative."""
    _tell(fight, INITIATIVE, INITIATIVE)
    explain(fight, "initiative")
    fight.emit(
        "initiative",
        _("Initiative: {member} {ours} (reaction {our_reaction}), {enemy} {theirs} (reaction {their_reaction}): "
          "{holder} holds it.").format(
            member=member.name, ours=totals[member.name], our_reaction=member.stats["reaction"],
            enemy=enemy.name, theirs=totals[enemy.name], their_reaction=enemy.stats["reaction"],
            holder=holder.name),
        holder=holder.name,
        other=other.name,
        totals=dict(totals),
    )


# -- the chain -------------------------------------------------------------------------------------
def _source(step: int, at: int, cap: int) -> str:
    """What capped an attack: AT for the first of a chain, the parry roll for the others."""
    if step == 1:
        return _("AT {at}").format(at=at)
    return _("{cap} (the parry roll)").format(cap=cap)


def cannot_attack(fight: Fight, holder: Combatant, other: Combatant, at: int) -> None:
    """An AT below 1 cannot be met: no die, the initiative passes."""
    explain(fight, "attack and parry")
    fight.emit(
        "attack",
        _("{holder} cannot attack {other}: cap {cap} (AT {at}); the initiative passes to {other}.").format(
            holder=holder.name, other=other.name, cap=at, at=at),
        who=holder.name, against=other.name, cap=at, value=at, roll=None, success=False, step=1, free=False,
    )


def attack_missed(fight: Fight, holder: Combatant, other: Combatant, step: int, cap: int, at: int, roll: int) -> None:
    """An attack of the chain above its cap: the initiative passes."""
    _tell(fight, ATTACK_PARRY)
    explain(fight, "attack and parry")
    source = _("AT {at}").format(at=at) if step == 1 else _("the parry roll")
    fight.emit(
        "attack",
        _("{holder} misses {other} at cap {cap} ({source}) with d20 {roll}; the initiative passes to {other}.").format(
            holder=holder.name, other=other.name, cap=cap, source=source, roll=roll),
        who=holder.name, against=other.name, cap=cap, value=at, roll=roll, success=False, step=step, free=False,
    )


def attack_and_parry(fight: Fight, holder: Combatant, other: Combatant, step: int, cap: int, at: int, roll: int,
                     parry_cap: int, defence: int, word: str, parry: int | None) -> None:
    """A landed attack of the chain and the parry against it, in one line.

    ``parry`` is the parry die, or None when its cap is below 1 and no die is rolled. The ``attack``
    event carries the line; the ``parry`` event keeps its own sentence, ``told`` by that line.
    """
    parried = parry is not None and parry <= parry_cap
    if parry is None:
        _tell(fight, ATTACK_PARRY)
    else:
        _tell(fight, ATTACK_PARRY, ATTACK_PARRY)
    explain(fight, "attack and parry")
    names = {"holder": holder.name, "other": other.name, "roll": roll, "source": _source(step, at, cap),
             "word": _(DEFENCES[word]), "defence": defence, "parry": parry, "cap": parry_cap}
    if step > 1:
        opening = _("{holder} attacks {other} again: d20 {roll} ≤ {source}").format(**names)
    else:
        opening = _("{holder} attacks {other}: d20 {roll} ≤ {source}").format(**names)
    if parry is None:
        outcome = _("no parry ({word} {defence}, cap {cap}): hit.").format(**names)
    elif parried:
        outcome = _("parry ({word} {defence}): d20 {parry} ≤ {cap}, parried.").format(**names)
    else:
        outcome = _("parry ({word} {defence}): d20 {parry} > {cap}, hit.").format(**names)
    # TRANSLATORS: an attack and the parry against it, two clauses already written.
    text = _("{attack}; {parry}").format(attack=opening, parry=outcome)
    fight.emit("attack", text, who=holder.name, against=other.name, cap=cap, value=at, roll=roll, success=True,
               step=step, free=False)
    _parry_event(fight, other, holder, parry_cap, defence, word, roll, parry, parried, free=False)


def _parry_event(fight: Fight, defender: Combatant, attacker: Combatant, cap: int, defence: int, word: str,
                 attack_roll: int, roll: int | None, success: bool, free: bool) -> None:
    """The parry's own event, with its full reasoning; ``told`` by the attack's line."""
    names = {"defender": defender.name, "cap": cap, "attack_roll": attack_roll, "word": _(DEFENCES[word]),
             "defence": defence, "roll": roll}
    if roll is None:
        text = _("{defender} cannot parry: cap {cap} = min(attack roll {attack_roll}, {word} {defence}).")
    elif free and success:
        text = _("{defender} parries the free attack ({word}): d20 {roll} ≤ cap {cap} = "
                 "min(attack roll {attack_roll}, {word} {defence}).")
    elif free:
        text = _("{defender} fails to parry the free attack ({word}): d20 {roll} > cap {cap} = "
                 "min(attack roll {attack_roll}, {word} {defence}).")
    elif success:
        text = _("{defender} parries ({word}): d20 {roll} ≤ cap {cap} = min(attack roll {attack_roll}, {word} {defence}).")
    else:
        text = _("{defender} fails to parry ({word}): d20 {roll} > cap {cap} = "
                 "min(attack roll {attack_roll}, {word} {defence}).")
    fight.emit("parry", text.format(**names), who=defender.name, against=attacker.name, cap=cap, value=defence,
               roll=roll, success=success, told=True)


# -- free attacks ----------------------------------------------------------------------------------
def free_attack_missed(fight: Fight, attacker: Combatant, single: Combatant, at: int, roll: int | None) -> None:
    """A free attack above AT: it misses, and his next free attack is lost."""
    if roll is None:
        text = _("{attacker}'s free attack on {single} misses: cannot hit (AT {at}); he loses his next one.")
    else:
        _tell(fight, FREE_ATTACK)
        text = _("{attacker}'s free attack on {single} misses: d20 {roll} > AT {at}; he loses his next one.")
    explain(fight, "free attack")
    fight.emit("attack", text.format(attacker=attacker.name, single=single.name, at=at, roll=roll),
               who=attacker.name, against=single.name, cap=at, value=at, roll=roll, success=False, free=True)


def free_attack_landed(fight: Fight, attacker: Combatant, single: Combatant, at: int, roll: int,
                       parry_used: bool, cap: int = 0, defence: int = 0, word: str = "PA",
                       parry: int | None = None) -> None:
    """A free attack at or under AT and what the single's parry made of it, in one line.

    ``parry_used``: the single has parried a free attack this exchange already (the hit stands);
    else ``parry`` is his parry die against ``cap``, or None when the cap is below 1.
    """
    parried = not parry_used and parry is not None and parry <= cap
    if not parry_used and parry is not None:
        _tell(fight, FREE_ATTACK, PARRY)
    else:
        _tell(fight, FREE_ATTACK)
    explain(fight, "free attack")
    names = {"attacker": attacker.name, "single": single.name, "roll": roll, "at": at, "word": _(DEFENCES[word]),
             "defence": defence, "parry": parry, "cap": cap}
    opening = _("{attacker}'s free attack on {single}: d20 {roll} ≤ AT {at}").format(**names)
    if parry_used:
        outcome = _("{single}'s parry is used up this exchange: hit.").format(**names)
    elif parry is None:
        outcome = _("no parry ({word} {defence}, cap {cap}): hit.").format(**names)
    elif parried:
        outcome = _("parry ({word} {defence}): d20 {parry} ≤ {cap}, parried.").format(**names)
    else:
        outcome = _("parry ({word} {defence}): d20 {parry} > {cap}, hit.").format(**names)
    fight.emit("attack", _("{attack}; {parry}").format(attack=opening, parry=outcome), who=attacker.name,
               against=single.name, cap=at, value=at, roll=roll, success=True, free=True)
    if parry_used:
        fight.emit("note", _("{single} has used his parry against free attacks this exchange.").format(**names),
                   who=single.name, told=True)
    else:
        _parry_event(fight, single, attacker, cap, defence, word, roll, parry, parried, free=True)


def skipped(fight: Fight, secondary: Combatant) -> None:
    """A secondary who missed lets the time of one attack pass."""
    fight.emit("skip", _("{name} lets an attack's time pass after his miss: no free attack.").format(
        name=secondary.name), who=secondary.name)


# -- hits and damage -------------------------------------------------------------------------------
def harmless_hit(fight: Fight, attacker: Combatant, defender: Combatant) -> None:
    """A ghost or demon struck without a magic weapon: the hit does nothing."""
    fight.emit("hit", _("{attacker} hits {defender}, but without a magic weapon the hit does nothing.").format(
        attacker=attacker.name, defender=defender.name), attacker=attacker.name, defender=defender.name, harmless=True)


def hit(fight: Fight, attacker: Combatant, defender: Combatant) -> None:
    """The hit itself; ``told`` by the line of the attack that made it."""
    fight.emit("hit", _("{attacker} hits {defender}.").format(attacker=attacker.name, defender=defender.name),
               attacker=attacker.name, defender=defender.name, told=True)


def weapon_modifiers(fight: Fight, attacker: Combatant, modifiers: Sequence[Modifier]) -> None:
    """Each modifier added to the TP (silver against the undead...)."""
    for m in modifiers:
        fight.emit("modifier", _("{name}: TP {value} ({reason}).").format(name=attacker.name, value=f"{m.value:+d}",
                   reason=m.reason), who=attacker.name, value=m.value, reason=m.reason)


def damage_dice(fight: Fight) -> None:
    """Before the first TP and critical die of a fight: what they do."""
    explain(fight, "damage")
    explain(fight, "critical")


def critical(fight: Fight, attacker: Combatant, defender: Combatant, tp: int, d100: int, rs: int, lethal: bool) -> None:
    """The critical die showed 1: the severity and whether it kills."""
    _tell(fight, TP, CRITICAL, SEVERITY)
    severity = tp + d100
    names = {"attacker": attacker.name, "tp": tp, "d100": d100, "severity": severity, "rs": rs, "limit": 10 * rs}
    if lethal:
        text = _("Critical hit by {attacker} (critical die 1)! Severity TP {tp} + d100 {d100} = {severity}, "
                 "at least 100 and over 10 × RS {rs} = {limit}: a lethal blow.")
    elif severity >= 100:
        text = _("Critical hit by {attacker} (critical die 1)! Severity TP {tp} + d100 {d100} = {severity}, "
                 "not over 10 × RS {rs} = {limit}: not lethal; the TP ignore the armour.")
    else:
        text = _("Critical hit by {attacker} (critical die 1)! Severity TP {tp} + d100 {d100} = {severity} "
                 "< 100: not lethal; the TP ignore the armour.")
    fight.emit("critical", text.format(**names), attacker=attacker.name, defender=defender.name, tp=tp, d100=d100,
               severity=severity, rs=rs, lethal=lethal)


def damage(fight: Fight, target: Combatant, damage: Damage, before: int, after: int, loss: int,
           unconscious_below: int) -> None:
    """What a hit took off LE, and a fall it caused; the TP and critical dice told with it."""
    name = target.name
    if damage.kind == "lethal":
        fight.emit("condition", _("{name} is slain by the critical hit.").format(name=name), who=name,
                   condition="dead", le=after)
        return
    # The critical die keeps its own line, explained before it was rolled (``damage_dice``).
    _tell(fight, TP, CRITICAL, shown=(CRITICAL,))
    names = {"name": name, "tp": damage.amount, "rs": target.stats["rs"], "loss": loss, "before": before,
             "after": after}
    if "ignores_armour" in damage.flags:
        text = _("TP {tp}, armour ignored: {name} loses {loss} LE, {before} → {after}.").format(**names)
    else:
        text = _("TP {tp} against RS {rs}: {name} loses {loss} LE, {before} → {after}.").format(**names)
    fight.emit("damage", text, who=name, tp=damage.amount, loss=loss, le_before=before, le=after)
    if after < 0:
        fight.emit("condition", _("{name} falls dead (LE {after} < 0).").format(**names), who=name,
                   condition="dead", le=after)
    elif after < unconscious_below <= before:
        fight.emit("condition", _("{name} falls unconscious (LE {after} < {limit}).").format(
            limit=unconscious_below, **names), who=name, condition="unconscious", le=after)


# -- the end ---------------------------------------------------------------------------------------
def capped(fight: Fight, cap: int, outcome: str) -> None:
    """The exchange cap reached: both sides withdraw; the reason the ending line gives."""
    fight.emit("outcome", _("After {cap} exchanges both sides withdraw.").format(cap=cap), outcome=outcome,
               reason=_("no side won within the cap of {cap} exchanges, so both withdraw").format(cap=cap))


def nobody_stands(fight: Fight, party: bool, outcome: str) -> None:
    """No one of a side stands: the fight is decided."""
    if party:
        text = _("No one of the party stands: enemy_wins.")
    else:
        text = _("No one of the enemy stands: party_wins.")
    fight.emit("outcome", text, outcome=outcome)


def flees_freely(fight: Fight, member: Combatant) -> None:
    """A fleeing member nobody faces."""
    fight.emit("flight", _("{name} flees; no opponent can strike at him.").format(name=member.name), who=member.name)


def flight_attack(fight: Fight, member: Combatant, foe: Combatant, at: int, roll: int | None, hit: bool) -> None:
    """A fleeing member's opponent gets one unparryable attack."""
    explain(fight, "flight")
    names = {"name": member.name, "foe": foe.name, "roll": roll, "at": at}
    if roll is None:
        text = _("{name} flees; {foe} gets an unparryable attack: cannot hit, miss.")
    else:
        _tell(fight, FLIGHT_ATTACK)
        if hit:
            text = _("{name} flees; {foe} gets an unparryable attack: d20 {roll} ≤ AT {at}, hit.")
        else:
            text = _("{name} flees; {foe} gets an unparryable attack: d20 {roll} > AT {at}, miss.")
    fight.emit("flight", text.format(**names), who=member.name, attacker=foe.name, cap=at, value=at, roll=roll,
               success=hit)


def plundered(fight: Fight, member: Combatant) -> None:
    """Raiders plunder a member left lying after a loss or a flight."""
    fight.emit("plunder", _("The raiders plunder {name}, left lying on the field.").format(name=member.name),
               who=member.name)
