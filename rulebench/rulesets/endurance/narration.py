"""endurance's wording: the sentences a narrated fight tells, kept out of the rule modules.

Called only while a fight records (``fight.log`` is set), so sampling never builds them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulebench import Combatant, Dice, Fight, Modifier
from rulebench.rulesets.endurance.state import BLED_OUT, BLEEDING, SLAIN, STANDING


def harmless_blow(fight: Fight, attacker: Combatant, defender: Combatant, kind: str) -> None:
    """A plain weapon against a ghost or demon: damage 0, no die (docs/rules/endurance.md)."""
    fight.emit("hit", f"{attacker.name} strikes {defender.name}, but without a magic weapon cannot harm "
               f"a {kind}: damage 0, no die", attacker=attacker.name, defender=defender.name, harmless=True)


def blow(fight: Fight, attacker: Combatant, defender: Combatant, dice: Dice, modifiers: Sequence[Modifier]) -> None:
    """Always a hit: the damage dice and the modifiers added to them."""
    extra = "".join(f" {m.value:+d} {m.reason}" for m in modifiers)
    fight.emit("hit", f"{attacker.name} strikes {defender.name} (always a hit): damage {dice}{extra}",
               attacker=attacker.name, defender=defender.name, dice=str(dice),
               modifiers=[{"value": m.value, "reason": m.reason} for m in modifiers])


def damage(fight: Fight, target: Combatant, amount: int, avoid: int, net: int, before: int) -> None:
    """Damage against avoidance, and what gets through to endurance."""
    demonic = " (armour does not count against a demon)" if avoid < target.stats["avoidance"] else ""
    name, after = target.name, target.vars["endurance"]
    if net:
        text = (f"damage {amount} − {name}'s avoidance {avoid}{demonic} = {net} gets through: "
                f"endurance {before} → {after}")
    else:
        text = f"damage {amount}: {name}'s avoidance {avoid}{demonic} stops it all, endurance stays {before}"
    fight.emit("damage", text, who=name, amount=amount, avoidance=avoid, net=net,
               endurance_before=before, endurance_after=after)


def wound(fight: Fight, target: Combatant, net: int, before: int, wounds: int, most: int) -> None:
    """More got through than the endurance left: a wound."""
    fight.emit("wound", f"{net} > endurance {before}: {target.name} takes a wound ({wounds} of {most})",
               who=target.name, wounds=wounds, max_wounds=most)


def slain(fight: Fight, target: Combatant) -> None:
    """A wound while bleeding kills."""
    fight.emit("condition", f"{target.name} was already bleeding: this wound is fatal",
               who=target.name, condition=SLAIN)


def falls(fight: Fight, target: Combatant, bleed: int) -> None:
    """The last wound: he falls and bleeds for ``bleed`` rounds."""
    fight.emit("condition", f"{target.name} falls and bleeds out (Ausbluten): dead in {bleed} "
               "rounds without help", who=target.name, condition=BLEEDING, bleed=bleed)


def steps_up(fight: Fight, member: Combatant) -> None:
    """A sheltered non-fighter steps up once no fighter of his side stands."""
    fight.emit("condition", f"No fighter of {member.name}'s side stands: {member.name} steps up to fight",
               who=member.name, condition=STANDING)


def bleeds(fight: Fight, c: Combatant, left: int) -> None:
    """One tick of the bleeding clock: rounds left, or bled out."""
    if left <= 0:
        fight.emit("condition", f"{c.name} has bled out", who=c.name, condition=BLED_OUT, bleed=0)
    else:
        fight.emit("condition", f"{c.name} bleeds: {left} rounds left", who=c.name, condition=BLEEDING, bleed=left)
