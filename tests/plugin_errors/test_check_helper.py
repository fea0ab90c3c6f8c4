"""fight.check: a single roll that matters only through its result; chain keys derived when left out."""

from __future__ import annotations

from typing import Any

import pytest
from broken_rulesets import NAME, Duel, catalog, duel_encounter

from rulebench import Attack, Damage, Done, Fight, ScriptedRoller, hookimpl
from rulebench.analysis.exact import solve
from rulebench.api import configure, play
from rulebench.core.chain import function_key
from rulebench.core.encounter import encounter_from_dict


class ConfirmedByDie(Duel):
    """A hit of margin 8 or more is doubled when a d20 confirms it (19 or 20), read off the face."""

    @hookimpl
    def rulebench_damage(self, fight: Fight, attack: Attack) -> Any:
        damage = super().rulebench_damage(fight, attack)
        if attack.margin >= 8 and fight.die(20, "confirm", attack.attacker) >= 19:  # type: ignore[arg-type]
            return Damage(2 * damage.amount)
        return damage


class ConfirmedByCheck(Duel):
    """The same rule through fight.check, so exact analysis branches over two results, not 20 faces."""

    @hookimpl
    def rulebench_damage(self, fight: Fight, attack: Attack) -> Any:
        damage = super().rulebench_damage(fight, attack)
        if attack.margin >= 8 and fight.check(20, lambda face: face >= 19, "confirm", attack.attacker):  # type: ignore[arg-type]
            return Damage(2 * damage.amount)
        return damage


class ConfirmedByChain(Duel):
    """The same rule as a one-die chain with its key left out (derived)."""

    @hookimpl
    def rulebench_damage(self, fight: Fight, attack: Attack) -> Any:
        damage = super().rulebench_damage(fight, attack)
        if attack.margin >= 8 and fight.chain(None, 20, lambda _, face: Done(face >= 19), "confirm"):
            return Damage(2 * damage.amount)
        return damage


SMALL = {
    "name": "small duel",
    "party": [{"name": "Hero", "melee": 4, "armour": 2, "weapon": "1d4", "life": 1}],
    "enemy": {"members": [{"name": "Ogre", "melee": 3, "armour": 1, "weapon": "1d4", "life": 1}]},
}


def exact(ruleset: Any) -> Any:
    return solve(configure(encounter_from_dict(SMALL), NAME, catalog=catalog(ruleset)))


def test_check_and_chain_give_the_same_exact_distribution_as_the_plain_die() -> None:
    by_die = exact(ConfirmedByDie())
    assert exact(ConfirmedByCheck()).outcomes == by_die.outcomes == exact(ConfirmedByChain()).outcomes
    assert exact(ConfirmedByCheck()).rounds_distribution == by_die.rounds_distribution


@pytest.mark.parametrize("confirm", [19, 18])
def test_check_takes_one_scripted_die(confirm: int) -> None:
    """Scripted dice: the hero hits with margin 9 (d20 = 15), 1d8 deals 4, the confirming d20 doubles it or not."""
    config = configure(duel_encounter(), NAME, catalog=catalog(ConfirmedByCheck()))
    fight = config.new_fight(ScriptedRoller([15, 4, confirm] + [1] * 40), record=True)
    play(fight)
    damage = 8 if confirm == 19 else 4
    assert any(e.get("label") == "confirm" and e["total"] == confirm for e in fight.log or ())
    assert fight.combatants[1].stats["hp"] - fight.combatants[1].vars["hp"] == damage


def test_function_keys_follow_code_and_captured_values() -> None:
    def threshold(n: int) -> Any:
        return lambda face: face >= n

    assert function_key(threshold(19)) == function_key(threshold(19))
    assert function_key(threshold(19)) != function_key(threshold(18))
    with pytest.raises(TypeError, match="pass key="):
        function_key(lambda face, table=[1]: face in table)  # an unhashable default, on purpose
