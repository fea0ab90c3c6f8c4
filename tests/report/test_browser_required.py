"""Without Chromium the browser tests skip with one line naming the package, except where a browser
is required (``CI=true`` or ``RULEBENCH_REQUIRE_BROWSER=1``): there a missing one fails them."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_browser import MISSING, REQUIRE, browser_required, chromium_path, skip_module_without_browser


@pytest.fixture
def no_browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PATH on which no browser is found, outside CI."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv(REQUIRE, raising=False)


@pytest.mark.usefixtures("no_browser")
def test_a_missing_browser_skips_with_the_package_to_install() -> None:
    with pytest.raises(pytest.skip.Exception, match="install Debian's chromium package") as skipped:
        chromium_path()
    assert str(skipped.value) == MISSING and "\n" not in MISSING
    with pytest.raises(pytest.skip.Exception, match="install Debian's chromium package"):
        skip_module_without_browser()  # the browser tests' module, in one line


@pytest.mark.usefixtures("no_browser")
@pytest.mark.parametrize(("variable", "value"), [("CI", "true"), (REQUIRE, "1")])
def test_a_missing_browser_fails_where_one_is_required(variable: str, value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(variable, value)
    skip_module_without_browser()  # the module is collected: its tests fail, one by one
    with pytest.raises(AssertionError, match="install Debian's chromium package"):
        chromium_path()


def test_which_settings_require_a_browser() -> None:
    assert browser_required({"CI": "true"}) and browser_required({"CI": "1"}) and browser_required({REQUIRE: "1"})
    assert not browser_required({}) and not browser_required({"CI": "false"}) and not browser_required({REQUIRE: "0"})
