"""dsa's narration: renders the events the rule modules emit (``rulebench_narrate``).

The rule modules report what happened as facts (``fight.emit(kind, **facts)``, rolls with their
untranslated labels); this module turns each recorded event into its sentence, through dsa's own
catalog (the domain ``rulebench-dsa``, in ``locale/``), in DSA's terms (Attacke, Parade,
Angriffsinitiative, Trefferpunkte, Rüstungsschutz, Lebensenergie). Nothing here runs while nobody
records. Each mechanic is explained once per fight, where it first appears (``Fight.explain``).

One line per attack: the dice an attack line gives (the attack die, the parry die, TP and the
critical die) are marked ``told`` in the log, and so are the events whose sentence the line already
holds (the parry, the hit, a sub-fight or initiative unchanged since the last exchange). The full
narration leaves ``told`` events out; the JSON keeps every event with its own sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulebench import N_, Fight, Messages, hookimpl, roll_sentence
from rulebench.rulesets.dsa.stats import UNCONSCIOUS_BELOW

MESSAGES = Messages("rulebench-dsa", Path(__file__).with_name("locale"))
_ = MESSAGES.gettext
pgettext = MESSAGES.pgettext
ngettext = MESSAGES.ngettext

Event = dict[str, Any]


_DIE = re.compile(r"(\d*)d(\d+)")
"""A die in dice notation: its count (if any) and its sides (``2d6``, ``d20``)."""


def dice_text(notation: str) -> str:
    """Dice notation in the reader's language: ``2d6+1``; German writes ``2W6+1`` (the catalog's
    letter). The events keep the notation as rulebench reads it."""
    # TRANSLATORS: the die's letter in dice notation, as in 2d6+1; German writes W (2W6+1).
    letter = pgettext("dice notation", "d")
    return notation if letter == "d" else _DIE.sub(lambda found: f"{found[1]}{letter}{found[2]}", notation)

# Roll labels: the die's name in the log (``Hero: TP 1d8 → 4``), untranslated in the event.
INITIATIVE = N_("initiative")
ATTACK_PARRY = N_("attack/parry")
FREE_ATTACK = N_("free attack")
PARRY = N_("parry")
TP = N_("TP")
CRITICAL = N_("critical")
SEVERITY = N_("critical severity")
FLIGHT_ATTACK = N_("flight attack")
LABELS = frozenset({INITIATIVE, ATTACK_PARRY, FREE_ATTACK, PARRY, TP, CRITICAL, SEVERITY, FLIGHT_ATTACK})

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
        "and it cannot be parried; his opponent is the one he faces in the sub-fights as they stand after "
        "the exchange, rebuilt if anyone fell in it."
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


def _fate(fight: Fight, event: Event) -> str:
    """A recorded fight's fate: its condition (one of ``CONDITIONS``' English names) in the reader's
    language; analysis keys its tallies by the untranslated condition."""
    return _(event["condition"])


@hookimpl
def rulebench_narrate(fight: Fight, event: Event) -> str | None:
    """The sentence of one of dsa's events (a roll with one of dsa's labels included); None for
    an event of another plugin, which its own renderer or the kernel's tells."""
    kind = event["kind"]
    if kind == "roll":
        return _roll(fight, event) if event.get("label") in LABELS else None
    render = _RENDERERS.get(kind)
    return render(fight, event) if render is not None else None


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
        if event["kind"] != "roll" or event.get("told") or event.get("label") != name:
            break
        if name not in shown:
            event["told"] = True


def _explain(fight: Fight, event: Event) -> str | None:
    """One of dsa's mechanics explained; another plugin's topic is its own to tell."""
    text = EXPLANATIONS.get(event["topic"])
    return _(text) if text is not None else None


def _roll(fight: Fight, event: Event) -> str:
    """A roll under its label in the reader's language; the TP die is the fight's first word on
    damage and critical hits, so both are explained before it."""
    if event["label"] == TP:
        fight.explain("damage")
        fight.explain("critical")
    return roll_sentence({**event, "dice": dice_text(event["dice"])}, _(event["label"]))


