"""The end of a round: the bleeding clock, the verdict, flight and the round cap (docs/rules/endurance.md,
"End of the round"), raiders' plunder, and each combatant's fate (docs/rules/endurance.md, "Outcomes and end states")."""

from __future__ import annotations

from typing import Any

from rulebench import Combatant, EndState, Fate, Fight, Outcome, hookimpl
from rulebench.rulesets.endurance.state import ABSENT, BLED_OUT, BLEEDING, SHELTERED, SLAIN, STABILISED, STANDING
from rulebench.rulesets.endurance.tactics import default_flee
from rulebench.rulesets.endurance.turns import choose_target

FALLEN = (BLEEDING, SLAIN, BLED_OUT, STABILISED)
UP = (STANDING, SHELTERED, ABSENT)

ROUND_CAP = 20  # docs/rules/endurance.md, "End of the round" (reading: a stalemate must end)


def _tick(fight: Fight, c: Combatant) -> None:
    """One tick of a bleeding combatant's clock; at 0 he has bled out (docs/rules/endurance.md)."""
    cvars: dict[str, Any] = c.vars
    cvars["bleed"] -= 1
    if cvars["bleed"] <= 0:
        cvars["status"] = BLED_OUT
        cvars["bleed"] = 0
    fight.emit("condition", who=c, condition=cvars["status"], bleed=cvars["bleed"])


def _flee(fight: Fight) -> None:
    """Flight: each standing enemy strikes once, in the turn order of the round just played, before the
    party is away (docs/rules/endurance.md, reading: mirrors dsa's one free attack per pursuer)."""
    fight.explain("flight")
    fight.emit("flight")
    turns: tuple[tuple[int, ...], tuple[int, ...]] = fight.vars["turns"]
    for position in turns[0] if fight.round == 1 else turns[1]:
        enemy = fight.combatants[position]
        if enemy.side != "enemy" or enemy.vars["status"] != STANDING:
            continue
        target = choose_target(fight, enemy)
        if target is None:
            return
        fight.strike(enemy, target)


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Tick the bleeding clocks (at every round's end, the round of the fall included), then: no enemy
    standing → party_wins; no engaged member standing → enemy_wins; round 20 → withdrawn; a
    ``retreat`` decision → party_fled ("Ends as dsa", in dsa's order: at the cap both sides part
    anyway, so no flight is asked then).

    (reading: flight is asked only while both sides stand; one who falls to the pursuers' blows
    starts bleeding with a full clock.)
    """
    engaged = standing = 0
    for m in fight.party.members:
        status = m.vars["status"]
        if status == BLEEDING:
            _tick(fight, m)
        elif status in (STANDING, SHELTERED):
            standing += 1
        if status != ABSENT:
            engaged += 1
    enemy_stands = False
    for e in fight.enemy.members:
        status = e.vars["status"]
        if status == BLEEDING:
            _tick(fight, e)
        elif status == STANDING:
            enemy_stands = True
    if not enemy_stands:
        outcome = Outcome.PARTY_WINS
    elif not standing:
        outcome = Outcome.ENEMY_WINS
    elif fight.round >= ROUND_CAP:  # before flight, as dsa (docs/rules/endurance.md, "End of the round"): at the cap both part
        outcome = Outcome.WITHDRAWN
    elif (
        default_flee(standing, engaged)
        if fight.default_tactics
        else fight.decide("retreat", None, options=(True, False), standing=standing, engaged=engaged)
    ):
        # The decision with the counts the default tactics go by; the kernel names who decided.
        fight.emit("decision", decision="retreat", value=True, standing=standing, engaged=engaged)
        _flee(fight)
        outcome = Outcome.PARTY_FLED
    else:
        return None
    fight.emit("outcome", outcome=outcome.value)
    return outcome


@hookimpl
def rulebench_fight_end(fight: Fight) -> None:
    """Raiders plunder the party members left fallen when the party loses or flees (docs/rules/endurance.md): an
    event, which changes no outcome or fate."""
    if not fight.encounter.enemy.raiders or fight.outcome not in (Outcome.ENEMY_WINS, Outcome.PARTY_FLED):
        return
    for m in fight.party.members:
        if m.vars["status"] in FALLEN:
            fight.emit("plunder", who=m)


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """The combatant's fate (``end_state``), its condition the English name analysis tallies; a
    recorded fight's narration words it (the ``fate`` request)."""
    return end_state(fight, combatant)


def end_state(fight: Fight, combatant: Combatant) -> Fate:
    """Untouched → unhurt; lost endurance or wounds below max → hurt; bleeding → out if someone of his side
    still stands, else dead; bled out or slain → dead (docs/rules/endurance.md, "Outcomes and end states").

    (reading: a party member who is not engaged counts as someone who stands: he is there to help.)
    """
    cvars: dict[str, Any] = combatant.vars
    status = cvars["status"]
    if status == STANDING:
        if cvars["wounds"]:
            return Fate(EndState.HURT, "wounded")
        if cvars["endurance"] < combatant.stats["endurance"]:
            return Fate(EndState.HURT, "winded")
        return Fate(EndState.UNHURT, "fresh")
    if status in (SHELTERED, ABSENT):
        return Fate(EndState.UNHURT, status)
    if status in (BLEEDING, STABILISED):
        # (reading: one who came in fallen from a day's earlier fight lies as he fell, and without
        # anyone of his side left standing to help him he bleeds out like the newly fallen.)
        helped = any(m.vars["status"] in UP for m in fight.side_of(combatant).members)
        return Fate(EndState.OUT, status) if helped else Fate(EndState.DEAD, BLED_OUT)
    return Fate(EndState.DEAD, status)
