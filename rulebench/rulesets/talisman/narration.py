"""talisman's wording: the sentences of a narrated fight, rendered from the events its rules report.

The rule modules report what happens as facts (``fight.emit(kind, **facts)``, ``fight.explain(topic,
**facts)``): names, numbers, modifiers and untranslated keys. ``rulebench_narrate`` turns each
event into its sentence while the fight records, reading the event and nothing else, through
talisman's own catalog, the domain ``rulebench-talisman``, in the language chosen when the event
is told: the duels, the lives given up, the explanations of its mechanics, the verdicts, its roll
label; the descriptor and errors are worded here too. The German catalog speaks the rulebook's
terms (Kampfkraft, Stärke, Lebenspunkt, Unentschieden, besiegt, Umgehungsmanöver).

The events and their facts (beside ``kind``, ``round`` and ``text``):

- ``roll``: the kernel's roll, its ``label`` ``DUEL_LABEL``.
- ``duel``: ``attacker`` (the member), ``defender`` (his opponent, a grouped enemy's names joined
  with " + "), ``member_die``/``opponent_die`` (None without dice), ``member_strength``/
  ``opponent_strength``, ``member_bonus``/``opponent_bonus`` (weapon modifiers),
  ``member_power``/``opponent_power`` (combat power, the dice included), ``lead`` (the member's
  power minus his opponent's), ``winner`` (who takes a life, or None), ``result`` (``member``,
  ``opponent`` or ``standoff``), ``rolled`` (False for a duel decided before the dice),
  ``member_spared``/``opponent_spared`` (``ghost`` or ``demon`` when the other cannot harm him,
  else None).
- ``decision``: ``who`` evades (``decision = "evade"``) his ``opponent``; ``by`` (named by the kernel) says
  who decided.
- ``absorbed``: ``who`` keeps his life, protected for the ``reasons`` given.
- ``wound``: ``who`` has ``lives`` of ``max_lives`` left; ``condition``: ``who`` has none left,
  ``condition`` ``dead`` or ``defeated``.
- ``outcome``: the ``outcome`` and the fight's ``round_cap``; the narration adds the ``reason``
  of a fight without a winner, in the reader's language.
- ``plunder``: the raiders plunder ``who``.
- ``explain``: its ``topic``; ``non-fighter`` names ``who``, ``monster lives`` names ``who`` with
  his ``lives`` and his encounter ``life``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rulebench import N_, Fight, Messages, hookimpl, roll_sentence

MESSAGES = Messages("rulebench-talisman", Path(__file__).with_name("locale"))
"""talisman's catalog: every text it writes, in the language chosen when the text is written."""

_ = MESSAGES.gettext
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
"""A logged event, as ``rulebench_narrate`` gets it: JSON-ready facts."""

# Roll labels: what a logged roll is for. The rules pass them untranslated; a roll is told with
# its label in the reader's language.
DUEL_LABEL = N_("duel dice (member − opponent)")
LABELS = frozenset({DUEL_LABEL})


@hookimpl
def rulebench_narrate(fight: Fight, event: Event) -> str | None:
    """The sentence for one of talisman's events (``kind`` and facts in the module docstring); None
    for a kind or a roll label that is not talisman's, so another renderer tells it."""
    kind = event["kind"]
    if kind == "roll":
        if event["label"] not in LABELS:
            return None
        return roll_sentence({**event, "dice": dice_text(event["dice"])}, _(event["label"]))
    if kind == "explain":
        explain = _EXPLANATIONS.get(event["topic"])
        return None if explain is None else explain(event)
    render = _RENDERERS.get(kind)
    return None if render is None else render(event)


def trait_name(kind: str) -> str:
    """A kind of creature only a magic weapon harms (``ghost``, ``demon``) in the current language."""
    names = {"ghost": pgettext("trait", "ghost"), "demon": pgettext("trait", "demon")}
    return names.get(kind, kind)


# -- duels ---------------------------------------------------------------------------------------
def _extra(mods: Sequence[dict[str, Any]]) -> str:
    """The weapon modifiers after a strength, each signed with its reason: `` +1 silver vs undead``."""
    return "".join(f" {m['value']:+d} {m['reason']}" for m in mods)


