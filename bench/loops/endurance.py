"""Hand-written baseline: the skeleton-guards fight (examples/skeleton-guards.toml) under endurance.

Plain Python with ``random.Random(seed).random``: the speed yardstick the benchmark holds rulebench's
Monte Carlo against, and an independent check of its outcome frequencies. Stats per docs/encounters.md,
default tactics per docs/rules/endurance.md:

| combatant | avoidance | damage | endurance | speed |
|---|---|---|---|---|
| Warrior | 3 + 2 = 5 | 1d8 + 2 | 2·3 + 4 = 10 | 2 |
| Scout | 2 + 1 = 3 | 1d8 + 2 | 7 | 4 |
| Floodrunner | 3 | 1d6 + 1 | 7 | 3 |
| Priest | 3 | 1d6 + 1 | 7 | 2 |
| Skeleton guard ×4 | 2 + 2 = 4 | 1d6 + 1 | 6 | 2 |

Everyone has one wound to give, so a blow whose net damage beats the endurance left fells. Turn
order: Scout, Floodrunner, Warrior, Priest, then the guards (speed, ties party first). Each strikes
the front-most standing foe. After a round the party flees when fewer than 2 of its 4 stand; the
guards then strike once more each. Round 20 ends in withdrawal. Bleeding clocks decide fates, not
outcomes, so the loop leaves them out.
"""

from __future__ import annotations

import random

ROUND_CAP = 20
PARTY = ((5, 8, 2, 10), (3, 8, 2, 7), (3, 6, 1, 7), (3, 6, 1, 7))  # avoidance, die, bonus, endurance
GUARD = (4, 6, 1, 6)
ORDER = (1, 2, 0, 3)  # party marching-order indices in turn order (Scout, Floodrunner, Warrior, Priest)


def run(fights: int, seed: int) -> dict[str, int]:
    """Play ``fights`` fights from ``seed``; outcome name -> count."""
    rand = random.Random(seed).random
    counts = {"party_wins": 0, "enemy_wins": 0, "withdrawn": 0, "party_fled": 0}
    for _ in range(fights):
        hero = [p[3] for p in PARTY]  # endurance left; -1 once fallen
        guard = [GUARD[3]] * 4
        outcome = "withdrawn"
        for _round in range(ROUND_CAP):
            for i in ORDER:
                if hero[i] < 0:
                    continue
                t = next((k for k in range(4) if guard[k] >= 0), -1)
                if t < 0:
                    break
                _, die, bonus, _ = PARTY[i]
                net = int(rand() * die) + 1 + bonus - GUARD[0]
                if net > 0:
                    guard[t] = -1 if net > guard[t] else guard[t] - net
            for k in range(4):
                if guard[k] < 0:
                    continue
                t = next((i for i in range(4) if hero[i] >= 0), -1)
                if t < 0:
                    break
                net = int(rand() * 6) + 2 - PARTY[t][0]
                if net > 0:
                    hero[t] = -1 if net > hero[t] else hero[t] - net
            standing = sum(1 for h in hero if h >= 0)
            if all(g < 0 for g in guard):
                outcome = "party_wins"
                break
            if not standing:
                outcome = "enemy_wins"
                break
            if standing < 2:
                for k in range(4):
                    t = next((i for i in range(4) if hero[i] >= 0), -1)
                    if guard[k] < 0 or t < 0:
                        continue
                    net = int(rand() * 6) + 2 - PARTY[t][0]
                    if net > 0:
                        hero[t] = -1 if net > hero[t] else hero[t] - net
                outcome = "party_fled"
                break
        counts[outcome] += 1
    return counts
