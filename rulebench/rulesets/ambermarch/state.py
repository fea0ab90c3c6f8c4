"""The fight-state keys, the wound ladder (Wundenleiter) and the stances every module shares.

A party member's place on the ladder is a number in ``combatant.vars[LADDER]``: 0 unhurt
(unverletzt), 1 battered (angeschlagen, −1 on every roll), 2 wounded (verwundet, −2, cover only, no
techniques), 3 down (am Boden, out of the encounter). It only ever goes up during a fight.
"""

from __future__ import annotations

from rulebench import Combatant, Fight

UNHURT, BATTERED, WOUNDED, DOWN = 0, 1, 2, 3
CONDITIONS: tuple[str, ...] = ("unhurt", "battered", "wounded", "down")
PENALTY: tuple[int, ...] = (0, -1, -2, 0)
"""The wound penalty on every roll, by ladder step (a member who is down rolls nothing)."""

# Party member state (combatant.vars).
LADDER = "ladder"
STANCE = "stance"  # this round's stance, "" between rounds
TAINTED = "tainted"  # how many of his ladder steps are tainted wounds (verdorben), which no rest heals

# Fight state (fight.vars).
STEADFASTNESS = "steadfastness"  # the enemy group's, docs/rules/ambermarch.md
MOMENTUM = "momentum"  # held by the party, 0..3
SPENT = "spent"  # momentum spent this round, 0 between rounds
ORDER = "order"  # marching order as party indices, front first; engaged members only
VOLUNTARY = "voluntary"  # the party may decline the fight before round 1
DECLINED = "declined"
TIRELESS = "tireless"  # undead, ghost or demon in the enemy group (docs/rules/README.md), fixed at setup
GHOSTLY = "ghostly"  # ghost or demon: weapons without magic contribute 0 (docs/encounters.md)
DEMONIC = "demonic"  # demon: armour without magic counts 0 (docs/encounters.md)

# Worked out once per fight (fight.cache), never part of the state.
ARMOUR_BY_KIND = "ambermarch armour by kind"  # each kind of enemy's armour, {base name: armour}, for the events
ALERT = "ambermarch alert"  # the engaged members with alertness (Wachsamkeit), in party order

MAX_MOMENTUM = 3

# Stances (Haltungen), docs/rules/ambermarch.md; the options of the "stance" decision.
ATTACK = "attack"  # Angriff, melee
ATTACK_RANGED = "attack-ranged"  # Angriff, ranged
COVER = "cover"  # Deckung
TECHNIQUE = "technique"  # Kunstgriff
HOLD_BACK = "hold-back"  # Zurückhalten
STANCES = (ATTACK, ATTACK_RANGED, COVER, TECHNIQUE, HOLD_BACK)


def standing(member: Combatant) -> bool:
    """Whether an engaged member is still in the fight (not down)."""
    ladder: int = member.vars[LADDER]
    return ladder < DOWN


def marching_line(fight: Fight) -> list[Combatant]:
    """The standing engaged members in marching order, front first."""
    members = fight.party.members
    return [members[i] for i in fight.vars[ORDER] if members[i].vars[LADDER] < DOWN]


def damage_line(fight: Fight) -> list[Combatant]:
    """The standing engaged members in damage order: marching order, reversed when ambushed from
    behind (docs/rules/README.md; seed: "ein Hinterhalt von hinten trifft eure Reihe verkehrt herum")."""
    line = marching_line(fight)
    if fight.encounter.ambush_from_behind:
        line.reverse()
    return line
