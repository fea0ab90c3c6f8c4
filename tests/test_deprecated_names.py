"""Every name that moved still imports from its old place, with a ``DeprecationWarning`` that names
its new place (docs/plugin-migration.md has the same table)."""

from __future__ import annotations

from importlib import import_module

import pytest

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
