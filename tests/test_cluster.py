"""The Dask backend (analysis/cluster.py) against a local cluster on 127.0.0.1 that the tests start.

Needs the optional extra: ``pip install 'rulebench[dask]'``.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

distributed = pytest.importorskip("distributed")

from test_grid import mixed_budget  # noqa: E402

from rulebench.analysis import cluster  # noqa: E402
from rulebench.analysis.analyse import AnalysisOptions  # noqa: E402
from rulebench.analysis.cluster import (  # noqa: E402
    SCHEDULER_ENV,
    check_plugins,
    connect,
    installed_plugins,
    plugin_mismatches,
    scheduler_address,
)
from rulebench.analysis.grid import balance_curve, grid_sweep  # noqa: E402
from rulebench.cli.app import app  # noqa: E402
from rulebench.core.encounter import Encounter, encounter_from_dict, parse_toml  # noqa: E402
from rulebench.core.errors import BadInput  # noqa: E402

DUEL = """\
name = "Duel"
party = [{name = "Hero", melee = 4, armour = 1, life = 2}]
[enemy]
members = [{name = "Brute", count = 2, melee = 2, armour = 1, life = 1}]
"""

GRID = ["enemy.members[0].count=1..3", "party[0].melee=3..4"]


@pytest.fixture(scope="module")
def duel() -> Encounter:
    return encounter_from_dict(parse_toml(DUEL, "duel.toml"), "duel.toml")


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[Any]:
    """Two single-threaded worker processes and a scheduler, all on 127.0.0.1 (the dashboard too, on a free port)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address="127.0.0.1:0") as started:
        yield started


def dumped(document: object) -> str:
    return json.dumps(document)


def test_the_scheduler_option_wins_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(SCHEDULER_ENV, raising=False)
    assert scheduler_address(None) is None
    monkeypatch.setenv(SCHEDULER_ENV, "tcp://10.0.0.5:8786")
    assert scheduler_address(None) == "tcp://10.0.0.5:8786"
    assert scheduler_address("tcp://127.0.0.1:9000") == "tcp://127.0.0.1:9000"
    monkeypatch.setenv(SCHEDULER_ENV, "  ")
    assert scheduler_address(None) is None


def test_mismatched_plugins_are_named_per_worker() -> None:
    mine = {"rulebench": "0.1.0", "classic": "rulebench 0.1.0", "skirmish": "rulebench-skirmish 1.0"}
    workers = {
        "tcp://b:1": dict(mine),
        "tcp://a:1": {"rulebench": "0.1.0", "classic": "rulebench 0.2.0", "extra": "x 1"},
    }
    assert plugin_mismatches(mine, workers) == [
        "tcp://a:1: classic rulebench 0.2.0 (here: rulebench 0.1.0), extra only there (x 1), "
        "skirmish missing (here: rulebench-skirmish 1.0)"
    ]


def test_a_worker_with_other_plugins_is_refused_before_any_work() -> None:
    class Client:
        submitted = False

        def run(self, function: Any) -> dict[str, dict[str, str]]:
            theirs = function()
            theirs["classic"] = "rulebench 9.9"
            return {"tcp://127.0.0.1:1234": theirs}

    with pytest.raises(BadInput, match=r"tcp://127.0.0.1:1234: classic rulebench 9.9 \(here: rulebench"):
        check_plugins(Client())


def test_the_local_workers_have_this_process_plugins(local_cluster: Any) -> None:
    with distributed.Client(local_cluster.scheduler_address, set_as_default=False) as client:
        theirs = client.run(installed_plugins)
    assert len(theirs) == 2
    assert all(plugins == installed_plugins() for plugins in theirs.values())


# Nothing listens on port 1: the connection is refused at once, and the client retries until the
# timeout, so a short one is enough for the tests that expect no scheduler there.
REFUSED_TIMEOUT = 0.25


def test_an_unreachable_scheduler_is_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", REFUSED_TIMEOUT)
    with pytest.raises(BadInput, match="cannot reach a Dask scheduler"), connect("tcp://127.0.0.1:1"):
        pass


