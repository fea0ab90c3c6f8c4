"""A fight's public members are either what a plugin uses or documented as the kernel's and the
solvers' (``rulebench.core.fight.PLUGIN_FACING``, ``KERNEL_ONLY``); the example plugin and the
scaffold use only the first."""

from __future__ import annotations

import re
from pathlib import Path

from rulebench import RandomRoller
from rulebench.api import configure
from rulebench.core.discovery import discover
from rulebench.core.encounter import load_encounter
from rulebench.core.fight import KERNEL_ONLY, PLUGIN_FACING

ROOT = Path(__file__).resolve().parents[1]


def test_every_public_member_of_a_fight_is_classified() -> None:
    fight = configure(load_encounter(ROOT / "examples" / "ogre-duel.toml"), "classic", catalog=discover()).new_fight(RandomRoller(1))
    public = {name for name in dir(fight) if not name.startswith("_")}
    assert public == PLUGIN_FACING | KERNEL_ONLY
    assert not PLUGIN_FACING & KERNEL_ONLY


def test_the_example_and_the_scaffold_use_only_what_a_plugin_uses() -> None:
    sources = [*(ROOT / "examples" / "rulebench-skirmish").rglob("*.py"), *(ROOT / "rulebench" / "cli" / "templates").rglob("*.tmpl")]
    used = {name for path in sources for name in re.findall(r"\bfight\.(\w+)", path.read_text(encoding="utf-8"))}
    assert used and not used & KERNEL_ONLY, sorted(used & KERNEL_ONLY)
