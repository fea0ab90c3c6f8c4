"""The one progress line of a command (cli/progress.py) while phases run side by side (issue #13)."""

from __future__ import annotations

import io

from rich.console import Console
from rich.progress import Progress

from rulebench.cli.progress import _Line


def test_phases_side_by_side_add_up_instead_of_resetting_the_line() -> None:
    with Progress(console=Console(file=io.StringIO(), force_terminal=True), auto_refresh=False) as bar:
        task = bar.add_task("starting", total=None)
        line = _Line(bar, task)
        solving = line.start("solving exactly: dsa, endurance", None)
        dsa = line.start("dsa: sampled to ±0.01", None)
        endurance = line.start("endurance: sampled to ±0.01", None)
        dsa(2000, 6000)
        endurance(2000, 4000)
        dsa(2000, 5000)
        shown = bar.tasks[0]
        assert shown.completed == 6000 and shown.total == 9000  # both runs' fights, against both estimates
        assert shown.description.startswith("dsa: sampled to ±0.01: ")  # the phase that moved last
        endurance(2000, 3000)  # a run that ends past its estimate counts what it played
        assert bar.tasks[0].completed == 8000 and bar.tasks[0].total == 9000
        solving(0)
        assert bar.tasks[0].completed == 8000
