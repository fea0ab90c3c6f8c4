"""One progress display on stderr for a whole command; silent when stderr is not a terminal."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.progress import Progress, SpinnerColumn, TaskID, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from rulebench.analysis.analyse import ProgressFactory
from rulebench.analysis.sampling import Progress as Advance
from rulebench.cli.render import err


class _Phase:
    """The advance callback of one phase (an exact solve, or the sampling of one configuration)."""

    def __init__(self, bar: Progress, task: TaskID, label: str, total: int | None) -> None:
        self.bar, self.task, self.label = bar, task, label
        self.done = 0
        bar.update(task, description=label, completed=0, total=total)

    def __call__(self, fights: int, total: int | None = None, /) -> None:
        self.done += fights
        self.bar.update(self.task, completed=self.done, total=total if total is not None else self.bar.tasks[0].total,
                        description=f"{self.label}: {self.done:,} fights")


@contextmanager
def progress_bar() -> Iterator[ProgressFactory | None]:
    """Yield a progress factory for the API's ``progress`` argument, or None when nobody would see it.

    One line for the whole command, on stderr, gone when the run is over so it never mixes with
    data: which ruleset and point, exact or sampled, the fights so far, the time spent and the
    time the current phase has left.
    """
    if not err.is_terminal:
        yield None
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(), TextColumn("left"),
               TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("starting", total=None)

        def start(label: str, total: int | None) -> Advance:
            return _Phase(bar, task, label, total)

        yield start
