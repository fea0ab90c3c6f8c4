"""endurance's wording: the sentences a narrated fight tells, kept out of the rule modules.

Called only while a fight records (``fight.recording``), so sampling never builds them. Every text
goes through endurance's own catalog (the domain ``rulebench-endurance``, in ``locale/``), translated
when it is written, in the terms of the German source: Vermeidung, Ausdauer, Wunde, Ausbluten.
A silent fight translates nothing: its conditions stay the English names the analysis tallies.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rulebench import N_, Combatant, Dice, Fate, Fight, Messages, Modifier, Outcome
from rulebench.rulesets.endurance.state import BLED_OUT, BLEEDING, SLAIN, STANDING

MESSAGES = Messages("rulebench-endurance", Path(__file__).with_name("locale"))
"""endurance's catalog: every text an endurance fight or its rules say to a reader."""

_ = MESSAGES.gettext
ngettext = MESSAGES.ngettext


# Roll labels: what a logged roll is for.
DAMAGE = N_("damage")

CONDITIONS = frozenset({
    N_("fresh"), N_("winded"), N_("wounded"),  # standing: untouched, lost endurance, wounded
    N_("sheltered"), N_("absent"), N_("bleeding"), N_("slain"), N_("bled out"),  # ``state``'s status words
})
"""Every condition ``ending.rulebench_end_state`` reports, marked here for the catalog."""

_VERDICTS = {
    Outcome.PARTY_WINS: N_("Every enemy has fallen: the party wins."),
    Outcome.ENEMY_WINS: N_("Every engaged member of the party has fallen: the enemy wins."),
    Outcome.PARTY_FLED: N_("The party has fled."),
}


def label(message: str) -> str:
    """A roll's label (one of the constants above) in the reader's language. The rule modules ask it
    only while the fight records and pass the constant itself otherwise
    (``narration.label(X) if fight.recording else X``): a silent fight logs no roll, and a look-up
    per die would slow sampling and exact analysis."""
    return _(message)


def fate(fate: Fate) -> Fate:
    """``fate`` with its condition (one of ``CONDITIONS``) in the reader's language, for a recorded fight's fates.

    Only a recorded fight asks: a silent fight's conditions are the English names the analysis
    tallies and its JSON reports, keys as stable as the end states.
    """
    return Fate(fate.state, _(fate.condition))


# -- explanations: once per fight, at the mechanic's first appearance ----------------------------
def explain_avoidance(fight: Fight) -> None:
    """What avoidance does to every blow."""
    fight.explain("avoidance", _(
        "Every attack hits, but the target's avoidance (Vermeidung: body plus armour) is taken off its "
        "damage; what gets through wears down his endurance (Ausdauer), and a blow that gets through "
        "with more than the endurance left is a wound (Wunde)."))


def explain_bleeding(fight: Fight) -> None:
    """What bleeding out means, including when nobody is left to help."""
    fight.explain("bleeding", _(
        "Whoever takes his last wound falls and bleeds out (Ausbluten): he dies after five rounds per "
        "point of body unless helped, at once if wounded again, and for good if nobody of his side is "
        "left standing to help him when the fight ends."))


def explain_flight(fight: Fight) -> None:
    """What flight costs."""
    fight.explain("flight", _(
        "By default the party flees (Flucht) once fewer than half of its engaged members still stand; "
        "as it turns to run every enemy still standing strikes once more, and the fallen are left behind."))


# -- a blow --------------------------------------------------------------------------------------
def harmless_blow(fight: Fight, attacker: Combatant, defender: Combatant, kind: str) -> None:
    """A plain weapon against a ghost or demon (``kind``): damage 0, no die (docs/rules/endurance.md)."""
    if kind == "ghost":
        text = _("{attacker} strikes {defender}, but without a magic weapon cannot harm a ghost: damage 0, no die")
    else:
        text = _("{attacker} strikes {defender}, but without a magic weapon cannot harm a demon: damage 0, no die")
    fight.emit("hit", text.format(attacker=attacker.name, defender=defender.name),
               attacker=attacker.name, defender=defender.name, harmless=True)


