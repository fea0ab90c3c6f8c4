"""Third-party plugins: an installed package is listed and usable; a broken one is only a warning; a plugin
failing during a fight is named (exit 3); plugins can be switched off and traced."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rulebench.cli.app import app
from rulebench.core.discovery import discover

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def skirmish_installed() -> str:
    """The example package's version; tests/conftest.py makes it discoverable without installing it."""
    return metadata.version("rulebench-skirmish")


def test_skirmish_is_found_without_being_installed(skirmish_installed: str) -> None:
    [point] = [ep for ep in metadata.entry_points(group="rulebench") if ep.name == "skirmish"]
    assert point.dist is not None and "rulebench-test-site-" in str(point.dist.locate_file(""))


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_listed_with_package_and_version(skirmish_installed: str) -> None:
    code, out, _ = invoke("rulesets", "--json")
    assert code == 0
    row = next(r for r in json.loads(out) if r["name"] == "skirmish")
    assert (row["package"], row["version"]) == ("rulebench-skirmish", skirmish_installed)


def test_compare_uses_it(skirmish_installed: str) -> None:
    code, out, err = invoke("compare", str(ROOT / "examples" / "skeleton-guards.toml"), "-r", "skirmish", "-n", "1000", "--json")
    assert code == 0, err
    [entry] = json.loads(out)["results"]
    assert entry["ruleset"] == "skirmish" and abs(sum(entry["outcomes"].values()) - 1) < 1e-9


@pytest.fixture
def broken_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A package whose entry point raises on import, visible to importlib.metadata through sys.path."""
    info = tmp_path / "rulebench_broken-9.9.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: rulebench-broken\nVersion: 9.9\n")
    (info / "entry_points.txt").write_text("[rulebench]\nbroken = rulebench_broken_plugin\n")
    (tmp_path / "rulebench_broken_plugin.py").write_text("raise RuntimeError('this plugin is broken on purpose')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    return "broken"


def test_broken_plugin_is_a_warning(broken_plugin: str, skirmish_installed: str) -> None:
    catalog = discover()
    assert any("'broken'" in w and "rulebench-broken" in w for w in catalog.warnings)
    assert "skirmish" in catalog.rulesets()
    code, out, err = invoke("rulesets", "--json")
    assert code == 0 and "'broken'" in err and "on purpose" in err
    assert "skirmish" in {r["name"] for r in json.loads(out)}
    code, out, err = invoke("compare", str(ROOT / "examples" / "skeleton-guards.toml"), "-r", "skirmish", "-n", "500", "--json")
    assert code == 0 and "'broken'" in err
    json.loads(out)
    code, _, err = invoke("compare", str(ROOT / "examples" / "skeleton-guards.toml"), "-r", "broken", "-n", "10")
    assert code == 2 and "unknown ruleset 'broken'" in err and "on purpose" in err


def fake_package(site: Path, name: str, module: str, source: str, version: str = "0.3") -> None:
    """A package ``rulebench-NAME`` whose entry point ``name`` is ``module``, visible through ``site`` on sys.path."""
    info = site / f"rulebench_{name}-{version}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: rulebench-{name}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[rulebench]\n{name} = {module}\n")
    (site / f"{module}.py").write_text(source)


D20DUEL = """
from rulebench_skirmish import (rulebench_setup, rulebench_initiative, rulebench_turn, rulebench_damage,
    rulebench_wounds, rulebench_round_end, rulebench_end_state)
from rulebench import RulesetInfo, hookimpl

@hookimpl
def rulebench_ruleset():
    return RulesetInfo(name="d20duel", title="d20 duel", source="a hobbyist", summary="d20 + melee", stats=("skill", "armour", "hp"))

@hookimpl
def rulebench_attack(fight, attacker, defender):
    table = {}
    return table["to-hit table"]
"""


@pytest.fixture
def d20duel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, skirmish_installed: str) -> Path:
    """An installed-looking package rulebench-d20duel 0.3 whose attack hook raises KeyError('to-hit table')."""
    fake_package(tmp_path, "d20duel", "rulebench_d20duel", D20DUEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    return ROOT / "examples" / "ogre-duel.toml"


def test_a_failing_plugin_is_named_and_exits_3(d20duel: Path) -> None:
    code, out, err = invoke("fight", str(d20duel), "-r", "d20duel", "--seed", "1")
    assert code == 3, err
    assert "plugin 'd20duel' (rulebench-d20duel 0.3) failed in rulebench_attack (in round 1, " in err
    assert "KeyError: 'to-hit table'" in err and "internal error" not in err and "Traceback" not in err
    code, out, err = invoke("compare", str(d20duel), "-r", "d20duel", "-n", "50", "--json")
    assert code == 3
    error = json.loads(out)["error"]
    assert error["exit_code"] == 3 and error["kind"] == "plugin" and "rulebench_attack" in error["message"]


def test_debug_still_shows_the_traceback(d20duel: Path) -> None:
    code, _, err = invoke("--debug", "fight", str(d20duel), "-r", "d20duel", "--seed", "1")
    assert code == 3 and "Traceback" in err and "to-hit table" in err


def test_a_plugin_switched_off_is_listed_but_not_used(skirmish_installed: str) -> None:
    code, out, _ = invoke("-p", "no:silver", "-p", "no:skirmish", "plugins", "--json")
    assert code == 0
    disabled = {row["name"]: row["disabled"] for row in json.loads(out)}
    assert disabled["silver"] and disabled["skirmish"] and not disabled["dsa"]
    code, _, err = invoke("-p", "no:skirmish", "compare", str(ROOT / "examples" / "ogre-duel.toml"), "-r", "skirmish", "-n", "10")
    assert code == 2 and "ruleset 'skirmish' is switched off" in err
    code, out, _ = invoke("plugins", "--json")
    assert not any(row["disabled"] for row in json.loads(out)), "-p lasts for one command only"


def test_the_environment_switches_plugins_off(monkeypatch: pytest.MonkeyPatch, skirmish_installed: str) -> None:
    monkeypatch.setenv("RULEBENCH_DISABLE_PLUGINS", "silver, skirmish")
    catalog = discover()
    assert catalog.records["silver"].disabled and "silver" not in catalog.of_kind("modifier")
    assert "skirmish" not in catalog.rulesets() and catalog.records["skirmish"].disabled


def test_silver_switched_off_takes_no_part() -> None:
    """The silver modifier is on by default; switched off, it is not among a comparison's plugins."""
    guards = str(ROOT / "examples" / "skeleton-guards.toml")
    code, on, _ = invoke("compare", guards, "-r", "talisman", "-n", "200", "--json")
    code_off, off, _ = invoke("-p", "no:silver", "compare", guards, "-r", "talisman", "-n", "200", "--json")
    assert code == code_off == 0
    assert "silver" in json.dumps(json.loads(on)["results"][0]["provenance"])
    assert "silver" not in json.dumps(json.loads(off)["results"][0]["provenance"])


