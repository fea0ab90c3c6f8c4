"""Which stat matters most under each ruleset, for scripts and notebooks.

>>> import rulebench.api
>>> result = rulebench.api.sensitivity("examples/skeleton-guards.toml", ["classic"], stats=["armour"])  # doctest: +SKIP
>>> result.to_dict()["results"][0]["changes"][0]  # doctest: +SKIP
{'path': 'party[*].armour', 'delta': -1, 'method': 'exact', 'party_wins': 0.92..., 'change': -0.02..., ...}

The analysis lives in :mod:`rulebench.analysis.sensitivity` (the changes, exact or paired) and
:mod:`rulebench.analysis.sensitivity_runs` (the paired sampling); its tornado chart in
:mod:`rulebench.api.sensitivity_plot`.
"""

from __future__ import annotations

from rulebench.analysis.sensitivity import Change, RulesetSensitivity, Sensitivity, changes_of, sensitivity
from rulebench.analysis.sensitivity_runs import Point
from rulebench.api.numbers import fixed

__all__ = ["Change", "Point", "RulesetSensitivity", "Sensitivity", "changes_of", "points_text", "sensitivity"]


def points_text(move: float) -> str:
    """A move in percentage points with its sign, as tables and the report show it: ``+12.3``, ``-0.4``, ``0.0``."""
    shown = fixed(abs(move) * 100, 1)
    if shown.strip("0.,") == "":
        return shown
    return ("+" if move > 0 else "-") + shown
