"""Monte Carlo that remembers rounds: the same fights, dice for dice, at a fraction of the cost.

A fight's state between rounds (``Fight._snapshot``) and the dice of the next round determine that
round completely; exact analysis rests on the same fact. So the first time a round is played from
a state, the rolls it asks for and where it leads are written into a tree for that state: a node
per roll, its branches keyed by what the rules saw of it (the total of a ``roll``, the face of a
``die``), a leaf per next state. Later fights that meet the state walk its tree instead of playing
the round: each node draws its dice from the same random numbers, in the same order, as the round
would (``RandomRoller``), and follows the branch. Only a branch never taken before is played, the
round replaying the rolls drawn so far and going on from there. Seeded results stay exactly those
of playing every round.

A round of many rolls from one state has many ways through it, and a tree fills slowly; the same
holds for each of its turns, whose states between two turns (``Fight._pending``) repeat more often
than whole rounds do. So a memo of whole rounds that does not pay gives way to one that remembers
steps (a round's start, each turn, its end: ``play_step``), judged afresh. A round whose rules read
the faces of a summed roll (``last_faces``) cannot be keyed by totals, and a memo of steps whose
look-ups keep missing or that outgrows its memory budget does not pay either: the memo then
switches itself off for the configuration, and fights are played round by round as before. Which
way the fights are played never changes which fights they are.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeAlias

from rulebench.analysis.fixed_checks import verify_run
from rulebench.core.assembly import FightConfig
from rulebench.core.dice import Dice, RandomRoller, roll_faces
from rulebench.core.fight import Fight, Snapshot
from rulebench.core.loop import MAX_ROUNDS, play_out, play_round, play_step, result_of
from rulebench.core.outcome import FightResult

ROUND_PROBES = ((10, 100, 0.99), (30, 100, 0.98), (100, 0, 0.9), (250, 0, 0.75))
STEP_PROBES = ((10, 100, 0.99), (30, 0, 0.8), (100, 0, 0.6), (250, 0, 0.5))
"""After a memo's first ``fights``, one that has looked up at least ``rounds`` rounds (or steps) and
missed more than ``most`` of them gives up (docs/architecture.md, "The round memo's probation")."""

MAX_NODES = 200_000
"""Tree nodes and states kept per configuration (some 70 MB at most, freed when the memo gives up)."""
WINDOW = 4_000
"""Look-ups between two judgements of whether the memo pays."""
MAX_MISS_SHARE = 0.5
"""A memo whose look-ups miss more often than this within a window plays rounds as usual instead:
a miss costs about one and a half plain rounds, a hit a tenth of one."""

Head: TypeAlias = "int | Dice"
"""What a roll rolls: the sides of one die, or a dice expression."""
Node: TypeAlias = "list[Any] | int"
"""A node ``[head, branches]`` (``branches``: what the rules saw → node), or a leaf: a state's id."""
Roll: TypeAlias = "tuple[Head, int, tuple[int, ...]]"
"""One roll as the rules saw it: what was rolled, its total (a die's face), and its faces."""


class TapRoller:
    """Replays the rolls a round drew before it left its tree, then draws on from the random
    numbers as ``RandomRoller`` does, writing down every roll."""

    __slots__ = ("_faces", "peeked", "replay", "taken", "uniform")

    def __init__(self, uniform: Callable[[], float]) -> None:
        self.uniform = uniform
        self.replay: list[Roll] = []
        self.taken: list[Roll] = []
        self.peeked = False
        """Whether the rules read ``last_faces`` (then a round depends on more than totals)."""
        self._faces: tuple[int, ...] | None = None

    @property
    def last_faces(self) -> tuple[int, ...] | None:
        """The faces of the last roll; reading them marks the round as depending on them."""
        self.peeked = True
        return self._faces

    @last_faces.setter
    def last_faces(self, faces: tuple[int, ...] | None) -> None:
        self._faces = faces

    def die(self, sides: int) -> int:
        """One die from 1 to ``sides``."""
        return self._next(sides)

    def roll(self, dice: Dice) -> int:
        """The total of ``dice``, its dice drawn in ``Dice.dice_sides`` order."""
        return self._next(dice)

    def _next(self, head: Head) -> int:
        done = len(self.taken)
        if done < len(self.replay):
            roll = self.replay[done]
            if roll[0] != head:
                raise AssertionError(f"a round from one state rolled {head} where it rolled {roll[0]} before")
        elif isinstance(head, int):
            face = int(self.uniform() * head) + 1
            roll = (head, face, (face,))
        else:
            faces, total = roll_faces(head, self.uniform)
            roll = (head, total, faces)
        self.taken.append(roll)
        self._faces = roll[2]
        return roll[1]


