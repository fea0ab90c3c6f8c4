"""A rich progress bar on stderr for long runs; silent when stderr is not a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from rulebench.analysis.analyse import ProgressFactory
from rulebench.cli.render import err


@contextmanager
def progress_bar() -> Iterator[ProgressFactory | None]:
    """Yield a progress factory for the API's ``progress`` argument, or None when nobody would see it.

    The bar lives on stderr and disappears when the run is over, so it never mixes with data.
    """
    if not err.is_terminal:
        yield None
        return
    columns = (SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as bar:

        def start(label: str, total: int | None) -> Callable[[int], None]:
            task = bar.add_task(label, total=total)
            return lambda fights: bar.advance(task, fights)

        yield start