def test_a_scheduler_without_workers_is_bad_input(monkeypatch: pytest.MonkeyPatch) -> None:
    # One timeout (CONNECT_TIMEOUT) serves both waits: reaching the scheduler must succeed however
    # loaded the machine, so it keeps its usual value; only the wait for a worker that never comes
    # is cut short (it ends the same at any length).
    wait_for_workers = distributed.Client.wait_for_workers

    def impatient(client: Any, n_workers: int, timeout: float | None = None) -> Any:
        return wait_for_workers(client, n_workers, timeout=0.5)

    monkeypatch.setattr(distributed.Client, "wait_for_workers", impatient)
    with (
        distributed.LocalCluster(n_workers=0, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0") as empty,
        pytest.raises(BadInput, match="has no worker; start one with `dask worker"),
        connect(empty.scheduler_address),
    ):
        pass


def test_the_same_json_with_one_worker_two_local_workers_and_the_cluster(duel: Encounter, local_cluster: Any) -> None:
    # Exact cells, cells sampled where the bigger fights exceed the budget, and fixed runs of several chunks.
    documents = []
    budget = mixed_budget(duel, GRID, ["classic", "talisman"])
    for workers, scheduler in ((1, None), (2, None), (1, local_cluster.scheduler_address)):
        auto = AnalysisOptions.make(max_states=budget, workers=workers, scheduler=scheduler)
        fixed = AnalysisOptions.make(fights=2100, seed=9, workers=workers, scheduler=scheduler)
        documents.append([
            dumped(grid_sweep(duel, GRID, ["classic", "talisman"], auto).to_dict()),
            dumped(grid_sweep(duel, GRID[:1], ["classic"], fixed).to_dict()),
            dumped(balance_curve(duel, "enemy.members[0].count=1..6", 0.5, ["talisman"], auto,
                                 along="party[0].melee=3..4").to_dict()),
            dumped(balance_curve(duel, "enemy.members[0].count=1..6", 0.5, ["classic"], auto).to_dict()),
        ])
    assert documents[0] == documents[1] == documents[2]
    methods = {p["method"] for r in json.loads(documents[0][0])["results"] for p in r["points"]}
    assert methods == {"exact", "monte-carlo"}


def test_the_environment_names_the_scheduler(duel: Encounter, local_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    options = AnalysisOptions.make(fights=300, workers=1)
    here = dumped(grid_sweep(duel, GRID[:1], ["talisman"], options).to_dict())
    calls: list[str] = []
    real = cluster.connect

    def spy(address: str) -> Any:
        calls.append(address)
        return real(address)

    monkeypatch.setattr(cluster, "connect", spy)
    monkeypatch.setenv(SCHEDULER_ENV, local_cluster.scheduler_address)
    assert dumped(grid_sweep(duel, GRID[:1], ["talisman"], options).to_dict()) == here
    assert calls == [local_cluster.scheduler_address]


def pids_once_settled(client: Any, deadline: float = 60) -> dict[str, int]:
    """Each worker's process id, asked again while the scheduler still drops a worker it lost (on a
    loaded machine it can list one a moment after it died); ``deadline`` seconds only guard a hang."""
    give_up = time.monotonic() + deadline
    while True:
        try:
            return dict(client.run(os.getpid))
        except distributed.comm.core.CommClosedError:
            if time.monotonic() > give_up:
                raise
            time.sleep(0.5)


def test_a_worker_killed_mid_run_changes_nothing(duel: Encounter, local_cluster: Any) -> None:
    # dsa: a chunk of its fights takes a good fraction of a second, so the run outlives the kill.
    options = AnalysisOptions.make(fights=4000, seed=4, workers=1)
    expected = dumped(grid_sweep(duel, GRID[:1], ["dsa"], options).to_dict())
    on_cluster = replace(options, scheduler=local_cluster.scheduler_address)
    with distributed.Client(local_cluster.scheduler_address, set_as_default=False) as client:
        before = client.run(os.getpid)
        victim = sorted(before.values())[0]
        done: dict[str, str] = {}

        def run() -> None:
            done["json"] = dumped(grid_sweep(duel, GRID[:1], ["dsa"], on_cluster).to_dict())

        runner = threading.Thread(target=run)
        runner.start()
        deadline = time.monotonic() + 60
        while not any(client.processing().values()) and time.monotonic() < deadline:
            time.sleep(0.05)  # wait until chunks are running on the workers
        assert any(client.processing().values()), "no task ever started"
        os.kill(victim, signal.SIGKILL)
        assert runner.is_alive(), "the run ended before the worker was killed"
        runner.join(timeout=300)
        assert not runner.is_alive()
        client.wait_for_workers(2, timeout=300)  # a hang guard: a loaded machine starts the new worker slowly
        assert victim not in pids_once_settled(client).values()  # the nanny started a new worker process
    assert done["json"] == expected


def test_compare_and_sweep_on_the_command_line(local_cluster: Any, tmp_path: Path) -> None:
    encounter = tmp_path / "duel.toml"
    encounter.write_text(DUEL, encoding="utf-8")
    address = local_cluster.scheduler_address
    for args in (("compare", encounter, "--max-states", "5000"),
                 ("sweep", encounter, "--vary", GRID[0], "-r", "dsa", "-r", "talisman", "-n", "2500")):
        here = CliRunner().invoke(app, [*map(str, args), "--workers", "1", "--json"])
        there = CliRunner().invoke(app, [*map(str, args), "--scheduler", address, "--json"])
        assert here.exit_code == 0, here.stderr
        assert there.exit_code == 0, there.stderr
        assert there.stdout == here.stdout


def test_a_day_on_the_cluster_is_the_days_played_here(local_cluster: Any) -> None:
    """A chain's days, a fixed count of several chunks and a precision run, are the same on the
    cluster as in this process and in two local worker processes; so is the automatic choice,
    which solves the small day exactly under classic and samples it under talisman."""
    root = Path(__file__).resolve().parents[1]
    chain = root / "examples" / "chains" / "trade-road.toml"
    runs = [(chain, "-r", "classic", "-n", "4100", "--seed", "2"), (chain, "-r", "classic", "--precision", "0.02"),
            (root / "tests" / "chains" / "small-day.toml", "-r", "classic", "-r", "talisman", "--max-states", "4000", "--seed", "5")]
    for file, *args in runs:
        documents = []
        for where in (["--workers", "1"], ["--workers", "2"], ["--scheduler", local_cluster.scheduler_address]):
            run = CliRunner().invoke(app, ["chain", str(file), *args, *where, "--json"])
            assert run.exit_code == 0, run.stderr
            documents.append(run.stdout)
        assert documents[0] == documents[1] == documents[2], args
    methods = [r["method"] for r in json.loads(documents[0])["results"]]
    assert methods == ["exact", "monte-carlo"]


def test_an_unreachable_scheduler_on_the_command_line_is_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", REFUSED_TIMEOUT)
    encounter = tmp_path / "duel.toml"
    encounter.write_text(DUEL, encoding="utf-8")
    done = CliRunner().invoke(app, ["compare", str(encounter), "--scheduler", "tcp://127.0.0.1:1", "--json"])
    assert done.exit_code == 2
    assert "cannot reach a Dask scheduler" in json.loads(done.stdout)["error"]["message"]


def test_without_dask_the_scheduler_option_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    with pytest.raises(BadInput, match=r"pip install 'rulebench\[dask\]'"), connect("tcp://127.0.0.1:8786"):
        pass