def _power_text(name: str, die: int | None, strength: int, mods: Sequence[dict[str, Any]], total: int) -> str:
    """One duellist's combat power (Kampfkraft) and how it is made up."""
    if die is None:
        # TRANSLATORS: one duellist's combat power (Kampfkraft) without the die; {extra} is a list
        # of signed weapon bonuses such as " +1 silver vs undead", {total} the combat power.
        return _("{name} strength {strength}{extra} = {total}").format(
            name=name, strength=strength, extra=_extra(mods), total=total
        )
    # TRANSLATORS: one duellist's combat power (Kampfkraft): {die} is what his 1d6 showed, {extra} a
    # list of signed weapon bonuses such as " +1 silver vs undead", {total} the combat power.
    return _("{name} 1d6 {die} + strength {strength}{extra} = {total}").format(
        name=name, die=die, strength=strength, extra=_extra(mods), total=total
    )


def _range_text(name: str, strength: int, mods: Sequence[dict[str, Any]], total: int) -> str:
    """One duellist's combat power before the dice: the range a d6 gives it."""
    # TRANSLATORS: {low}–{high} is the combat power (Kampfkraft) the duellist can reach with 1d6.
    return _("{name} strength {strength}{extra} ({low}–{high} with 1d6)").format(
        name=name, strength=strength, extra=_extra(mods), low=total + 1, high=total + 6
    )


def _duel(event: Event) -> str:
    """One sentence per duel: both dice, both combat powers, the winner (docs/rules/talisman.md)."""
    if not event["rolled"]:
        return _certain(event)
    member, opponent = event["attacker"], event["defender"]
    powers = {
        "member": _power_text(member, event["member_die"], event["member_strength"], event["member_bonus"], event["member_power"]),
        "opponent": _power_text(
            opponent, event["opponent_die"], event["opponent_strength"], event["opponent_bonus"], event["opponent_power"]
        ),
    }
    lead = event["lead"]
    if lead == 0:
        return _("{member} against {opponent}: a standoff (Unentschieden), nobody is hurt.").format(**powers)
    if event["result"] == "standoff":  # the higher one cannot harm a ghost or demon without a magic weapon
        winner, loser, kind = (member, opponent, event["opponent_spared"]) if lead > 0 else (opponent, member, event["member_spared"])
        return ngettext(
            "{member} against {opponent}: {winner} wins, but without a magic weapon cannot harm "
            "{loser} ({kind}): a standoff, nobody is hurt.",
            "{member} against {opponent}: {winner} win, but without a magic weapon cannot harm "
            "{loser} ({kind}): a standoff, nobody is hurt.", _winners(event, winner),
        ).format(winner=winner, loser=loser, kind=trait_name(kind), **powers)
    return ngettext("{member} against {opponent}: {winner} wins.", "{member} against {opponent}: {winner} win.",
                    _winners(event, event["winner"])).format(winner=event["winner"], **powers)


def _winners(event: Event, winner: str) -> int:
    """How many the winner of a duel is, for the verb's number: a grouped opponent's members
    (``Pack leader + Wolf 1 win``), else one."""
    return int(event.get("opponents", 1)) if winner == event["defender"] else 1


def _certain(event: Event) -> str:
    """A duel decided before the dice: both combat powers with the range a d6 gives them, and why
    no die is rolled (docs/rules/talisman.md)."""
    powers = {
        "member": _range_text(event["attacker"], event["member_strength"], event["member_bonus"], event["member_power"]),
        "opponent": _range_text(event["defender"], event["opponent_strength"], event["opponent_bonus"], event["opponent_power"]),
    }
    if event["result"] != "standoff":
        return ngettext("{member} against {opponent}: no dice are rolled, no roll can change the result: "
                        "{winner} always wins.",
                        "{member} against {opponent}: no dice are rolled, no roll can change the result: "
                        "{winner} always win.", _winners(event, event["winner"])).format(winner=event["winner"], **powers)
    me, them = event["attacker"], event["defender"]
    mine, theirs = event["member_spared"], event["opponent_spared"]
    if mine and theirs:
        return _(
            "{member} against {opponent}: no dice are rolled, no roll can change the result: neither "
            "can harm the other without a magic weapon ({me}: {my_kind}, {them}: {their_kind}): a "
            "standoff, nobody is hurt."
        ).format(me=me, them=them, my_kind=trait_name(mine), their_kind=trait_name(theirs), **powers)
    opponents = _winners(event, them)
    if theirs:
        return ngettext(
            "{member} against {opponent}: no dice are rolled, no roll can change the result: {them} "
            "never wins, and {me} cannot harm {them} ({kind}) without a magic weapon: a standoff, "
            "nobody is hurt.",
            "{member} against {opponent}: no dice are rolled, no roll can change the result: {them} "
            "never win, and {me} cannot harm {them} ({kind}) without a magic weapon: a standoff, "
            "nobody is hurt.", opponents,
        ).format(me=me, them=them, kind=trait_name(theirs), **powers)
    return ngettext(
        "{member} against {opponent}: no dice are rolled, no roll can change the result: {me} never "
        "wins, and {them} cannot harm {me} ({kind}) without a magic weapon: a standoff, nobody is hurt.",
        "{member} against {opponent}: no dice are rolled, no roll can change the result: {me} never "
        "wins, and {them} cannot harm {me} ({kind}) without a magic weapon: a standoff, nobody is hurt.",
        opponents,
    ).format(me=me, them=them, kind=trait_name(mine), **powers)


