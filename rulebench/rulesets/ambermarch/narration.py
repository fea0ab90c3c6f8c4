"""ambermarch's narration: the sentences a narrated fight logs about damage and the fight's end,
kept out of the rule modules.

Each function logs one event of a recorded fight (``fight.emit``); the rule modules call them only
when ``fight.recording``, so a silent fight (Monte Carlo, exact analysis) builds no text at all.
"""

from __future__ import annotations

from rulebench import Combatant, Fight, Outcome
from rulebench.rulesets.ambermarch.state import CONDITIONS, DOWN


def worn_down(fight: Fight, lead: int, armour: int, past: int, loss: int, before: int, after: int,
              momentum: int) -> None:
    """The party's lead against the group's armour, and what it cost the group's steadfastness."""
    fight.emit("damage", f"lead {lead}: the enemy's armour {armour} swallows {lead - past}, {past} past it: "
               f"steadfastness −{loss}, {before} → {after}; momentum {momentum}",
               lead=lead, armour=armour, past=past, loss=loss, steadfastness=after, momentum=momentum)


def damage_to_party(fight: Fight, amount: int, tainted: bool) -> None:
    """The enemy's damage starts down the party's damage line."""
    fight.emit("damage", f"damage {amount} to the party", amount=amount, tainted=tainted)


def passes_through(fight: Fight, member: Combatant, kind: str, remaining: int) -> None:
    """The blows pass through a ghost or demon the enemy cannot harm."""
    fight.emit("absorbed", f"{member.name} is a {kind}: the blows pass through him, {remaining} flows on",
               who=member.name, armour=0, absorbed=0, left=remaining)


def absorbs_the_rest(fight: Fight, member: Combatant, armour: int, remaining: int) -> None:
    """``member``'s armour takes what is left of the damage."""
    fight.emit("absorbed", f"{member.name}'s armour {armour} absorbs {remaining}", who=member.name,
               armour=armour, absorbed=remaining)


def one_gets_through(fight: Fight, member: Combatant, armour: int, remaining: int) -> None:
    """``member``'s armour takes its share, one point gets through, ``remaining`` flows on."""
    flows = f", {remaining} flows on" if remaining else ""
    fight.emit("absorbed", f"{member.name}'s armour {armour} absorbs {armour}, 1 gets through{flows}",
               who=member.name, armour=armour, absorbed=armour, left=remaining)


def lost_after_the_last(fight: Fight, remaining: int) -> None:
    """Damage left after the last member is lost."""
    fight.emit("note", f"{remaining} damage left after the last member is lost", lost=remaining)


def stepped_up(fight: Fight, member: Combatant, why: str, ladder: int, tainted: bool) -> None:
    """``member`` moved one step up the wound ladder; ``why`` follows his name ("is hit")."""
    condition = CONDITIONS[ladder]
    extra = " and out of the encounter" if ladder == DOWN else ""
    taint = " (tainted: no healing by rest)" if tainted else ""
    fight.emit("wound", f"{member.name} {why} → {condition}{extra}{taint}", who=member.name,
               condition=condition, step=ladder, tainted=tainted)


def fight_ends(fight: Fight, outcome: Outcome) -> None:
    """How and when the fight ended."""
    fight.emit("outcome", f"the fight ends after round {fight.round}: {outcome.value}", outcome=outcome.value)


def retreats(fight: Fight) -> None:
    """The party retreats."""
    fight.emit("flight", "the party retreats", retreat=True)


def gets_away(fight: Fight, member: Combatant, kind: str) -> None:
    """A ghost or demon the enemy cannot harm gets away from the retreat unhurt."""
    fight.emit("note", f"{member.name} is a {kind} and the enemy has no magic weapon: he gets away unhurt",
               who=member.name)


def plundered(fight: Fight, down: list[str]) -> None:
    """The raiders plunder the members left down."""
    fight.emit("plunder", f"the raiders plunder {', '.join(down)}, left down", plundered=down)


def tainted_wounds(fight: Fight, tainted: list[str]) -> None:
    """Who carries tainted wounds after the fight."""
    fight.emit("condition", f"tainted wounds (verdorben, no healing by rest): {', '.join(tainted)}", tainted=tainted)
