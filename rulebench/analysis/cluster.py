"""The same analyses on a Dask distributed cluster (``--scheduler ADDRESS``, ``RULEBENCH_SCHEDULER``).

Dask is an optional extra (``pip install 'rulebench[dask]'``); nothing here imports it until a
scheduler is asked for, so the local process pool needs nothing extra.

The cluster stands in for the local processes of a command's
:class:`~rulebench.analysis.sampling.SamplingPool` (:class:`PoolSampling`), so the tasks are the
same: an exact attempt per configuration and chunks of fights, each described by small, plain
arguments (the validated encounter, the ruleset's and plugins' names, the options, a seed, a
chunk's index and size). Each worker rebuilds the fight configuration from its own installed
plugins (once, then cached) and sends back an exact result or a tally of fights. Chunk ``i`` is
seeded ``"{seed}:{i}"`` wherever it runs and the client merges the parts in chunk order, so the
answer is the one a single local process gives. Because the rules code runs on the workers, their
plugins must be the client's: :func:`connect` compares names and versions before any work is sent.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from rulebench.analysis.analyse import AnalysisOptions
from rulebench.analysis.sampling import SamplingPool
from rulebench.core.discovery import discover
from rulebench.core.errors import BadInput
from rulebench.core.i18n import _
from rulebench.version import __version__

SCHEDULER_ENV = "RULEBENCH_SCHEDULER"
"""The environment variable naming a scheduler when ``--scheduler`` is not given."""

INSTALL = "pip install 'rulebench[dask]'"

T = TypeVar("T")

CONNECT_TIMEOUT = 10.0
"""Seconds to reach the scheduler, and again to wait for its first worker."""

def scheduler_address(option: str | None) -> str | None:
    """The scheduler to use: ``--scheduler`` if given, else ``RULEBENCH_SCHEDULER``, else None (local)."""
    address = option if option is not None else os.environ.get(SCHEDULER_ENV)
    return address.strip() or None if address is not None else None


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
                problems.append(_("{name} missing (here: {here})").format(name=name, here=here))
            elif here is None:
                problems.append(_("{name} only there ({there})").format(name=name, there=there))
            elif here != there:
                problems.append(_("{name} {there} (here: {here})").format(name=name, there=there, here=here))
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
            _("the Dask workers' plugins differ from this machine's, so they would run other rules code; "
              "install the same packages and versions on every worker: {differences}").format(differences="; ".join(differ))
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
        # At least two, or the sampling pool would play the chunks here instead of sending them.
        super().__init__(max(2, pool.slots))
        self.executor = pool.executor
        self._executor = cast(ProcessPoolExecutor, pool.executor)  # the sampling pool only calls submit()

    def map(self, function: Callable[..., T], calls: Sequence[tuple[Any, ...]]) -> Iterator[T]:
        """``function(*args)`` for each of ``calls``, in order, every one a task on the cluster
        (a lone exact attempt too: the cluster, not this machine, does the work)."""
        futures = [self.executor.submit(function, *args) for args in calls]
        return (future.result() for future in futures)

    def close(self) -> None:
        """Leave the executor running: its owner shuts it down."""


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
        raise BadInput(_("--scheduler needs Dask, which is not installed: {install}").format(install=INSTALL)) from None
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise BadInput(_("--scheduler {address}: cannot reach a Dask scheduler there: {error}").format(address=address, error=err)) from None
    try:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
        except TimeoutError:
            raise BadInput(_("--scheduler {address}: the scheduler has no worker; start one with `dask worker {address}`").format(
                address=address)) from None
        check_plugins(client)
        slots = max(1, sum(client.nthreads().values()))
        yield Pool(client.get_executor(pure=False), slots)
    finally:
        client.close()


@contextmanager
def sampling_pool(options: AnalysisOptions) -> Iterator[SamplingPool]:
    """A command's sampling pool: its chunks go to the Dask cluster ``options`` name (``scheduler``,
    else ``RULEBENCH_SCHEDULER``), else to ``options.processes`` local processes."""
    address = scheduler_address(options.scheduler)
    if address is None:
        with SamplingPool(options.processes) as local:
            yield local
    else:
        with connect(address) as pool:
            yield PoolSampling(pool)
