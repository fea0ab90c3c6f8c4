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
from rulebench.api.labels import vary_label
from rulebench.api.numbers import fixed
from rulebench.core.encounter import Encounter
from rulebench.core.i18n import _

__all__ = ["Change", "Point", "RulesetSensitivity", "Sensitivity", "change_name", "changes_of", "interval_text", "measurable",
           "points_text", "sensitivity"]


def points_text(move: float) -> str:
    """A move in percentage points with its sign, as tables and the report show it: ``+12.3``, ``-0.4``, ``0.0``."""
    shown = fixed(abs(move) * 100, 1)
    if shown.strip("0.,") == "":
        return shown
    return ("+" if move > 0 else "-") + shown


def measurable(point: Point) -> bool:
    """Whether a change moves the party's chance to win measurably: a sampled move whose paired
    interval leaves out 0, an exact one that shows as more than ``0.0`` points."""
    if point.ci95 is not None:
        return point.ci95[0] > 0 or point.ci95[1] < 0
    return points_text(point.change).strip("0.,") != ""


def interval_text(ci: tuple[float, float]) -> str:
    """A move's paired 95% interval in percentage points: ``-1.8 to +0.2``."""
    return _("{low} to {high}").format(low=points_text(ci[0]), high=points_text(ci[1]))


def change_name(change: Change, encounter: Encounter) -> str:
    """A change in words: ``Warrior's armour +1``, ``the party's melee -1``."""
    return f"{vary_label(change.path, encounter)} {change.delta:+d}"
