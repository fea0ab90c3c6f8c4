"""A fight's public members are either what a plugin uses or documented as the kernel's and the
solvers' (``rulebench.core.fight.PLUGIN_FACING``, ``KERNEL_ONLY``); the built-in rulesets and
plugins, the example plugin and the scaffold use only the first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebench import Attack, Dice, RandomRoller
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


def test_the_built_ins_the_example_and_the_scaffold_use_only_what_a_plugin_uses() -> None:
    sources = [*(ROOT / "examples" / "rulebench-skirmish").rglob("*.py"), *(ROOT / "rulebench" / "cli" / "templates").rglob("*.tmpl"),
               *(ROOT / "rulebench" / "rulesets").rglob("*.py"), *(ROOT / "rulebench" / "plugins").rglob("*.py")]
    used = {name for path in sources for name in re.findall(r"\bfight\.(\w+)", path.read_text(encoding="utf-8"))}
    assert used and not used & KERNEL_ONLY, sorted(used & KERNEL_ONLY)


def test_a_blow_outside_the_turns_is_played_as_a_turn_plays_it() -> None:
    """``strike``: the attack hook, then on a hit damage and wounds, as a turn would; a given attack
    is not rolled again, and a miss does no harm."""
    config = configure(load_encounter(ROOT / "examples" / "ogre-duel.toml"), "endurance", catalog=discover())
    fight = config.new_fight(RandomRoller(3))
    hero, ogre = fight.combatants
    before = dict(hero.vars)
    attack = fight.strike(ogre, hero)
    assert attack is not None and attack.attacker is ogre and attack.defender is hero and attack.hit
    assert hero.vars != before  # endurance's blows always land: the hero lost endurance or took a wound
    missed = Attack(ogre, hero, False, 0, attack.detail)
    after = dict(hero.vars)
    assert fight.strike(ogre, hero, missed) is missed and hero.vars == after


def test_the_last_rolls_faces_are_the_rollers() -> None:
    fight = configure(load_encounter(ROOT / "examples" / "ogre-duel.toml"), "classic", catalog=discover()).new_fight(RandomRoller(1))
    total = fight.roll(Dice.parse("3d6"), "test")
    assert fight.last_faces is not None and len(fight.last_faces) == 3 and sum(fight.last_faces) == total


def test_the_kernels_members_are_private_and_their_old_names_warn() -> None:
    """``fight.snapshot()`` and the rest still work for a plugin written against them, saying they are the kernel's."""
    fight = configure(load_encounter(ROOT / "examples" / "ogre-duel.toml"), "classic", catalog=discover()).new_fight(RandomRoller(1))
    for name in KERNEL_ONLY:
        assert hasattr(fight, f"_{name}"), name
        with pytest.warns(DeprecationWarning, match=rf"Fight\.{name} is deprecated: it is the kernel's"):
            getattr(fight, name)
    with pytest.warns(DeprecationWarning):
        assert fight.snapshot() == fight._snapshot()
    with pytest.warns(DeprecationWarning):
        assert fight.rules is fight._rules
