"""The verdict after each round, and what raiders do once the fight is over (docs/rules/talisman.md)."""

from __future__ import annotations

from rulebench import Fight, Outcome, hookimpl


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """No enemy → party_wins; no engaged member alive → enemy_wins; every standing member evaded →
    party_fled; the round cap → withdrawn (docs/rules/talisman.md, checked in that order).

    "Every standing member" counts those who had a turn: the standing fighters, or the standing
    non-fighters once no fighter is left (reading: non-fighters sitting behind their fighters
    leave with them, docs/rules/talisman.md). A member who evaded while another died in the same round has
    fled: he is the one left standing.
    """
    for enemy in fight.enemy.members:
        if enemy.vars["lives"] > 0:
            break
    else:
        return _verdict(fight, Outcome.PARTY_WINS)
    for member in fight.party.members:
        if member.engaged and member.vars["lives"] > 0:
            break
    else:
        return _verdict(fight, Outcome.ENEMY_WINS)
    # Only a tactics source other than the defaults (which never evade) can make anyone evade:
    # under the defaults alone every ``evaded`` flag stays False, so the flight check and the
    # clearing below cannot change anything and are skipped.
    evading = not fight.default_tactics
    if evading:
        standing = [m for m in fight.party.members if m.engaged and m.vars["lives"] > 0]
        active = [m for m in standing if m.spec.fighter] or standing
        if all(m.vars["evaded"] for m in active):
            return _verdict(fight, Outcome.PARTY_FLED)
    if fight.round >= fight.vars["round_cap"]:
        return _verdict(fight, Outcome.WITHDRAWN)
    # Evading holds for one round only; clearing it here rather than at the next round's start
    # keeps the state between rounds free of spent flags, so exact analysis merges more states.
    if evading:
        for member in standing:
            if member.vars["evaded"]:
                member.vars["evaded"] = False
    return None


def _verdict(fight: Fight, outcome: Outcome) -> Outcome:
    """Report the fight's end, with the round cap a fight without a winner was played to."""
    fight.emit("outcome", outcome=outcome.value, round_cap=fight.vars["round_cap"])
    return outcome


@hookimpl
def rulebench_fight_end(fight: Fight) -> None:
    """Raiders plunder the party's dead when the party loses or flees (docs/rules/talisman.md).

    A talisman member is never "out", only alive or dead (no lives left), so the dead are the ones
    plundered; a withdrawn fight leaves the field to nobody and nobody is plundered.
    """
    if not fight.encounter.enemy.raiders or fight.outcome not in (Outcome.ENEMY_WINS, Outcome.PARTY_FLED):
        return
    for member in fight.party.members:
        if member.engaged and member.vars["lives"] <= 0:
            member.vars["plundered"] = True
            fight.explain("raiders")
            fight.emit("plunder", who=member)
