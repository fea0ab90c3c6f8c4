"""Grid speed: how a grid's time grows with its points and workers, and local processes against Dask.

Three measurements, in one run, each on the same machine load as the others:

1. Points: grids of growing size (the duel below, ``enemy.members[0].count`` x ``party[0].melee``),
   every point sampled with ``--fights`` fights under one ruleset, on 1 and on ``--workers`` local
   processes.
2. Backends: one large grid (the last size) on the local process pool and on a local Dask cluster
   with as many single-threaded worker processes, both on 127.0.0.1; the cluster is started
   before the clock starts, as a cluster someone runs for many commands would be.
3. Overhead per task: many tasks that do nothing, sent to each backend and waited for; their time
   divided by their number is what every task costs beyond its work.

Times are wall-clock seconds (what a user waits for); each is the best of ``--repeats`` runs, so
another process's burst counts against neither side more than once. Every result is checked to be
the same JSON on every backend.

    python bench/grid.py [-r dsa] [--fights 4000] [--workers 2] [--sizes 4,8,16] [--repeats 2] [--json]

Needs the optional extra for the Dask part: ``pip install 'rulebench[dask]'``.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from rulebench.analysis.analyse import AnalysisOptions
from rulebench.analysis.grid import grid_sweep
from rulebench.core.encounter import Encounter, encounter_from_dict

DUEL = {
    "name": "Bench duel",
    "party": [{"name": "Hero", "melee": 4, "armour": 1, "life": 3}],
    "enemy": {"members": [{"name": "Brute", "count": 2, "melee": 2, "armour": 1, "life": 1}]},
}
RULESET = "dsa"
"""The ruleset measured by default: its attack/parry exchanges make a chunk of fights real work
(about 0.3 ms of CPU per fight here), as a point of a grid worth distributing is."""


def grid_of(size: int) -> list[str]:
    """Two ``--vary`` ranges whose grid has ``size`` points (a power of two up to 64: 1-8 x 1-8)."""
    rows = 2 ** (int(math.log2(size)) // 2)
    cols = size // rows
    return [f"enemy.members[0].count=1..{rows}", f"party[0].melee=1..{cols}"] if rows > 1 else [
        f"party[0].melee=1..{cols}"]


def best(repeats: int, run: Callable[[], str]) -> tuple[float, str]:
    """The shortest wall-clock time of ``repeats`` calls of ``run``, and what it returned (always the same)."""
    times, outputs = [], set()
    for _ in range(repeats):
        start = time.perf_counter()
        outputs.add(run())
        times.append(time.perf_counter() - start)
    assert len(outputs) == 1, "a repeated run gave another result"
    return min(times), outputs.pop()


def sweep_json(duel: Encounter, ruleset: str, size: int, fights: int, workers: int, scheduler: str | None = None) -> str:
    options = AnalysisOptions.make(fights=fights, workers=workers, scheduler=scheduler)
    result = grid_sweep(duel, grid_of(size), [ruleset], options)
    return json.dumps(result.to_dict())


def nothing(value: int) -> int:
    """A task that does nothing: its round trip is the backend's overhead."""
    return value


def overhead(submit: Callable[[Any, int], Any], tasks: int) -> float:
    """Seconds per task of sending ``tasks`` empty tasks and waiting for them all."""
    start = time.perf_counter()
    futures = [submit(nothing, i) for i in range(tasks)]
    assert [f.result() for f in futures] == list(range(tasks))
    return (time.perf_counter() - start) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=4000, help="fights per point (two chunks at the default)")
    parser.add_argument("-r", "--ruleset", default=RULESET)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sizes", default="4,8,16", help="grid sizes (points), powers of two")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--tasks", type=int, default=500, help="empty tasks for the overhead")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    duel = encounter_from_dict(DUEL)
    sizes = [int(s) for s in args.sizes.split(",")]
    report: dict[str, Any] = {"fights_per_point": args.fights, "workers": args.workers, "points": []}

    for size in sizes:
        one, reference = best(args.repeats, lambda size=size: sweep_json(duel, args.ruleset, size, args.fights, 1))
        many, other = best(args.repeats, lambda size=size: sweep_json(duel, args.ruleset, size, args.fights, args.workers))
        assert other == reference
        report["points"].append({"points": size, "seconds_1_worker": one, f"seconds_{args.workers}_workers": many,
                                 "per_point_1_worker": one / size})

    large = sizes[-1]
    try:
        import distributed
    except ModuleNotFoundError:
        distributed = None
    if distributed is not None:
        with distributed.LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL) as cluster:
            address = cluster.scheduler_address
            local, reference = best(args.repeats, lambda: sweep_json(duel, args.ruleset, large, args.fights, args.workers))
            dask, other = best(args.repeats, lambda: sweep_json(duel, args.ruleset, large, args.fights, 1, address))
            assert other == reference, "the cluster gave another answer"
            with distributed.Client(address, set_as_default=False) as client:
                executor = client.get_executor(pure=False)
                dask_task = overhead(executor.submit, args.tasks)
        with ProcessPoolExecutor(args.workers) as processes:
            pool_task = overhead(processes.submit, args.tasks)
        report["large_grid"] = {"points": large, "local_pool_seconds": local, "dask_seconds": dask,
                                "overhead_per_task_local_pool_ms": pool_task * 1000,
                                "overhead_per_task_dask_ms": dask_task * 1000}

    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.ruleset}, {args.fights} fights per point; wall-clock seconds, best of {args.repeats}")
    print(f"{'points':>7} {'1 worker':>10} {f'{args.workers} workers':>10} {'per point':>10} {'speed-up':>9}")
    for row in report["points"]:
        many = row[f"seconds_{args.workers}_workers"]
        print(f"{row['points']:>7} {row['seconds_1_worker']:>10.2f} {many:>10.2f} "
              f"{row['per_point_1_worker']:>10.3f} {row['seconds_1_worker'] / many:>8.2f}x")
    if "large_grid" in report:
        g = report["large_grid"]
        print(f"\none grid of {g['points']} points on {args.workers} workers: local pool {g['local_pool_seconds']:.2f} s, "
              f"local Dask cluster {g['dask_seconds']:.2f} s (x{g['dask_seconds'] / g['local_pool_seconds']:.2f})")
        print(f"overhead per task: local pool {g['overhead_per_task_local_pool_ms']:.2f} ms, "
              f"Dask {g['overhead_per_task_dask_ms']:.2f} ms ({args.tasks} empty tasks each)")
    else:
        print("\n(dask is not installed: pip install 'rulebench[dask]' for the cluster figures)", file=sys.stderr)


if __name__ == "__main__":
    main()
