"""How long the README's commands take, each next to its target (issue #13), in one run.

Runs every command of the README's set-up and tour (and, unless ``--no-tests``, the README's test
command) as a user would, each in a fresh process from the checkout's root, and prints its wall
time, the CPU time it and its worker processes used, and the target where there is one. The
machine's other load shows in wall time only, so both are printed; the targets are wall times on a
quiet 2-core machine. The load average is printed before and after the run: name it with any time
quoted from here.

    python bench/answers.py [--no-tests] [--repeat N] [--json]

With ``--repeat N`` each command runs N times and the fastest run is reported (the least disturbed
by other load). Plots go to a temporary directory; the commands' output is discarded.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Command:
    """One README command and its target wall time in seconds (None: no target)."""

    args: tuple[str, ...]
    target: float | None = None


def commands(plots: Path) -> list[Command]:
    """The README's commands, in its order; file outputs go under ``plots``."""
    rb = ("rulebench",)
    return [
        Command((*rb, "rulesets")),
        Command((*rb, "validate", "examples/wraith.toml")),
        Command((*rb, "show", "examples/skeleton-guards.toml", "-r", "dsa")),
        Command((*rb, "fight", "examples/am-1.toml", "-r", "ambermarch", "--dice",
                 "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4")),
        Command((*rb, "fight", "examples/ogre-duel.toml", "-r", "dsa", "--seed", "7")),
        Command((*rb, "fight", "examples/ogre-duel.toml", "-r", "dsa", "--seed", "7", "--brief")),
        Command((*rb, "--lang", "de", "fight", "examples/ogre-duel.toml", "-r", "dsa", "--seed", "7")),
        Command((*rb, "explain", "withdrawn")),
        Command((*rb, "compare", "examples/skeleton-guards.toml"), 3.0),
        Command((*rb, "compare", "examples/crypt-wights.toml"), 3.0),
        Command((*rb, "compare", "examples/crypt-wights.toml", "-n", "50000", "--seed", "3")),
        Command((*rb, "compare", "examples/ogre-duel.toml", "-r", "talisman", "--exact", "--fractions")),
        # The target is the solve's (issue #13: at most 1 s); the command adds start-up.
        Command((*rb, "compare", "examples/ogre-duel.toml", "-r", "dsa", "--exact"), 1.0),
        Command((*rb, "compare", "examples/dsa-orc-duel.toml", "-r", "dsa", "--exact"), 1.0),
        Command((*rb, "sweep", "examples/skeleton-guards.toml", "--vary", "enemy.members[0].count=1..8",
                 "--plot", str(plots / "sweep.png")), 20.0),
        Command((*rb, "balance", "examples/skeleton-guards.toml", "--vary", "enemy.members[0].count=1..12",
                 "--target", "0.5"), 15.0),
        Command((*rb, "sweep", "examples/skeleton-guards.toml", "--vary", "enemy.members[0].count=1..6",
                 "--vary", "party[Warrior].melee=3..6", "-r", "classic", "-r", "ambermarch", "--plot", str(plots / "grid.png"))),
        Command((*rb, "balance", "examples/skeleton-guards.toml", "--vary", "enemy.members[0].count=1..12", "--target", "0.5",
                 "--along", "party[Warrior].melee=3..6", "-r", "classic", "-r", "ambermarch", "--plot", str(plots / "curve.png"))),
        Command((*rb, "sweep", "examples/skeleton-guards.toml", "--vary", "party[*].armour=-1..+2", "-r", "dsa")),
        # Issue #29: every ruleset, the default stats, at most 30 s on 2 cores.
        Command((*rb, "sensitivity", "examples/skeleton-guards.toml", "--plot", str(plots / "tornado.png")), 30.0),
        Command((*rb, "probe", "2", "9", "--modifier", "-1")),
        Command((*rb, "dice", "4d6+8", "--vs", "3d6+14")),
        Command((*rb, "new-plugin", "myrules", "--dest", str(plots))),
    ]


def timed(args: tuple[str, ...]) -> tuple[float, float, int]:
    """Run ``args`` from the checkout's root: wall seconds, CPU seconds (children included), exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(args, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


@dataclass
class Row:
    """One command's measurement."""

    command: str
    wall: float
    cpu: float
    target: float | None
    exit_code: int


def measure(command: Command, repeat: int) -> Row:
    """The fastest of ``repeat`` runs of ``command``."""
    runs = [timed(command.args) for _ in range(repeat)]
    wall, cpu, code = min(runs)
    return Row(" ".join(command.args), wall, cpu, command.target, code)


def main() -> None:
    """Time every README command (and the test suite) and print each next to its target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-tests", action="store_true", help="leave out the test suite")
    parser.add_argument("--repeat", type=int, default=1, help="runs per command; the fastest is reported")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    options = parser.parse_args()
    rows: list[Row] = []
    if not options.json:
        print(f"load average before: {_load()}", flush=True)
    with tempfile.TemporaryDirectory() as scratch:
        todo = commands(Path(scratch))
        if not options.no_tests:
            todo.append(Command((sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"), 150.0))
        for command in todo:
            rows.append(measure(command, options.repeat))
            if not options.json:
                print(_line(rows[-1]), flush=True)
    if options.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        print(f"\n{cpus} CPUs; load average after: {_load()} (wall times include other processes' load)")


def _load() -> str:
    """The machine's load average over 1, 5 and 15 minutes, as /proc/loadavg gives it."""
    return ", ".join(f"{x:.1f}" for x in os.getloadavg())


def _line(row: Row) -> str:
    target = f"<= {row.target:g} s" if row.target is not None else ""
    verdict = "" if row.target is None else ("ok" if row.wall <= row.target else "OVER")
    failed = f"  (exit {row.exit_code})" if row.exit_code else ""
    return f"{row.wall:7.2f} s wall {row.cpu:7.2f} s cpu  {target:>9} {verdict:>4}  {row.command}{failed}"


if __name__ == "__main__":
    main()
