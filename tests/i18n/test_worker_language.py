"""Worker processes speak the command's language, however the platform starts them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future
from typing import Any

import pytest

from rulebench.analysis import sampling
from rulebench.core.i18n import language, set_language


class _Recorder:
    """Stands in for ProcessPoolExecutor: runs the initializer the way a freshly spawned worker
    would (with no language chosen), then the task."""

    def __init__(self, workers: int, initializer: Callable[..., None], initargs: tuple[Any, ...]) -> None:
        self.initializer, self.initargs = initializer, initargs

    def submit(self, function: Callable[..., Any], *args: Any) -> Any:
        chosen = language()
        set_language(None)  # a spawned process starts with nothing chosen
        self.initializer(*self.initargs)
        try:
            done: Future[Any] = Future()
            done.set_result(function(*args))
            return done
        finally:
            set_language(chosen)

    def shutdown(self, **_: Any) -> None:
        pass


@pytest.fixture
def german() -> Iterator[None]:
    set_language("de")
    yield
    set_language(None)


def test_a_spawned_worker_speaks_the_commands_language(german: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sampling, "ProcessPoolExecutor", _Recorder)
    with sampling.SamplingPool(2) as pool:
        assert pool.submit(language).result() == "de"
