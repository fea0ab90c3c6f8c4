"""classic's narration: the sentences a narrated fight logs, kept out of the rule modules.

Each function logs one event of a recorded fight (``fight.emit``); the rule modules call them only
when ``fight.recording``, so a silent fight (Monte Carlo, exact analysis) builds no text at all.

Every text goes through classic's own catalog (``info.MESSAGES``, the domain ``rulebench-classic``),
translated when it is written, in the terms of the German rules: Kampfstärke (KS), Rüstungswert
(RW), Verletzung, erschöpft, verfluchter Schaden. A silent fight translates nothing: its roll labels
are never shown and its conditions stay the English names the analysis tallies.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import N_, Combatant, Dice, Fate, Fight, Modifier, Outcome, Side
from rulebench.rulesets.classic.choices import Fighter
from rulebench.rulesets.classic.info import MELEE, MESSAGES, ORDER, _

ngettext = MESSAGES.ngettext


# Roll labels: what a logged roll is for (the rule modules pass them through ``label``).
PARTY_KS = N_("party KS")
KS = N_("KS")
ENEMY_KS = N_("enemy KS")
FLIGHT = N_("flight")
FORCED_FLIGHT = N_("forced flight")
EQUIPMENT_LINE = N_("equipment line")

# What dealt a wound: a potion's sentence names it.
BY_DAMAGE = N_("damage")
BY_FLIGHT = N_("flight")
BY_FIGHTERS_FALL = N_("the fighters' fall")

_OUTCOME_TEXT = {
    Outcome.PARTY_WINS: N_("the enemy is wounded and withdraws: the party wins"),
    Outcome.ENEMY_WINS: N_("the party is wounded and withdraws: the enemy wins"),
    Outcome.WITHDRAWN: N_("three drawn rounds: both sides are exhausted (erschöpft) and withdraw"),
    Outcome.PARTY_FLED: N_("the party has fled"),
}


def label(message: str) -> str:
    """A roll's label (one of the constants above) in the reader's language. The rule modules ask it
    only while the fight records and pass the constant itself otherwise
    (``narration.label(X) if fight.recording else X``): a silent fight logs no roll, and a look-up
    per die would slow sampling and exact analysis."""
    return _(message)


# A combatant's condition at the end (``ending.rulebench_end_state``).
UNHURT = N_("unhurt")
WOUNDED = N_("wounded")
DEAD = N_("dead")
WOUNDED_CURSED = N_("wounded, cursed")
WOUNDED_WITHDREW = N_("wounded, withdrew")


def fate(fate: Fate) -> Fate:
    """``fate`` with its condition (one of the names above) in the reader's language, for a
    recorded fight's fates.

    Only a recorded fight asks: a silent fight's conditions are the English names the analysis
    tallies and its JSON reports, keys as stable as the end states.
    """
    return Fate(fate.state, _(fate.condition))


# -- explanations: once per fight, at the mechanic's first appearance ----------------------------
def explain_damage_line(fight: Fight) -> None:
    """How damage to the party walks down the line and each RW absorbs its share."""
    fight.explain("damage line", _(
        "Damage to the party walks down the marching order: each fighter's armour value (RW) absorbs "
        "that many points, the next point wounds him and the rest goes on to the next fighter, starting "
        "again at the front after the last."))


def explain_enemy_rw(fight: Fight) -> None:
    """How the enemy group's RW takes the party's damage."""
    fight.explain("enemy rw", _(
        "The enemy group's armour value (RW) absorbs that many points of the party's damage; "
        "any point beyond it wounds the group, which then withdraws."))


def explain_drawn_rounds(fight: Fight) -> None:
    """The three drawn rounds rule: exhaustion, or forced flight against the tireless."""
    fight.explain("drawn rounds", _(
        "A drawn round leads to the next, but there are at most three: after the third both sides are "
        "exhausted (erschöpft) and withdraw, except that undead never tire and force the party to flee."))


def explain_potion(fight: Fight) -> None:
    """What a life-saving potion does."""
    fight.explain("potion", _(
        "A second wound kills, but the adventurer may first drink a life-saving potion (Lebenstrank) "
        "of his own or his neighbour's, which averts that wound."))


def explain_cursed(fight: Fight) -> None:
    """What cursed damage means."""
    fight.explain("cursed damage", _(
        "Ghosts and demons deal cursed damage (verfluchter Schaden): rest cannot heal such a wound, "
        "only magic such as a healing spell or potion can."))


# -- the round's rolls -----------------------------------------------------------------------------
def reorder(fight: Fight, order: Sequence[str]) -> None:
    """The party's new marching order."""
    fight.emit("decision", _("the party reorders: {order}").format(order=", ".join(order)),
               decision=ORDER, order=list(order))


