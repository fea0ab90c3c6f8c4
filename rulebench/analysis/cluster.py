"""The same analyses on a Dask distributed cluster (``--scheduler ADDRESS``, ``RULEBENCH_SCHEDULER``).

Dask is an optional extra (``pip install 'rulebench[dask]'``); nothing here imports it until a
scheduler is asked for, so the local process pool needs nothing extra.

Work travels as tasks whose arguments are small and plain: a :class:`Job` (the validated encounter,
the ruleset's name, the modifier and tactics plugins' names), a seed, a chunk's index and size, or
the exact solver's budget. Each worker rebuilds the fight configuration from its own installed
plugins (once per job, then cached) and sends back a tally of fights or an exact result. Chunk
``i`` is seeded ``"{seed}:{i}"`` wherever it runs and the client merges the parts in chunk order,
so the answer is the one a single local process gives. Because the rules code runs on the workers,
their plugins must be the client's: :func:`connect` compares names and versions before any work is
sent.
"""

from __future__ import annotations

import importlib
import os
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

from rulebench.analysis import exact
from rulebench.analysis.results import RulesetResult
from rulebench.analysis.sampling import SamplingPool
from rulebench.core.discovery import discover
from rulebench.core.encounter import Encounter
from rulebench.core.errors import BadInput, RulebenchError
from rulebench.core.kernel import FightConfig, configure
from rulebench.version import __version__

SCHEDULER_ENV = "RULEBENCH_SCHEDULER"
"""The environment variable naming a scheduler when ``--scheduler`` is not given."""

INSTALL = "pip install 'rulebench[dask]'"

CONNECT_TIMEOUT = 10.0
"""Seconds to reach the scheduler, and again to wait for its first worker."""

_CACHED_CONFIGS = 64
"""Fight configurations a worker process keeps: a grid's points under each ruleset, reused by every
chunk of a point, without holding a whole bestiary's worth of plugin managers."""


def scheduler_address(option: str | None) -> str | None:
    """The scheduler to use: ``--scheduler`` if given, else ``RULEBENCH_SCHEDULER``, else None (local)."""
    address = option if option is not None else os.environ.get(SCHEDULER_ENV)
    return address.strip() or None if address is not None else None


@dataclass(frozen=True)
class Job:
    """What a worker needs to rebuild one fight configuration; it is pickled into every task."""

    encounter: Encounter
    ruleset: str
    plugins: tuple[str, ...]
    tactics: str | None

    @classmethod
    def of(cls, config: FightConfig) -> Job:
        """The job that rebuilds ``config`` (its modifiers already include those on by default)."""
        return cls(config.encounter, config.ruleset.name, config.plugins, config.tactics)

    def key(self) -> tuple[str, str, tuple[str, ...], str | None]:
        """Equal keys, equal configurations: the encounter by its content hash."""
        return (self.encounter.content_hash(), self.ruleset, self.plugins, self.tactics)


_configs: OrderedDict[tuple[str, str, tuple[str, ...], str | None], FightConfig] = OrderedDict()


def job_config(job: Job) -> FightConfig:
    """The fight configuration of ``job``, built once per process and kept for its later tasks."""
    key = job.key()
    config = _configs.get(key)
    if config is None:
        config = configure(job.encounter, job.ruleset, plugins=job.plugins, tactics=job.tactics, default_plugins=False)
        _configs[key] = config
        if len(_configs) > _CACHED_CONFIGS:
            _configs.popitem(last=False)
    else:
        _configs.move_to_end(key)
    return config


def solve_exact(job: Job, max_states: int, fractions: bool, early: bool) -> RulesetResult | str:
    """Task: the exact result of ``job`` (arguments as :func:`rulebench.analysis.exact.solve`), or why
    it does not fit (too many states or rolls).

    "Does not fit" comes back as a message rather than an exception, so a cluster never mistakes it
    for a failed task to retry; any other error propagates.
    """
    try:
        return exact.solve(job_config(job), max_states=max_states, fractions=fractions, early=early)
    except (exact.StateBudgetExceeded, RulebenchError) as err:
        return str(err)