# -- sub-fights and initiative ---------------------------------------------------------------------
def _subfight(fight: Fight, event: Event) -> str:
    """Who stands alone against whom, and the penalties; a sub-fight that stands as it stood in the
    last exchange is ``told`` already."""
    if event.get("flight"):
        return _rebuilt_for_flight(event)
    if _layout(event) in _last_subfights(fight, event["round"]):
        event["told"] = True
    if not event["secondaries"]:
        return _("{single} fights {primary} man against man.").format(**event)
    lowered = ", ".join(f"{name} −{p}" for name, p in event["penalties"].items())
    return _(
        "{single} stands alone against {primary} (primary) and {others} (free attacks); "
        "coordination penalty to AT, PA and dodge: {lowered}."
    ).format(single=event["single"], primary=event["primary"], others=", ".join(event["secondaries"]), lowered=lowered)


def _rebuilt_for_flight(event: Event) -> str:
    """A sub-fight rebuilt after the exchange's falls, just before the party flees: whom each
    fleeing member faces now (the pursuers of the flight)."""
    if not event["secondaries"]:
        return _("Someone fell, so the sub-fights are rebuilt before the flight: {single} now faces {primary}.").format(
            single=event["single"], primary=event["primary"])
    return _("Someone fell, so the sub-fights are rebuilt before the flight: {single} now stands alone against "
             "{primary} (primary) and {others}.").format(
        single=event["single"], primary=event["primary"], others=", ".join(event["secondaries"]))


def _layout(event: Event) -> tuple[Any, ...]:
    """A sub-fight event as (single, primary, secondaries, penalties)."""
    return event["single"], event["primary"], tuple(event["secondaries"]), tuple(event["penalties"].items())


def _last_subfights(fight: Fight, number: int) -> set[tuple[Any, ...]]:
    """The sub-fights the exchange before ``number`` told, as ``_layout`` gives them."""
    found: set[tuple[Any, ...]] = set()
    for event in reversed(fight.log or []):
        if event["round"] < number - 1:
            break
        if event["kind"] == "subfight" and event["round"] == number - 1:
            found.add(_layout(event))
    return found


def _initiative(fight: Fight, event: Event) -> str:
    """A pair's initiative: kept from the last exchange, taken by surprise, tied, or rolled off."""
    names = {"holder": event.get("holder"), "other": event.get("other")}
    if event.get("kept"):
        event["told"] = True  # the holder's attack line says it
        return _("{holder} still holds the initiative against {other}.").format(**names)
    if event.get("surprise"):
        fight.explain("initiative")
        fight.explain("surprise")
        return _("{holder} surprises {other} and holds the initiative.").format(**names)
    _tell(fight, INITIATIVE, INITIATIVE)
    if "tie" in event:
        return _("Initiative tied at {total}: both roll again.").format(total=event["tie"])
    fight.explain("initiative")
    member, enemy, totals = event["member"], event["enemy"], event["totals"]
    return _("Initiative: {member} {ours} (reaction {our_reaction}), {enemy} {theirs} (reaction {their_reaction}): "
             "{holder} holds it.").format(
        member=member, ours=totals[member], our_reaction=event["member_reaction"], enemy=enemy,
        theirs=totals[enemy], their_reaction=event["enemy_reaction"], holder=event["holder"])