# -- evading, lives, the end -----------------------------------------------------------------------
def _evade(event: Event) -> str | None:
    """A member slips past his foe (Umgehungsmanöver) instead of duelling; another decision is not
    talisman's to tell."""
    if event.get("decision") != "evade":
        return None
    # TRANSLATORS: {who} says who decided, e.g. "the encounter's script decides so (tactics.round[0])".
    return _("{name} evades {opponent} (Umgehungsmanöver) and sits the round out unharmed: {who}.").format(
        name=event["who"], opponent=event["opponent"], who=decided_by(event)
    )


def decided_by(event: Event) -> str:
    """Who took a ``decision`` event's decision (its fact ``by``, named by the kernel): the default
    tactics (which never evade), the encounter's script with the table that answered, or a tactics
    plugin by name."""
    by = event.get("by")
    if by == "default":
        return _("the default tactics decide so")
    if by == "script":
        return _("the encounter's script decides so (tactics.round[{table}])").format(table=event["table"])
    if by is None:
        return _("a tactics source decides so")
    return _("the tactics plugin {name} decides so").format(name=by)


def _protected(event: Event) -> str:
    """A character loses a duel but an item or spell spares him the life."""
    return _("{name} loses the duel but is protected ({reasons}): no life lost.").format(
        name=event["who"], reasons=", ".join(event["reasons"])
    )


def _wound(event: Event) -> str:
    """A life given up, and how many are left."""
    return _("{name} gives up a life: {left} of {full} left.").format(name=event["who"], left=event["lives"], full=event["max_lives"])


def _condition(event: Event) -> str:
    """The last life given up: a character is dead, a creature defeated."""
    name = event["who"]
    if event["condition"] == "dead":
        return _("{name} gives up a life and has none left: dead.").format(name=name)
    if event["max_lives"] > 1:
        return _("{name} loses its last life and is defeated (besiegt).").format(name=name)
    return _("{name} loses its life and is defeated (besiegt).").format(name=name)


def _verdict(event: Event) -> str:
    """The end of the fight, as the round ends: who won, or why nobody did (docs/rules/talisman.md)."""
    outcome = event["outcome"]
    if outcome == "party_wins":
        return _("Every enemy is defeated: the party wins.")
    if outcome == "enemy_wins":
        return _("No engaged member has a life left: the enemy wins.")
    if outcome == "party_fled":
        return _("Every standing member evaded: the party has fled.")
    return _("Round cap {cap} reached: both sides withdraw.").format(cap=event["round_cap"])


def _reason(event: Event) -> str | None:
    """Why a fight without a winner ended, for the narration's ending (the ``reason`` request, the
    outcome event's facts); None where the result says it."""
    outcome = event["outcome"]
    if outcome == "party_fled":
        return _("every standing member evaded his foe in the same round")
    if outcome == "withdrawn":
        # TRANSLATORS: why a fight ended without a winner; {cap} is a number of rounds.
        cap = event["round_cap"]
        return ngettext("after {cap} round without a winner both sides withdraw (the round cap)",
                        "after {cap} rounds without a winner both sides withdraw (the round cap)", cap).format(cap=cap)
    return None


def _plunder(event: Event) -> str:
    """The raiders take what a dead member carried (the party lost or fled)."""
    return _("The raiders plunder {name}'s body.").format(name=event["who"])


def _rest(event: Event) -> str:
    """Between two fights of a day: the lives a rest (``none``, ``short``, ``long``) gave back
    (``before`` and ``after``: his carried ``lives``; none carried: all of them)."""
    who, lives = event["who"], event["before"]["lives"]
    if not event["after"]:
        return _("{who} has every life back.").format(who=who)
    now = event["after"]["lives"]
    if event["rest"] == "none" or now == lives:
        return MESSAGES.ngettext("{who} goes on with {lives} life.", "{who} goes on with {lives} lives.", now).format(
            who=who, lives=now)
    return MESSAGES.ngettext("{who} gets a life back: {lives} life.", "{who} gets a life back: {lives} lives.", now).format(
        who=who, lives=now)