def fighters_modifiers(fight: Fight, fighters: Sequence[Fighter], rolled: int, extra: int, enemy: Side) -> None:
    """The weapon modifiers the party's KS roll does not show (silver +1 vs undead),
    right under that roll: from the rolled sum to the party's total."""
    named = [f"{member.name} {m.value:+d} {m.reason}"
             for member, _mode, dice in fighters if dice is not None
             for m in fight.modifiers(member, "weapon", enemy)]
    if named:
        text = _("{modifiers}: party {rolled} {sign} {extra} = {total}").format(
            modifiers=", ".join(named), rolled=rolled, sign="+" if extra >= 0 else "−", extra=abs(extra),
            total=rolled + extra)
        fight.emit("modifier", text, value=extra, modifiers=named)


def ks_rolls(fight: Fight, fighters: Sequence[Fighter], extras: Sequence[int],
             faces: Sequence[int] | None, enemy: Side) -> None:
    """Each fighter's KS roll in marching order, his faces read off the party's dice in that order."""
    start = 0
    for (member, mode, dice), extra in zip(fighters, extras):
        if dice is None:
            text = (_("{name} fights melee without a magic weapon: KS 0, no die") if mode == MELEE
                    else _("{name} fights ranged without a magic weapon: KS 0, no die"))
            fight.emit("total", text.format(name=member.name), who=member.name, mode=mode, ks=0)
            continue
        count = len(dice.dice_sides)
        own = faces[start:start + count] if faces is not None else None
        start += count
        ks = dice.total_of(own) + extra if own is not None else None
        reasons = "".join(f" {m.value:+d} {m.reason}" for m in fight.modifiers(member, "weapon", enemy))
        rolled = " ".join(map(str, own)) if own is not None else "?"
        result = f" = {ks}" if ks is not None else ""
        text = (_("{name} fights melee: KS {dice}{reasons}, rolled {rolled}{result}") if mode == MELEE
                else _("{name} fights ranged: KS {dice}{reasons}, rolled {rolled}{result}"))
        fight.emit("total", text.format(name=member.name, dice=dice, reasons=reasons, rolled=rolled, result=result),
                   who=member.name, mode=mode, dice=str(dice), faces=list(own) if own is not None else None, ks=ks)


def enemy_modifier(fight: Fight, enemy: Combatant, modifier: Modifier) -> None:
    """A modifier on an enemy's weapon, added to the group's KS."""
    text = _("{name}: {value} {reason} to the enemy's KS").format(
        name=enemy.name, value=f"{modifier.value:+d}", reason=modifier.reason)
    fight.emit("modifier", text, who=enemy.name, value=modifier.value, reason=modifier.reason)


# The totals line's verdict, by what the difference already decides (``exchange.verdict``).
DRAWN_ROUND = "drawn"
PARTY_WINS_ROUND = "party wins"
PARTY_HIGHER = "party higher"
ENEMY_WINS_ROUND = "enemy wins"
ENEMY_HIGHER = "enemy higher"


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