# -- attacks and parries ---------------------------------------------------------------------------
def _attack(fight: Fight, event: Event) -> str:
    """An attack of the chain: it cannot be made, misses its cap, or lands and meets the parry."""
    if event["free"]:
        return _free_attack(fight, event)
    names = {"holder": event["who"], "other": event["against"], "cap": event["cap"], "at": event["value"],
             "roll": event["roll"]}
    if event["roll"] is None:
        fight.explain("attack and parry")
        return _("{holder} cannot attack {other}: cap {cap} (AT {at}); the initiative passes to {other}.").format(**names)
    if not event["success"]:
        _tell(fight, ATTACK_PARRY)
        fight.explain("attack and parry")
        source = _("AT {at}").format(at=event["value"]) if event["step"] == 1 else _("the parry roll")
        return _("{holder} misses {other} at cap {cap} ({source}) with d20 {roll}; the initiative passes to "
                 "{other}.").format(source=source, **names)
    # The attack's line gives its die and the parry's (when one was rolled), the parry's own event
    # following it.
    if event["parry_roll"] is None:
        _tell(fight, ATTACK_PARRY)
    else:
        _tell(fight, ATTACK_PARRY, ATTACK_PARRY)
    fight.explain("attack and parry")
    if event["step"] == 1:
        names["source"] = _("AT {at}").format(at=event["value"])
        opening = _("{holder} attacks {other}: d20 {roll} ≤ {source}").format(**names)
    else:
        names["source"] = _("{cap} (the parry roll)").format(cap=event["cap"])
        opening = _("{holder} attacks {other} again: d20 {roll} ≤ {source}").format(**names)
    # TRANSLATORS: an attack and the parry against it, two clauses already written.
    return _("{attack}; {parry}").format(attack=opening, parry=_parry_clause(event))


def _free_attack(fight: Fight, event: Event) -> str:
    """A free attack: above AT it misses (and his next one is lost); at or under AT, what the
    single's parry made of it, in one line."""
    names = {"attacker": event["who"], "single": event["against"], "at": event["value"], "roll": event["roll"]}
    if not event["success"]:
        if event["roll"] is None:
            text = _("{attacker}'s free attack on {single} misses: cannot hit (AT {at}); he loses his next one.")
        else:
            _tell(fight, FREE_ATTACK)
            text = _("{attacker}'s free attack on {single} misses: d20 {roll} > AT {at}; he loses his next one.")
        fight.explain("free attack")
        return text.format(**names)
    if not event["parry_used"] and event["parry_roll"] is not None:
        _tell(fight, FREE_ATTACK, PARRY)
    else:
        _tell(fight, FREE_ATTACK)
    fight.explain("free attack")
    opening = _("{attacker}'s free attack on {single}: d20 {roll} ≤ AT {at}").format(**names)
    if event["parry_used"]:
        outcome = _("{single}'s parry is used up this exchange: hit.").format(**names)
    else:
        outcome = _parry_clause(event)
    return _("{attack}; {parry}").format(attack=opening, parry=outcome)


def _parry_clause(event: Event) -> str:
    """What the parry made of a landed attack, as its attack's line ends."""
    names = {"word": _(DEFENCES[event["defence_name"]]), "defence": event["defence"], "parry": event["parry_roll"],
             "cap": event["parry_cap"]}
    if event["parry_roll"] is None:
        return _("no parry ({word} {defence}, cap {cap}): hit.").format(**names)
    if event["parry_roll"] <= event["parry_cap"]:
        return _("parry ({word} {defence}): d20 {parry} ≤ {cap}, parried.").format(**names)
    return _("parry ({word} {defence}): d20 {parry} > {cap}, hit.").format(**names)


def _parry(fight: Fight, event: Event) -> str:
    """The parry's own event, with its full reasoning; ``told`` by the attack's line."""
    event["told"] = True
    names = {"defender": event["who"], "cap": event["cap"], "attack_roll": event["attack_roll"],
             "word": _(DEFENCES[event["defence_name"]]), "defence": event["value"], "roll": event["roll"]}
    if event["roll"] is None:
        text = _("{defender} cannot parry: cap {cap} = min(attack roll {attack_roll}, {word} {defence}).")
    elif event["free"] and event["success"]:
        text = _("{defender} parries the free attack ({word}): d20 {roll} ≤ cap {cap} = "
                 "min(attack roll {attack_roll}, {word} {defence}).")
    elif event["free"]:
        text = _("{defender} fails to parry the free attack ({word}): d20 {roll} > cap {cap} = "
                 "min(attack roll {attack_roll}, {word} {defence}).")
    elif event["success"]:
        text = _("{defender} parries ({word}): d20 {roll} ≤ cap {cap} = min(attack roll {attack_roll}, {word} {defence}).")
    else:
        text = _("{defender} fails to parry ({word}): d20 {roll} > cap {cap} = "
                 "min(attack roll {attack_roll}, {word} {defence}).")
    return text.format(**names)


