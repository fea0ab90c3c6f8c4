"""endurance's wording: the renderer of the events its rules report, and the descriptor's texts.

The rule modules report what happens as facts (``fight.emit(kind, **facts)``, ``fight.explain(topic)``,
rolls with the untranslated labels below); ``rulebench_narrate`` turns each recorded event into its
sentence, reading nothing but the event. Every text goes through endurance's own catalog (the
domain ``rulebench-endurance``, in ``locale/``), in the terms of the German source: Vermeidung,
Ausdauer, Wunde, Ausbluten. A silent fight renders nothing and translates nothing: its conditions
stay the English names the analysis tallies.

The events, by kind, and the facts their sentences read:

* ``hit``: ``attacker``, ``defender``; ``dice`` and ``modifiers`` (always a hit), or ``harmless``
  with ``trait`` (``ghost`` or ``demon``: a plain weapon does nothing);
* ``modifier``: ``who``, ``value``, ``reason``, ``purpose`` (``armour``: what a plugin adds to his
  avoidance against the blow that follows);
* ``damage``: ``who``, ``amount``, ``avoidance``, ``armour_ignored`` (the part of avoidance a
  demon's blow did not meet), ``net``, ``endurance_before``, ``endurance_after``;
* ``wound``: ``who``, ``net``, ``endurance_before``, ``wounds``, ``max_wounds``;
* ``condition``: ``who``, ``condition`` (``bleeding`` with ``bleed`` and ``fell`` at the fall, or
  without ``fell`` at a tick of the clock; ``bled out``, ``slain``);
* ``decision``: ``decision`` ``retreat`` (``standing``, ``engaged``: the party flees) or ``step up``
  (``who``: a non-fighter steps up, by the rules), and ``by``, who decided (named by the kernel);
* ``flight``; ``outcome``: ``outcome``; ``plunder``: ``who``; ``explain``: ``topic``; ``roll``;
* ``critical`` (the optional rule, ``critical``): ``who``, ``sides`` (the die at its maximum),
  ``extra`` (the second roll, added).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rulebench import N_, Fight, Messages, Outcome, hookimpl, roll_sentence
from rulebench.rulesets.endurance.state import BLED_OUT, BLEEDING, SLAIN

MESSAGES = Messages("rulebench-endurance", Path(__file__).with_name("locale"))
"""endurance's catalog: every text an endurance fight or its rules say to a reader."""

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


# Roll labels: what a logged roll is for (logged untranslated, translated when rendered).
# TRANSLATORS: the label of a damage die in the log ("Hero: damage 1d6 → 6").
DAMAGE = N_("damage")
# TRANSLATORS: the label of the extra roll of a critical hit in the log ("Hero: critical 1d6 → 3").
CRITICAL = N_("critical")

CONDITIONS = frozenset({
    N_("fresh"), N_("winded"), N_("wounded"),  # standing: untouched, lost endurance, wounded
    N_("sheltered"), N_("absent"), N_("bleeding"), N_("slain"), N_("bled out"),  # ``state``'s status words
    N_("stabilised"),  # one who fell in a day's earlier fight and was helped (carry.py)
})
"""Every condition ``ending.rulebench_end_state`` reports, marked here for the catalog."""

_VERDICTS = {
    Outcome.PARTY_WINS.value: N_("Every enemy has fallen: the party wins."),
    Outcome.ENEMY_WINS.value: N_("Every engaged member of the party has fallen: the enemy wins."),
    Outcome.PARTY_FLED.value: N_("The party has fled."),
}


@hookimpl
def rulebench_narrate(fight: Fight, event: Event) -> str | None:
    """The sentence for one of endurance's events (see the module); None for a kind it does not
    report, so a plugin's own renderer or the kernel's answers."""
    render = _RENDERERS.get(event["kind"])
    return render(event) if render is not None else None


def _roll(event: Event) -> str:
    """A roll, its label in the reader's language."""
    return roll_sentence({**event, "dice": dice_text(event["dice"])}, _(event["label"]))


