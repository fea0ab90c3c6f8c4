"""``rulebench_wounds`` is told who struck: a rule can honour an attacker's trait ("a demon's blow
ignores armour"), and a wounds hook written before the argument was added keeps working."""

from __future__ import annotations

from typing import Any

from broken_rulesets import NAME, Duel, catalog, duel_encounter

from rulebench import Combatant, Damage, Fight, PluginInfo, ScriptedRoller, hookimpl
from rulebench.core.assembly import configure
from rulebench.core.loop import play


class Armoured(Duel):
    """d20duel with armour that absorbs each blow's points, except a demon's: new-style wounds."""

    @hookimpl
    def rulebench_wounds(self, fight: Fight, target: Combatant, damage: Damage, attacker: Combatant) -> Any:
        armour = 0 if "demon" in attacker.spec.traits else target.stats["armour"]
        target.vars["hp"] = max(0, target.vars["hp"] - max(0, damage.amount - armour))
        return True


class Unholy:
    """A modifier plugin in the old style: its wounds hook names no attacker and answers None, so
    the ruleset's applies the damage; it marks the hits it saw in the state to show it was asked."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="unholy", kind="modifier", title="Unholy", summary="counts wounds")

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        for c in fight.combatants:
            c.vars["blows_taken"] = 0

    @hookimpl(tryfirst=True)
    def rulebench_wounds(self, fight: Fight, target: Combatant, damage: Damage) -> Any:
        target.vars["blows_taken"] += 1
        return None


def _ogre_hp_after_one_hit(traits: tuple[str, ...], *plugins: tuple[str, Any]) -> tuple[int, Combatant]:
    """The Ogre's hit points after the Hero's first blow (d20 20 hits, the 1d8 weapon rolls 8)."""
    encounter = duel_encounter()
    hero = encounter.party[0].model_copy(update={"traits": traits})
    encounter = encounter.model_copy(update={"party": (hero,)})
    names = tuple(name for name, _ in plugins)
    config = configure(encounter, NAME, catalog=catalog(Armoured(), *plugins), plugins=names)
    # Hero: d20 20, damage 8; Ogre: d20 1 misses; then the ten rounds of misses to the cap.
    fight = config.new_fight(ScriptedRoller([20, 8, 1] + [1] * 20), record=False)
    play(fight)
    ogre = fight.enemy.members[0]
    return ogre.vars["hp"], ogre


def test_armour_absorbs_an_ordinary_blow() -> None:
    hp, ogre = _ogre_hp_after_one_hit(())
    assert ogre.stats["armour"] == 1 and hp == ogre.stats["hp"] - (8 - 1)


def test_a_demons_blow_ignores_armour() -> None:
    hp, ogre = _ogre_hp_after_one_hit(("demon",))
    assert hp == ogre.stats["hp"] - 8


def test_a_wounds_hook_without_the_attacker_is_still_asked() -> None:
    """An old-style implementation (fight, target, damage) is accepted by discovery and called with
    the arguments it names; the ruleset's hook still gets the attacker after it."""
    hp, ogre = _ogre_hp_after_one_hit(("demon",), ("unholy", Unholy()))
    assert ogre.vars["blows_taken"] == 1 and hp == ogre.stats["hp"] - 8


def test_the_old_style_ruleset_itself_plays_unchanged() -> None:
    """d20duel's own wounds hook is the old style (no attacker): its fights play as before."""
    encounter = duel_encounter()
    fight = configure(encounter, NAME, catalog=catalog(Duel())).new_fight(ScriptedRoller([20, 8, 1] + [1] * 20), record=False)
    play(fight)
    ogre = fight.enemy.members[0]
    assert ogre.vars["hp"] == ogre.stats["hp"] - 8
