"""A minimal hand-written talisman loop of the skeleton-guards fight: the speed baseline.

examples/skeleton-guards.toml under docs/rules/talisman.md with the stat mapping of each rules page and default tactics (nobody
evades): Warrior, Scout, Floodrunner, Priest with strength 5, 4, 3, 2 and lives 4, 3, 3, 3 duel
four skeleton guards of strength 2 and one life each. The party has no silver or magic weapon and
the guards no ghost or demon, so no trait rule applies. Plain Python, no rulebench import.
"""

from __future__ import annotations

import random

STRENGTHS = (5, 4, 3, 2)
LIVES = (4, 3, 3, 3)
GUARDS = 4
GUARD_STRENGTH = 2
ROUND_CAP = 20


def run(fights: int, seed: int) -> dict[str, int]:
    """Play ``fights`` fights from ``seed``; outcome name -> count."""
    rand = random.Random(seed).random
    counts = {"party_wins": 0, "enemy_wins": 0, "withdrawn": 0, "party_fled": 0}
    members = range(len(STRENGTHS))
    for _ in range(fights):
        lives = list(LIVES)
        guards = GUARDS
        outcome = "withdrawn"
        for _round in range(ROUND_CAP):
            for i in members:
                if not guards:
                    break
                if lives[i]:
                    own = int(rand() * 6) + 1 + STRENGTHS[i]
                    theirs = int(rand() * 6) + 1 + GUARD_STRENGTH
                    if own > theirs:
                        guards -= 1
                    elif own < theirs:
                        lives[i] -= 1
            if not guards:
                outcome = "party_wins"
                break
            if not any(lives):
                outcome = "enemy_wins"
                break
        counts[outcome] += 1
    return counts


if __name__ == "__main__":
    import sys
    import time

    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    start = time.perf_counter()
    result = run(n, 1)
    print(result, f"{n / (time.perf_counter() - start):,.0f} fights/s")
