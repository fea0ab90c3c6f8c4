"""talisman's wording: the sentences a narrated fight tells, kept out of the rule modules.

Every text talisman writes goes through its own catalog, the domain ``rulebench-talisman``, at the
moment it is written: the duels, the lives given up, the explanations of its mechanics, the
verdicts, its roll label, descriptor and errors. The German catalog speaks the rulebook's terms
(Kampfkraft, Stärke, Lebenspunkt, Unentschieden, besiegt, Umgehungsmanöver).

The narrate_* and explain_* functions are called only while a fight records (``fight.recording``),
so sampling never builds their texts.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulebench import N_, Attack, Combatant, Fate, Fight, Messages, Modifier, Outcome, Side
from rulebench.rulesets.talisman.traits import harmless
from rulebench.rulesets.talisman.traits import spared as spared_kind

MESSAGES = Messages("rulebench-talisman", Path(__file__).with_name("locale"))
"""talisman's catalog: every text it writes, in the language chosen when the text is written."""

_ = MESSAGES.gettext
pgettext = MESSAGES.pgettext


# Roll labels: what a logged roll is for.
DUEL_LABEL = N_("duel dice (member − opponent)")


def label(message: str) -> str:
    """A roll's label (one of the constants above) in the reader's language. The rule modules ask it
    only while the fight records and pass the constant itself otherwise
    (``narration.label(X) if fight.recording else X``): a silent fight logs no roll, and a look-up
    per die would slow sampling and exact analysis."""
    return _(message)


def fate_in_words(fate: Fate) -> Fate:
    """``fate`` with its condition (``lives``' names) in the reader's language, for a recorded fight.

    Only a recorded fight asks: a silent fight's conditions are the English names the analysis
    tallies and its JSON reports, keys as stable as the end states.
    """
    return Fate(fate.state, _(fate.condition))


def trait_name(kind: str) -> str:
    """A kind of creature only a magic weapon harms (``ghost``, ``demon``) in the current language."""
    names = {"ghost": pgettext("trait", "ghost"), "demon": pgettext("trait", "demon")}
    return names.get(kind, kind)


def name_of(who: Combatant | Side) -> str:
    """A combatant's name, or a grouped side's names joined with " + "."""
    return " + ".join(m.name for m in who.members) if isinstance(who, Side) else who.name


def _extra(mods: Sequence[Modifier]) -> str:
    """The weapon modifiers after a strength, each signed with its reason: `` +1 silver vs undead``."""
    return "".join(f" {m.value:+d} {m.reason}" for m in mods)


def _power_text(name: str, die: int | None, strength: int, mods: Sequence[Modifier], total: int) -> str:
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


def _range_text(name: str, strength: int, mods: Sequence[Modifier], total: int) -> str:
    """One duellist's combat power before the dice: the range a d6 gives it."""
    # TRANSLATORS: {low}–{high} is the combat power (Kampfkraft) the duellist can reach with 1d6.
    return _("{name} strength {strength}{extra} ({low}–{high} with 1d6)").format(
        name=name, strength=strength, extra=_extra(mods), low=total + 1, high=total + 6
    )


def explain_duel(
    fight: Fight, member: Combatant, opponent: Combatant | Side, mine: Sequence[Modifier], theirs: Sequence[Modifier]
) -> None:
    """Before a duel's dice: what a duel is, and what makes this one different the first time it
    happens (a grouped opponent, a weapon bonus, a non-fighter who now fights)."""
    fight.explain(
        "duel",
        _(
            "A duel (Kampf): each side rolls 1d6 and adds its strength (Stärke); the higher combat "
            "power (Kampfkraft) wins, the loser gives up one life and a tie is a standoff "
            "(Unentschieden) that hurts nobody."
        ),
    )
    if isinstance(opponent, Side) and len(opponent.members) > 1:
        fight.explain(
            "grouped",
            _("The enemies fight as one: their strengths are added up and they roll one die together, "
              "and if they lose, each of them gives up a life."),
        )
    if mine or theirs:
        fight.explain(
            "weapon bonus",
            _("A weapon bonus such as silver against undead adds to its bearer's combat power "
              "(Kampfkraft) in every duel against such a foe."),
        )
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    late = next((c for c in (member, *foes) if not c.spec.fighter), None)
    if late is not None:
        fight.explain(
            "non-fighter",
            _("{name} duels only now: a non-fighter neither duels nor is dueled while a fighter of "
              "his side still stands.").format(name=late.name),
        )


def _explain_spared(fight: Fight) -> None:
    fight.explain(
        "ghosts and demons",
        _("Only a magic weapon harms a ghost or a demon: a duel won against one without it is a "
          "standoff, and nobody gives up a life."),
    )