def test_a_bad_switch_is_bad_input_and_a_misspelled_name_a_warning() -> None:
    code, _, err = invoke("-p", "silver", "plugins")
    assert code == 2 and "expected no:NAME" in err
    code, _, err = invoke("-p", "no:silvr", "plugins")
    assert code == 0 and "no plugin named 'silvr' to switch off (did you mean 'silver'?)" in err


def test_trace_prints_every_hook_call(skirmish_installed: str) -> None:
    code, _, err = invoke("--trace", "fight", str(ROOT / "examples" / "ogre-duel.toml"), "-r", "skirmish", "--seed", "2")
    assert code == 0
    lines = [line for line in err.splitlines() if line.startswith("[trace]")]
    assert any("skirmish.rulebench_attack(Hero, Ogre) -> Attack(" in line for line in lines), lines[:5]
    assert any("skirmish.rulebench_setup()" in line and "round 0" in line for line in lines)
    code, _, err = invoke("fight", str(ROOT / "examples" / "ogre-duel.toml"), "-r", "skirmish", "--seed", "2")
    assert "[trace]" not in err


@pytest.mark.parametrize(
    ("source", "suggestion"),
    [
        ("@hookimpl\ndef rulebench_damge(fight, attack):\n    return None\n", "did you mean 'rulebench_damage'?"),
        ("@hookimpl\ndef rulebench_damage(fight, atack):\n    return None\n", "'atack': did you mean 'attack'?"),
    ],
)
def test_a_misspelled_hook_or_argument_gets_a_suggestion(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, suggestion: str) -> None:
    header = "from rulebench import PluginInfo, hookimpl\n@hookimpl\ndef rulebench_plugin():\n    return PluginInfo(name='typo', kind='modifier', title='t')\n"
    module = f"rulebench_typo_{len(suggestion)}"  # one module per case: imports are cached
    fake_package(tmp_path, "typo", module, header + source)
    monkeypatch.syspath_prepend(str(tmp_path))
    [warning] = [w for w in discover().warnings if "'typo'" in w]
    assert suggestion in warning, warning


def test_an_entry_point_named_unlike_its_ruleset_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_package(tmp_path, "duel", "rulebench_duel_mismatch", D20DUEL.split("@hookimpl\ndef rulebench_attack")[0])
    monkeypatch.syspath_prepend(str(tmp_path))
    catalog = discover()
    [warning] = [w for w in catalog.warnings if "'duel'" in w]
    assert "entry point is named 'duel' but it describes itself as 'd20duel'" in warning
    assert "d20duel" not in catalog.rulesets()


LATE_KEY = D20DUEL.split("@hookimpl\ndef rulebench_attack")[0].replace('name="d20duel"', 'name="latekey"') + """
import rulebench_skirmish

@hookimpl
def rulebench_attack(fight, attacker, defender):
    attack = rulebench_skirmish.rulebench_attack(fight, attacker, defender)
    fight.vars["streak"] = fight.vars.get("streak", 0) + 1  # created after setup, on purpose
    return attack
"""


def test_a_late_state_key_is_refused_and_check_mode_names_its_hook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, skirmish_installed: str) -> None:
    fake_package(tmp_path, "latekey", "rulebench_latekey", LATE_KEY)
    monkeypatch.syspath_prepend(str(tmp_path))
    ogre = str(ROOT / "examples" / "ogre-duel.toml")
    code, _, err = invoke("compare", ogre, "-r", "latekey", "--exact")
    assert code == 3 and "created the key 'streak' in fight.vars after setup" in err and "--check names the hook" in err
    code, _, err = invoke("compare", ogre, "-r", "latekey")
    assert code == 3, "the automatic choice must not fall back to sampling past a broken rule"
    code, _, err = invoke("compare", ogre, "-r", "latekey", "-n", "50", "--check")
    assert code == 3 and "created the key 'streak' in fight.vars after setup" in err and "rulebench_attack" in err
    code, _, err = invoke("fight", ogre, "-r", "skirmish", "--seed", "1", "--check")
    assert code == 0 and "--check: 5 fights of skirmish" in err