# -- explanations: once per fight, at the mechanic's first appearance ----------------------------
def _explain(event: Event) -> str | None:
    """What one of endurance's mechanics does, by its topic; None for another plugin's topic."""
    topic = event["topic"]
    if topic == "avoidance":
        return _(
            "Every attack hits, but the target's avoidance (Vermeidung: body plus armour) is taken off its "
            "damage; what gets through wears down his endurance (Ausdauer), and a blow that gets through "
            "with more than the endurance left is a wound (Wunde).")
    if topic == "bleeding":
        return _(
            "Whoever takes his last wound falls and bleeds out (Ausbluten): he dies after five rounds per "
            "point of body unless helped, at once if wounded again, and for good if nobody of his side is "
            "left standing to help him when the fight ends.")
    if topic == "flight":
        return _(
            "Flight (Flucht): as the party turns to run, every enemy still standing strikes once more, and the "
            "fallen are left behind.")
    if topic == "critical hit":
        return _("Critical hits (an optional endurance rule): a damage die that shows its highest face is rolled "
                 "once more and the second roll is added too, once, never again.")
    return None


# -- a blow --------------------------------------------------------------------------------------
def _hit(event: Event) -> str:
    """Always a hit, with its damage dice and modifiers; or a plain weapon against a ghost or demon."""
    if event.get("harmless"):
        if event["trait"] == "ghost":
            text = _("{attacker} strikes {defender}, but without a magic weapon cannot harm a ghost: damage 0, no die")
        else:
            text = _("{attacker} strikes {defender}, but without a magic weapon cannot harm a demon: damage 0, no die")
        return text.format(attacker=event["attacker"], defender=event["defender"])
    extra = "".join(f" {m['value']:+d} {m['reason']}" for m in event["modifiers"])
    return _("{attacker} strikes {defender} (always a hit): damage {dice}{modifiers}").format(
        attacker=event["attacker"], defender=event["defender"], dice=dice_text(event["dice"]), modifiers=extra)


def _critical(event: Event) -> str:
    """A damage die at its maximum, rolled once more (the optional rule): who, which die, what it added."""
    return _("{name}'s d{sides} shows its maximum {sides}: a critical hit, rolled once more for +{bonus}").format(
        name=event["who"], sides=event["sides"], bonus=event["extra"])


def _modifier(event: Event) -> str:
    """A plugin's armour modifier, added to the target's avoidance against the blow."""
    return _("{name}: avoidance {value} ({reason})").format(name=event["who"], value=f"{event['value']:+d}",
                                                           reason=event["reason"])


def _damage(event: Event) -> str:
    """Damage against avoidance, and what gets through to endurance."""
    net, demonic = event["net"], event["armour_ignored"]
    if net and demonic:
        text = _("damage {amount} − {name}'s avoidance {avoid} (armour does not count against a demon) = {net} "
                 "gets through: endurance {before} → {after}")
    elif net:
        text = _("damage {amount} − {name}'s avoidance {avoid} = {net} gets through: endurance {before} → {after}")
    elif demonic:
        text = _("damage {amount}: {name}'s avoidance {avoid} (armour does not count against a demon) stops it "
                 "all, endurance stays {before}")
    else:
        text = _("damage {amount}: {name}'s avoidance {avoid} stops it all, endurance stays {before}")
    return text.format(amount=event["amount"], name=event["who"], avoid=event["avoidance"], net=net,
                       before=event["endurance_before"], after=event["endurance_after"])


def _wound(event: Event) -> str:
    """More got through than the endurance left: a wound."""
    return _("{net} > endurance {before}: {name} takes a wound ({wounds} of {most})").format(
        net=event["net"], before=event["endurance_before"], name=event["who"], wounds=event["wounds"],
        most=event["max_wounds"])


def _condition(event: Event) -> str | None:
    """A change of status: the fall, a tick of the bleeding clock, bleeding out, a killing wound."""
    name, condition = event["who"], event["condition"]
    if condition == BLEEDING:
        rounds = event["bleed"]
        if event.get("fell"):
            text = ngettext("{name} falls and bleeds out (Ausbluten): dead in {rounds} round without help",
                            "{name} falls and bleeds out (Ausbluten): dead in {rounds} rounds without help", rounds)
        else:
            text = ngettext("{name} bleeds: {rounds} round left", "{name} bleeds: {rounds} rounds left", rounds)
        return text.format(name=name, rounds=rounds)
    if condition == BLED_OUT:
        return _("{name} has bled out").format(name=name)
    if condition == SLAIN:
        return _("{name} was already bleeding: this wound is fatal").format(name=name)
    return None


