"""Many fights from one seed: outcome frequencies with Wilson intervals, fates and fight lengths.

Fights are played in chunks of fixed size, chunk ``i`` seeded by ``"{seed}:{i}"``, so the result
depends only on the seed and the number of fights, never on how many workers share the chunks. A
chunk's fights are the successive fights of its random stream, so its first ``k`` fights are the
same whether it is played whole or in blocks (``run_block``), and a run may stop inside a chunk.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

from rulebench.analysis.fixed_checks import verify_run
from rulebench.analysis.results import RulesetResult, Tally
from rulebench.analysis.round_memo import remembered
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.dice import RandomRoller
from rulebench.core.fight import Snapshot
from rulebench.core.i18n import language, set_language
from rulebench.core.loop import play_out, result_of
from rulebench.core.outcome import FightResult

CHUNK = 2_000

BLOCK = 250
"""A precision-driven run plays each chunk in blocks of this many fights and checks its stopping
rule after every block: it overshoots the fights it needs by less than a block instead of less than
a chunk. A block of the slowest ruleset's fights takes a fraction of a second, and a block costs
one message to a worker process, negligible beside its fights even for the quickest rulesets."""

T = TypeVar("T")

class Progress(Protocol):
    """Told the number of fights just finished and, when known or estimated, how many there will be."""

    def __call__(self, fights: int, total: int | None = None, /) -> None:
        """Advance by ``fights``; ``total`` is the whole task's (estimated) number of fights."""


def run_chunk(config: FightConfig, seed: int, index: int, size: int) -> Tally:
    """Play ``size`` fights of chunk ``index`` and tally them (the first ``size`` fights of the
    chunk's random stream)."""
    return _play(config, RandomRoller(f"{seed}:{index}"), size)


Stream = tuple[Any, ...]
"""Where a chunk's random stream stands (``random.Random.getstate``): a block resumes from it."""


def run_block(config: FightConfig, seed: int, index: int, size: int, start: Stream | None = None) -> tuple[Tally, Stream]:
    """Play the next ``size`` fights of chunk ``index``, from where ``start`` left its stream (None:
    its beginning); their tally and where the stream stands after them.

    The blocks of a chunk played one after another are the fights ``run_chunk`` plays for the
    chunk, in the same order from the same random numbers.
    """
    roller = RandomRoller(f"{seed}:{index}")
    if start is not None:
        roller.stream.setstate(start)
    return _play(config, roller, size), roller.stream.getstate()


def _play(config: FightConfig, roller: RandomRoller, size: int) -> Tally:
    """Play ``size`` fights from ``roller`` and tally them.

    Rounds met before are walked rather than played (``round_memo``: the same dice, the same
    fights); where the memo does not pay, fights are played round by round. A fight's result (its
    fates above all) follows from its final state, and fights end in few distinct states: they are
    counted by final state, and each state's result is asked once.
    """
    results, played = remembered(config, roller, size)
    fight = config.new_fight(roller)
    counts: dict[Snapshot, int] = {}
    finals: dict[Snapshot, FightResult] = {}
    for _ in range(size - played):
        fight._reset()
        play_out(fight)
        final = fight._snapshot()
        seen = counts.get(final)
        if seen is None:
            finals[final] = result_of(fight)
            counts[final] = 1
        else:
            counts[final] = seen + 1
    for final, count in counts.items():
        results[finals[final]] = results.get(finals[final], 0) + count
    verify_run(fight, config)
    tally = Tally(tuple(c.name for c in fight.combatants))
    for result, count in results.items():
        tally.add(result, count)
    return tally


ConfigSpec = tuple[Any, str, tuple[str, ...], "str | None"]
"""What a worker needs to rebuild a fight configuration: encounter, ruleset, plugins, tactics."""

_worker_configs: dict[tuple[str, str, tuple[str, ...], str | None], FightConfig] = {}
"""In a worker process, every configuration it was asked to sample, built once each."""


def spec_of(config: FightConfig) -> ConfigSpec:
    """What a worker process needs to rebuild ``config``."""
    return (config.encounter, config.ruleset.name, config.plugins, config.tactics)


