"""An outside plugin written from the docs alone (tests/plugins/outside/rulebench-hitwound): a
hit/wound/save ruleset with its own German catalog, whose wounds hook honours the attacker (a
demon's blow ignores armour), and a modifier that declares its purpose (``frontguard``, armour).

It is found as an installed package is (its dist-info on ``PYTHONPATH``, nothing installed), is
certified by ``rulebench check``, and its modifier is told where it changes nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from plugin_site import load_without_installing

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = Path(__file__).resolve().parent / "outside" / "rulebench-hitwound"
OGRE = str(ROOT / "examples" / "ogre-duel.toml")


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """This process's environment with the package's metadata and source first on ``PYTHONPATH``."""
    site = load_without_installing(PACKAGE, tmp_path_factory.mktemp("site"))
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(PACKAGE), *sys.path])}


def rulebench(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rulebench", *args], env=env, capture_output=True, text=True, cwd=ROOT)


def test_it_passes_check_with_its_catalog_and_purposes(env: dict[str, str]) -> None:
    checked = rulebench(env, "check", "hitwound", "--seconds", "1", "--json")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)
    checks = {c["check"]: c for c in report["checks"]}
    assert report["passed"] and set(checks) >= {"descriptor", "fights", "no-outside-state", "exact-vs-sampled", "catalogs"}
    assert "rulebench-hitwound: de" in checks["catalogs"]["detail"]
    assert "asks modifiers for: weapon, armour" in checks["descriptor"]["detail"]


def test_its_purposes_are_listed(env: dict[str, str]) -> None:
    rulesets = json.loads(rulebench(env, "rulesets", "--json").stdout)
    plugins = json.loads(rulebench(env, "plugins", "--json").stdout)
    assert next(r for r in rulesets if r["name"] == "hitwound")["purposes"] == ["weapon", "armour"]
    assert next(p for p in plugins if p["name"] == "frontguard")["purposes"] == ["armour"]


def test_the_modifier_changes_the_fight_where_armour_is_asked_and_is_noted_where_not(env: dict[str, str]) -> None:
    plain = rulebench(env, "compare", OGRE, "-r", "hitwound", "--exact", "--json")
    guarded = rulebench(env, "compare", OGRE, "-r", "hitwound", "-r", "talisman", "--plugin", "frontguard", "--json")
    assert plain.returncode == 0 and guarded.returncode == 0, plain.stderr + guarded.stderr
    before = json.loads(plain.stdout)["results"][0]["outcomes"]["party_wins"]
    after = json.loads(guarded.stdout)["results"][0]
    assert after["method"] == "exact" and float(after["outcomes"]["party_wins"]) > float(before)
    notes = [line for line in guarded.stderr.splitlines() if "frontguard" in line]
    assert notes == ["note: --plugin frontguard's armour modifiers change nothing under rulesets that never ask them: talisman"]


def test_a_demons_blow_ignores_armour_in_a_told_fight_in_german(env: dict[str, str], tmp_path: Path) -> None:
    demon = tmp_path / "demon.toml"
    demon.write_text(
        'name = "Demon duel"\n'
        'party = [{name = "Hero", melee = 3, armour = 4, weapon = "1d6", body = 3, speed = 3, mind = 1, life = 2}]\n'
        '[enemy]\nmembers = [{name = "Imp", melee = 3, armour = 0, weapon = "1d6", body = 2, speed = 1, mind = 1, life = 1,'
        ' traits = ["demon"]}]\n',
        encoding="utf-8",
    )
    # Hero: hit 1 misses; Imp: hit 6, wound 6, no save (a demon); Hero: hit 1; Imp: hit 6, wound 6: slain.
    told = rulebench(env, "--lang", "de", "fight", str(demon), "-r", "hitwound", "--dice", "1,6,6,1,6,6")
    assert told.returncode == 0, told.stderr
    assert "ein Dämonenhieb: Hero ist verwundet, 1 übrig" in told.stdout
    assert "Rüstungswurf" not in told.stdout and "erschlagen" in told.stdout