def _decision(event: Event) -> str | None:
    """A decision that changes the fight or ends it, with who took it and why: a non-fighter
    stepping up (the rules'), the party fleeing."""
    if event["decision"] == "step up":
        return _("No fighter of {name}'s side stands: {name} steps up to fight").format(name=event["who"])
    if event["decision"] != "retreat":
        return None
    standing = event["standing"]
    # TRANSLATORS: the default tactics' rule for fleeing, with the counts it went by.
    rule = ngettext(
        "flee once fewer than half of the engaged members stand: only {standing} of the {engaged} still stands",
        "flee once fewer than half of the engaged members stand: only {standing} of the {engaged} still stand",
        standing,
    ).format(engaged=event["engaged"], standing=standing)
    # TRANSLATORS: {who} says who decided and why, e.g. "the default tactics decide so (flee once ...)".
    return _("The party flees (Flucht): {who}").format(who=decided_by(event, rule))


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


# -- the end of a round and of the fight ----------------------------------------------------------
def _flight(event: Event) -> str:
    """The party turns to run: the standing enemies' parting blows follow."""
    return _("As the party turns to run, every standing enemy strikes once more.")


def _outcome(event: Event) -> str:
    """How the fight ended; a withdrawal names the round that hit the cap."""
    if event["outcome"] == Outcome.WITHDRAWN.value:
        return _("Round {cap} is over and both sides still stand: they withdraw.").format(cap=event["round"])
    return _(_VERDICTS[event["outcome"]])


def _plunder(event: Event) -> str:
    """Raiders plunder a party member left fallen."""
    return _("The raiders plunder {name}, left lying on the ground.").format(name=event["who"])


def _rest(event: Event) -> str:
    """Between two fights of a day: what a rest (``none``, ``short``, ``long``) gave back of a member's
    endurance and wounds (``before`` and ``after``: his carried ``endurance`` and ``wounds``)."""
    who, after = event["who"], event["after"]
    if not after:
        return _("{who} is himself again: endurance and wounds healed.").format(who=who)
    wounds = after.get("wounds", 0)
    if event["rest"] == "none":
        text = _("{who} goes on with endurance {endurance}.").format(who=who, endurance=after["endurance"])
    else:
        text = _("{who} gets his breath back (endurance), not his wounds.").format(who=who)
    if wounds:
        text += " " + MESSAGES.ngettext("He carries {count} wound.", "He carries {count} wounds.", wounds).format(count=wounds)
    return text


def _fate(event: Event) -> str:
    """A recorded fight's fate: its condition (one of ``CONDITIONS``) in the reader's language. A
    silent fight's conditions stay the English names analysis tallies and its JSON reports."""
    return _(event["condition"])


_RENDERERS: dict[str, Callable[[Event], str | None]] = {
    "fate": _fate,
    "rest": _rest,
    "roll": _roll,
    "explain": _explain,
    "hit": _hit,
    "critical": _critical,
    "modifier": _modifier,
    "damage": _damage,
    "wound": _wound,
    "condition": _condition,
    "decision": _decision,
    "flight": _flight,
    "outcome": _outcome,
    "plunder": _plunder,
}


# -- the descriptor ------------------------------------------------------------------------------
def title() -> str:
    """endurance's title in the reader's language."""
    return _("Endurance: always hit, avoidance, wounds")


def summary() -> str:
    """endurance's one-line summary in the reader's language."""
    return _(
        "Every attack hits; damage above avoidance wears endurance down, damage above the endurance "
        "left is a wound, and whoever takes his last wound falls and bleeds out."
    )


def critical_title() -> str:
    """The critical-hit rule's title in the reader's language (``critical``)."""
    return _("Critical hits (endurance, optional rule)")


def critical_summary() -> str:
    """The critical-hit rule's one-line summary in the reader's language."""
    return _("A damage die that shows its maximum is rolled once more and the second roll added.")
