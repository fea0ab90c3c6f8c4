"""ambermarch's narration: the renderer of its events, and every other text in the reader's language.

The rule modules report what happens as facts (``fight.emit(kind, **facts)``, ``fight.explain(topic,
**facts)``); ``rulebench_narrate`` turns one such event into its sentence while a fight records,
reading nothing but the event. A silent fight (Monte Carlo, exact analysis) renders nothing and asks
no catalog. Events of one kind are told apart by their facts (a ``damage`` event with a ``lead`` is
the party's won round, one with an ``amount`` the enemy's), and each sentence is a small template.

Every text goes through ambermarch's own catalog, the domain ``rulebench-ambermarch`` (``messages.py``), so ``--lang
de`` tells the fight in the German rules' terms (Haltung, Schwung, Standhaftigkeit, Wundenleiter,
Probe). The events' facts (stances, conditions' keys, outcomes, roll labels) stay English: they are
an interface. The descriptor's title and summary and the errors a script can cause live here too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rulebench import Fight, hookimpl, roll_sentence
from rulebench.rulesets.ambermarch.explanations import explanation
from rulebench.rulesets.ambermarch.messages import Event, _, ngettext, pgettext

_DIE = re.compile(r"(\d*)d(\d+)")
"""A die in dice notation: its count (if any) and its sides (``2d6``, ``d20``)."""


def dice_text(notation: str) -> str:
    """Dice notation in the reader's language: ``2d6+1``; German writes ``2W6+1`` (the catalog's
    letter). The events keep the notation as rulebench reads it."""
    # TRANSLATORS: the die's letter in dice notation, as in 2d6+1; German writes W (2W6+1).
    letter = pgettext("dice notation", "d")
    return notation if letter == "d" else _DIE.sub(lambda found: f"{found[1]}{letter}{found[2]}", notation)


@hookimpl
def rulebench_narrate(fight: Fight, event: Event) -> str | None:
    """The sentence for one of ambermarch's events (and a roll, its label translated); None for a
    kind or shape it does not know, so another renderer answers."""
    render = _BY_KIND.get(event["kind"])
    return None if render is None else render(event)


# -- words the sentences share --------------------------------------------------------------------


def _condition_words(condition: str) -> str:
    """A condition (a step of the wound ladder, or the enemy group's ``broken``/``shaken``/``steadfast``) in words."""
    words = {
        "unhurt": pgettext("wound ladder", "unhurt"),
        "battered": pgettext("wound ladder", "battered"),
        "wounded": pgettext("wound ladder", "wounded"),
        "down": pgettext("wound ladder", "down"),
        "broken": pgettext("enemy group", "broken"),
        "shaken": pgettext("enemy group", "shaken"),
        "steadfast": pgettext("enemy group", "steadfast"),
    }
    return words[condition]


def _fate(event: Event) -> str:
    """A recorded fight's fate: its condition in the reader's language, for the fates table."""
    return _condition_words(event["condition"])


def stance_name(stance: str) -> str:
    """A stance (Haltung) in words; English shows the decision's own value (``attack-ranged``)."""
    names = {
        "attack": pgettext("stance", "attack"),
        "attack-ranged": pgettext("stance", "attack-ranged"),
        "cover": pgettext("stance", "cover"),
        "technique": pgettext("stance", "technique"),
        "hold-back": pgettext("stance", "hold-back"),
    }
    return names[stance]


def skill_name(skill: str) -> str:
    """The skill an attack uses, ``melee`` or ``ranged``, in words."""
    return pgettext("skill", "melee") if skill == "melee" else pgettext("skill", "ranged")


def tier_name(tier: str) -> str:
    """A result of the test (Probe) in words: ``triumph``, ``success``, ``partial``, ``failure``, ``doom``."""
    names = {
        "triumph": pgettext("test result", "triumph"),
        "success": pgettext("test result", "success"),
        "partial": pgettext("test result", "partial"),
        "failure": pgettext("test result", "failure"),
        "doom": pgettext("test result", "doom"),
    }
    return names[tier]


def _names(names: Sequence[str]) -> str:
    return ", ".join(names)


def _signed(modifier: Event) -> str:
    """A modifier as the log shows it: ``+1 silver``."""
    return f"{modifier['value']:+d} {modifier['reason']}"


# -- rolls -----------------------------------------------------------------------------------------


def _roll(event: Event) -> str:
    """A roll, its label (``party attack dice``, ``enemy pool``, ``attack``, ``technique test``) and
    its dice notation translated."""
    return roll_sentence({**event, "dice": dice_text(event["dice"])}, _(event["label"]))


# -- the start of a round: declining, stances, momentum -------------------------------------------


def _note(event: Event) -> str | None:
    """The notes: a fight that may be declined, momentum a script cannot spend, a tie, a technique
    without effect, damage lost after the last member, a ghost or demon getting away."""
    if event.get("voluntary"):
        if event["forced"]:
            # TRANSLATORS: {names} are the alert members (Wachsamkeit turns a forced fight "!" into a voluntary one "?").
            return _("{names} alert (Wachsamkeit): the forced fight becomes voluntary").format(
                names=_names(event["alert"]))
        return _("a voluntary fight: the party may decline it")
    if "asked" in event:
        return _("the script spends {asked} momentum, but the party holds {held}: it spends {held}").format(
            asked=event["asked"], held=event["held"])
    if event.get("tie"):
        return _("a tie: both sides step back; the party may change its order")
    if "contribution" in event:
        return _("{name} uses a technique, but no skill plugin gives it an effect: it adds nothing").format(
            name=event["who"])
    if "lost" in event:
        return _("{remaining} damage left after the last member is lost").format(remaining=event["lost"])
    if "trait" in event:
        if event["trait"] == "ghost":
            text = _("{name} is a ghost and the enemy has no magic weapon: he gets away unhurt")
        else:
            text = _("{name} is a demon and the enemy has no magic weapon: he gets away unhurt")
        return text.format(name=event["who"])
    return None


def _decision(event: Event) -> str | None:
    """The party's answers, with who gave them and why: declining, momentum spent, a new marching
    order, a retreat."""
    decision = event.get("decision")
    if decision == "decline":
        if event["value"]:
            return _("the party declines the fight: {who}").format(who=decided_by(event, None))
        return _("the party takes the fight: {who}").format(who=decided_by(event, _("take every fight offered")))
    if decision == "momentum":
        return _("the party spends {spent} momentum for +{bonus}: {who}").format(
            spent=event["value"], bonus=2 * event["value"], who=decided_by(event, _("spend all momentum held")))
    if decision == "order":
        return _("the party reorders ({order}): {who}").format(order=_names(event["value"]), who=decided_by(event, None))
    if decision == "retreat":
        fit = event["fit"]
        # TRANSLATORS: the default tactics' rule for retreating, with the counts it went by.
        rule = ngettext(
            "retreat once fewer than half of the engaged members are unhurt or battered: {fit} of the {engaged} is",
            "retreat once fewer than half of the engaged members are unhurt or battered: {fit} of the {engaged} are",
            fit,
        ).format(fit=fit, engaged=event["engaged"])
        return _("the party retreats (abbrechen): {who}").format(who=decided_by(event, rule))
    return None


def decided_by(event: Event, rule: str | None) -> str:
    """Who took a ``decision`` event's decision (its fact ``by``, named by the kernel), and why:
    the default tactics with their ``rule``, the encounter's script with the table that answered,
    or a tactics plugin by name."""
    by = event.get("by")
    if by == "default":
        if rule is None:
            return _("the default tactics decide so")
        return _("the default tactics decide so ({rule})").format(rule=rule)
    if by == "script":
        return _("the encounter's script decides so (tactics.round[{table}])").format(table=event["table"])
    if by is None:
        return _("a tactics source decides so")
    return _("the tactics plugin {name} decides so").format(name=by)


def _stance(event: Event) -> str:
    """A standing member's stance this round."""
    if event["forced"]:
        return _("{name} is wounded: cover only").format(name=event["who"])
    return _("{name} takes the stance {stance}").format(name=event["who"], stance=stance_name(event["stance"]))


# -- the exchange -------------------------------------------------------------------------------


def _modifier(event: Event) -> str | None:
    """What goes onto a sum besides the dice: momentum, an enemy's weapon, or nothing for a weapon
    without magic against a ghost or demon."""
    if "contribution" in event:
        return _("{name} attacks without a magic weapon: contributes 0 against a ghost or demon").format(
            name=event["who"])
    if event.get("who") is not None:
        # TRANSLATORS: {value} is signed (+1), {reason} the modifier's own name (silver).
        return _("{name}: {value} {reason} to the enemy pool").format(
            name=event["who"], value=f"{event['value']:+d}", reason=event["reason"])
    if event.get("reason") == "momentum":
        spent = event["value"] // 2
        return _("momentum {spent}: +{bonus} to the party's sum").format(spent=spent, bonus=2 * spent)
    return None


def _total(event: Event) -> str | None:
    """A part of the party's sum (an attacker's, a technique's) or the sum itself."""
    if event.get("side") == "party":
        return _("the party's sum: {total}").format(total=event["total"])
    if "tier" in event:
        return _technique(event)
    if "die" in event:
        return _attack(event)
    return None


def _attack(event: Event) -> str:
    """One attacker's die, skill, wound penalty and weapon modifiers, and what he adds to the sum."""
    face, penalty = event["die"], event["penalty"]
    parts = [f"{dice_text('1d6')} {face}", f"{skill_name(event['skill'])} {event['rating']}"]
    if penalty:
        parts.append(f"{penalty} {_condition_words(event['condition'])}")
    parts += [_signed(m) for m in event["modifiers"]]
    formula = " + ".join(parts).replace("+ -", "− ").replace("+ +", "+ ")
    if event["total"] != face + event["bonus"]:
        # TRANSLATORS: {formula} is the attack's sum in figures, e.g. "1d6 4 + melee 6 − 1 battered".
        text = _("{name} attacks: {formula} = {total} (at least 0)")
    else:
        text = _("{name} attacks: {formula} = {total}")
    return text.format(name=event["who"], formula=formula, total=event["total"])


def _technique(event: Event) -> str:
    """A technique's test (Probe) and what it adds."""
    first, second = event["faces"]
    shown = f"{first}+{second} + " + _("mind {mind}").format(mind=event["mind"])
    if event["penalty"]:
        shown += " − " + _("{penalty} wounds").format(penalty=-event["penalty"])
    # TRANSLATORS: {reasons} are the technique's effects ("+2 prayer"), {shown} the test in figures
    # ("4+5 + mind 2"), {tier} its result (triumph, success, partial, failure, doom).
    return _("{name}'s technique ({reasons}): test {shown} vs {target}: {tier}, adds {contribution}").format(
        name=event["who"], reasons=", ".join(_signed(m) for m in event["modifiers"]), shown=shown,
        target=event["target"], tier=tier_name(event["tier"]), contribution=event["total"])


def _totals(event: Event) -> str:
    """Both sides' totals."""
    return _("party {party} vs enemy {enemy}").format(party=event["party_total"], enemy=event["enemy_total"])


# -- what a round costs the loser -----------------------------------------------------------------


def _damage(event: Event) -> str | None:
    """The party's lead against the group's armour and steadfastness, or the enemy's damage to the party."""
    if "lead" in event:
        lead, past = event["lead"], event["past"]
        if event.get("demon") is not None:
            # TRANSLATORS: {demon} is a demon of the party; his blows leave the enemy only its magic armour.
            text = _("lead {lead}: against {demon}'s demonic blows the enemy's armour is {armour}, it swallows "
                     "{swallowed}, {past} past it: steadfastness −{loss}, {before} → {after}; momentum {momentum}")
        else:
            # TRANSLATORS: {swallowed} of the lead stays in the armour, {past} gets past it.
            text = _("lead {lead}: the enemy's armour {armour} swallows {swallowed}, {past} past it: steadfastness "
                     "−{loss}, {before} → {after}; momentum {momentum}")
        return text.format(
            lead=lead, armour=event["armour"], swallowed=lead - past, past=past, loss=event["loss"],
            before=event["before"], after=event["steadfastness"], momentum=event["momentum"], demon=event.get("demon"))
    if "amount" in event:
        return _("damage {amount} to the party").format(amount=event["amount"])
    return None


def _absorbed(event: Event) -> str:
    """What one member's armour takes of the damage, or the blows passing through a ghost or demon."""
    name, armour = event["who"], event["armour"]
    if "trait" in event:
        if event["trait"] == "ghost":
            text = _("{name} is a ghost: the blows pass through him, {remaining} flows on")
        else:
            text = _("{name} is a demon: the blows pass through him, {remaining} flows on")
        return text.format(name=name, remaining=event["left"])
    if "left" not in event:
        return _("{name}'s armour {armour} absorbs {remaining}").format(
            name=name, armour=armour, remaining=event["absorbed"])
    if event["left"]:
        text = _("{name}'s armour {armour} absorbs {armour}, 1 gets through, {remaining} flows on")
    else:
        text = _("{name}'s armour {armour} absorbs {armour}, 1 gets through")
    return text.format(name=name, armour=armour, remaining=event["left"])


def _wound(event: Event) -> str:
    """A member one step up the wound ladder, hit in the exchange or hurt in the retreat."""
    key = event["condition"] == "down", event["tainted"]
    if event["in_retreat"]:
        sentences = {
            (False, False): _("{name} is hurt in the retreat → {condition}"),
            (False, True): _("{name} is hurt in the retreat → {condition} (tainted: no healing by rest)"),
            (True, False): _("{name} is hurt in the retreat → {condition} and out of the encounter"),
            (True, True): _("{name} is hurt in the retreat → {condition} and out of the encounter "
                            "(tainted: no healing by rest)"),
        }
    else:
        sentences = {
            (False, False): _("{name} is hit → {condition}"),
            (False, True): _("{name} is hit → {condition} (tainted: no healing by rest)"),
            (True, False): _("{name} is hit → {condition} and out of the encounter"),
            (True, True): _("{name} is hit → {condition} and out of the encounter (tainted: no healing by rest)"),
        }
    return sentences[key].format(name=event["who"], condition=_condition_words(event["condition"]))


# -- the end --------------------------------------------------------------------------------------


def _outcome(event: Event) -> str:
    """How and when the fight ended."""
    sentences = {
        "party_wins": _("the fight ends after round {round}: party_wins"),
        "enemy_wins": _("the fight ends after round {round}: enemy_wins"),
        "withdrawn": _("the fight ends after round {round}: withdrawn"),
        "party_fled": _("the fight ends after round {round}: party_fled"),
    }
    return sentences[event["outcome"]].format(round=event["round"])


def _flight(event: Event) -> str:
    """What the retreat (abbrechen) costs: a step each for the foremost standing members."""
    return _("the retreat costs the {cost} foremost standing members a step on the wound ladder each, armour "
             "aside").format(cost=event["cost"])


def _plunder(event: Event) -> str:
    """The raiders plunder the members left down."""
    return _("the raiders plunder {names}, left down").format(names=_names(event["plundered"]))


def _condition(event: Event) -> str:
    """Who carries tainted wounds after the fight."""
    return _("tainted wounds (verdorben, no healing by rest): {names}").format(names=_names(event["tainted"]))


_LADDER = ("unhurt", "battered", "wounded", "down")
"""The ladder's steps by number, as the carried state counts them (carry.py)."""


def _rest(event: Event) -> str:
    """Between two fights of a day: what the rest (``none``, ``short``, ``long``) left of a member's
    ladder step (``before`` and ``after``: his carried ``ladder`` and ``tainted`` steps)."""
    before, after = event["before"], event["after"]
    was = _condition_words(_LADDER[before.get("ladder", 0)])
    now = _condition_words(_LADDER[after.get("ladder", 0)])
    if event["rest"] == "none":
        text = _("{who} goes on {now}.").format(who=event["who"], now=now)
    elif before == after:
        text = _("{who} stays {now}.").format(who=event["who"], now=now)
    else:
        text = _("{who}: {was} → {now}.").format(who=event["who"], was=was, now=now)
    tainted = after.get("tainted", 0)
    if tainted:
        text += " " + ngettext("His tainted step (verdorben) heals by no rest.",
                                        "His {count} tainted steps (verdorben) heal by no rest.", tainted).format(count=tainted)
    return text


_BY_KIND: dict[str, Callable[[Event], str | None]] = {
    "fate": _fate,
    "rest": _rest,
    "roll": _roll,
    "explain": explanation,
    "note": _note,
    "decision": _decision,
    "stance": _stance,
    "modifier": _modifier,
    "total": _total,
    "totals": _totals,
    "damage": _damage,
    "absorbed": _absorbed,
    "wound": _wound,
    "outcome": _outcome,
    "flight": _flight,
    "plunder": _plunder,
    "condition": _condition,
}


# -- the descriptor and the errors a script can cause ----------------------------------------------


def ruleset_title() -> str:
    """ambermarch's short title, for ``rulesets`` and the narration's header."""
    return _("Ambermarch: stances, momentum, steadfastness")


def ruleset_summary() -> str:
    """What makes ambermarch particular, in one sentence, for ``rulesets``."""
    return _(
        "The party's summed attacks against the enemy group's pool; winning wears down the group's "
        "steadfastness and builds momentum, losing pushes members up a four-step wound ladder."
    )


def bad_hold_back(round_number: int, holders: Sequence[str], line: Sequence[str]) -> str:
    """The error for a script that holds back members who may not (``line``: the damage order)."""
    # TRANSLATORS: "tactics" and "hold-back" are the encounter file's own words; keep them.
    return _(
        "tactics: round {round}: {holders} cannot hold back; hold-back is only for members behind all others in "
        "damage order ({line}), and someone must not hold back"
    ).format(round=round_number, holders=_names(holders), line=_names(line))


def bad_momentum(round_number: int, spent: object, held: int, maximum: int) -> str:
    """The error for a script that spends momentum the party can never hold."""
    # TRANSLATORS: "tactics" is the encounter file's own word; {spent} is the value as the file gives it.
    return _(
        "tactics: round {round} spends {spent} momentum; expected a whole number from 0 to {maximum} "
        "(the party holds {held})"
    ).format(round=round_number, spent=repr(spent), maximum=maximum, held=held)


def bad_order(round_number: int, answer: object, current: Sequence[str]) -> str:
    """The error for a script whose new marching order is not the engaged party."""
    # TRANSLATORS: "tactics" and "order" are the encounter file's own words; {answer} is the value as the file gives it.
    return _(
        "tactics: round {round} answers the 'order' decision with {answer}; expected the members {members} in "
        "their new marching order"
    ).format(round=round_number, answer=repr(answer), members=_names(current))