def narrate_duel(
    fight: Fight,
    member: Combatant,
    opponent: Combatant | Side,
    power: int,
    against: int,
    mine: Sequence[Modifier],
    theirs: Sequence[Modifier],
    winner: Combatant | Side | None,
    spared: str,
) -> None:
    """One sentence per duel: both dice, both combat powers, the winner (docs/rules/talisman.md)."""
    faces = fight.roller.last_faces
    own, other = faces if faces is not None and len(faces) == 2 else (None, None)
    if own is not None and other is not None:
        power, against = power + own, against + other
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    strength = sum(f.stats["strength"] for f in foes)
    powers = {
        "member": _power_text(member.name, own, member.stats["strength"], mine, power),
        "opponent": _power_text(name_of(opponent), other, strength, theirs, against),
    }
    if winner is not None and spared_kind(opponent if winner is member else member) is not None:
        _explain_spared(fight)  # a ghost or demon lost: spared without a magic weapon, harmed with one
    if winner is None:
        text = _("{member} against {opponent}: a standoff (Unentschieden), nobody is hurt.").format(**powers)
        result = "standoff"
    elif spared:
        loser = opponent if winner is member else member
        text = _(
            "{member} against {opponent}: {winner} wins, but without a magic weapon cannot harm "
            "{loser} ({kind}): a standoff, nobody is hurt."
        ).format(winner=name_of(winner), loser=name_of(loser), kind=trait_name(spared), **powers)
        result = "standoff"
    else:
        text = _("{member} against {opponent}: {winner} wins.").format(winner=name_of(winner), **powers)
        result = "member" if winner is member else "opponent"
    fight.emit(
        "duel",
        text,
        attacker=member.name,
        defender=name_of(opponent),
        member_die=own,
        opponent_die=other,
        member_power=power,
        opponent_power=against,
        winner=name_of(winner) if winner is not None and not spared else None,
        result=result,
    )


def narrate_certain(
    fight: Fight,
    member: Combatant,
    opponent: Combatant | Side,
    power: int,
    against: int,
    mine: Sequence[Modifier],
    theirs: Sequence[Modifier],
    attack: Attack,
) -> None:
    """A duel decided before the dice: both combat powers with the range a d6 gives them, and why
    no die is rolled (docs/rules/talisman.md)."""
    foes = opponent.members if isinstance(opponent, Side) else (opponent,)
    strength = sum(f.stats["strength"] for f in foes)
    me, them = member.name, name_of(opponent)
    fight.explain(
        "certain duel",
        _("No dice are rolled when no roll of the two dice could change who gives up a life."),
    )
    powers = {
        "member": _range_text(me, member.stats["strength"], mine, power),
        "opponent": _range_text(them, strength, theirs, against),
    }
    if attack.hit:
        if spared_kind(attack.defender) is not None:
            _explain_spared(fight)  # a magic weapon beats a ghost or demon
        winner = attack.attacker
        text = _("{member} against {opponent}: no dice are rolled, no roll can change the result: "
                 "{winner} always wins.").format(winner=name_of(winner), **powers)
        result = "member" if winner is member else "opponent"
    else:
        _explain_spared(fight)
        text = _standoff_text(member, opponent, powers)
        result = "standoff"
    fight.emit(
        "duel",
        text,
        attacker=me,
        defender=them,
        member_die=None,
        opponent_die=None,
        member_power=power,
        opponent_power=against,
        winner=name_of(attack.attacker) if attack.hit else None,
        result=result,
        rolled=False,
    )


def _standoff_text(member: Combatant, opponent: Combatant | Side, powers: dict[str, str]) -> str:
    """A duel decided before the dice that hurts nobody, and why (see ``duel._certain``)."""
    me, them = member.name, name_of(opponent)
    mine_harmless, theirs_harmless = harmless(member, opponent), harmless(opponent, member)
    mine_kind, their_kind = spared_kind(member) or "", spared_kind(opponent) or ""
    if mine_harmless and theirs_harmless:
        return _(
            "{member} against {opponent}: no dice are rolled, no roll can change the result: neither "
            "can harm the other without a magic weapon ({me}: {my_kind}, {them}: {their_kind}): a "
            "standoff, nobody is hurt."
        ).format(me=me, them=them, my_kind=trait_name(mine_kind), their_kind=trait_name(their_kind), **powers)
    if mine_harmless:
        return _(
            "{member} against {opponent}: no dice are rolled, no roll can change the result: {them} "
            "never wins, and {me} cannot harm {them} ({kind}) without a magic weapon: a standoff, "
            "nobody is hurt."
        ).format(me=me, them=them, kind=trait_name(their_kind), **powers)
    return _(
        "{member} against {opponent}: no dice are rolled, no roll can change the result: {me} never "
        "wins, and {them} cannot harm {me} ({kind}) without a magic weapon: a standoff, nobody is hurt."
    ).format(me=me, them=them, kind=trait_name(mine_kind), **powers)


def narrate_evade(fight: Fight, member: Combatant, opponent: Combatant | Side) -> None:
    """A member slips past his foe (Umgehungsmanöver) instead of duelling."""
    fight.explain(
        "evade",
        _("Evading (Umgehungsmanöver): before the dice a character may slip past his foe instead of "
          "fighting; he sits the round out unharmed, and if every fighter evades, the party has fled."),
    )
    fight.emit(
        "decision",
        _("{name} evades {opponent} (Umgehungsmanöver) and sits the round out unharmed.").format(
            name=member.name, opponent=name_of(opponent)
        ),
        who=member.name,
        decision="evade",
        opponent=name_of(opponent),
    )