def blow(fight: Fight, attacker: Combatant, defender: Combatant, dice: Dice, modifiers: Sequence[Modifier]) -> None:
    """Always a hit: the damage dice and the modifiers added to them."""
    extra = "".join(f" {m.value:+d} {m.reason}" for m in modifiers)
    text = _("{attacker} strikes {defender} (always a hit): damage {dice}{modifiers}").format(
        attacker=attacker.name, defender=defender.name, dice=dice, modifiers=extra)
    fight.emit("hit", text, attacker=attacker.name, defender=defender.name, dice=str(dice),
               modifiers=[{"value": m.value, "reason": m.reason} for m in modifiers])


def damage(fight: Fight, target: Combatant, amount: int, avoid: int, net: int, before: int) -> None:
    """Damage against avoidance, and what gets through to endurance."""
    explain_avoidance(fight)
    demonic = avoid < target.stats["avoidance"]
    name, after = target.name, target.vars["endurance"]
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
    fight.emit("damage", text.format(amount=amount, name=name, avoid=avoid, net=net, before=before, after=after),
               who=name, amount=amount, avoidance=avoid, net=net, endurance_before=before, endurance_after=after)


def wound(fight: Fight, target: Combatant, net: int, before: int, wounds: int, most: int) -> None:
    """More got through than the endurance left: a wound."""
    text = _("{net} > endurance {before}: {name} takes a wound ({wounds} of {most})").format(
        net=net, before=before, name=target.name, wounds=wounds, most=most)
    fight.emit("wound", text, who=target.name, wounds=wounds, max_wounds=most)


def slain(fight: Fight, target: Combatant) -> None:
    """A wound while bleeding kills."""
    text = _("{name} was already bleeding: this wound is fatal").format(name=target.name)
    fight.emit("condition", text, who=target.name, condition=SLAIN)


def falls(fight: Fight, target: Combatant, bleed: int) -> None:
    """The last wound: he falls and bleeds for ``bleed`` rounds."""
    explain_bleeding(fight)
    text = ngettext("{name} falls and bleeds out (Ausbluten): dead in {rounds} round without help",
                    "{name} falls and bleeds out (Ausbluten): dead in {rounds} rounds without help", bleed)
    fight.emit("condition", text.format(name=target.name, rounds=bleed), who=target.name, condition=BLEEDING, bleed=bleed)


def steps_up(fight: Fight, member: Combatant) -> None:
    """A sheltered non-fighter steps up once no fighter of his side stands."""
    text = _("No fighter of {name}'s side stands: {name} steps up to fight").format(name=member.name)
    fight.emit("condition", text, who=member.name, condition=STANDING)


# -- the end of a round and of the fight ----------------------------------------------------------
def bleeds(fight: Fight, c: Combatant, left: int) -> None:
    """One tick of the bleeding clock: rounds left, or bled out."""
    if left <= 0:
        fight.emit("condition", _("{name} has bled out").format(name=c.name), who=c.name, condition=BLED_OUT, bleed=0)
    else:
        text = ngettext("{name} bleeds: {rounds} round left", "{name} bleeds: {rounds} rounds left", left)
        fight.emit("condition", text.format(name=c.name, rounds=left), who=c.name, condition=BLEEDING, bleed=left)


def flees(fight: Fight) -> None:
    """The party turns to run: the standing enemies' parting blows follow."""
    explain_flight(fight)
    fight.emit("flight", _("The party flees: every standing enemy strikes once more."))


def outcome(fight: Fight, outcome: Outcome, cap: int) -> None:
    """How the fight ended; ``cap``: the round cap that ends a stalemate as ``withdrawn``."""
    if outcome is Outcome.WITHDRAWN:
        text = _("Round {cap} is over and both sides still stand: they withdraw.").format(cap=cap)
    else:
        text = _(_VERDICTS[outcome])
    fight.emit("outcome", text, outcome=outcome.value)


def plunder(fight: Fight, member: Combatant) -> None:
    """Raiders plunder a party member left fallen."""
    text = _("The raiders plunder {name}, left lying on the ground.").format(name=member.name)
    fight.emit("plunder", text, who=member.name)


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
