"""A plain run refuses fights that changed what must stay fixed: a stats table after setup, or a
plugin's own state; it names the plugin and hook by playing the first fights again under the guards
(core/fixed_state.py, analysis/fixed_checks.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rulebench import Combatant, Fight, Modifier, PluginInfo, RandomRoller, hookimpl
from rulebench.analysis.sampling import simulate
from rulebench.api import compare
from rulebench.core.assembly import configure
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.fixed_state import PluginState
from rulebench.core.loop import play
from rulebench.core.plugin_errors import PluginError

SKELETONS = load_encounter(Path(__file__).resolve().parents[2] / "examples" / "skeleton-guards.toml")

class Meddler:
    """A modifier plugin that breaks one rule after the first round, as ``kind`` says."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.calls = 0

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the meddler."""
        return PluginInfo(name="meddler", kind="modifier", title="Meddler")

    @hookimpl
    def rulebench_modifiers(self, fight: Fight, combatant: Combatant, purpose: str, against: Any) -> list[Modifier] | None:
        """No modifier, but a broken rule from round 2 on."""
        if fight.round > 1:
            if self.kind == "stats":
                combatant.stats["armour"] = 9
            elif self.kind == "attribute":
                self.calls += 1
        return None


def _catalog(kind: str) -> Any:
    return discover(extra=[("meddler", Meddler(kind))])


@pytest.mark.parametrize("exact", [True, False])
def test_a_stats_change_after_setup_is_refused_and_named_exact_or_sampled(exact: bool) -> None:
    with pytest.raises(PluginError) as caught:
        compare(SKELETONS, ["ambermarch"], plugins=["meddler"], catalog=_catalog("stats"), workers=1, exact=exact,
                fights=None if exact else 500)
    error = caught.value
    assert (error.plugin, error.hook) == ("meddler", "rulebench_modifiers")
    assert "changed the stats of" in str(error) and "'armour': 9" in str(error) and error.exit_code == 3


def test_a_narrated_fight_that_changes_stats_is_refused() -> None:
    fight = configure(SKELETONS, "ambermarch", catalog=_catalog("stats"), plugins=("meddler",)).new_fight(RandomRoller(1), True)
    with pytest.raises(PluginError, match="changed the stats of .* after setup"):
        play(fight)


def test_a_plugin_that_keeps_state_of_its_own_is_refused_and_named() -> None:
    config = configure(SKELETONS, "classic", catalog=_catalog("attribute"), plugins=("meddler",))
    with pytest.raises(PluginError, match=r"own state of plugin 'meddler' \(Meddler.calls was rebound\)") as caught:
        simulate(config, 300, 1, workers=1)
    assert caught.value.hook == "rulebench_modifiers"


def _plugin_module() -> ModuleType:
    """A modifier plugin written as a module, as most are: it appends to a global of its own."""
    module = ModuleType("meddling_module")
    exec(textwrap.dedent("""
        from rulebench import PluginInfo, hookimpl
        SEEN = []

        @hookimpl
        def rulebench_plugin():
            return PluginInfo(name="meddler", kind="modifier", title="Meddler")

        @hookimpl
        def rulebench_modifiers(fight, combatant, purpose, against):
            if fight.round > 1:
                SEEN.append(combatant.name)
            return None
    """), vars(module))
    return module


def test_a_plugin_modules_global_that_grows_is_refused_and_named() -> None:
    catalog = discover(extra=[("meddler", _plugin_module())])
    with pytest.raises(PluginError, match=r"meddling_module.SEEN changed size \(\d+ -> \d+\)") as caught:
        compare(SKELETONS, ["classic"], plugins=["meddler"], catalog=catalog, workers=1)
    assert (caught.value.plugin, caught.value.hook) == ("meddler", "rulebench_modifiers")


def test_what_the_plugins_check_sees_and_what_it_does_not() -> None:
    module = ModuleType("watched")
    module.TABLE, module.LIMIT = {"a": 1}, 3  # type: ignore[attr-defined]
    state = PluginState([("watched", module)])
    assert state.changed() is None
    module.TABLE["a"] = 2  # type: ignore[attr-defined]  # replaced in place: not seen (the kit looks closer)
    assert state.changed() is None
    module.TABLE["b"] = 1  # type: ignore[attr-defined]
    assert state.changed() == ("watched", "watched.TABLE changed size (1 -> 2)")
    del module.TABLE["b"]  # type: ignore[attr-defined]
    module.LIMIT = 4  # type: ignore[attr-defined]
    assert state.changed() == ("watched", "watched.LIMIT was rebound")
    module.LIMIT = 3  # type: ignore[attr-defined]  # a small int is one object: back as it was
    module.NEW = 1  # type: ignore[attr-defined]
    assert state.changed() == ("watched", "watched gained a name (NEW)")
    del module.NEW, module.LIMIT  # type: ignore[attr-defined]
    assert state.changed() == ("watched", "watched lost a name (LIMIT)")


def test_well_behaved_plugins_pass() -> None:
    config = configure(SKELETONS, "ambermarch", catalog=discover(), plugins=("silver",))
    assert simulate(config, 300, 1, workers=1).fights == 300
