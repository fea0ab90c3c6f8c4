"""How an ambermarch fight ends (RULES.md §1.2 steps 5–6, §1 "Specials", §7).

After each round: the enemy's steadfastness at 0 wins, no engaged member standing loses, round 4
ends in withdrawal (round 50 against tireless foes), and otherwise the party may retreat.
"""

from __future__ import annotations

from rulebench.core.fight import Combatant, Fight
from rulebench.core.outcome import EndState, Fate, Outcome
from rulebench.core.plugins import hookimpl
from rulebench.rulesets.ambermarch.damage import step_up
from rulebench.rulesets.ambermarch.ladder import (
    CONDITIONS,
    DECLINED,
    DOWN,
    LADDER,
    ORDER,
    SPENT,
    STANCE,
    STEADFASTNESS,
    TAINTED,
    TIRELESS,
    UNHURT,
    damage_line,
)

ROUND_LIMIT = 4  # seed: "nach höchstens vier Runden"
TIRELESS_CAP = 50  # RULES.md §1.2 step 5 (reading: a safety cap where the seed has none)
RETREAT_COST = 2  # RULES.md §1.2 step 6 (reading: "die Vordersten" has no number)


@hookimpl
def rulebench_round_end(fight: Fight) -> Outcome | None:
    """Check the verdict, the round limit, then ask whether the party retreats."""
    if fight.vars[DECLINED]:
        return Outcome.PARTY_FLED
    outcome = _verdict(fight)
    if outcome is None and fight.decide("retreat", None, options=(True, False)):
        _retreat(fight)
        outcome = Outcome.PARTY_FLED
    for member in fight.party.members:
        member.vars[STANCE] = ""  # round-local; cleared so equal states between rounds compare equal
    fight.vars[SPENT] = 0
    if outcome is not None and fight.recording:
        fight.emit("outcome", f"the fight ends after round {fight.round}: {outcome.value}", outcome=outcome.value)
    return outcome


def _verdict(fight: Fight) -> Outcome | None:
    if fight.vars[STEADFASTNESS] == 0:
        return Outcome.PARTY_WINS
    members = fight.party.members
    if all(members[i].vars[LADDER] == DOWN for i in fight.vars[ORDER]):
        return Outcome.ENEMY_WINS
    limit = TIRELESS_CAP if fight.vars[TIRELESS] else ROUND_LIMIT
    if fight.round >= limit:
        return Outcome.WITHDRAWN
    return None


def _retreat(fight: Fight) -> None:
    """Retreat (abbrechen): the foremost standing members in damage order take one wound each,
    armour does not help (seed: "der Rückzug kostet die Vordersten je eine Wunde")."""
    if fight.recording:
        fight.emit("flight", "the party retreats", retreat=True)
    tainted = fight.vars[TIRELESS]
    for member in damage_line(fight)[:RETREAT_COST]:
        step_up(fight, member, tainted, "wounded in the retreat")


@hookimpl
def rulebench_fight_end(fight: Fight) -> None:
    """Raiders plunder the members left down on a retreat or a defeat; tainted wounds are reported."""
    members = fight.party.members
    engaged = [members[i] for i in fight.vars[ORDER]]
    if fight.encounter.enemy.raiders and fight.outcome in (Outcome.PARTY_FLED, Outcome.ENEMY_WINS):
        # Seed: "wer räuberisch ist, plündert die Liegengebliebenen" (on retreat); on a defeat they
        # lie there too (RULES.md §1 "Specials", reading).
        down = [m.name for m in engaged if m.vars[LADDER] == DOWN]
        if down and fight.recording:
            fight.emit("plunder", f"the raiders plunder {', '.join(down)}, left down", plundered=down)
    if fight.recording:
        tainted = [m.name for m in engaged if m.vars[TAINTED]]
        if tainted:
            fight.emit("condition", f"tainted wounds (verdorben, no healing by rest): {', '.join(tainted)}",
                       tainted=tainted)


@hookimpl
def rulebench_end_state(fight: Fight, combatant: Combatant) -> Fate:
    """Party: unhurt; battered, wounded → hurt; down → out if someone still stands, else dead (§0).
    Enemy group: broken (steadfastness 0) → out; lost steadfastness → hurt (RULES.md §7)."""
    if combatant.side == "enemy":
        left = fight.vars[STEADFASTNESS]
        if left == 0:
            return Fate(EndState.OUT, "broken")
        if left < fight.enemy.stats["steadfastness"]:
            return Fate(EndState.HURT, "shaken")
        return Fate(EndState.UNHURT, "steadfast")
    if not combatant.engaged:
        return Fate(EndState.UNHURT, CONDITIONS[UNHURT])
    ladder = combatant.vars[LADDER]
    if ladder == UNHURT:
        return Fate(EndState.UNHURT, CONDITIONS[UNHURT])
    if ladder < DOWN:
        return Fate(EndState.HURT, CONDITIONS[ladder])
    members = fight.party.members
    # RULES.md §0 "Stabilising": no help roll is given; someone still standing stabilises him.
    someone_stands = any(members[i].vars[LADDER] < DOWN for i in fight.vars[ORDER])
    return Fate(EndState.OUT if someone_stands else EndState.DEAD, CONDITIONS[DOWN])
