"""The exact solver: carries probability from a fight's start to its ends, step by step.

For every fight state the next step is played through every chance outcome (``steps.py``), and
probability is carried forward layer by layer (a layer: the states of one round and stage), each
state expanded once, after all the probability that reaches it has arrived. A step is reused in
later rounds where the round number cannot make a difference (``round_watch.py``), folded into
the step before it where it has a single outcome, and shared between states that agree on what it
read (``sharing.py``): docs/architecture.md, "Where speed comes from".
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Any

from rulebench.analysis.exact.bookkeeping import Layer, ending_round_off, round_off
from rulebench.analysis.exact.carry import Arrival, Carry, carry_plainly, compile_carry
from rulebench.analysis.exact.give_up import (
    DEFAULT_MAX_STATES,
    EARLY_SHARE,
    REPLAY_COST,
    TAIL,
    StateBudgetExceeded,
    growing_tail,
    growth,
    no_fight_ended,
    over_budget,
)
from rulebench.analysis.exact.roller import EnumeratingRoller
from rulebench.analysis.exact.round_watch import MAX_ROUND, RoundWatch, Window
from rulebench.analysis.exact.sharing import Sharing, fill
from rulebench.analysis.exact.state_reads import StateReads
from rulebench.analysis.exact.steps import (
    Followed,
    Group,
    Known,
    Moves,
    Played,
    Reached,
    Stage,
    TooManyPaths,
    Where,
    stage_of,
    step_outcomes,
)
from rulebench.core.assembly import FightConfig
from rulebench.core.fight import Fight, Snapshot
from rulebench.core.loop import fates
from rulebench.core.outcome import Fate, FightResult

MAX_FOLLOWED = 8
"""How many single-outcome steps in a row ``Solver.outcomes`` folds into the step before them: a
round's end and the next round's start, with room for rulesets that take a few such steps."""

MAX_CARRIES = 16
"""How many layers (by their states, in order) ``Solver._carry_floats`` remembers: a layer met a
second time, states and order alike, has its carry compiled (``carry.py``) and replayed while its
steps stay the same. Enough for a few stages per round whose states come in alternating orders
(the dsa duels: one stage, two orders), and few enough that the compiled carries, a sixth to a
quarter of the memory of the steps they are compiled from, stay small next to the solve."""

End = tuple[Any, tuple[Fate, ...], Hashable]
"""How a fight ended, whichever round: the outcome, every combatant's fate and what ``Solver.keyed``
says of the fight's end state (None without it)."""

Ended = tuple[int, int]
"""A finished fight as the solver counts it: the round it ended in and its end (in ``Solver.ends``)."""


