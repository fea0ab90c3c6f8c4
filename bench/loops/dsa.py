"""A hand-written loop of the skeleton-guards fight under dsa: the speed baseline for rulebench.

examples/skeleton-guards.toml (the reference party of docs/encounters.md against 4 skeleton guards) with dsa's
default tactics and the stat mapping of its rules page, written out by hand. Party: Warrior AT 12, defence 9, reaction
20, LE 30, RS 2, 1d8; Scout 11, 8, 40, 24, 1, 1d8; Floodrunner 10, 7, 30, 24, 1, 1d6; Priest 9, 6,
20, 24, 1, 1d6. Each guard AT 9, defence 6, reaction 20, LE 20 (the file's override), RS 2, 1d6;
coordination 0 everywhere. Each exchange (docs/rules/dsa.md): sub-fights with the smaller side as
singles and the coordination penalty; 1d100 + reaction for new primary pairs, ties rerolled, kept
by pairs that fought before; the attack/parry chain; free attacks with one parry per single and a
lost next free attack after a miss; TP − RS, criticals on a d20 of 1 (d100 severity); LE < 10 out. After an
exchange: the verdict, the cap of 100, and flight (one unparryable attack per fleeing member) when
fewer than 2 of the 4 stand. Dice as rulebench's RandomRoller draws them.
"""

from __future__ import annotations

import random

AT = (12, 11, 10, 9, 9, 9, 9, 9)
DEFENCE = (9, 8, 7, 6, 6, 6, 6, 6)  # the higher of PA and dodge
REACTION = (20, 40, 30, 20, 20, 20, 20, 20)
LE = (30, 24, 24, 24, 20, 20, 20, 20)
RS = (2, 1, 1, 1, 2, 2, 2, 2)
TP = (8, 8, 6, 6, 6, 6, 6, 6)  # sides of the one weapon die
PARTY = range(4)
ENEMY = range(4, 8)


def _pairing(up: list[bool]) -> tuple[list[list[int]], list[int], list[int]]:
    """Sub-fights of the standing (singles the smaller side), each one's foe, and the penalties."""
    party = [i for i in PARTY if up[i]]
    enemy = [i for i in ENEMY if up[i]]
    singles, many = (party, enemy) if len(party) <= len(enemy) else (enemy, party)
    n = len(singles)
    groups = [[s, many[i]] for i, s in enumerate(singles)]
    for j, extra in enumerate(many[n:]):
        groups[j % n].append(extra)
    penalty = [0] * 8
    foe = [-1] * 8
    for group in groups:
        single = group[0]
        foe[single] = group[1]
        for a in group[1:]:
            foe[a] = single
        if len(group) > 2:
            for c in group:
                penalty[c] = len(group) - 2  # values stay ≥ 1: the lowest is 6 − 3
    return groups, foe, penalty


def run(fights: int, seed: int) -> dict[str, int]:
    """Play ``fights`` fights from ``seed``; outcome name -> count."""
    rand = random.Random(seed).random
    counts = {"party_wins": 0, "enemy_wins": 0, "withdrawn": 0, "party_fled": 0}
    for _ in range(fights):
        le = list(LE)
        up = [True] * 8
        lost = [0] * 8
        holders: set[tuple[int, int]] = set()

        def hit(attacker: int, target: int) -> None:
            tp = int(rand() * TP[attacker]) + 1
            if int(rand() * 20) + 1 == 1:
                severity = tp + int(rand() * 100) + 1
                if severity >= 100 and severity > 10 * RS[target]:
                    up[target] = False
                else:
                    le[target] -= tp
            elif tp > RS[target]:
                le[target] -= tp - RS[target]
            if le[target] < 10:
                up[target] = False
            if not up[target]:
                for pair in [p for p in holders if target in p]:
                    holders.discard(pair)

        outcome = "withdrawn"
        for _exchange in range(100):
            groups, foe, penalty = _pairing(up)
            for group in groups:
                s, p = group[0], group[1]
                if (s, p) in holders or (p, s) in holders:
                    continue
                member, foe_ = (s, p) if s < 4 else (p, s)
                while True:
                    a = int(rand() * 100) + 1 + REACTION[member]
                    b = int(rand() * 100) + 1 + REACTION[foe_]
                    if a != b:
                        break
                holders.add((member, foe_) if a > b else (foe_, member))
            for group in groups:
                single, primary = group[0], group[1]
                holder, other = (single, primary) if (single, primary) in holders else (primary, single)
                cap = AT[holder] - penalty[holder]
                defence = DEFENCE[other] - penalty[other]
                while True:
                    roll = int(rand() * 20) + 1
                    if roll > cap:
                        holders.discard((holder, other))
                        holders.add((other, holder))
                        break
                    parry = int(rand() * 20) + 1
                    if parry > min(roll, defence):
                        hit(holder, other)
                        break
                    cap = parry
                parried = False
                for secondary in group[2:]:
                    if not up[single]:
                        break
                    if lost[secondary]:  # a miss costs his next free attack, however late it comes
                        lost[secondary] = 0
                        continue
                    roll = int(rand() * 20) + 1
                    if roll > AT[secondary] - penalty[secondary]:
                        lost[secondary] = 1
                        continue
                    if not parried:
                        parried = True
                        if int(rand() * 20) + 1 <= min(roll, DEFENCE[single] - penalty[single]):
                            continue
                    hit(secondary, single)
            if not any(up[i] for i in ENEMY):
                outcome = "party_wins"
                break
            standing = [i for i in PARTY if up[i]]
            if not standing:
                outcome = "enemy_wins"
                break
            if _exchange == 99:
                break
            if len(standing) < 2:
                foe = _pairing(up)[1]  # flight comes between exchanges: the sub-fights as rebuilt
                for member in standing:
                    f = foe[member]
                    if f >= 0 and up[f] and int(rand() * 20) + 1 <= AT[f]:
                        hit(f, member)
                outcome = "party_fled"
                break
        counts[outcome] += 1
    return counts