def worker_config(spec: ConfigSpec) -> FightConfig:
    """In a worker process, the configuration ``spec`` describes, built the first time it is met."""
    encounter, ruleset, plugins, tactics = spec
    key = (encounter.content_hash(), ruleset, plugins, tactics)
    config = _worker_configs.get(key)
    if config is None:
        config = _worker_configs[key] = configure(encounter, ruleset, plugins=plugins, tactics=tactics, default_plugins=False)
    return config


def _worker_chunk(spec: ConfigSpec, seed: int, index: int, size: int) -> Tally:
    """Play chunk ``index`` of the configuration ``spec`` in a worker process."""
    return run_chunk(worker_config(spec), seed, index, size)


def _worker_block(spec: ConfigSpec, seed: int, index: int, size: int, start: Stream | None) -> tuple[Tally, Stream]:
    """Play a block of chunk ``index`` of the configuration ``spec`` in a worker process."""
    return run_block(worker_config(spec), seed, index, size, start)


class SamplingPool:
    """Worker processes that one command shares between every configuration it samples.

    The processes start when the first chunk is sent to them, once per command, not per sweep
    point; each builds a configuration the first time it meets it. With one worker nothing starts
    and chunks are played in this process. Use it as a context manager.
    """

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        # Several configurations are sampled side by side from threads (analyse_all): the first
        # chunk of each may ask for the processes at once, and only one pool may start.
        self._starting = threading.Lock()

    def __enter__(self) -> SamplingPool:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker processes, dropping chunks nobody waits for."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None

    def _processes(self) -> ProcessPoolExecutor:
        """The worker processes, started on first use. Each speaks the command's language from the
        start (a message a worker writes, such as a plugin's error, reads like the rest), whether
        the processes are forked or spawned."""
        with self._starting:
            if self._executor is None:
                self._executor = ProcessPoolExecutor(self.workers, initializer=set_language, initargs=(language(),))
            return self._executor

    def submit(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """``function(*args)`` as a task in the worker processes (``function`` must be a module's
        own function); with one worker, played here at once."""
        if self.workers <= 1:
            done: Future[T] = Future()
            done.set_result(function(*args))
            return done
        return self._processes().submit(function, *args)

    def map(self, function: Callable[..., T], calls: Sequence[tuple[Any, ...]]) -> Iterator[T]:
        """``function(*args)`` for each of ``calls``, in order: in the worker processes, all at once,
        when there are several (``function`` must then be a module's own function); else here."""
        if self.workers <= 1 or len(calls) <= 1:
            return (function(*args) for args in calls)
        executor = self._processes()
        futures = [executor.submit(function, *args) for args in calls]
        return (future.result() for future in futures)

    def chunks(
        self, config: FightConfig, seed: int, sizes: Iterable[int], worth: Callable[[], int] | None = None
    ) -> Generator[Tally, None, None]:
        """The tallies of chunks ``0, 1, ...`` of ``sizes`` fights each, in order.

        Up to one chunk per worker is played ahead of the one asked for, as long as the fights
        sent stay below ``worth()`` (default: all of them): a precision run sends no chunk it
        does not expect to need, since a chunk already running cannot be called back. Closing
        the iterator early (a precision run that is done) cancels those not yet started.
        """
        pending = iter(sizes)
        if self.workers <= 1 or not config.portable:
            for index, size in enumerate(pending):
                yield run_chunk(config, seed, index, size)
            return
        executor = self._processes()
        spec = spec_of(config)
        ahead: deque[Future[Tally]] = deque()
        index = sent = 0
        try:
            while True:
                while len(ahead) < self.workers and (not ahead or worth is None or sent < worth()):
                    fights = next(pending, None)
                    if fights is None:
                        break
                    ahead.append(executor.submit(_worker_chunk, spec, seed, index, fights))
                    index += 1
                    sent += fights
                if not ahead:
                    return
                yield ahead.popleft().result()
        finally:
            for future in ahead:
                future.cancel()


    def blocks(self, config: FightConfig, seed: int, cap: int, worth: Callable[[], int]) -> Generator[Tally, None, None]:
        """The tallies of the blocks of ``BLOCK`` fights that make up chunks ``0, 1, ...`` of
        ``CHUNK`` fights (``cap`` fights in all), in order: every block of a chunk, then the next.

        The first ``k`` blocks are the first ``k * BLOCK`` fights ``simulate`` plays, whatever the
        worker count. A chunk's blocks are played one after another (each resumes the chunk's
        stream where the last left it), and one chunk more than there are workers is under way at
        once, as long as the fights sent stay below ``worth()``; the chunk whose block is asked for
        always is. Closing the iterator early (a run that is done) cancels the blocks not started.
        """
        chunks = [min(CHUNK, cap - start) for start in range(0, cap, CHUNK)]
        if self.workers <= 1 or not config.portable:
            for index, fights in enumerate(chunks):
                roller = RandomRoller(f"{seed}:{index}")
                for start in range(0, fights, BLOCK):
                    yield _play(config, roller, min(BLOCK, fights - start))
            return
        executor = self._processes()
        spec = spec_of(config)
        running: dict[int, Future[tuple[Tally, Stream]]] = {}
        """Per chunk, the block being played."""
        played: dict[int, int] = {}
        """Per chunk begun, the fights sent for it so far."""
        streams: dict[int, Stream] = {}
        """Per chunk begun, where its stream stands after its last finished block."""
        done: dict[int, deque[Tally]] = {}
        """Per chunk, its finished blocks not yet handed out."""
        sent = current = 0

        def send(index: int) -> None:
            nonlocal sent
            size = min(BLOCK, chunks[index] - played.get(index, 0))
            running[index] = executor.submit(_worker_block, spec, seed, index, size, streams.get(index))
            played[index] = played.get(index, 0) + size
            sent += size

        def collect(index: int) -> None:
            tally, streams[index] = running.pop(index).result()
            done.setdefault(index, deque()).append(tally)

        def fill() -> None:
            for index in range(current, min(len(chunks), current + self.workers + 1)):
                if index in running or played.get(index, 0) >= chunks[index]:
                    continue
                if index == current or sent < worth():
                    send(index)

        try:
            while current < len(chunks):
                for index in [i for i, future in running.items() if i != current and future.done()]:
                    collect(index)  # a chunk ahead finished a block: its next one may go
                if not done.get(current):
                    fill()
                    collect(current)
                tally = done[current].popleft()
                fill()
                yield tally
                if not done[current] and current not in running and played[current] >= chunks[current]:
                    del done[current], played[current], streams[current]
                    current += 1
        finally:
            for future in running.values():
                future.cancel()


def _sizes(fights: int) -> list[int]:
    return [min(CHUNK, fights - start) for start in range(0, fights, CHUNK)]


def simulate(
    config: FightConfig,
    fights: int,
    seed: int,
    *,
    workers: int = 1,
    progress: Progress | None = None,
    pool: SamplingPool | None = None,
) -> RulesetResult:
    """Play ``fights`` fights of ``config`` from ``seed`` and report their frequencies.

    Args:
        config: the fight configuration.
        fights: how many fights (at least 1).
        seed: the run's seed; the same seed gives the same result whatever ``workers`` is.
        workers: processes to share the chunks between, when no ``pool`` is given.
        progress: told after each chunk how many fights it played.
        pool: worker processes to reuse (a command's); else a pool of ``workers`` for this run.
    """
    if pool is None:
        with SamplingPool(workers) as own:
            return simulate(config, fights, seed, progress=progress, pool=own)
    sizes = _sizes(fights)
    tally: Tally | None = None
    played = 0
    for size, part in zip(sizes, pool.chunks(config, seed, sizes)):
        tally = part if tally is None else tally.merge(part)
        played += size
        if progress:
            progress(size, fights)
    assert tally is not None
    return RulesetResult(
        ruleset=config.ruleset.name,
        method="monte-carlo",
        tally=tally,
        party_size=len(config.encounter.party),
        fights=fights,
        seed=seed,
        stopped_by="fights",
    )
