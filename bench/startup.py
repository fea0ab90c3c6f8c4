"""How long each ``rulebench`` command takes to start, this checkout against a baseline, in one run.

Start-up is what every command pays before it does anything: the imports, the plugin discovery,
the command line parsed. Each command below is run as the console script runs it, in a fresh
interpreter, alternately from this checkout (A) and from a baseline checkout (B) put first on
``PYTHONPATH``, so that both see the same machine load; the fastest of ``--repeat`` runs of each is
reported, wall time and the CPU time (user + system) of the process.

    git worktree add /tmp/base-startup <rev>
    python bench/startup.py --base /tmp/base-startup [--repeat 10] [--json]

Without ``--base`` only this checkout is timed. Each side runs with its checkout as working folder
and on ``PYTHONPATH``, so that it imports its own ``rulebench`` whatever is installed. The commands' output is discarded; each must exit
as it does for a user (0, or 2 where the command is meant to refuse its input).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The console script's own lines (see the ``rulebench`` entry point in pyproject.toml).
SCRIPT = "import sys\nfrom rulebench.cli.app import main\nsys.argv[0] = 'rulebench'\nsys.exit(main())\n"

COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("--version",),
    ("rulesets",),
    ("plugins", "--json"),
    ("validate", "examples/wraith.toml"),
    ("show", "examples/wraith.toml", "-r", "dsa", "--json"),
    ("fight", "examples/ogre-duel.toml", "-r", "dsa", "--seed", "7", "--brief"),
    ("dice", "2d6"),
    ("probe", "2", "9"),
    ("explain", "withdrawn"),
    ("compare", "--help"),
    ("--lang", "de", "--help"),
)
"""Every command that does little besides starting: its time is its start-up."""


@dataclass(frozen=True)
class Timing:
    """The fastest of several runs of one command from one checkout: seconds of wall and of CPU."""

    wall: float
    cpu: float


def run_once(args: tuple[str, ...], checkout: str) -> tuple[float, float, int]:
    """One run of ``rulebench ARGS`` from ``checkout`` in a fresh interpreter: wall seconds, CPU seconds,
    exit code. The checkout is the working folder (``python -c`` puts it first on ``sys.path``, before
    the editable install) and ``PYTHONPATH``; the example files are read from it too."""
    env = dict(os.environ)
    env["PYTHONPATH"] = checkout
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", SCRIPT, *args], cwd=checkout, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def measure(args: tuple[str, ...], sides: dict[str, str], repeat: int) -> dict[str, Timing]:
    """The fastest wall and CPU time of ``args`` from each side, the sides' runs interleaved."""
    walls: dict[str, list[float]] = {side: [] for side in sides}
    cpus: dict[str, list[float]] = {side: [] for side in sides}
    for _ in range(repeat):
        for side, path in sides.items():
            wall, cpu, code = run_once(args, path)
            if code not in (0, 2):
                raise SystemExit(f"rulebench {' '.join(args)} ({side}) exited with {code}")
            walls[side].append(wall)
            cpus[side].append(cpu)
    return {side: Timing(min(walls[side]), min(cpus[side])) for side in sides}


def main() -> None:
    """Time every command's start-up and print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="a baseline checkout (e.g. a git worktree) to compare with")
    parser.add_argument("--repeat", type=int, default=10, help="runs of each command per side; the fastest counts")
    parser.add_argument("--json", action="store_true", help="print the timings as JSON")
    options = parser.parse_args()
    sides = {"A": str(ROOT)}
    if options.base is not None:
        sides["B"] = str(options.base.resolve())
    results = {" ".join(args): measure(args, sides, options.repeat) for args in COMMANDS}
    if options.json:
        print(json.dumps({cmd: {side: asdict(t) for side, t in by_side.items()} for cmd, by_side in results.items()}, indent=2))
        return
    header = f"{'rulebench ...':<56} {'A wall':>7} {'A cpu':>7}"
    if "B" in sides:
        header += f" {'B wall':>7} {'B cpu':>7} {'cpu A/B':>7}"
    print(f"fastest of {options.repeat} runs each, seconds; A = {ROOT}" + (f", B = {sides['B']}" if "B" in sides else ""))
    print(header)
    for cmd, by_side in results.items():
        a = by_side["A"]
        line = f"{cmd:<56} {a.wall:7.3f} {a.cpu:7.3f}"
        if "B" in by_side:
            b = by_side["B"]
            line += f" {b.wall:7.3f} {b.cpu:7.3f} {a.cpu / b.cpu:7.2f}"
        print(line)


if __name__ == "__main__":
    main()
