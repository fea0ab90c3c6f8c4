"""One progress display on stderr for a whole command; silent when stderr is not a terminal."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

from rich.progress import Progress, ProgressColumn, SpinnerColumn, Task, TaskID, TextColumn, TimeRemainingColumn
from rich.text import Text

from rulebench.analysis.analyse import ProgressFactory
from rulebench.analysis.sampling import Progress as Advance
from rulebench.api.numbers import fights_text
from rulebench.cli.render import err, styled
from rulebench.core.i18n import _


class _Since(ProgressColumn):
    """The time since the command started (the task itself restarts with every phase)."""

    def __init__(self) -> None:
        super().__init__()
        self.start = time.monotonic()

    def render(self, task: Task) -> Text:
        """Whole seconds since the start."""
        return Text(f"{time.monotonic() - self.start:.0f} s", style="progress.elapsed")


class _Phase:
    """The advance callback of one phase: an exact solve, or the sampling of one configuration."""

    def __init__(self, bar: Progress, task: TaskID, label: str, total: int | None) -> None:
        self.bar, self.task, self.label, self.total = bar, task, label, total
        self.done = 0
        bar.reset(task, total=total, description=label)

    def __call__(self, fights: int, total: int | None = None, /) -> None:
        self.done += fights
        if total is not None:
            self.total = total  # a precision run's estimate of the fights it needs, refined chunk by chunk
        self.bar.update(self.task, completed=self.done, total=self.total, description=f"{self.label}: {fights_text(self.done)}")


@contextmanager
def progress_bar() -> Iterator[ProgressFactory | None]:
    """Yield a progress factory for the API's ``progress`` argument, or None when nobody would see it.

    One line for the whole command on stderr, gone when the run is over so it never mixes with
    data: which ruleset and point, exact or sampled, the fights so far, the time since the command
    started and the time the current phase has left.
    """
    if not err.is_terminal:
        yield None
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), _Since(), TextColumn(styled("dim", _("left"))), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(_("starting"), total=None)

        def start(label: str, total: int | None) -> Advance:
            return _Phase(bar, task, label, total)

        yield start
