"""ambermarch's narration: every sentence a narrated fight logs, kept out of the rule modules.

Each function logs the events of one moment of a recorded fight (``fight.emit``) and, at a
mechanic's first appearance, a sentence that explains it (``fight.explain``). The rule modules call
them only when ``fight.recording``, so a silent fight (Monte Carlo, exact analysis) builds no text
and asks no catalog.

Every text goes through ambermarch's own catalog, the domain ``rulebench-ambermarch``, at the moment
it is written, so ``--lang de`` tells the fight in the German rules' terms (Haltung, Schwung,
Standhaftigkeit, Wundenleiter, Probe). The events' data (stances, conditions' keys, outcomes) stay
English: they are an interface.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulebench import N_, Combatant, Fate, Fight, Messages, Modifier, Outcome
from rulebench.rulesets.ambermarch.state import (
    ATTACK,
    ATTACK_RANGED,
    CONDITIONS,
    COVER,
    DOWN,
    HOLD_BACK,
    LADDER,
    STANCE,
    TECHNIQUE,
    WOUNDED,
)

MESSAGES = Messages("rulebench-ambermarch", Path(__file__).with_name("locale"))
_ = MESSAGES.gettext
pgettext = MESSAGES.pgettext


# Roll labels: what a logged roll is for.
PARTY_DICE = N_("party attack dice")
ENEMY_POOL = N_("enemy pool")
# TRANSLATORS: the label of one fighter's attack die in the log ("Mira: attack 1d6 → 4").
ATTACK_DIE = N_("attack")
TECHNIQUE_TEST = N_("technique test")


# -- words the sentences below share --------------------------------------------------------------


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


def condition_name(step: int) -> str:
    """A step of the wound ladder in words (``battered``, in German ``angeschlagen``)."""
    return _condition_words(CONDITIONS[step])


def fate_in_words(fate: Fate) -> Fate:
    """``fate`` with its condition in the reader's language, for a recorded fight's fates table."""
    return Fate(fate.state, _condition_words(fate.condition))


def stance_name(stance: str) -> str:
    """A stance (Haltung) in words; English shows the decision's own value (``attack-ranged``)."""
    names = {
        ATTACK: pgettext("stance", "attack"),
        ATTACK_RANGED: pgettext("stance", "attack-ranged"),
        COVER: pgettext("stance", "cover"),
        TECHNIQUE: pgettext("stance", "technique"),
        HOLD_BACK: pgettext("stance", "hold-back"),
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


def label(message: str) -> str:
    """A roll's label (one of ``PARTY_DICE``, ``ENEMY_POOL``, ``ATTACK_DIE``, ``TECHNIQUE_TEST``) in
    the reader's language. The rule modules ask it only while the fight records and pass the
    constant itself otherwise (``narration.label(X) if fight.recording else X``): a silent fight
    logs no roll, and a look-up per die would slow sampling and exact analysis."""
    return _(message)


def _names(names: Sequence[str]) -> str:
    return ", ".join(names)


def _is_ghost(kind: str) -> bool:
    return kind == "ghost"


# -- the start of a round: declining, stances, momentum -------------------------------------------


def may_decline(fight: Fight, alert: list[str]) -> None:
    """The party may decline this fight: it is voluntary, or an alert member makes a forced one so."""
    if fight.encounter.forced:
        # TRANSLATORS: {names} are the alert members (Wachsamkeit turns a forced fight "!" into a voluntary one "?").
        text = _("{names} alert (Wachsamkeit): the forced fight becomes voluntary").format(names=_names(alert))
    else:
        text = _("a voluntary fight: the party may decline it")
    fight.emit("note", text, voluntary=True, alert=alert)


def declines(fight: Fight, declined: bool) -> None:
    """The party's answer to a fight it may decline."""
    text = _("the party declines the fight") if declined else _("the party takes the fight")
    fight.emit("decision", text, decision="decline", value=declined)


def stances(fight: Fight, line: Sequence[Combatant]) -> None:
    """Each standing member's stance this round, in marching order; the stances are explained once."""
    fight.explain("stances", _(
        "Each round every standing member takes a stance (Haltung): attack adds 1d6 + his melee or ranged skill "
        "to the party's sum, cover adds nothing but gives +2 armour to him and the one behind him, a technique "
        "puts a skill, spell or miracle on the scale instead, and hold back keeps him out of the exchange."
    ))
    for member in line:
        stance = member.vars[STANCE]
        wounded = member.vars[LADDER] >= WOUNDED
        if wounded:
            text = _("{name} is wounded: cover only").format(name=member.name)
        else:
            text = _("{name} takes the stance {stance}").format(name=member.name, stance=stance_name(stance))
        fight.emit("stance", text, who=member.name, stance=stance, forced=wounded)


def momentum_capped(fight: Fight, asked: int, held: int) -> None:
    """A script spends more momentum than the party holds: it spends what it holds."""
    text = _("the script spends {asked} momentum, but the party holds {held}: it spends {held}").format(
        asked=asked, held=held)
    fight.emit("note", text, decision="momentum", asked=asked, held=held)


def momentum_spent(fight: Fight, spent: int, held: int) -> None:
    """The party spends momentum this round (declared before the dice)."""
    text = _("the party spends {spent} momentum: +{bonus}").format(spent=spent, bonus=2 * spent)
    fight.emit("decision", text, decision="momentum", value=spent, held=held)


# -- the exchange -------------------------------------------------------------------------------


def enemy_weapon(fight: Fight, enemy: Combatant, modifier: Modifier) -> None:
    """An enemy's weapon modifier (silver against an undead party) adds to the pool."""
    # TRANSLATORS: {value} is signed (+1), {reason} the modifier's own name (silver).
    text = _("{name}: {value} {reason} to the enemy pool").format(
        name=enemy.name, value=f"{modifier.value:+d}", reason=modifier.reason)
    fight.emit("modifier", text, who=enemy.name, value=modifier.value, reason=modifier.reason)


def no_magic_weapon(fight: Fight, member: Combatant) -> None:
    """An attacker without a magic weapon adds nothing against a ghost or demon, and rolls no die."""
    text = _("{name} attacks without a magic weapon: contributes 0 against a ghost or demon").format(name=member.name)
    fight.emit("modifier", text, who=member.name, contribution=0)


def momentum_added(fight: Fight, spent: int) -> None:
    """The momentum spent goes onto the party's sum."""
    text = _("momentum {spent}: +{bonus} to the party's sum").format(spent=spent, bonus=2 * spent)
    fight.emit("modifier", text, value=2 * spent, reason="momentum")


def attacks(fight: Fight, member: Combatant, skill: str, step: int, penalty: int, modifiers: Sequence[Modifier],
            face: int, bonus: int, contribution: int) -> None:
    """One attacker's die, skill, wound penalty and weapon modifiers, and what he adds to the sum."""
    parts = [f"1d6 {face}", f"{skill_name(skill)} {member.stats[skill]}"]
    if penalty:
        parts.append(f"{penalty} {condition_name(step)}")
    parts += [f"{m.value:+d} {m.reason}" for m in modifiers]
    formula = " + ".join(parts).replace("+ -", "− ").replace("+ +", "+ ")
    if contribution != face + bonus:
        # TRANSLATORS: {formula} is the attack's sum in figures, e.g. "1d6 4 + melee 6 − 1 battered".
        text = _("{name} attacks: {formula} = {total} (at least 0)")
    else:
        text = _("{name} attacks: {formula} = {total}")
    fight.emit("total", text.format(name=member.name, formula=formula, total=contribution), who=member.name,
               die=face, skill=skill, bonus=bonus, total=contribution)


def party_sum(fight: Fight, total: int) -> None:
    """The party's sum this round: attackers, techniques and momentum."""
    fight.emit("total", _("the party's sum: {total}").format(total=total), side="party", total=total)


def totals(fight: Fight, party_total: int, enemy_total: int) -> None:
    """Both sides' totals; the exchange is explained at its first appearance."""
    fight.explain("exchange", _(
        "Once a round the party's sum meets the enemy group's dice pool (Würfelpool): the higher total wins the "
        "round, and the losing side pays for the difference."
    ))
    text = _("party {party} vs enemy {enemy}").format(party=party_total, enemy=enemy_total)
    fight.emit("totals", text, party_total=party_total, enemy_total=enemy_total)


def tie(fight: Fight) -> None:
    """Equal totals: nothing happens, but the party may change its marching order."""
    fight.emit("note", _("a tie: both sides step back; the party may change its order"), tie=True)


def reorders(fight: Fight, order: Sequence[str]) -> None:
    """The party's new marching order after a tie."""
    fight.emit("decision", _("the party reorders: {order}").format(order=_names(order)), decision="order",
               value=list(order))


def technique_without_effect(fight: Fight, member: Combatant) -> None:
    """A technique no plugin gives an effect adds nothing and rolls nothing."""
    text = _("{name} uses a technique, but no skill plugin gives it an effect: it adds nothing").format(name=member.name)
    fight.emit("note", text, who=member.name, contribution=0)


def technique(fight: Fight, member: Combatant, modifiers: Sequence[Modifier], faces: tuple[int, int], mind: int,
              penalty: int, target: int, tier: str, effect: int, contribution: int) -> None:
    """A technique's test (Probe) and what it adds; the test is explained at its first appearance."""
    fight.explain("probe", _(
        "A technique with an effect is a test (Probe): 2d6 + mind against {target}; double six is a triumph and "
        "double one a doom whatever the modifiers, {success} or more a success (the full effect), {low} to {target} "
        "a partial success (half of it), and anything lower a failure."
    ).format(target=target, success=target + 1, low=target - 2))
    reasons = ", ".join(f"{m.value:+d} {m.reason}" for m in modifiers)
    shown = f"{faces[0]}+{faces[1]} + " + _("mind {mind}").format(mind=mind)
    if penalty:
        shown += " − " + _("{penalty} wounds").format(penalty=-penalty)
    # TRANSLATORS: {reasons} are the technique's effects ("+2 prayer"), {shown} the test in figures
    # ("4+5 + mind 2"), {tier} its result (triumph, success, partial, failure, doom).
    text = _("{name}'s technique ({reasons}): test {shown} vs {target}: {tier}, adds {contribution}").format(
        name=member.name, reasons=reasons, shown=shown, target=target, tier=tier_name(tier), contribution=contribution)
    fight.emit("total", text, who=member.name, tier=tier, effect=effect, total=contribution)


# -- what a round costs the loser -----------------------------------------------------------------


def _group_armour(fight: Fight) -> str:
    """Why the enemy group has the armour it has: one sentence, naming each kind of enemy's armour
    where they differ (the group takes the lowest)."""
    group = fight.enemy
    armour = group.stats["armour"]
    kinds: dict[str, int] = {}
    for enemy in group.members:
        kinds.setdefault(enemy.base_name, enemy.stats["armour"])
    if len(set(kinds.values())) > 1:
        each = ", ".join(f"{name} {value}" for name, value in kinds.items())
        return _(
            "The enemy fights as one group, and a group's armour is its weakest member's: {armour} ({each}); "
            "it swallows that much of every lead the party wins."
        ).format(armour=armour, each=each)
    if len(group.members) > 1:
        return _(
            "The enemy fights as one group with its members' armour, {armour}: it swallows that much of every "
            "lead the party wins."
        ).format(armour=armour)
    return _("The enemy's armour {armour} swallows that much of every lead the party wins.").format(armour=armour)


def worn_down(fight: Fight, lead: int, armour: int, past: int, loss: int, before: int, after: int,
              momentum: int) -> None:
    """The party's lead against the group's armour, and what it cost the group's steadfastness; the
    group's armour, steadfastness and momentum are explained at the first won round."""
    fight.explain("group armour", _group_armour(fight))
    fight.explain("steadfastness", _(
        "Steadfastness (Standhaftigkeit) is how long the enemy stays in the fight, not its life: every round the "
        "party wins costs it 1, plus 1 for each full 4 points of lead past its armour, and at 0 it breaks "
        "(it started at {start})."
    ).format(start=fight.enemy.stats["steadfastness"]))
    fight.explain("momentum", _(
        "Every won round gives the party a point of momentum (Schwung), at most 3; each point it spends before "
        "the dice of a later round adds 2 to its sum."
    ))
    # TRANSLATORS: {swallowed} of the lead stays in the armour, {past} gets past it.
    text = _("lead {lead}: the enemy's armour {armour} swallows {swallowed}, {past} past it: steadfastness "
             "−{loss}, {before} → {after}; momentum {momentum}").format(
        lead=lead, armour=armour, swallowed=lead - past, past=past, loss=loss, before=before, after=after,
        momentum=momentum)
    fight.emit("damage", text, lead=lead, armour=armour, past=past, loss=loss, steadfastness=after, momentum=momentum)


def damage_to_party(fight: Fight, amount: int, tainted: bool) -> None:
    """The enemy's damage starts down the party's damage line; how it flows is explained once."""
    fight.explain("damage", _(
        "A lost round costs the party half the enemy's lead, rounded up, as damage that walks down its line in "
        "damage order: each member's armour swallows what it can, and if more is left it costs armour + 1 "
        "points to wound him and the rest flows on to the next."
    ))
    fight.emit("damage", _("damage {amount} to the party").format(amount=amount), amount=amount, tainted=tainted)


def passes_through(fight: Fight, member: Combatant, kind: str, remaining: int) -> None:
    """The blows pass through a ghost or demon the enemy cannot harm."""
    if _is_ghost(kind):
        text = _("{name} is a ghost: the blows pass through him, {remaining} flows on")
    else:
        text = _("{name} is a demon: the blows pass through him, {remaining} flows on")
    fight.emit("absorbed", text.format(name=member.name, remaining=remaining), who=member.name, armour=0,
               absorbed=0, left=remaining)


def absorbs_the_rest(fight: Fight, member: Combatant, armour: int, remaining: int) -> None:
    """``member``'s armour takes what is left of the damage."""
    text = _("{name}'s armour {armour} absorbs {remaining}").format(name=member.name, armour=armour, remaining=remaining)
    fight.emit("absorbed", text, who=member.name, armour=armour, absorbed=remaining)


def one_gets_through(fight: Fight, member: Combatant, armour: int, remaining: int) -> None:
    """``member``'s armour takes its share, one point gets through, ``remaining`` flows on."""
    if remaining:
        text = _("{name}'s armour {armour} absorbs {armour}, 1 gets through, {remaining} flows on")
    else:
        text = _("{name}'s armour {armour} absorbs {armour}, 1 gets through")
    fight.emit("absorbed", text.format(name=member.name, armour=armour, remaining=remaining), who=member.name,
               armour=armour, absorbed=armour, left=remaining)


def lost_after_the_last(fight: Fight, remaining: int) -> None:
    """Damage left after the last member is lost."""
    text = _("{remaining} damage left after the last member is lost").format(remaining=remaining)
    fight.emit("note", text, lost=remaining)


def stepped_up(fight: Fight, member: Combatant, in_retreat: bool, ladder: int, tainted: bool) -> None:
    """``member`` moved one step up the wound ladder, hit in the exchange or hurt in the retreat;
    the wound ladder is explained at the first step."""
    fight.explain("wound ladder", _(
        "Nobody has hit points: each wound moves a member exactly one step up the wound ladder (Wundenleiter), "
        "from unhurt to battered (−1 on every roll), wounded (−2, cover only, no techniques) and down (out of "
        "the encounter)."
    ))
    down = ladder == DOWN
    if in_retreat:
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
    text = sentences[down, tainted].format(name=member.name, condition=condition_name(ladder))
    fight.emit("wound", text, who=member.name, condition=CONDITIONS[ladder], step=ladder, tainted=tainted)


# -- the end --------------------------------------------------------------------------------------


def fight_ends(fight: Fight, outcome: Outcome, limit: int, tireless: bool) -> None:
    """How and when the fight ended; a withdrawal is explained (``limit``: the round that ended it)."""
    if outcome == Outcome.WITHDRAWN:
        if tireless:
            fight.explain("withdrawn", _(
                "Tireless foes never tire, so the rules set no round limit against them; rulebench stops the "
                "fight after round {limit} all the same, and both sides withdraw without a winner."
            ).format(limit=limit))
        else:
            fight.explain("withdrawn", _(
                "After at most {limit} rounds both sides let go of each other, exhausted: the fight ends without "
                "a winner (withdrawn)."
            ).format(limit=limit))
    sentences = {
        Outcome.PARTY_WINS: _("the fight ends after round {round}: party_wins"),
        Outcome.ENEMY_WINS: _("the fight ends after round {round}: enemy_wins"),
        Outcome.WITHDRAWN: _("the fight ends after round {round}: withdrawn"),
        Outcome.PARTY_FLED: _("the fight ends after round {round}: party_fled"),
    }
    fight.emit("outcome", sentences[outcome].format(round=fight.round), outcome=outcome.value)


def retreats(fight: Fight) -> None:
    """The party retreats (abbrechen)."""
    fight.emit("flight", _("the party retreats"), retreat=True)


def gets_away(fight: Fight, member: Combatant, kind: str) -> None:
    """A ghost or demon the enemy cannot harm gets away from the retreat unhurt."""
    if _is_ghost(kind):
        text = _("{name} is a ghost and the enemy has no magic weapon: he gets away unhurt")
    else:
        text = _("{name} is a demon and the enemy has no magic weapon: he gets away unhurt")
    fight.emit("note", text.format(name=member.name), who=member.name)


def plundered(fight: Fight, down: list[str]) -> None:
    """The raiders plunder the members left down."""
    fight.emit("plunder", _("the raiders plunder {names}, left down").format(names=_names(down)), plundered=down)


def tainted_wounds(fight: Fight, tainted: list[str]) -> None:
    """Who carries tainted wounds after the fight."""
    text = _("tainted wounds (verdorben, no healing by rest): {names}").format(names=_names(tainted))
    fight.emit("condition", text, tainted=tainted)



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
