"""One progress display on stderr for a whole command; silent when stderr is not a terminal."""

from __future__ import annotations

import threading
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
    """The time since the command started."""

    def __init__(self) -> None:
        super().__init__()
        self.start = time.monotonic()

    def render(self, task: Task) -> Text:
        """Whole seconds since the start."""
        return Text(f"{time.monotonic() - self.start:.0f} s", style="progress.elapsed")


class _Line:
    """The command's one line. Phases run side by side (several configurations sample at once),
    so their fights add up on it instead of each phase resetting it in turn: the count and the
    time left are the whole command's so far, the words the phase that moved last."""

    def __init__(self, bar: Progress, task: TaskID) -> None:
        self.bar, self.task = bar, task
        self.phases: list[_Phase] = []
        self.lock = threading.Lock()  # phases advance from the threads that wait for their chunks

    def start(self, label: str, total: int | None) -> Advance:
        """A new phase's advance callback; the line names it at once."""
        phase = _Phase(self, label, total)
        with self.lock:
            self.phases.append(phase)
        self.show(label)
        return phase

    def show(self, description: str) -> None:
        """Show ``description`` with every phase's fights so far against their (estimated) totals."""
        with self.lock:
            done = sum(p.done for p in self.phases)
            totals = [max(p.total, p.done) for p in self.phases if p.total is not None]
            self.bar.update(self.task, completed=done, total=sum(totals) if totals else None, description=description)


class _Phase:
    """The advance callback of one phase: an exact solve, or the sampling of one configuration."""

    def __init__(self, line: _Line, label: str, total: int | None) -> None:
        self.line, self.label, self.total = line, label, total
        self.done = 0

    def __call__(self, fights: int, total: int | None = None, /) -> None:
        self.done += fights
        if total is not None:
            self.total = total  # a precision run's estimate of the fights it needs, refined chunk by chunk
        self.line.show(f"{self.label}: {fights_text(self.done)}")


@contextmanager
def progress_bar() -> Iterator[ProgressFactory | None]:
    """Yield a progress factory for the API's ``progress`` argument, or None when nobody would see it.

    One line for the whole command on stderr, gone when the run is over so it never mixes with
    data: which ruleset and point, exact or sampled, the fights so far, the time since the command
    started and the time left (``_Line``).
    """
    if not err.is_terminal:
        yield None
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), _Since(), TextColumn(styled("dim", _("left"))), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        yield _Line(bar, bar.add_task(_("starting"), total=None)).start