def totals(fight: Fight, party_total: int, enemy_total: int, enemy_dice: Dice, verdict: str) -> None:
    """Both sides' totals and what they mean for the round (``verdict``: one of the names above)."""
    margin = abs(party_total - enemy_total)
    # TRANSLATORS: {verdict} is a clause such as "the party wins the round by 3".
    text = _("party {party} vs enemy {enemy} (KS {dice}): {verdict}").format(
        party=party_total, enemy=enemy_total, dice=enemy_dice, verdict=_verdict_text(verdict, margin))
    fight.emit("totals", text, party_total=party_total, enemy_total=enemy_total)


# -- damage --------------------------------------------------------------------------------------
def enemy_wounded(fight: Fight, amount: int, rw: int) -> None:
    """The party's damage beats the group's RW."""
    explain_enemy_rw(fight)
    text = _("damage {amount} beats the enemy's RW {rw}: the enemy is wounded and withdraws").format(amount=amount, rw=rw)
    fight.emit("wound", text, side="enemy", amount=amount, rw=rw, absorbed=rw, points=amount)


def enemy_absorbs(fight: Fight, amount: int, rw: int) -> None:
    """The group's RW takes all of the party's damage: a drawn round."""
    explain_enemy_rw(fight)
    text = _("damage {amount}: the enemy's RW {rw} absorbs it all, the round is drawn").format(amount=amount, rw=rw)
    fight.emit("absorbed", text, side="enemy", amount=amount, rw=rw, left=0)


def damage_to_party(fight: Fight, amount: int, fighters: list[Combatant]) -> None:
    """The round's damage starts down the party's line."""
    explain_damage_line(fight)
    text = _("damage {amount} to the party, down the line {names}").format(
        amount=amount, names=", ".join(m.name for m in fighters))
    fight.emit("damage", text, amount=amount, side="party")


def absorbed_the_rest(fight: Fight, member: Combatant, rw: int, left: int, wounded: bool) -> None:
    """``member``'s RW takes what is left; with nobody wounded yet the round is drawn."""
    # English reads the same for one point and for several; other languages may not (ngettext).
    if wounded:
        text = ngettext("{name}'s RW {rw} absorbs the last {left}: the damage stops",
                        "{name}'s RW {rw} absorbs the last {left}: the damage stops", left)
    else:
        text = ngettext("{name}'s RW {rw} absorbs the last {left}: nobody is wounded, the round is drawn",
                        "{name}'s RW {rw} absorbs the last {left}: nobody is wounded, the round is drawn", left)
    fight.emit("absorbed", text.format(name=member.name, rw=rw, left=left),
               who=member.name, rw=rw, amount=left, left=0)


def point_wounds(fight: Fight, member: Combatant, rw: int, left: int, cursed: bool) -> None:
    """``member``'s RW took its share and the next point wounds him; ``left`` goes on."""
    if rw:
        text = _("{name}'s RW {rw} absorbs {rw}, the next point is a wound; {left} left")
    else:
        text = _("{name} has RW 0: the first point is a wound; {left} left")
    fight.emit("wound", text.format(name=member.name, rw=rw, left=left),
               who=member.name, rw=rw, absorbed=rw, points=rw + 1, left=left, cursed=cursed)


def wraps_around(fight: Fight, left: int) -> None:
    """The damage passed the last fighter and starts at the front again."""
    text = _("past the last fighter with {left} left: back to the front, RW protects again").format(left=left)
    fight.emit("wrap", text, left=left)


def passes_through(fight: Fight, left: int) -> None:
    """Nobody the enemy can harm is left standing in the line: the rest is lost."""
    text = ngettext("the blows pass through the ghostly fighters; the last {left} points are lost",
                    "the blows pass through the ghostly fighters; the last {left} points are lost", left).format(left=left)
    fight.emit("lost", text, amount=left)


def all_fighters_dead(fight: Fight, left: int) -> None:
    """Every fighter is dead: the rest of the damage is lost."""
    text = ngettext("every fighter is dead; the last {left} points are lost",
                    "every fighter is dead; the last {left} points are lost", left)
    fight.emit("lost", text.format(left=left), amount=left)