def _fate(event: Event) -> str:
    """A recorded fight's fate: its condition (``lives``' names) in the reader's language. A silent
    fight's conditions stay the English names analysis tallies and its JSON reports."""
    return _(event["condition"])


_RENDERERS: dict[str, Callable[[Event], str | None]] = {
    "fate": _fate,
    "rest": _rest,
    "duel": _duel,
    "decision": _evade,
    "absorbed": _protected,
    "wound": _wound,
    "condition": _condition,
    "outcome": _verdict,
    "reason": _reason,
    "plunder": _plunder,
}


# -- explanations: what a mechanic does, the first time it appears -----------------------------------
def _explain_duel(event: Event) -> str:
    return _(
        "A duel (Kampf): each side rolls 1d6 and adds its strength (Stärke); the higher combat "
        "power (Kampfkraft) wins, the loser gives up one life and a tie is a standoff "
        "(Unentschieden) that hurts nobody."
    )


def _explain_grouped(event: Event) -> str:
    return _("The enemies fight as one: their strengths are added up and they roll one die together, "
             "and if they lose, each of them gives up a life.")


def _explain_weapon_bonus(event: Event) -> str:
    return _("A weapon bonus such as silver against undead adds to its bearer's combat power "
             "(Kampfkraft) in every duel against such a foe.")


def _explain_non_fighter(event: Event) -> str:
    return _("{name} duels only now: a non-fighter neither duels nor is dueled while a fighter of "
             "his side still stands.").format(name=event["who"])


def _explain_spared(event: Event) -> str:
    return _("Only a magic weapon harms a ghost or a demon: a duel won against one without it is a "
             "standoff, and nobody gives up a life.")


def _explain_certain(event: Event) -> str:
    return _("No dice are rolled when no roll of the two dice could change who gives up a life.")


def _explain_evade(event: Event) -> str:
    return _("Evading (Umgehungsmanöver): before the dice a character may slip past his foe instead of "
             "fighting; he sits the round out unharmed, and if every fighter evades, the party has fled.")


def _explain_protection(event: Event) -> str:
    return _("An item or a spell can protect a character: he loses the duel but keeps his life.")


def _explain_lives(event: Event) -> str:
    return _("Lives (Lebenspunkte), not wounds: every lost duel costs exactly one life, however much "
             "higher the winner's combat power, and a character with none left is dead.")


def _explain_monster_lives(event: Event) -> str:
    """Why a monster whose encounter gives it a larger life goes down this soon (a Manticore of
    life 6 defeated by one lost duel): a monster card has one life unless the encounter overrides."""
    name, full, life = event["who"], event["lives"], event["life"]
    if full == 1:
        text = _("{name} has only {full} life here, not {life}: in talisman a monster card has one life "
                 "unless the encounter overrides its lives, so its first lost duel defeats it (besiegt).")
    else:
        text = _("{name} has {full} lives here, not {life}: in talisman a monster card has the lives the "
                 "encounter gives it, not its life.")
    return text.format(name=name, full=full, life=life)


def _explain_raiders(event: Event) -> str:
    return _("These enemies are raiders: when the party loses or flees, they plunder its dead.")


_EXPLANATIONS: dict[str, Callable[[Event], str]] = {
    "duel": _explain_duel,
    "grouped": _explain_grouped,
    "weapon bonus": _explain_weapon_bonus,
    "non-fighter": _explain_non_fighter,
    "ghosts and demons": _explain_spared,
    "certain duel": _explain_certain,
    "evade": _explain_evade,
    "protection": _explain_protection,
    "lives": _explain_lives,
    "monster lives": _explain_monster_lives,
    "raiders": _explain_raiders,
}


def ruleset_title() -> str:
    """talisman's short title, for ``rulesets`` and the narration's header."""
    return _("Talisman: duels of 1d6 + strength")


def ruleset_summary() -> str:
    """What makes talisman particular, in one sentence, for ``rulesets``."""
    return _(
        "Each member duels the front-most enemy, 1d6 + strength against 1d6 + strength; "
        "the loser gives up a life, a tie is a standoff."
    )


def override_out_of_range(key: str, name: str, stat: str, value: int, low: int, high: int | None) -> str:
    """The error for an override outside talisman's range, naming it as the encounter file spells it."""
    if high is None:
        return _('overrides.talisman."{key}".{stat}: {name}\'s {stat} must be at least {low}, got {value}').format(
            key=key, name=name, stat=stat, low=low, value=value
        )
    return _(
        'overrides.talisman."{key}".{stat}: {name}\'s {stat} must be at least {low} and at most {high}, got {value}'
    ).format(key=key, name=name, stat=stat, low=low, high=high, value=value)