def _note(fight: Fight, event: Event) -> str:
    """The single's parry against free attacks is used up; ``told`` by the free attack's line."""
    event["told"] = True
    return _("{single} has used his parry against free attacks this exchange.").format(single=event["who"])


def _skip(fight: Fight, event: Event) -> str:
    """A secondary who missed lets the time of one attack pass."""
    return _("{name} lets an attack's time pass after his miss: no free attack.").format(name=event["who"])


# -- hits and damage -------------------------------------------------------------------------------
def _hit(fight: Fight, event: Event) -> str:
    """A hit; one that a ghost or demon takes nothing from has a line of its own."""
    names = {"attacker": event["attacker"], "defender": event["defender"]}
    if event.get("harmless"):
        return _("{attacker} hits {defender}, but without a magic weapon the hit does nothing.").format(**names)
    event["told"] = True  # by the line of the attack that made it
    return _("{attacker} hits {defender}.").format(**names)


def _modifier(fight: Fight, event: Event) -> str:
    """A modifier added to the TP (silver against the undead...), or to the RS (an armour modifier)."""
    text = _("{name}: RS {value} ({reason}).") if event.get("purpose") == "armour" else _("{name}: TP {value} ({reason}).")
    return text.format(name=event["who"], value=f"{event['value']:+d}", reason=event["reason"])


def _critical(fight: Fight, event: Event) -> str:
    """The critical die showed 1: the severity and whether it kills."""
    _tell(fight, TP, CRITICAL, SEVERITY)
    names = {"attacker": event["attacker"], "tp": event["tp"], "d100": event["d100"], "severity": event["severity"],
             "rs": event["rs"], "limit": 10 * event["rs"]}
    if event["lethal"]:
        text = _("Critical hit by {attacker} (critical die 1)! Severity TP {tp} + d100 {d100} = {severity}, "
                 "at least 100 and over 10 × RS {rs} = {limit}: a lethal blow.")
    elif event["severity"] >= 100:
        text = _("Critical hit by {attacker} (critical die 1)! Severity TP {tp} + d100 {d100} = {severity}, "
                 "not over 10 × RS {rs} = {limit}: not lethal; the TP ignore the armour.")
    else:
        text = _("Critical hit by {attacker} (critical die 1)! Severity TP {tp} + d100 {d100} = {severity} "
                 "< 100: not lethal; the TP ignore the armour.")
    return text.format(**names)


def _damage(fight: Fight, event: Event) -> str:
    """What a hit took off LE; the TP die told with it (the critical die keeps its own line,
    explained before it was rolled)."""
    _tell(fight, TP, CRITICAL, shown=(CRITICAL,))
    names = {"name": event["who"], "tp": event["tp"], "rs": event["rs"], "loss": event["loss"],
             "before": event["le_before"], "after": event["le"]}
    if event["ignores_armour"]:
        return _("TP {tp}, armour ignored: {name} loses {loss} LE, {before} → {after}.").format(**names)
    return _("TP {tp} against RS {rs}: {name} loses {loss} LE, {before} → {after}.").format(**names)


def _condition(fight: Fight, event: Event) -> str:
    """A fall: slain by a critical hit, dead below 0 LE, unconscious below 10."""
    names = {"name": event["who"], "after": event["le"], "limit": UNCONSCIOUS_BELOW}
    if event.get("lethal"):
        return _("{name} is slain by the critical hit.").format(**names)
    if event["condition"] == "dead":
        return _("{name} falls dead (LE {after} < 0).").format(**names)
    return _("{name} falls unconscious (LE {after} < {limit}).").format(**names)


# -- the end ---------------------------------------------------------------------------------------
def _outcome(fight: Fight, event: Event) -> str:
    """The fight decided, or both sides withdrawing at the exchange cap."""
    if "cap" in event:
        return _("After {cap} exchanges both sides withdraw.").format(cap=event["cap"])
    if event["side"] == "party":
        return _("No one of the party stands: enemy_wins.")
    return _("No one of the enemy stands: party_wins.")


