"""A minimal hand-written ambermarch loop of examples/skeleton-guards.toml: the speed baseline.

The reference party of docs/encounters.md (Warrior, Scout, Floodrunner, Priest) against four skeleton guards under
docs/rules/ambermarch.md with default tactics and the stat mapping of each rules page: the group rolls 4d6+8, armour 2,
steadfastness 3, undead (tireless: no round limit before the cap of 50). Each member attacks with
his higher skill (Warrior melee 5, Scout ranged 4, Floodrunner melee 3, Priest melee 2), wounded
members take cover, all momentum is spent, and the party retreats when fewer than 2 of the 4 are
unhurt or battered. Nobody has silver, so no modifier applies. Plain Python, no rulebench.
"""

from __future__ import annotations

import random

SKILL = (5, 4, 3, 2)
ARMOUR = (2, 1, 1, 1)
POOL_DICE, POOL_BONUS, ENEMY_ARMOUR, STEADFASTNESS = 4, 8, 2, 3
CAP = 50
DOWN = 3


def run(fights: int, seed: int) -> dict[str, int]:
    """Play ``fights`` fights from ``seed``; outcome name -> count."""
    rand = random.Random(seed).random
    counts = {"party_wins": 0, "enemy_wins": 0, "withdrawn": 0, "party_fled": 0}
    for _ in range(fights):
        ladder = [0, 0, 0, 0]
        steadfastness, momentum, rounds = STEADFASTNESS, 0, 0
        while True:
            rounds += 1
            total = 2 * momentum
            momentum = 0
            line = [i for i in range(4) if ladder[i] < DOWN]
            for i in line:
                if ladder[i] < 2:
                    total += max(0, int(rand() * 6) + 1 + SKILL[i] - ladder[i])
            enemy = POOL_BONUS
            for _ in range(POOL_DICE):
                enemy += int(rand() * 6) + 1
            if total > enemy:
                steadfastness = max(0, steadfastness - 1 - max(0, total - enemy - ENEMY_ARMOUR) // 4)
                momentum += 1  # at most 3, but it is spent in full every round
            elif enemy > total:
                damage = (enemy - total + 1) // 2
                covering = [ladder[i] == 2 for i in line]
                for k, i in enumerate(line):
                    armour = ARMOUR[i] + (2 if covering[k] or (k and covering[k - 1]) else 0)
                    if damage <= armour:
                        break
                    damage -= armour + 1
                    ladder[i] += 1
                    if not damage:
                        break
            if steadfastness == 0:
                counts["party_wins"] += 1
                break
            standing = [i for i in range(4) if ladder[i] < DOWN]
            if not standing:
                counts["enemy_wins"] += 1
                break
            if rounds >= CAP:
                counts["withdrawn"] += 1
                break
            if sum(1 for step in ladder if step <= 1) < 2:
                for i in standing[:2]:
                    ladder[i] += 1
                counts["party_fled"] += 1
                break
    return counts