class RoundMemo:
    """The rounds (or steps) of one fight configuration met so far, shared by every chunk a process plays."""

    def __init__(self, config: FightConfig, by_step: bool = False) -> None:
        self.config = config
        self.by_step = by_step
        """Whether a look-up is a step of a round (``play_step``) rather than a whole round."""
        self.probes = STEP_PROBES if by_step else ROUND_PROBES
        self.probed = 0
        """The fights played under this memo's probation (``probes``)."""
        self.ids: dict[Snapshot, int] = {}
        self.snapshots: list[Snapshot] = []
        self.trees: list[Node | None] = []
        """Per state id: the tree of the round played from it (None until one is played)."""
        self.results: list[FightResult | None] = []
        """Per state id: the fight's result if the fight is over there."""
        self.nodes = 0
        self.lookups = 0
        self._fight: tuple[Fight, TapRoller] | None = None
        self.misses = 0
        self.on = True

    def probe(self) -> tuple[int, int, float] | None:
        """The next judgement of this memo's probation (``probes``), None once it has passed them all."""
        return next((probe for probe in self.probes if probe[0] > self.probed), None)

    def judge_probe(self, probe: tuple[int, int, float]) -> None:
        """Give up once ``probe``'s fights are played if the look-ups so far missed too often."""
        fights, rounds, most = probe
        if self.on and self.probed >= fights and self.lookups >= rounds and self.misses > most * self.lookups:
            self.switch_off()

    def fight_of(self, config: FightConfig) -> tuple[Fight, TapRoller]:
        """The one fight (and its roller) every state of this memo is played on.

        A state between two turns holds the round's remaining turns, which may name the fight's
        own combatants: restored on another fight of the configuration, its turns would be played
        by the first fight's combatants.
        """
        if self._fight is None:
            tap = TapRoller(random.random)
            self._fight = (config.new_fight(tap), tap)
        return self._fight

    def state(self, fight: Fight) -> int:
        """The id of ``fight``'s current state (its result noted if the fight is over)."""
        snapshot = fight._snapshot()
        found = self.ids.get(snapshot)
        if found is None:
            found = self.ids[snapshot] = len(self.snapshots)
            self.snapshots.append(snapshot)
            self.trees.append(None)
            self.results.append(result_of(fight) if fight.outcome is not None else None)
            self.nodes += 1
        return found

    def learn(self, state: int, taken: list[Roll], reached: int) -> None:
        """Write one round played from ``state`` (its rolls ``taken``) into the state's tree."""
        if not taken:
            self.trees[state] = reached
            return
        node = self.trees[state]
        if node is None:
            node = self.trees[state] = [taken[0][0], {}]
            self.nodes += 1
        last = len(taken) - 1
        for i, roll in enumerate(taken):
            assert isinstance(node, list), "a round from one state rolled more dice than before"
            branches: dict[int, Node] = node[1]
            following = branches.get(roll[1])
            if following is None:
                following = branches[roll[1]] = reached if i == last else [taken[i + 1][0], {}]
                self.nodes += 1
            node = following

    def judge(self) -> None:
        """Every ``WINDOW`` look-ups: switch off if too many missed, or if the trees are full."""
        if self.nodes >= MAX_NODES or (self.lookups >= WINDOW and self.misses > MAX_MISS_SHARE * self.lookups):
            self.switch_off()
        elif self.lookups >= WINDOW:
            self.lookups = self.misses = 0

    def switch_off(self, for_good: bool = False) -> None:
        """Stop remembering, and free the trees (the results of states already counted stay until
        the fights that reached them are tallied). A memo of whole rounds gives way to a memo of
        steps unless ``for_good``; a memo of steps leaves fights to be played as usual."""
        if not self.by_step and not for_good:
            self.config.caches["rounds"] = RoundMemo(self.config, by_step=True)
        self.on = False
        self._fight = None
        self.ids.clear()
        self.snapshots.clear()
        self.trees.clear()


