"""A headless Chromium driven through the DevTools protocol, for tests that must see a page as a reader does.

Debian's ``chromium`` (``.ci/run`` installs it where missing; without it the browser tests skip,
except in CI, see :func:`browser_required`) is started with a fresh profile and no network
services; a small websocket client sends protocol commands and keeps every event, so a test can
read the DOM after scripts ran, list every request the page made and take a screenshot.
One browser can serve several tests: each page opens in a browser context of its own (its own
cache, storage and network log), closed with the page.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--remote-debugging-port=0",
)
START_TIMEOUT = 60.0
COMMAND_TIMEOUT = 60.0


MISSING = "headless Chromium not found: install Debian's chromium package (apt-get install chromium) to run the browser tests"
REQUIRE = "RULEBENCH_REQUIRE_BROWSER"
"""Set to 1, a missing browser fails the browser tests instead of skipping them (as ``CI=true`` does)."""


def browser_required(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether a missing browser is a failure: in CI (``CI=true``) or with ``RULEBENCH_REQUIRE_BROWSER=1``,
    so CI never skips the browser tests silently; elsewhere (a laptop without Chromium) they skip."""
    return environ.get("CI", "").lower() in ("true", "1") or environ.get(REQUIRE, "") not in ("", "0")


def find_chromium() -> str | None:
    """The browser's executable on PATH, if there is one."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def skip_module_without_browser() -> None:
    """Called at a test module's top: without a browser, and none required, the whole module skips,
    which pytest reports in one line (``-rs``) instead of one per test."""
    if find_chromium() is None and not browser_required():
        pytest.skip(MISSING, allow_module_level=True)


def chromium_path() -> str:
    """The browser's executable; where there is none, the test skips with a line naming the package,
    or fails where a browser is required (:func:`browser_required`)."""
    found = find_chromium()
    if found:
        return found
    if browser_required():
        raise AssertionError(f"{MISSING} (required here: CI=true or {REQUIRE}=1)")
    pytest.skip(MISSING)


class Page:
    """One browser tab attached through a flat DevTools session (the browser itself: no session)."""

    def __init__(self, socket: ClientConnection, session: str) -> None:
        self.socket = socket
        self.session = session
        self.events: list[dict[str, Any]] = []
        self._next = 0

    def _keep(self, message: dict[str, Any]) -> None:
        """Keep an event of this session; another page's (the socket is shared) is not this page's."""
        if "method" in message and message.get("sessionId", "") == self.session:
            self.events.append(message)

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command to the tab and return its result; events that arrive meanwhile are kept."""
        self._next += 1
        message_id = self._next
        message: dict[str, Any] = {"id": message_id, "method": method, "params": params}
        if self.session:  # commands to the browser itself go without a session
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        deadline = time.monotonic() + COMMAND_TIMEOUT
        while True:
            reply = json.loads(self.socket.recv(timeout=max(0.1, deadline - time.monotonic())))
            if reply.get("id") == message_id and reply.get("sessionId", "") == self.session:
                if "error" in reply:
                    raise AssertionError(f"{method} failed: {reply['error']}")
                return dict(reply.get("result", {}))
            self._keep(reply)

    def wait_for(self, method: str, timeout: float = COMMAND_TIMEOUT) -> dict[str, Any]:
        """The first event named ``method`` (already received or arriving within ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events:
                if event["method"] == method:
                    return event
            self._keep(json.loads(self.socket.recv(timeout=max(0.1, deadline - time.monotonic()))))

    def open(self, path: Path, width: int = 1100, height: int = 900, mobile: bool = False) -> None:
        """Load a local file at a window size, recording every request, and wait until it has loaded."""
        self.send("Network.enable")
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        self.send("Page.navigate", url=path.resolve().as_uri())
        self.wait_for("Page.loadEventFired")

    def evaluate(self, expression: str) -> Any:
        """The JSON value of a JavaScript expression evaluated in the page."""
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise AssertionError(f"{expression!r} threw: {result['exceptionDetails']}")
        return result["result"].get("value")

    def requests(self) -> list[str]:
        """Every URL the page asked for, the page itself included, blocked or not."""
        return [e["params"]["request"]["url"] for e in self.events if e["method"] == "Network.requestWillBeSent"]

    def console_errors(self) -> list[str]:
        """Exceptions thrown by the page's scripts and console errors (CSP violations among them)."""
        found = [json.dumps(e["params"]["exceptionDetails"]) for e in self.events if e["method"] == "Runtime.exceptionThrown"]
        found += [json.dumps(e["params"]["args"]) for e in self.events
                  if e["method"] == "Runtime.consoleAPICalled" and e["params"]["type"] == "error"]
        return found

    def screenshot(self, *paths: Path) -> bytes:
        """A PNG of the whole page, written to each of ``paths``."""
        # optimizeForSpeed: the same pixels, compressed less (the file is a third larger, for looking
        # at, never committed); Chromium's default compression of a page this tall took it 1-2 s.
        data = base64.b64decode(self.send("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                                          optimizeForSpeed=True)["data"])
        for path in paths:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        return data


class Browser:
    """A running Chromium: pages opened one at a time, each in a fresh browser context."""

    def __init__(self, socket: ClientConnection) -> None:
        self._browser = Page(socket, "")

    @contextmanager
    def page(self) -> Iterator[Page]:
        """A blank tab in a browser context of its own, closed with the context on exit."""
        context = self._browser.send("Target.createBrowserContext")["browserContextId"]
        try:
            target = self._browser.send("Target.createTarget", url="about:blank", browserContextId=context)["targetId"]
            session = self._browser.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            yield Page(self._browser.socket, session)
        finally:
            self._browser.send("Target.disposeBrowserContext", browserContextId=context)


@contextmanager
def chromium(profile: Path) -> Iterator[Browser]:
    """A headless Chromium with a fresh profile in ``profile``; closed (and waited for) on exit."""
    profile.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [chromium_path(), *FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + START_TIMEOUT
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"chromium did not start (exit code {process.poll()})")
            time.sleep(0.1)
        port, browser_path = port_file.read_text().splitlines()[:2]
        with connect(f"ws://127.0.0.1:{port}{browser_path}", max_size=None, open_timeout=START_TIMEOUT) as socket:
            yield Browser(socket)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