class Solver:
    """One exact solve: the layers still to expand, the finished fights, and the reusable steps.

    A layer holds the states of one round and stage, each without its round number.
    """

    def __init__(
        self,
        config: FightConfig,
        max_states: int = DEFAULT_MAX_STATES,
        *,
        fractions: bool = True,
        early: bool = False,
        share: bool = True,
        start: Snapshot | None = None,
        keyed: Callable[[Fight], Hashable] | None = None,
    ) -> None:
        self.config = config
        self.keyed = keyed
        """What else tells a fight's ends apart (a chain's party as it goes on, ``chain_exact``):
        asked once of every finished state, restored, whose ends differing in it stay apart
        (``ends_by_key``); None: ends differ only by their outcome and fates."""
        self.start = start
        """The state to solve from (``Fight._snapshot`` of a fight of this configuration, or of one
        with the same state layout); None: the fight's start, as setup leaves it. From a state the
        results are conditional on it, and their lengths still count from round 1."""
        self.max_states = max_states
        self.early = early
        """Give up once a tenth of the budget is handled and no fight has ended (``EARLY_SHARE``),
        or only a growing tail is left (``TAIL``): the automatic choice drops an attempt that will
        not fit for a tenth of its cost."""
        self.met_by_round: list[tuple[int, int]] = []
        """While early: each round expanded so far, with the distinct states met when it began."""
        self.fractions = fractions
        """Exact integers over common denominators; else floating point with a rounding bound."""
        self.rounding = 0.0
        """In floating point, a bound on the total absolute rounding error of the results' probabilities."""
        self.roller = EnumeratingRoller()
        self.fight = config.new_fight(self.roller)
        self.watch = RoundWatch()
        self.fight._round_watch = self.watch
        self.states: list[Snapshot] = []
        """Every state met, without its round number; elsewhere a state is its index here, since a
        nested tuple is hashed afresh at every dictionary look-up and an int is not."""
        self.ids: dict[Snapshot, int] = {}
        self.layers: dict[tuple[int, Stage], Layer] = {}
        self.queue: list[tuple[int, Stage]] = []
        self.finished = Layer()
        """The probability of each finished fight (``Ended``)."""
        self.first_end: int | None = None
        """The earliest round a fight ended in so far."""
        self.expanding: tuple[int, Stage] = (0, (0, 0))
        """The round and stage of the layer being expanded."""
        self.finished_sums: Counter[Ended] = Counter()
        """In floating point, how many sums each finished fight's probability was added up from."""
        self.ends: list[End] = []
        """Every way a fight ends met. A step's moves to finished states go to these instead
        (``_end``), so the many states a fight ends in with the same result merge in the step,
        once, not in every round."""
        self.end_ids: dict[End, int] = {}
        self.ending: dict[int, int] = {}
        """The end (in ``ends``) of each finished state met."""
        self.handled = 0
        """States carried from one step of the fight to the next (the same situation in another
        round counted again), plus ``REPLAY_COST`` for each state a replayed step ended in. A
        state that folded steps pass through counts as carried, and a shared step as replayed
        (``outcomes``, ``played``): the budget measures the fight as it did before either saved
        any work, so whether an encounter fits does not depend on them; they only make it faster."""
        self.current: dict[int, Known] = {}
        """The step last found for each state, with the rounds where it holds: looked up first,
        since layers are expanded in round order and a step found for a round mostly holds in the
        next."""
        self.reusable: dict[int, list[Known]] = {}
        """Steps that used the round number only in comparisons, by their state: the rounds where
        the comparisons come out the same, and the outcomes, good for any of those rounds (with
        the single-outcome steps after them folded in: ``outcomes``)."""
        self.steps: dict[int, list[Played]] = {}
        """The same for each step alone, as played (``played``)."""
        self.reads: StateReads | None = StateReads() if share else None
        """What each step played reads of the state, so it can be shared (``sharing``)."""
        self.sharing = Sharing(self.fight)
        """Steps kept for the states that agree on what they read."""
        self.follows: dict[int, list[Followed]] = {}
        """Where the single-outcome steps that follow a state lead, per window (``followed``)."""
        self.replayed = 0
        """Steps played by replaying the rules code (``bench/exact.py`` prints it)."""
        self.shared_steps = 0
        """Steps worked out from another state's instead (``Sharing.find``)."""
        self.carries: dict[tuple[int, ...], Carry | None] = {}
        """In floating point, the last layers carried on (``MAX_CARRIES``), by their states in
        order: each one's compiled carry, or None for a layer met once (``_carry_floats``)."""

    def _id(self, rest: Snapshot) -> int:
        found = self.ids.get(rest)
        if found is None:
            found = self.ids[rest] = len(self.states)
            self.states.append(rest)
        return found

    def outcomes(self, number: int, state: int) -> Moves:
        """Where the step from ``state`` in round ``number`` leads, reused where no round can differ.

        A state reached whose own step has a single outcome (a round's end that decides nothing,
        a round's start that rolls nothing) is replaced by where that step leads, so its layer is
        never filled nor carried on: the probability that would pass through it goes on at once,
        unchanged, since a single outcome has probability 1. Followed at most ``MAX_FOLLOWED``
        steps on, so a fight that goes on unchanged forever still spends its budget round by
        round. The steps so combined hold in the rounds where each of them does; where
        only a later one changes (the round's end at the exchange cap), the step itself is not
        played again (``played``).
        """
        found = self.current.get(state)
        if found is not None and found[0] <= number <= found[1] and number not in found[2]:
            return found.moves
        known = self.reusable.get(state)
        if known is not None:
            for reused in known:  # ``Window.holds`` inlined here and below: every look-up comes here
                if reused.low <= number <= reused.high and number not in reused.holes:
                    self.current[state] = reused
                    return reused.moves
        den, paths, (low, high, holes), opaque = self.played(number, state)
        grouped: dict[Where, dict[int, int]] = {}
        passed: set[int] = set()
        for delta, target, stage, num in paths:
            if stage is not None:
                _, followed, more, target, stage, then_opaque, through = self.followed(number + delta, target, stage)
                if followed is not None:  # followed: the step holds where the followed ones do too
                    passed.update(through)
                    then_low, then_high, then_holes = followed
                    low, high = max(low, then_low - delta), min(high, then_high - delta)
                    if then_holes:
                        holes = holes | {hole - delta for hole in then_holes}
                    opaque = opaque or then_opaque
                    delta += more
            if stage is None:
                target = self._end(number + delta, target)
            reached = grouped.setdefault((delta, stage), {})
            reached[target] = reached.get(target, 0) + num
        moves = Moves(
            den if self.fractions else 1,
            tuple(
                # int / int is correctly rounded: each step probability is off by one unit roundoff at most.
                Group(where, tuple((after, num if self.fractions else num / den) for after, num in reached.items()), tuple(reached))
                for where, reached in grouped.items()
            ),
            tuple(passed),
        )
        found = self.current[state] = Known(low, high, holes, moves, opaque)
        if not opaque:
            self.reusable.setdefault(state, []).append(found)
        return moves

    def followed(self, number: int, state: int, stage: Stage) -> Followed:
        """Where the single-outcome steps from ``state`` (at ``stage``) in round ``number`` lead,
        at most ``MAX_FOLLOWED`` of them. Many states lead to the same few round ends, so each is
        followed once per window."""
        known = self.follows.get(state)
        if known is not None:
            for before in known:
                low, high, holes = before.window
                if low <= number <= high and number not in holes:
                    return before
        low, high, holes = 0, MAX_ROUND, frozenset[int]()
        delta, target, opaque, hops = 0, state, False, 0
        through: list[int] = []
        first: Window | None = None  # the state's own step's window
        while stage is not None and hops < MAX_FOLLOWED:
            _, then, window, then_opaque = self.played(number + delta, target)
            if not hops:
                first, opaque = window, then_opaque
            if len(then) != 1:
                break
            # A single outcome, probability 1: go on to it; this holds where each step followed does.
            then_low, then_high, then_holes = window
            low, high = max(low, then_low - delta), min(high, then_high - delta)
            holes = holes | {hole - delta for hole in then_holes}
            opaque = opaque or then_opaque
            through.append(target)
            more, target, stage, _ = then[0]
            delta += more
            hops += 1
        if hops:
            window = Window(low, high, holes)
            found = Followed(window, window, delta, target, stage, opaque, tuple(through))
        else:  # followed nowhere: that holds where the state's own step is the same
            found = Followed(first or Window(number, number, frozenset()), None, 0, state, stage, opaque, ())
        if not opaque:
            self.follows.setdefault(state, []).append(found)
        return found

    def played(self, number: int, state: int) -> Played:
        """The step from ``state`` in round ``number`` as the rules play it (``step_outcomes``),
        replayed only where it must be: not for a state it was played from before in such a round,
        nor for one that agrees with such a state on everything the step read there (``sharing``)."""
        known = self.steps.get(state)
        if known is not None:
            for found in known:
                low, high, holes = found.window
                if low <= number <= high and number not in holes:
                    return found
        rest = self.states[state]
        shared = self.sharing.find(number, rest)
        if shared is not None:
            window, saved, den, kept = shared
            self.shared_steps += 1
            # Counted as replayed, though far cheaper: the budget measures the fight, not how
            # much of its work is saved, so whether an encounter fits does not depend on sharing.
            # Filled in once counted, so a solve over budget stops having met the same states.
            self._spend(REPLAY_COST * saved)
            step = Played(den, fill(rest, kept, self._id), window, False)
            self.steps.setdefault(state, []).append(step)
            return step
        affordable = (self.max_states - self.handled) // REPLAY_COST
        try:
            outcomes = step_outcomes(self.fight, self.roller, self.watch, (number, *rest), affordable, self.reads)
        except TooManyPaths:
            raise self._over_budget() from None
        self._spend(REPLAY_COST * self.roller.paths)
        self.replayed += 1
        opaque = self.watch.opaque
        window = Window(number, number, frozenset()) if opaque else self.watch.window()
        reached: tuple[Reached, ...] = tuple((delta, self._id(after), stage_of(after), num) for delta, after, num in outcomes.reached)
        step = Played(outcomes.den, reached, window, opaque)
        if not opaque:
            self.steps.setdefault(state, []).append(step)
            if outcomes.tracked:
                assert self.reads is not None  # only a step played with its reads watched is tracked
                self.sharing.keep(number, rest, outcomes, window, self.roller.paths, self.reads)
        return step

    def _spend(self, states: int) -> None:
        """Count ``states`` more handled states against the budget, and give up early where the
        solve is predicted not to fit (``give_up.py``)."""
        self.handled += states
        if self.handled > self.max_states:
            raise self._over_budget()
        if self.early and self.handled >= self.max_states // EARLY_SHARE:
            self.early = False
            if self.first_end is None or self.expanding <= (self.first_end, (0, 0)):
                raise no_fight_ended(self.max_states, self.handled)
            grown = growth(self.met_by_round)
            if grown is not None and self._in_play() < TAIL:
                raise growing_tail(self.max_states, self.handled, *grown)

    def _in_play(self) -> float:
        """The share of the probability that has not reached a fight's end yet."""
        den, weights = self.finished.settle()
        ended = sum(weights.values())
        share: float = (den - ended) / den if self.fractions else 1 - ended  # exact integers in fractions
        return share

    def _over_budget(self) -> StateBudgetExceeded:
        return over_budget(self.max_states, self.handled, len(self.states))

    def run(self) -> dict[FightResult, Fraction | float]:
        """Carry all probability from the start (``start``, else the fight's own) to the fights'
        ends; each result's probability."""
        start = self.fight._snapshot() if self.start is None else self.start
        stage, first = stage_of(start[1:]), self._id(start[1:])
        if stage is None:  # over before it began
            first = self._end(start[0], first)
        self._arrive(start[0], stage, 1, defaultdict(int, {first: 1 if self.fractions else 1.0}))
        layers, current = self.layers, self.current
        while self.queue:
            key = self.expanding = heapq.heappop(self.queue)
            number = key[0]
            if self.early and (not self.met_by_round or self.met_by_round[-1][0] != number):
                self.met_by_round.append((number, len(self.states)))
            layer = layers.pop(key)
            den, weights = layer.settle()
            self._spend(len(weights))
            if not self.fractions:
                self.rounding += round_off(layer.counted(), weights)
                self._carry_floats(number, weights)
                continue
            targets_of: dict[tuple[Where, int], defaultdict[int, Any]] = {}
            """Where this layer's probability goes, by (rounds gone by, stage) and step denominator:
            the numerators of the states reached, over this layer's and the step's denominators."""
            passed: set[int] = set()
            for state, weight in weights.items():
                known = current.get(state)
                if known is not None and known[0] <= number <= known[1] and number not in known[2]:
                    step_den, groups, through = known[3]
                else:
                    step_den, groups, through = self.outcomes(number, state)
                passed.update(through)
                for where, moves, _ in groups:
                    target = targets_of.get((where, step_den))
                    if target is None:
                        target = targets_of[(where, step_den)] = defaultdict(int)
                    for after, num in moves:
                        target[after] += weight * num
            self._spend(len(passed))
            for ((delta, stage), step_den), reached in targets_of.items():
                self._arrive(number + delta, stage, den * step_den, reached)
        if not self.fractions:
            self.rounding += round_off(self.finished_sums, self.finished.parts.get(1, {}))
        return self._results()

    def _carry_floats(self, number: int, weights: dict[int, float]) -> None:
        """``run``'s step in floating point: carry each state's probability of round ``number`` on
        to the states its step reaches (``carry.py``). A layer met before, the same states in the
        same order, is carried by its compiled carry; a layer met for the first time is carried
        plainly, and so is one whose steps changed since it was compiled (the exchange cap
        reached, say), to be compiled anew if it comes again."""
        ids = tuple(weights)
        carries = self.carries
        carry = carries.get(ids)
        if carry is not None and carry.holds(number, self.current):
            self._carry_compiled(number, weights, carry)
            return
        if ids not in carries or carry is not None:  # a layer met once is seldom met again: compiling costs more
            carries[ids] = None
            if len(carries) > MAX_CARRIES:
                del carries[next(iter(carries))]
            self._carry_plainly(number, weights, self._steps(number, ids))
            return
        steps = list(self._steps(number, ids))
        carry = compile_carry(number, ids, self.current, steps)
        if carry is None:
            self._carry_plainly(number, weights, steps)
            return
        carries[ids] = carry
        self._carry_compiled(number, weights, carry)

    def _steps(self, number: int, ids: tuple[int, ...]) -> Iterator[Moves]:
        """The step from each of ``ids`` in round ``number``, looked up as the carry looks it up:
        the one ``current`` holds where it holds, else ``outcomes``."""
        known_step, outcomes = self.current.get, self.outcomes
        for state in ids:
            known = known_step(state)
            if known is not None and known[0] <= number <= known[1] and number not in known[2]:
                yield known[3]
            else:
                yield outcomes(number, state)

    def _carry_plainly(self, number: int, weights: dict[int, float], steps: Iterable[Moves]) -> None:
        """``_carry_floats`` state by state, with each state's step (``steps``, in the layer's order)."""
        passed, arrivals = carry_plainly(weights, steps)
        self._spend(passed)
        self._arrive_all(number, arrivals)

    def _carry_compiled(self, number: int, weights: dict[int, float], carry: Carry) -> None:
        """``_carry_floats`` by a compiled carry that holds in round ``number``."""
        self._spend(carry.passed)
        self._arrive_all(number, carry.run(weights))

    def _arrive_all(self, number: int, arrivals: Iterable[Arrival]) -> None:
        """Add a floating-point carry's ``arrivals`` from a layer of round ``number``."""
        for (delta, stage), reached, sums in arrivals:
            self._arrive(number + delta, stage, 1, reached, sums)

    def _arrive(
        self, number: int, stage: Stage, den: int, reached: defaultdict[int, Any], sums: Mapping[int, int] | None = None
    ) -> None:
        """Add the numerators over ``den`` of states reached in round ``number`` to their layer, or
        of finished fights to their results; ``sums`` holds, in floating point, how many sums each
        reached state's probability is added up from (in the order of ``reached``): the carry's,
        and for a state of a layer, one more for the addition into the layer (a finished state's
        result counts its own, ``finished_sums``)."""
        if stage is None:
            if self.first_end is None or number < self.first_end:
                self.first_end = number
            results = self.finished.parts.setdefault(den, defaultdict(int))
            if sums is not None:
                self.rounding += ending_round_off(reached, sums)
            for after, num in reached.items():
                ended = (number, after)
                results[ended] += num
                if sums is not None:
                    self.finished_sums[ended] += 1
            return
        key = (number, stage)
        layer = self.layers.get(key)
        if layer is None:
            layer = self.layers[key] = Layer()
            heapq.heappush(self.queue, key)
        arrived = layer.parts.get(den)
        if arrived is None:
            layer.parts[den] = reached
        else:
            for after, num in reached.items():
                arrived[after] += num
        if sums is not None:
            layer.summed.append(sums)

    def _end(self, number: int, state: int) -> int:
        """The end (in ``ends``) of a fight that is over in round ``number`` in ``state``."""
        known = self.ending.get(state)
        if known is None:
            self.fight._restore((number, *self.states[state]))
            # A fight ends alike in whichever round.
            end = (self.states[state][0], fates(self.fight), None if self.keyed is None else self.keyed(self.fight))
            known = self.end_ids.get(end)
            if known is None:
                known = self.end_ids[end] = len(self.ends)
                self.ends.append(end)
            self.ending[state] = known
        return known

    def _results(self) -> dict[FightResult, Fraction | float]:
        """Each result's probability (a float in floating point). Without ``keyed`` every finished
        fight is a result of its own, so no probability is added up here."""
        den, weights = self.finished.settle()
        found: dict[FightResult, Any] = {}
        for (number, end), num in weights.items():
            outcome, its_fates, _ = self.ends[end]
            result = FightResult(outcome, number, its_fates)
            found[result] = found.get(result, 0) + num
        if not self.fractions:
            return found
        return {result: Fraction(num, den) for result, num in found.items()}

    def ends_by_key(self) -> tuple[dict[Hashable, Fraction | float], float]:
        """Once run, the probability of each of ``keyed``'s answers, whichever round and fates, and
        in floating point a bound on the rounding of the sums that made them (on top of ``rounding``)."""
        den, weights = self.finished.settle()
        found: dict[Hashable, Any] = {}
        for (_, end), num in weights.items():
            key = self.ends[end][2]
            found[key] = found.get(key, 0) + num
        if self.fractions:
            return {key: Fraction(num, den) for key, num in found.items()}, 0.0
        # Each sum of probabilities at most 1 is off by at most a unit roundoff (2**-53).
        return found, len(weights) * 2.0**-53

