"""A hand-written loop of the skeleton-guards fight under classic: the speed baseline for rulebench.

examples/skeleton-guards.toml (the reference party of docs/encounters.md against 4 skeleton guards) with classic's
default tactics and the stat mapping of its rules page, written out by hand: Warrior melee 1W6+5 (RW 2), Scout ranged
1W6+4 (RW 1), Floodrunner melee 1W6+3 (RW 1), Priest melee 1W6+2 (RW 1) against 4W6+8, RW 2,
undead (tireless). Each round: party sum vs enemy sum (docs/rules/classic.md); the party's damage
walks down the line with wrap-around; after a drawn third round the tireless guards force a flight
that wounds the first d3 members (step 5). Dice as rulebench's RandomRoller draws them.
"""

from __future__ import annotations

import random

RW = (2, 1, 1, 1)
PARTY_BONUS = 5 + 4 + 3 + 2
ENEMY_BONUS = 4 * 2
ENEMY_RW = 2


def run(fights: int, seed: int) -> dict[str, int]:
    """Play ``fights`` fights from ``seed``; outcome name -> count."""
    rand = random.Random(seed).random
    counts = {"party_wins": 0, "enemy_wins": 0, "withdrawn": 0, "party_fled": 0}
    for _ in range(fights):
        wounds = [0, 0, 0, 0]
        outcome = "party_fled"
        for _round in range(3):
            party = PARTY_BONUS + (int(rand() * 6) + int(rand() * 6) + int(rand() * 6) + int(rand() * 6) + 4)
            enemy = ENEMY_BONUS + (int(rand() * 6) + int(rand() * 6) + int(rand() * 6) + int(rand() * 6) + 4)
            if party > enemy:
                if party - enemy > ENEMY_RW:
                    outcome = "party_wins"
                    break
            elif enemy > party:
                left = enemy - party
                hurt = False
                while left > 0 and any(w < 2 for w in wounds):
                    for i in range(4):
                        if wounds[i] >= 2:
                            continue
                        if left <= RW[i]:
                            left = 0
                            break
                        left -= RW[i] + 1
                        wounds[i] += 1
                        hurt = True
                        if left == 0:
                            break
                if hurt:
                    outcome = "enemy_wins"
                    break
        else:
            # Forced flight from the tireless guards: the first d3 take a wound.
            for i in range(int(rand() * 3) + 1):
                wounds[i] += 1
        counts[outcome] += 1
    return counts