def memo_of(config: FightConfig) -> RoundMemo:
    """The configuration's round memo, made on first use."""
    memo = config.caches.get("rounds")
    if not isinstance(memo, RoundMemo):
        memo = config.caches["rounds"] = RoundMemo(config)
    return memo


def remembered(config: FightConfig, roller: RandomRoller, size: int) -> tuple[dict[FightResult, int], int]:
    """Play up to ``size`` fights from ``roller``'s random numbers under the configuration's memo,
    each memo judged by its probation (``probes``) on its first fights.

    Returns how many fights ended in each result and how many fights that is: fewer than ``size``
    when the memo gave up for good, after which the caller plays the rest as usual from the same
    ``roller``, whose random numbers go on where these fights left them.
    """
    results: dict[FightResult, int] = {}
    played = 0
    while played < size:
        memo = memo_of(config)
        if not memo.on:
            memo.results.clear()
            break
        probe = memo.probe()
        wanted = size - played if probe is None else min(probe[0] - memo.probed, size - played)
        more, also = remembered_fights(memo, roller, wanted)
        played += also
        memo.probed += also
        for result, count in more.items():
            results[result] = results.get(result, 0) + count
        if probe is not None:
            memo.judge_probe(probe)
    return results, played


def remembered_fights(memo: RoundMemo, roller: RandomRoller, size: int) -> tuple[dict[FightResult, int], int]:
    """Play up to ``size`` fights from ``roller``'s random numbers, walking ``memo``'s remembered
    rounds or steps: fewer when the memo gives up within them."""
    config = memo.config
    uniform = roller.uniform
    fight, tap = memo.fight_of(config)
    tap.uniform, tap.replay, tap.taken = uniform, [], []
    fight._roller = tap
    fight._reset()
    start = memo.state(fight)
    trees, results = memo.trees, memo.results
    counts: dict[int, int] = {}
    finals: dict[FightResult, int] = {}
    played = 0
    while played < size and memo.on:
        state = start
        while state >= 0 and results[state] is None:
            node = trees[state]
            path: list[Roll] = []
            while node.__class__ is list:
                head, branches = node
                if head.__class__ is int:
                    face = int(uniform() * head) + 1
                    roll: Roll = (head, face, (face,))
                else:
                    faces, total = roll_faces(head, uniform)
                    roll = (head, total, faces)
                path.append(roll)
                node = branches.get(roll[1])
            memo.lookups += 1
            if node is None:
                state = _play_round(memo, fight, tap, state, path)
            else:
                state = node  # type: ignore[assignment]  # a leaf: an int; the __class__ tests above, faster than isinstance, do not narrow
        played += 1
        if state >= 0:
            counts[state] = counts.get(state, 0) + 1
        else:
            # The memo gave up within this fight: the fight object stands where the round or step
            # just played left it, and finishes as usual.
            tap.replay, tap.taken = [], []
            fight._roller = roller
            while fight._pending is not None:  # the rest of the round the memo left
                play_step(fight)
            play_out(fight)
            ended = result_of(fight)
            finals[ended] = finals.get(ended, 0) + 1
    for state, count in counts.items():
        result = results[state]
        assert result is not None
        finals[result] = finals.get(result, 0) + count
    verify_run(fight, config)
    return finals, played


def _play_round(memo: RoundMemo, fight: Fight, tap: TapRoller, state: int, path: list[Roll]) -> int:
    """Play the round (or step) from ``state`` whose rolls so far are ``path`` and learn it; where
    it leads, or -1 once the memo is off (the fight object then stands where it left it)."""
    memo.misses += 1
    fight._restore(memo.snapshots[state])
    tap.replay, tap.taken, tap.peeked = path, [], False
    if fight.round >= MAX_ROUNDS:
        memo.switch_off(for_good=True)  # play_out reports the endless fight
        return -1
    if memo.by_step:
        play_step(fight)
    else:
        play_round(fight)
    if tap.peeked:
        memo.switch_off(for_good=True)
        return -1
    reached = memo.state(fight)
    memo.learn(state, tap.taken, reached)
    memo.judge()
    return reached if memo.on else -1
