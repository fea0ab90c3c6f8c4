"""classic's narration: the sentence for each event a classic fight reports, and its other words.

The rule modules report what happens as facts (``fight.emit(kind, **facts)``, ``fight.explain``);
while a fight records, the kernel asks ``rulebench_narrate`` for each event's sentence, and this
module answers it from the event alone: its kind, then its facts (names, numbers, untranslated
keys). A silent fight (Monte Carlo, exact analysis) asks nothing, so it builds no text.

Every text goes through classic's own catalog (``info.MESSAGES``, the domain ``rulebench-classic``),
translated when it is rendered, in the terms of the German rules: Kampfstärke (KS), Rüstungswert
(RW), Verletzung, erschöpft, verfluchter Schaden. Besides the events: a recorded fight's fates (the
``fate`` request) and the errors of a bad script.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rulebench import N_, Fight, Outcome, hookimpl, roll_sentence
from rulebench.rulesets.classic.info import (
    ENEMY_HIGHER,
    ENEMY_WINS_ROUND,
    FLEE,
    MELEE,
    MESSAGES,
    PARTY_HIGHER,
    PARTY_WINS_ROUND,
    POTION,
    STAYED_OUT,
    _,
)

ngettext = MESSAGES.ngettext
pgettext = MESSAGES.pgettext

Event = dict[str, Any]


_DIE = re.compile(r"(\d*)d(\d+)")
"""A die in dice notation: its count (if any) and its sides (``2d6``, ``d20``)."""


def dice_text(notation: str) -> str:
    """Dice notation in the reader's language: ``2d6+1``; German writes ``2W6+1`` (the catalog's
    letter). The events keep the notation as rulebench reads it."""
    # TRANSLATORS: the die's letter in dice notation, as in 2d6+1; German writes W (2W6+1).
    letter = pgettext("dice notation", "d")
    return notation if letter == "d" else _DIE.sub(lambda found: f"{found[1]}{letter}{found[2]}", notation)


# -- explanations: once per fight, at the mechanic's first appearance (``fight.explain(topic)``) ----
_EXPLANATIONS = {
    # How damage to the party walks down the line and each RW absorbs its share.
    "damage line": N_(
        "Damage to the party walks down the marching order: each fighter's armour value (RW) absorbs "
        "that many points, the next point wounds him and the rest goes on to the next fighter, starting "
        "again at the front after the last."),
    # How the enemy group's RW takes the party's damage.
    "enemy rw": N_(
        "The enemy group's armour value (RW) absorbs that many points of the party's damage; "
        "any point beyond it wounds the group, which then withdraws."),
    # A demon of the party against the enemy group's armour.
    "demon blows": N_(
        "A demon's blows ignore armour that is not magic, on either side: while a demon fights for the "
        "party, an enemy without magic armour has RW 0, and the group's RW is still its lowest."),
    # The three drawn rounds rule: exhaustion, or forced flight against the tireless.
    "drawn rounds": N_(
        "A drawn round leads to the next, but there are at most three: after the third both sides are "
        "exhausted (erschöpft) and withdraw, except that undead never tire and force the party to flee."),
    # What a life-saving potion does.
    "potion": N_(
        "A second wound kills, but the adventurer may first drink a life-saving potion (Lebenstrank) "
        "of his own or his neighbour's, which averts that wound."),
    # What cursed damage means.
    "cursed damage": N_(
        "Ghosts and demons deal cursed damage (verfluchter Schaden): rest cannot heal such a wound, "
        "only magic such as a healing spell or potion can."),
}

_OUTCOME_TEXT = {
    Outcome.PARTY_WINS.value: N_("the enemy is wounded and withdraws: the party wins"),
    Outcome.ENEMY_WINS.value: N_("the party is wounded and withdraws: the enemy wins"),
    Outcome.WITHDRAWN.value: N_("three drawn rounds: both sides are exhausted (erschöpft) and withdraw"),
    Outcome.PARTY_FLED.value: N_("the party has fled"),
}


def _roll(event: Event) -> str:
    """A roll, its label (one of ``info``'s roll labels) in the reader's language."""
    return roll_sentence({**event, "dice": dice_text(event["dice"])}, _(event["label"]))


def _explain(event: Event) -> str | None:
    """A mechanic explained where it first comes up; None for another plugin's topic, its own to tell."""
    text = _EXPLANATIONS.get(event["topic"])
    return _(text) if text is not None else None


# -- the round's decisions and rolls ----------------------------------------------------------------
def _decision(event: Event) -> str:
    """A decision that changes the fight or ends it, with who took it: a new marching order, a
    life-saving potion, a flight after a drawn round."""
    decision = event["decision"]
    if decision == POTION:
        # TRANSLATORS: {who} says who decided, e.g. "the encounter's script decides so (tactics.round[0])".
        text = _("{name} reaches for a life-saving potion: {who}").format(name=event["who"], who=decided_by(event))
    elif decision == FLEE:
        text = _("the party decides to flee: {who}").format(who=decided_by(event))
    else:
        text = _("the party reorders ({order}): {who}").format(order=", ".join(event["order"]), who=decided_by(event))
    return text


def decided_by(event: Event) -> str:
    """Who took a ``decision`` event's decision (its fact ``by``, named by the kernel): classic's
    default tactics (which keep the order and never flee or drink), the encounter's script with the
    table that answered, or a tactics plugin by name."""
    by = event.get("by")
    if by == "default":
        return _("the default tactics decide so")
    if by == "script":
        return _("the encounter's script decides so (tactics.round[{table}])").format(table=event["table"])
    if by is None:
        return _("a tactics source decides so")
    return _("the tactics plugin {name} decides so").format(name=by)


def _modifier(event: Event) -> str:
    """The party's weapon modifiers (silver +1 vs undead) right under its KS roll, from the rolled
    sum to the party's total; or one enemy's, added to the group's KS."""
    if "modifiers" not in event:
        return _("{name}: {value} {reason} to the enemy's KS").format(
            name=event["who"], value=f"{event['value']:+d}", reason=event["reason"])
    extra = event["value"]
    return _("{modifiers}: party {rolled} {sign} {extra} = {total}").format(
        modifiers=", ".join(event["modifiers"]), rolled=event["rolled"], sign="+" if extra >= 0 else "−",
        extra=abs(extra), total=event["rolled"] + extra)


def _total(event: Event) -> str:
    """One fighter's KS: his dice, modifiers, the faces read off the party's roll and the sum; or KS 0."""
    melee = event["mode"] == MELEE
    if "dice" not in event:
        text = (_("{name} fights melee without a magic weapon: KS 0, no die") if melee
                else _("{name} fights ranged without a magic weapon: KS 0, no die"))
        return text.format(name=event["who"])
    faces, ks = event["faces"], event["ks"]
    reasons = "".join(f" {m['value']:+d} {m['reason']}" for m in event["modifiers"])
    rolled = " ".join(map(str, faces)) if faces is not None else "?"
    result = f" = {ks}" if ks is not None else ""
    text = (_("{name} fights melee: KS {dice}{reasons}, rolled {rolled}{result}") if melee
            else _("{name} fights ranged: KS {dice}{reasons}, rolled {rolled}{result}"))
    return text.format(name=event["who"], dice=dice_text(event["dice"]), reasons=reasons, rolled=rolled, result=result)


def _verdict_text(verdict: str, margin: int) -> str:
    """The verdict's words: the round's result where the difference already decides it."""
    if verdict == PARTY_WINS_ROUND:
        return _("the party wins the round by {margin}").format(margin=margin)
    if verdict == PARTY_HIGHER:
        return _("the party's total is higher by {margin}").format(margin=margin)
    if verdict == ENEMY_WINS_ROUND:
        return _("the enemy wins the round by {margin}").format(margin=margin)
    if verdict == ENEMY_HIGHER:
        return _("the enemy's total is higher by {margin}").format(margin=margin)
    return _("equal: the round is drawn")


def _totals(event: Event) -> str:
    """Both sides' totals and what they mean for the round."""
    party, enemy = event["party_total"], event["enemy_total"]
    # TRANSLATORS: {verdict} is a clause such as "the party wins the round by 3".
    return _("party {party} vs enemy {enemy} (KS {dice}): {verdict}").format(
        party=party, enemy=enemy, dice=dice_text(event["dice"]), verdict=_verdict_text(event["verdict"], abs(party - enemy)))


# -- damage ----------------------------------------------------------------------------------------
def _damage(event: Event) -> str:
    """The round's damage starts down the party's line."""
    return _("damage {amount} to the party, down the line {names}").format(
        amount=event["amount"], names=", ".join(event["line"]))


def _wound(event: Event) -> str:
    """The party's damage beats the group's RW; or a fighter's RW took its share and the next point
    wounds him, ``left`` going on."""
    if event.get("side") == "enemy":
        if event.get("demon") is not None:
            # TRANSLATORS: {demon} is a demon of the party; his blows leave the enemy only its magic armour.
            text = _("damage {amount} beats the enemy's RW {rw} against {demon}'s demonic blows: "
                     "the enemy is wounded and withdraws")
        else:
            text = _("damage {amount} beats the enemy's RW {rw}: the enemy is wounded and withdraws")
        return text.format(amount=event["amount"], rw=event["rw"], demon=event.get("demon"))
    if event["rw"]:
        text = _("{name}'s RW {rw} absorbs {rw}, the next point is a wound; {left} left")
    else:
        text = _("{name} has RW 0: the first point is a wound; {left} left")
    return text.format(name=event["who"], rw=event["rw"], left=event["left"])


def _absorbed(event: Event) -> str:
    """The group's RW takes all of the party's damage; or a fighter's RW takes what is left, the
    round drawn when nobody was wounded."""
    if event.get("side") == "enemy":
        if event.get("demon") is not None:
            text = _("damage {amount}: the enemy's RW {rw} against {demon}'s demonic blows absorbs it all, "
                     "the round is drawn")
        else:
            text = _("damage {amount}: the enemy's RW {rw} absorbs it all, the round is drawn")
        return text.format(amount=event["amount"], rw=event["rw"], demon=event.get("demon"))
    left = event["amount"]
    # English reads the same for one point and for several; other languages may not (ngettext).
    if event["drawn"]:
        text = ngettext("{name}'s RW {rw} absorbs the last {left}: nobody is wounded, the round is drawn",
                        "{name}'s RW {rw} absorbs the last {left}: nobody is wounded, the round is drawn", left)
    else:
        text = ngettext("{name}'s RW {rw} absorbs the last {left}: the damage stops",
                        "{name}'s RW {rw} absorbs the last {left}: the damage stops", left)
    return text.format(name=event["who"], rw=event["rw"], left=left)


def _wrap(event: Event) -> str:
    """The damage passed the last fighter and starts at the front again."""
    left = event["left"]
    # English reads the same for one point and for several; other languages may not (ngettext).
    return ngettext("past the last fighter with {left} left: back to the front, RW protects again",
                    "past the last fighter with {left} left: back to the front, RW protects again", left).format(left=left)


def _lost(event: Event) -> str:
    """Every fighter is dead, or nobody the enemy can harm is left standing: the rest is lost."""
    left = event["amount"]
    if event["fallen"]:
        text = ngettext("every fighter is dead; the last {left} points are lost",
                        "every fighter is dead; the last {left} points are lost", left)
    else:
        text = ngettext("the blows pass through the ghostly fighters; the last {left} points are lost",
                        "the blows pass through the ghostly fighters; the last {left} points are lost", left)
    return text.format(left=left)


def _note(event: Event) -> str:
    """A member who stayed out takes two wounds once every fighter is dead; or one the enemy cannot
    harm gets away from a flight unwounded."""
    if event["note"] == STAYED_OUT:
        return _("every fighter is dead: {name}, who stayed out, takes two wounds").format(name=event["who"])
    return _("{name} cannot be harmed without a magic weapon: he flees unwounded").format(name=event["who"])


# -- wounds ----------------------------------------------------------------------------------------
def _potion(event: Event) -> str:
    """A life-saving potion averts the second wound (its ``cause``: one of ``info``'s ``BY_`` keys)."""
    return _("{name} drinks a life-saving potion: the second wound ({cause}) is averted").format(
        name=event["who"], cause=_(event["cause"]))


def _condition(event: Event) -> str:
    """A member's condition after a wound: out with one, dead with two."""
    text = _("{name} is out, unable to act (one wound)") if event["wounds"] == 1 else _("{name} is dead (two wounds)")
    return text.format(name=event["who"])


def _cursed(event: Event) -> str:
    """A member's wound is cursed: rest cannot heal it."""
    return _("{name}'s wound is cursed (verfluchter Schaden): rest cannot heal it").format(name=event["who"])


# -- the end of a round and of the fight -------------------------------------------------------------
def _flight(event: Event) -> str:
    """A flight or a forced flight: its d3 (if rolled) and who takes a wound."""
    forced = event["forced"]
    why = _("the tireless enemy forces the party to flee") if forced else _("the party flees (Flucht)")
    if event["rolled"] is None:
        detail = _moot_flight(event["wounded"], event["harmed"])
    else:
        detail = _flight_detail(event["rolled"], forced, event["count"], event["wounded"])
    # TRANSLATORS: {why} says who flees and why, {detail} what the d3 showed and who is wounded.
    return _("{why}: {detail}").format(why=why, detail=detail)


def _moot_flight(reached: Sequence[str], harmed: Sequence[str]) -> str:
    """A flight whose d3 is not rolled, since no result changes who is wounded: the members it
    could call for (``reached``) and those of them the enemy can harm (``harmed``)."""
    names = ", ".join(reached)
    if len(reached) == 1 and harmed:
        return _("no die, {names} is the only one left and takes a wound").format(names=names)
    if not harmed:
        # TRANSLATORS: the flight's d3 is not rolled: the enemy cannot harm any member it could call for.
        return _("no die: whatever the d3 shows, the enemy can harm none of {names}").format(names=names)
    # TRANSLATORS: the flight's d3 is not rolled: of the members it could call for, the enemy can
    # harm only those named in {harmed}, and they are within reach whatever it shows.
    return _("no die: whatever the d3 shows, of {names} only {harmed} can be wounded").format(
        names=names, harmed=", ".join(harmed))


def _flight_detail(rolled: int, forced: bool, count: int, hit: Sequence[str]) -> str:
    """The die, how many it calls for, and who is actually wounded: fewer when fewer are left."""
    names = ", ".join(hit)
    die = (_("d3 {rolled}").format(rolled=rolled) if forced
           else _("d3 {rolled} − 1 = {count}").format(rolled=rolled, count=count))
    if count == 0:
        return _("{die}: nobody takes a wound").format(die=die)
    if len(hit) < count:
        # TRANSLATORS: fewer members are left than the die calls for; {there} of them are named.
        text = ngettext("{die}: the first {count} take a wound, and there is only {there}: {names}",
                        "{die}: the first {count} take a wound, and there are only {there}: {names}", len(hit))
        return text.format(die=die, count=count, there=len(hit), names=names)
    text = ngettext("{die}: the first takes a wound: {names}", "{die}: the first {count} take a wound: {names}", count)
    return text.format(die=die, count=count, names=names)


def _outcome(event: Event) -> str:
    """How the fight ended."""
    return _(_OUTCOME_TEXT[event["outcome"]])


def _robbed(event: Event) -> str:
    """Robbers take what a member carries on the equipment line his d10 showed."""
    return _("robbers take what {name} carries on equipment line {line}, if anything").format(
        name=event["who"], line=event["line"])


def _rest(event: Event) -> str:
    """Between two fights of a day: whether the rest (``none``, ``short``, ``long``) healed a member's
    wound (``before`` and ``after``: his carried ``wounds`` and ``cursed``)."""
    who, cursed = event["who"], event["before"].get("cursed", False)
    if not event["after"]:
        return _("{who}'s wound heals: he fights again.").format(who=who)
    if cursed and event["rest"] != "none":
        return _("{who}'s cursed wound (verfluchter Schaden) heals by no rest: he stays out of action.").format(who=who)
    if event["rest"] == "short":
        return _("{who}'s wound does not heal in a short rest: he stays out of action.").format(who=who)
    if cursed:
        return _("{who} goes on with a cursed wound, out of action.").format(who=who)
    return _("{who} goes on wounded, out of action until healed.").format(who=who)


def _finished(event: Event) -> str:
    """After a fight of a day: at most one adventurer is left alive, and the party is finished."""
    return _("Only {names} is left alive: the party is finished, and the last adventurer rides alone into the "
             "sunset.").format(names=", ".join(event["living"]))


def _fate(event: Event) -> str:
    """A recorded fight's fate: its condition (one of ``info``'s condition names) in the reader's
    language. A silent fight's conditions stay the English names analysis tallies."""
    return _(event["condition"])


_RENDER: dict[str, Callable[[Event], str | None]] = {
    "fate": _fate,
    "rest": _rest,
    "finished": _finished,
    "roll": _roll,
    "explain": _explain,
    "decision": _decision,
    "modifier": _modifier,
    "total": _total,
    "totals": _totals,
    "damage": _damage,
    "wound": _wound,
    "absorbed": _absorbed,
    "wrap": _wrap,
    "lost": _lost,
    "note": _note,
    "potion": _potion,
    "condition": _condition,
    "cursed": _cursed,
    "flight": _flight,
    "outcome": _outcome,
    "robbed": _robbed,
}
"""Each event kind a classic fight emits, and its template."""


@hookimpl
def rulebench_narrate(fight: Fight, event: Event) -> str | None:
    """The sentence for one of classic's events, read off the event alone (its kind, then its
    facts); None for a kind classic does not emit, which the next renderer answers."""
    render = _RENDER.get(event["kind"])
    return render(event) if render is not None else None


# -- bad scripts ---------------------------------------------------------------------------------
def bad_order(round_number: int, answer: object, current: Sequence[str]) -> str:
    """The error for an ``order`` answer that is not the whole party once."""
    return _("tactics: round {round} answers the 'order' decision with {answer}; "
             "expected every party member's name once, front first: {names}").format(
        round=round_number, answer=repr(answer), names=", ".join(current))


def nobody_fights(round_number: int) -> str:
    """The error for a round whose script leaves nobody fighting."""
    return _("tactics: round {round} leaves nobody fighting; at least one member must fight").format(round=round_number)
