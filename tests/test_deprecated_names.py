"""Every name that moved still imports from its old place, with a ``DeprecationWarning`` that names
its new place (docs/plugin-migration.md has the same table)."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

import pytest
from forwarders import only_forwards  # tests/ is on sys.path under pytest

PACKAGE = Path(__file__).resolve().parents[1] / "rulebench"

MOVED = [
    ("rulebench", "configure", "rulebench.api.configure"),
    ("rulebench", "play", "rulebench.api.play"),
    ("rulebench", "simulate", "rulebench.api.simulate"),
    *[("rulebench.core.kernel", name, "rulebench.core.assembly") for name in ("FightConfig", "configure")],
    ("rulebench.core.kernel", "ResolvedHooks", "rulebench.core.dispatch"),
    *[
        ("rulebench.core.kernel", name, "rulebench.core.loop")
        for name in ("MAX_ROUNDS", "start_round", "take_turn", "end_round", "play_round", "play_step", "play_out", "play",
                     "result_of", "fates", "run_fight")
    ],
    ("rulebench.core.kernel", "fast_plan", "rulebench.core.retired"),
    ("rulebench.core.kernel", "plays_only", "rulebench.core.retired"),
    *[
        ("rulebench.analysis.conformance", name, "rulebench.testing.conformance")
        for name in ("Kit", "FightChecks", "ConformanceFailure", "check_encounter", "run", "hard_cap")
    ],
    ("rulebench.testing", "RecordingRoller", "rulebench.testing.DiceTape"),
    *[
        ("rulebench.plugins.critical", name, "rulebench.rulesets.endurance.critical")
        for name in ("rulebench_plugin", "rulebench_damage")
    ],
    *[
        ("rulebench.core.exact", name, "rulebench.analysis.exact")
        for name in ("solve", "Solver", "StateBudgetExceeded", "DEFAULT_MAX_STATES", "REPLAY_COST", "EnumeratingRoller",
                     "TooManyPaths", "step_outcomes")
    ],
    ("rulebench.core.exact", "MAX_ROLLS_PER_STEP", "rulebench.analysis.exact.roller"),
    *[
        (old, name, "rulebench.analysis.exact.round_watch")
        for old in ("rulebench.core.round_watch", "rulebench.analysis.round_watch")
        for name in ("RoundNumber", "RoundWatch", "WatchedDecision", "MAX_ROUND", "Guard", "Window")
    ],
    ("rulebench.core.chains", "Done", "rulebench"),
    ("rulebench.core.chains", "Step", "rulebench.core.chain"),
    *[("rulebench.core.chains", name, "rulebench.analysis.exact.roller") for name in ("absorption", "MAX_CHAIN_STATES")],
]
"""(old module, name, the place the warning must name)."""


@pytest.mark.parametrize(("old", "name", "new"), MOVED, ids=[f"{old}.{name}" for old, name, _ in MOVED])
def test_an_old_name_imports_from_its_old_place_and_names_its_new_one(old: str, name: str, new: str) -> None:
    namespace: dict[str, object] = {}
    with pytest.warns(DeprecationWarning, match=rf"{old}\.{name} is deprecated: .*{new}") as caught:
        exec(f"from {old} import {name}", namespace)
    # The warning points at the import, not into rulebench.
    assert any(w.filename == "<string>" and f"{old}.{name} " in str(w.message) for w in caught)
    home = new.removesuffix(f".{name}")
    if name != "RecordingRoller":  # a function now, making the wrapper that replaced the class
        assert namespace[name] is getattr(import_module(home), name)


def test_the_plugin_contract_leaves_the_scripting_names_to_rulebench_api() -> None:
    import rulebench
    import rulebench.api

    for name in ("configure", "play", "simulate", "fast_plan", "plays_only"):
        assert name not in rulebench.__all__
    for name in ("configure", "play", "simulate"):
        assert name in rulebench.api.__all__


def test_every_old_home_is_in_the_table() -> None:
    """A module left behind to forward its names has them tested above (and is listed in
    docs/plugin-migration.md)."""
    forwarding = {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
                  for path in PACKAGE.rglob("*.py") if only_forwards(path)}
    assert forwarding - {old for old, _, _ in MOVED} == set()