def _reason(fight: Fight, event: Event) -> str | None:
    """Why the fight ended, for the narration's ending (the ``reason`` request, the outcome event's
    facts): the exchange cap's withdrawal; None where the result says it."""
    if "cap" in event:
        return _("no side won within the cap of {cap} exchanges, so both withdraw").format(cap=event["cap"])
    return None


def _decision(fight: Fight, event: Event) -> str | None:
    """The party's decision to flee, with who took it and why."""
    if event.get("decision") != "retreat":
        return None
    standing = event["standing"]
    # TRANSLATORS: the default tactics' rule for fleeing, with the counts it went by.
    rule = ngettext(
        "flee once fewer than half of the engaged members stand: only {standing} of the {engaged} still stands",
        "flee once fewer than half of the engaged members stand: only {standing} of the {engaged} still stand",
        standing,
    ).format(engaged=event["engaged"], standing=standing)
    # TRANSLATORS: {who} says who decided and why, e.g. "the default tactics decide so (flee once ...)".
    return _("The party flees (Flucht): {who}.").format(who=decided_by(event, rule))


def decided_by(event: Event, rule: str) -> str:
    """Who took a ``decision`` event's decision (its fact ``by``, named by the kernel), and why:
    the default tactics with their ``rule``, the encounter's script with the table that answered,
    or a tactics plugin by name."""
    by = event.get("by")
    if by == "default":
        return _("the default tactics decide so ({rule})").format(rule=rule)
    if by == "script":
        return _("the encounter's script decides so (tactics.round[{table}])").format(table=event["table"])
    if by is None:
        return _("a tactics source decides so")
    return _("the tactics plugin {name} decides so").format(name=by)


def _flight(fight: Fight, event: Event) -> str:
    """A fleeing member, and the unparryable attack of his opponent, if he faces one."""
    if "attacker" not in event:
        return _("{name} flees; no opponent can strike at him.").format(name=event["who"])
    names = {"name": event["who"], "foe": event["attacker"], "roll": event["roll"], "at": event["value"]}
    if event["roll"] is None:
        return _("{name} flees; {foe} gets an unparryable attack: cannot hit, miss.").format(**names)
    _tell(fight, FLIGHT_ATTACK)
    if event["success"]:
        return _("{name} flees; {foe} gets an unparryable attack: d20 {roll} ≤ AT {at}, hit.").format(**names)
    return _("{name} flees; {foe} gets an unparryable attack: d20 {roll} > AT {at}, miss.").format(**names)


def _plunder(fight: Fight, event: Event) -> str:
    """Raiders plunder a member left lying after a loss or a flight."""
    return _("The raiders plunder {name}, left lying on the field.").format(name=event["who"])


def _rest(fight: Fight, event: Event) -> str:
    """Between two fights of a day: the life energy a rest (``none``, ``short``, ``long``) gave back
    (``before`` and ``after``: his carried ``le``; none carried: all of it)."""
    who, le = event["who"], event["before"]["le"]
    if not event["after"]:
        return _("{who}: LE {before} → full.").format(who=who, before=le)
    now = event["after"]["le"]
    if event["rest"] == "none" or now == le:
        text = _("{who} goes on with LE {le}.").format(who=who, le=now)
    else:
        text = _("{who}: LE {before} → {after}.").format(who=who, before=le, after=now)
    if now < UNCONSCIOUS_BELOW:
        text += " " + _("He is still unconscious (LE below {limit}).").format(limit=UNCONSCIOUS_BELOW)
    return text


_RENDERERS: dict[str, Callable[[Fight, Event], str | None]] = {
    "fate": _fate,
    "rest": _rest,
    "explain": _explain,
    "subfight": _subfight,
    "initiative": _initiative,
    "attack": _attack,
    "parry": _parry,
    "note": _note,
    "skip": _skip,
    "hit": _hit,
    "modifier": _modifier,
    "critical": _critical,
    "damage": _damage,
    "condition": _condition,
    "outcome": _outcome,
    "reason": _reason,
    "flight": _flight,
    "decision": _decision,
    "plunder": _plunder,
}
"""The template of each of dsa's event kinds."""
