"""Stat blocks and starting state (docs/rules/classic.md)."""

from __future__ import annotations

from rulebench import Combatant, Dice, Fight, hookimpl
from rulebench.rulesets.classic.choices import default_modes, lineup, party_ks, stronger
from rulebench.rulesets.classic.info import DRAWN, RANGED

W6 = Dice(((1, 6),))
UNDEAD_KINDS = ("undead", "ghost", "demon")
MAGIC_ONLY = ("ghost", "demon")


def _member_stats(fight: Fight, combatant: Combatant) -> None:
    # docs/encounters.md: KS NK = 1W6 + melee, KS FK = 1W6 + ranged, RW = armour.
    spec = combatant.spec
    combatant.stats["melee_ks"] = fight.override(combatant, "melee_ks", W6.plus(spec.melee))
    combatant.stats["ranged_ks"] = fight.override(combatant, "ranged_ks", W6.plus(spec.ranged))
    combatant.stats["rw"] = fight.override(combatant, "rw", spec.armour)


def enemy_ks(enemy: Combatant, mode: str) -> Dice:
    """One enemy's KS in a fight of type ``mode``; in a mixed fight the higher of the two."""
    melee: Dice = enemy.stats["melee_ks"]
    ranged: Dice = enemy.stats["ranged_ks"]
    if mode == "mixed":
        return ranged if stronger(melee, ranged) == RANGED else melee
    return ranged if mode == "ranged" else melee


@hookimpl
def rulebench_setup(fight: Fight) -> None:
    """Derive KS and RW, the enemy group's summed KS and lowest RW, and every state key.

    Every enemy entry fights, whatever its ``fighter`` field (reading: docs/rules/README.md's non-fighters are party
    members standing at the back of the party's line). A mixed group counts as tireless, magic-only
    or cursed when any member is (docs/encounters.md). Cursed damage (verfluchter Schaden) comes from
    ghosts and demons; the seed's mummies and black riders have no trait in the neutral format, so
    they cannot be marked (reading).
    """
    for combatant in fight.combatants:
        _member_stats(fight, combatant)
    enemy = fight.enemy
    mode = fight.encounter.mode
    enemy.stats["ks"] = sum((enemy_ks(e, mode) for e in enemy.members), Dice.constant(0))
    enemy.stats["rw"] = min(e.stats["rw"] for e in enemy.members)
    enemy.stats["tireless"] = any(enemy.has_trait(kind) for kind in UNDEAD_KINDS)
    enemy.stats["magic_only"] = any(enemy.has_trait(kind) for kind in MAGIC_ONLY)
    enemy.stats["demon"] = enemy.has_trait("demon")
    enemy.stats["cursed"] = enemy.stats["magic_only"]
    for member in fight.party.members:
        # A member of a day's later fight starts with the wound the last one left him (carry.py).
        carried = fight.carried(member)
        member.vars["wounds"] = carried.get("wounds", 0)
        member.vars["cursed"] = carried.get("cursed", False)
    # Marching order as party indices, front first; reordered between rounds.
    fight.vars["order"] = tuple(range(len(fight.party.members)))
    # Who fights how, by party index; the default tactics' choice until a round asks otherwise.
    fight.vars["modes"] = default_modes(fight)
    # The party's group KS with every member fighting his default way (None: dice of mixed sizes,
    # rolled one by one); a round under other tactics sums its own lineup.
    fight.party.stats["ks"] = party_ks(fight)
    # Who rolls those dice, as party indices in marching order: under the default tactics alone
    # the lineup never changes, so a silent round rolling the difference reads it here instead of
    # rebuilding it (exchange._difference).
    fight.party.stats["rolling"] = tuple(member.index for member, _, dice in lineup(fight) if dice is not None)
    # Every round starts drawn: a round that is not ends the fight.
    fight.vars["verdict"] = DRAWN