def stayed_out_takes_two(fight: Fight, member: Combatant) -> None:
    """A member who stayed out takes two wounds once every fighter is dead."""
    text = _("every fighter is dead: {name}, who stayed out, takes two wounds").format(name=member.name)
    fight.emit("note", text, who=member.name)


# -- wounds --------------------------------------------------------------------------------------
def potion(fight: Fight, member: Combatant, cause: str) -> None:
    """``member`` drinks a life-saving potion and the second wound (dealt by ``cause``, one of the
    ``BY_`` constants) is averted."""
    explain_potion(fight)
    text = _("{name} drinks a life-saving potion: the second wound ({cause}) is averted").format(
        name=member.name, cause=_(cause))
    fight.emit("potion", text, who=member.name)


def condition(fight: Fight, member: Combatant, wounds: int) -> None:
    """``member``'s condition after a wound: out with one, dead with two."""
    text = _("{name} is out, unable to act (one wound)") if wounds == 1 else _("{name} is dead (two wounds)")
    fight.emit("condition", text.format(name=member.name), who=member.name, wounds=wounds)


def cursed(fight: Fight, member: Combatant) -> None:
    """``member``'s wound is cursed: rest cannot heal it."""
    explain_cursed(fight)
    text = _("{name}'s wound is cursed (verfluchter Schaden): rest cannot heal it").format(name=member.name)
    fight.emit("cursed", text, who=member.name)


# -- the end of a round and of the fight ----------------------------------------------------------
def flight(fight: Fight, rolled: int | None, forced: bool, count: int, hit: list[Combatant]) -> None:
    """A flight or a forced flight: its d3 (if rolled) and who takes a wound."""
    why = _("the tireless enemy forces the party to flee") if forced else _("the party flees (Flucht)")
    # TRANSLATORS: {why} says who flees and why, {detail} what the d3 showed and who is wounded.
    text = _("{why}: {detail}").format(why=why, detail=_flight_text(rolled, forced, count, hit))
    fight.emit("flight", text, forced=forced, count=count, wounded=[m.name for m in hit])


def _flight_text(rolled: int | None, forced: bool, count: int, hit: list[Combatant]) -> str:
    """The die, how many it calls for, and who is actually wounded: fewer when fewer are left."""
    names = ", ".join(m.name for m in hit)
    if rolled is None:
        return _("no die, {names} is the only one left and takes a wound").format(names=names)
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


def flees_unwounded(fight: Fight, member: Combatant) -> None:
    """A member the enemy cannot harm gets away from the flight unwounded."""
    text = _("{name} cannot be harmed without a magic weapon: he flees unwounded").format(name=member.name)
    fight.emit("note", text, who=member.name)


def drawn_round(fight: Fight) -> None:
    """A round ended drawn: the first one explains the three drawn rounds rule."""
    explain_drawn_rounds(fight)


def outcome(fight: Fight, outcome: Outcome) -> None:
    """How the fight ended."""
    fight.emit("outcome", _(_OUTCOME_TEXT[outcome]), outcome=outcome.value)


def robbed(fight: Fight, member: Combatant, line: int) -> None:
    """Robbers take what ``member`` carries on equipment line ``line``."""
    text = _("robbers take what {name} carries on equipment line {line}, if anything").format(name=member.name, line=line)
    fight.emit("robbed", text, who=member.name, line=line)


# -- bad scripts ---------------------------------------------------------------------------------
def bad_order(round_number: int, answer: object, current: Sequence[str]) -> str:
    """The error for an ``order`` answer that is not the whole party once."""
    return _("tactics: round {round} answers the 'order' decision with {answer}; "
             "expected every party member's name once, front first: {names}").format(
        round=round_number, answer=repr(answer), names=", ".join(current))


def nobody_fights(round_number: int) -> str:
    """The error for a round whose script leaves nobody fighting."""
    return _("tactics: round {round} leaves nobody fighting; at least one member must fight").format(round=round_number)
