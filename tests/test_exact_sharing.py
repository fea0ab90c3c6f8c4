"""What makes the exact solver fast without changing its answer: single-outcome steps folded into
the step before them, and steps shared between states that agree on everything the step read
(``analysis/exact/``: ``solver.py``, ``state_reads.py``, ``sharing.py``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from exact_solves import early_solve  # tests/ is on sys.path under pytest

from rulebench.analysis import exact
from rulebench.analysis.exact import solver as exact_solver
from rulebench.analysis.exact.state_reads import StateReads, watched
from rulebench.core.assembly import configure
from rulebench.core.encounter import load_encounter

EXAMPLES = Path(__file__).parent.parent / "examples"


def _config(example: str, ruleset: str) -> Any:
    return configure(load_encounter(EXAMPLES / f"{example}.toml"), ruleset)


def test_watched_vars_note_each_key_read_or_written_while_on() -> None:
    reads = StateReads()
    values = watched({"le": 30, "standing": True, "foe": "Orc"}, 1, reads)
    assert values["le"] == 30  # not watched yet: nothing noted
    reads.on = True
    assert values["le"] == 30 and values.get("foe") == "Orc" and "standing" in values
    values["le"] = 25
    values.setdefault("standing", False)
    reads.on = False
    assert reads.read == {(1, "le"), (1, "foe"), (1, "standing")}
    assert reads.written == {(1, "le"), (1, "standing")}
    assert not reads.whole and dict(values) == {"le": 25, "standing": True, "foe": "Orc"}


@pytest.mark.parametrize(
    "use",
    [
        list, dict, len, repr, str, sorted,
        lambda d: {**d}, lambda d: d == {}, lambda d: d != {}, lambda d: d.items(), lambda d: d.keys(),
        lambda d: d.values(), lambda d: d.copy(), lambda d: d.pop("le"), lambda d: d.update(le=1),
        lambda d: d | {}, lambda d: f"{d}",
    ],
)
def test_reading_a_dictionary_as_a_whole_keeps_the_step_from_being_shared(use: Callable[[Any], object]) -> None:
    reads = StateReads()
    values = watched({"le": 30}, -1, reads)
    reads.on = True
    use(values)
    reads.on = False
    assert reads.whole


@pytest.mark.parametrize(
    ("example", "ruleset"),
    [("dsa-orc-duel", "dsa"), ("ogre-duel", "endurance"), ("skeleton-guards", "ambermarch"), ("classic-demon", "talisman")],
)
def test_folding_and_sharing_leave_every_fraction_unchanged(example: str, ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = early_solve(ruleset, example).run()  # the grid's solve (test_exact.py), solved once
    monkeypatch.setattr(exact_solver, "MAX_FOLLOWED", 0)
    plain = exact.Solver(_config(example, ruleset), share=False).run()
    assert fast == plain


def test_the_dsa_duel_is_played_once_per_defender_and_counted_as_before() -> None:
    """The exchange reads the defender's life points, not the attacker's: one played exchange
    serves every life point of the attacker. The budget counts each shared step as the replay it
    saves, so a solve handles as many states with sharing as without."""
    shared = exact.Solver(_config("dsa-orc-duel", "dsa"), fractions=False)
    shared.run()
    alone = exact.Solver(_config("dsa-orc-duel", "dsa"), fractions=False, share=False)
    alone.run()
    known = sum(len(steps) for steps in shared.steps.values())
    kept = sum(len(templates) for patterns in shared.sharing.patterns.values() for *_, table in patterns for templates in table.values())
    assert 0 < kept * 10 < known  # a step is kept only once played: nine in ten or more were shared
    assert shared.handled == alone.handled