def installed_plugins() -> dict[str, str]:
    """Every plugin this process can load, as name -> "package version", and rulebench's own version.

    Runs on each worker (``client.run``) and on the client; equal dictionaries mean the same rules code.
    """
    catalog = discover()
    found = {name: f"{record.package} {record.version}" for name, record in catalog.records.items()}
    return {"rulebench": __version__, **dict(sorted(found.items()))}


def plugin_mismatches(mine: dict[str, str], workers: dict[str, dict[str, str]]) -> list[str]:
    """One line per worker whose plugins differ from ``mine``: what it lacks, adds or has in another version."""
    lines = []
    for address, theirs in sorted(workers.items()):
        problems = []
        for name in sorted(mine.keys() | theirs.keys()):
            here, there = mine.get(name), theirs.get(name)
            if there is None:
                problems.append(f"{name} missing (here: {here})")
            elif here is None:
                problems.append(f"{name} only there ({there})")
            elif here != there:
                problems.append(f"{name} {there} (here: {here})")
        if problems:
            lines.append(f"{address}: {', '.join(problems)}")
    return lines


def check_plugins(client: Any) -> None:
    """Compare every worker's plugins with the client's before any work is sent.

    Raises:
        BadInput: a worker has other plugins (names or versions) than this process.
    """
    differ = plugin_mismatches(installed_plugins(), client.run(installed_plugins))
    if differ:
        raise BadInput(
            "the Dask workers' plugins differ from this machine's, so they would run other rules code; "
            "install the same packages and versions on every worker: " + "; ".join(differ)
        )


@dataclass(frozen=True)
class Pool:
    """Where tasks run: an executor, local processes or a Dask cluster, and how many run at once."""

    executor: Executor
    slots: int


class PoolSampling(SamplingPool):
    """A command's :class:`~rulebench.analysis.sampling.SamplingPool` whose chunks go to ``pool``.

    Chunks are submitted and merged exactly as with the local processes the sampling pool starts
    itself; the executor belongs to whoever opened ``pool`` and outlives this object.
    """

    def __init__(self, pool: Pool) -> None:
        super().__init__(pool.slots)
        self._executor = cast(ProcessPoolExecutor, pool.executor)  # used only through submit()

    def close(self) -> None:
        """Leave the executor running: its owner shuts it down."""


@contextmanager
def local_pool(workers: int) -> Iterator[Pool | None]:
    """A pool of ``workers`` local processes, or None for one: then everything runs in this process."""
    if workers <= 1:
        yield None
        return
    with ProcessPoolExecutor(workers) as executor:
        yield Pool(executor, workers)


@contextmanager
def connect(address: str) -> Iterator[Pool]:
    """A pool running tasks on the Dask cluster at ``address``, its workers' plugins checked first.

    Tasks are submitted as impure (never merged by Dask on equal arguments, never hashed) and a task
    lost with its worker is run again elsewhere by the scheduler.

    Raises:
        BadInput: Dask is not installed, the scheduler cannot be reached, it has no worker, or the
            workers' plugins differ from this machine's.
    """
    try:
        # Imported by name so the module typechecks and loads without the optional extra.
        distributed: Any = importlib.import_module("distributed")
    except ModuleNotFoundError:
        raise BadInput(f"--scheduler needs Dask, which is not installed: {INSTALL}") from None
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise BadInput(f"--scheduler {address}: cannot reach a Dask scheduler there: {err}") from None
    try:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except TimeoutError:
            raise BadInput(f"--scheduler {address}: the scheduler has no worker; start one with `dask worker {address}`") from None
        check_plugins(client)
        slots = max(1, sum(client.nthreads().values()))
        yield Pool(client.get_executor(pure=False), slots)
    finally:
        client.close()


@contextmanager
def pool_for(workers: int, scheduler: str | None) -> Iterator[Pool | None]:
    """The Dask cluster at ``scheduler`` (``--scheduler``, else ``RULEBENCH_SCHEDULER``), else ``workers`` local processes."""
    address = scheduler_address(scheduler)
    if address is None:
        with local_pool(workers) as pool:
            yield pool
    else:
        with connect(address) as pool:
            yield pool
