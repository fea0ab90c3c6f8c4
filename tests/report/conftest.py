"""Fixtures for the report tests: one report with every section, built once for the module that asks."""

from __future__ import annotations

from pathlib import Path

import pytest
from report_paths import EXAMPLES, RULESETS, SMALL_DAY

import rulebench.api.report as report


@pytest.fixture(scope="session")
def full_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[report.Report, Path]:
    """Every ruleset under the default and the cautious tactics, with a sweep and balance and a day
    of adventure: every section there is."""
    data = report.build_report(
        EXAMPLES / "skeleton-guards.toml",
        RULESETS,
        tactics_list=[None, "cautious"],
        vary="enemy.members[0].count=1..4",
        sensitivity=["armour"],
        chain=SMALL_DAY,
        fights=100,
        seed=3,
        workers=1,  # the report does not depend on it; a pool only adds its start to a run that fills the CPUs
    )
    path = report.write_report(data, tmp_path_factory.mktemp("report") / "skeleton-guards.html")
    return data, path
