"""The README's commands keep their JSON: documents recorded before the package was re-laid out
(kernel, analysis and interfaces as separate packages) must still come out the same.

A later change may add fields (the JSON contract allows that) but may not drop one or change a
value; exact probabilities may move in the last bits (floating-point solving), nothing more.
Provenance (versions, worker counts) describes the run, not the result, so it is left out.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_json

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "readme"

COMMANDS = {
    "validate": ["validate", "examples/wraith.toml"],
    "show": ["show", "examples/skeleton-guards.toml", "-r", "dsa"],
    "fight-am1": ["fight", "examples/am-1.toml", "-r", "ambermarch", "--dice", "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"],
    "fight-ogre": ["fight", "examples/ogre-duel.toml", "-r", "dsa", "--seed", "7"],
    "compare-n": ["compare", "examples/crypt-wights.toml", "-n", "5000", "--seed", "3"],
    "compare-exact-frac": ["compare", "examples/ogre-duel.toml", "-r", "talisman", "--exact", "--fractions"],
    "compare-dsa": ["compare", "examples/ogre-duel.toml", "-r", "dsa", "--exact"],
    "compare-auto": ["compare", "examples/crypt-wights.toml", "-r", "ambermarch", "-r", "classic"],
    "sweep": ["sweep", "examples/skeleton-guards.toml", "--vary", "enemy.members[0].count=1..3", "-r", "classic", "-r", "ambermarch"],
    "balance": ["balance", "examples/skeleton-guards.toml", "--vary", "enemy.members[0].count=1..6", "-r", "classic", "--target", "0.5"],
    "probe": ["probe", "2", "9", "--modifier", "-1"],
    "dice": ["dice", "4d6+8", "--vs", "3d6+14"],
}


def differences(recorded: Any, now: Any, where: str = "") -> list[str]:
    """Where ``now`` drops or changes something ``recorded`` holds (added keys are fine)."""
    if isinstance(recorded, dict):
        if not isinstance(now, dict):
            return [f"{where}: was an object, now {now!r}"]
        found = []
        for key, value in recorded.items():
            if key == "provenance":
                continue
            if key not in now:
                found.append(f"{where}.{key}: missing")
            else:
                found.extend(differences(value, now[key], f"{where}.{key}"))
        return found
    if isinstance(recorded, list):
        if not isinstance(now, list) or len(now) != len(recorded):
            return [f"{where}: was a list of {len(recorded)}, now {now!r:.80}"]
        return [d for i, (a, b) in enumerate(zip(recorded, now)) for d in differences(a, b, f"{where}[{i}]")]
    if isinstance(recorded, float) and isinstance(now, (int, float)) and not isinstance(now, bool):
        return [] if math.isclose(recorded, now, rel_tol=1e-12, abs_tol=1e-15) else [f"{where}: {recorded!r} -> {now!r}"]
    return [] if recorded == now else [f"{where}: {recorded!r} -> {now!r}"]


POOLED = {"compare", "sweep", "balance"}
"""Commands that would start a pool of worker processes: they run with ``--workers 1``, which
changes no number of their JSON (tests/cli/test_compare.py and test_sweep_balance.py hold that)
and spares a pool's start inside a test run that already fills the CPUs."""


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_readme_command_keeps_its_json(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the README's commands name files relative to the checkout
    recorded = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    command = COMMANDS[name]
    one_worker = ("--workers", "1") if command[0] in POOLED else ()
    assert differences(recorded, run_json(*command, *one_worker)) == []


def test_the_comparison_itself_finds_changes() -> None:
    recorded = {"a": [1.0, {"b": "x"}], "gone": 1, "provenance": {"workers": 1}}
    now = {"a": [1.0 + 1e-9, {"b": "y"}], "added": 2, "provenance": {"workers": 2}}
    assert differences(recorded, now) == [".a[0]: 1.0 -> 1.000000001", ".a[1].b: 'x' -> 'y'", ".gone: missing"]
    assert differences({"p": 0.1}, {"p": 0.1 + 1e-17}) == []