def narrate_protected(fight: Fight, combatant: Combatant, shields: Sequence[Modifier]) -> None:
    """A character loses a duel but an item or spell spares him the life."""
    fight.explain(
        "protection",
        _("An item or a spell can protect a character: he loses the duel but keeps his life."),
    )
    reasons = ", ".join(s.reason for s in shields)
    fight.emit(
        "absorbed",
        _("{name} loses the duel but is protected ({reasons}): no life lost.").format(
            name=combatant.name, reasons=reasons
        ),
        who=combatant.name,
        reasons=[s.reason for s in shields],
    )


def narrate_life(fight: Fight, combatant: Combatant, left: int, character: bool) -> None:
    """A life given up: how many are left, or dead (a ``character``, ``stats.is_character``) or
    defeated (a creature)."""
    full = combatant.stats["lives"]
    fight.explain(
        "lives",
        _("Lives (Lebenspunkte), not wounds: every lost duel costs exactly one life, however much "
          "higher the winner's combat power, and a character with none left is dead."),
    )
    if left > 0:
        text = _("{name} gives up a life: {left} of {full} left.").format(name=combatant.name, left=left, full=full)
        fight.emit("wound", text, who=combatant.name, lives=left, max_lives=full)
    elif character:
        text = _("{name} gives up a life and has none left: dead.").format(name=combatant.name)
        fight.emit("condition", text, who=combatant.name, lives=0, max_lives=full, condition="dead")
    else:
        if combatant.spec.life > full:
            _explain_monster_lives(fight, combatant, full)
        if full > 1:
            text = _("{name} loses its last life and is defeated (besiegt).").format(name=combatant.name)
        else:
            text = _("{name} loses its life and is defeated (besiegt).").format(name=combatant.name)
        fight.emit("condition", text, who=combatant.name, lives=0, max_lives=full, condition="defeated")


def _explain_monster_lives(fight: Fight, combatant: Combatant, full: int) -> None:
    """Why a monster whose encounter gives it a larger life goes down this soon (a Manticore of
    life 6 defeated by one lost duel): a monster card has one life unless the encounter overrides."""
    name, life = combatant.name, combatant.spec.life
    if full == 1:
        text = _("{name} has only {full} life here, not {life}: in talisman a monster card has one life "
                 "unless the encounter overrides its lives, so its first lost duel defeats it (besiegt).")
    else:
        text = _("{name} has {full} lives here, not {life}: in talisman a monster card has the lives the "
                 "encounter gives it, not its life.")
    fight.explain("monster lives", text.format(name=name, full=full, life=life))


def narrate_verdict(fight: Fight, outcome: Outcome) -> None:
    """The end of the fight, as the round ends: who won, or why nobody did (docs/rules/talisman.md)."""
    if outcome is Outcome.PARTY_WINS:
        fight.emit("outcome", _("Every enemy is defeated: the party wins."), outcome=outcome.value)
    elif outcome is Outcome.ENEMY_WINS:
        fight.emit("outcome", _("No engaged member has a life left: the enemy wins."), outcome=outcome.value)
    elif outcome is Outcome.PARTY_FLED:
        fight.emit(
            "outcome",
            _("Every standing member evaded: the party has fled."),
            outcome=outcome.value,
            reason=_("every standing member evaded his foe in the same round"),
        )
    else:
        cap = fight.vars["round_cap"]
        fight.emit(
            "outcome",
            _("Round cap {cap} reached: both sides withdraw.").format(cap=cap),
            outcome=outcome.value,
            # TRANSLATORS: why a fight ended without a winner; {cap} is a number of rounds.
            reason=_("after {cap} rounds without a winner both sides withdraw (the round cap)").format(cap=cap),
        )


def narrate_plunder(fight: Fight, member: Combatant) -> None:
    """The raiders take what a dead member carried (the party lost or fled)."""
    fight.explain(
        "raiders",
        _("These enemies are raiders: when the party loses or flees, they plunder its dead."),
    )
    fight.emit("plunder", _("The raiders plunder {name}'s body.").format(name=member.name), who=member.name)


def ruleset_title() -> str:
    """talisman's short title, for ``rulesets`` and the narration's header."""
    return _("Talisman: duels of 1d6 + strength")


def ruleset_summary() -> str:
    """What makes talisman particular, in one sentence, for ``rulesets``."""
    return _(
        "Each member duels the front-most enemy, 1d6 + strength against 1d6 + strength; "
        "the loser gives up a life, a tie is a standoff."
    )


def unknown_override(where: str, name: str, expected: str) -> str:
    """The error for overrides talisman has no stat for: ``where`` lists them as the file spells them."""
    return _("{where}: {name} has no such stat for that combatant; expected one of: {expected}").format(
        where=where, name=name, expected=expected
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
