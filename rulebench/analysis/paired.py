"""Paired sampling: the same fights, seed for seed, under two configurations (common random numbers).

Fight ``j`` of a paired run draws its dice from a stream seeded ``"{seed}:{j}"`` of its own, so
the unchanged encounter and a changed one fight fight ``j`` from the same random numbers, however
many dice earlier fights took: where the change does not matter the two fights are the same
fight, and the difference between them is the change's, not the dice's. Each fight is kept as one
byte (:data:`WINS`, :data:`WIPED`) so the pairs can be counted afterwards, and the interval of the
difference is that of a paired difference (Newcombe's method 10), far narrower than two
independent intervals would give.
"""

from __future__ import annotations

import math
from collections import Counter
from concurrent.futures import Future

from rulebench.analysis.results import Z95, wilson
from rulebench.analysis.round_memo import remembered
from rulebench.analysis.sampling import ConfigSpec, SamplingPool, spec_of, worker_config
from rulebench.core.assembly import FightConfig
from rulebench.core.dice import RandomRoller
from rulebench.core.loop import play_out, result_of
from rulebench.core.outcome import EndState, FightResult, Outcome

WINS = 1
"""A fight's code bit: the party won."""
WIPED = 2
"""A fight's code bit: everyone of the party who fought ended down, out or dead (``wiped_out``)."""

_DOWN = (EndState.OUT, EndState.DEAD)


def code(result: FightResult, fought: tuple[int, ...]) -> int:
    """One fight as its code: :data:`WINS` and :data:`WIPED` as they apply (``fought``: the
    positions of the party members who took part, as ``casualties`` counts them)."""
    wiped = bool(fought) and all(result.fates[i].state in _DOWN for i in fought)
    return (WINS if result.outcome is Outcome.PARTY_WINS else 0) | (WIPED if wiped else 0)


def fight_codes(config: FightConfig, seed: int, start: int, size: int) -> bytes:
    """The codes of fights ``start`` to ``start + size - 1`` of ``config``, each from its own
    stream (``"{seed}:{j}"``), played through the configuration's round memo where it pays."""
    roller = RandomRoller(0)
    stream = roller.stream
    fight = config.new_fight(roller)
    fought = tuple(i for i, m in enumerate(config.encounter.party) if config.encounter.is_engaged(m.name))
    codes = bytearray(size)
    for k in range(size):
        stream.seed(f"{seed}:{start + k}")
        results, played = remembered(config, roller, 1)
        if played:
            (result,) = results
        else:  # the memo gave up: the fight is played as usual, from the same stream
            fight._reset()
            play_out(fight)
            result = result_of(fight)
        codes[k] = code(result, fought)
    return bytes(codes)


def _worker_codes(spec: ConfigSpec, seed: int, start: int, size: int) -> bytes:
    """:func:`fight_codes` of the configuration ``spec`` in a worker process."""
    return fight_codes(worker_config(spec), seed, start, size)


def submit_codes(pool: SamplingPool, config: FightConfig, seed: int, start: int, size: int) -> Future[bytes]:
    """:func:`fight_codes` as a task of ``pool`` (played here when the configuration cannot travel)."""
    if not config.portable:
        done: Future[bytes] = Future()
        done.set_result(fight_codes(config, seed, start, size))
        return done
    return pool.submit(_worker_codes, spec_of(config), seed, start, size)


Pairs = Counter[tuple[int, int]]
"""How many fight pairs had each pair of codes (unchanged, changed)."""


def pair(pairs: Pairs, base: bytes, changed: bytes) -> None:
    """Count the fights of ``base`` and ``changed`` (the same fights, in order) into ``pairs``."""
    pairs.update(zip(base, changed))


def table(pairs: Pairs, bit: int) -> tuple[int, int, int, int]:
    """The 2x2 table of one code bit: both, only the unchanged encounter, only the changed one, neither."""
    cells = [0, 0, 0, 0]
    for (b, c), n in pairs.items():
        cells[(0 if b & bit else 2) + (0 if c & bit else 1)] += n
    return cells[0], cells[1], cells[2], cells[3]


def paired_difference(both: int, first: int, second: int, neither: int, z: float = Z95) -> tuple[float, tuple[float, float]]:
    """The difference of two paired proportions, second minus first, and its 95% interval.

    ``first`` and ``second`` count the pairs where only the first or only the second succeeded.
    Newcombe's method 10 (Statistics in Medicine 17, 1998): the Wilson intervals of the two
    proportions combined through the correlation of the pairs, so that where the two fights agree
    (most pairs, when a change matters little) the interval is narrow, and it stays within [-1, 1].
    """
    n = both + first + second + neither
    p1, p2 = (both + first) / n, (both + second) / n
    l1, u1 = wilson(both + first, n, z)
    l2, u2 = wilson(both + second, n, z)
    rows, cols = (both + first) * (second + neither), (both + second) * (first + neither)
    phi = (both * neither - first * second) / math.sqrt(rows * cols) if rows and cols else 0.0
    lower = math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    upper = math.sqrt(max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2))
    difference = p2 - p1
    return difference, (max(-1.0, difference - lower), min(1.0, difference + upper))


def share(codes: bytes, bit: int) -> int:
    """How many of the fights ``codes`` has ``bit``."""
    return sum(1 for c in codes if c & bit)
