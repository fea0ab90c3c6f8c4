"""The conformance kit: checks every ruleset plugin, built-in or third-party, must pass.

Use it from a plugin's own tests::

    from rulebench.testing import RulesetConformance

    class TestMyRuleset(RulesetConformance):
        ruleset = "myruleset"

pytest then collects the checks below for that ruleset. ``encounter_dicts()`` is the hypothesis
strategy behind them, usable for a plugin's own properties.
"""

from __future__ import annotations

import ast
import inspect
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebench.core.dice import RandomRoller, ScriptedRoller
from rulebench.core.discovery import RULESET, discover
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.kernel import FightConfig, configure, play, play_round
from rulebench.core.outcome import EndState, FightResult, Outcome

WEAPONS = ("1d6", "1d8", "1d4+1", "2d6", "1d10", "none")
PARTY_TRAITS = ("magic_weapon", "silver_weapon", "magic_armour")
ENEMY_TRAITS = ("undead", "ghost", "demon")
SKILLS = ("robust", "dodge", "arcane_armour", "attention", "alertness")


def _member(name: str, traits: tuple[str, ...], enemy: bool) -> st.SearchStrategy[dict[str, Any]]:
    fields = {
        "name": st.just(name),
        "melee": st.integers(0, 8),
        "ranged": st.integers(0, 8),
        "armour": st.integers(0, 4),
        "weapon": st.sampled_from(WEAPONS),
        "body": st.integers(1, 5),
        "speed": st.integers(0, 5),
        "mind": st.integers(0, 5),
        "life": st.integers(1, 6),
        "traits": st.lists(st.sampled_from(traits), unique=True, max_size=2),
        "skills": st.lists(st.sampled_from(SKILLS), unique=True, max_size=2),
    }
    if enemy:
        fields["count"] = st.integers(1, 3)
    else:
        fields["fighter"] = st.booleans()
    return st.fixed_dictionaries(fields)


@st.composite
def encounter_dicts(draw: st.DrawFn, max_party: int = 4, max_enemy_entries: int = 2) -> dict[str, Any]:
    """Small valid encounters as TOML-shaped dicts: every field within its documented range."""
    size = draw(st.integers(1, max_party))
    party = [draw(_member(f"Hero {i + 1}", PARTY_TRAITS, enemy=False)) for i in range(size)]
    if not any(m["fighter"] for m in party):
        party[0]["fighter"] = True
    entries = draw(st.integers(1, max_enemy_entries))
    enemies = [draw(_member(f"Foe {chr(65 + i)}", ENEMY_TRAITS, enemy=True)) for i in range(entries)]
    ambush = draw(st.booleans())
    return {
        "name": "generated",
        "ambush_from_behind": ambush,
        # An ambush from behind means the enemy surprises; the encounter refuses surprise = "party" then.
        "surprise": draw(st.sampled_from(("none", "enemy") if ambush else ("none", "party", "enemy"))),
        "forced": draw(st.booleans()),
        "mode": draw(st.sampled_from(("melee", "ranged", "mixed"))),
        "party": party,
        "enemy": {"grouped": draw(st.booleans()), "raiders": draw(st.booleans()), "members": enemies},
    }


class RecordingRoller(RandomRoller):
    """A random roller that remembers every face, so a fight can be replayed as scripted dice."""

    def __init__(self, seed: int | str) -> None:
        super().__init__(seed)
        self.faces: list[int] = []

    def die(self, sides: int) -> int:
        value = super().die(sides)
        self.faces.append(value)
        return value

    def roll(self, dice: Any) -> int:
        total = super().roll(dice)
        self.faces.extend(self.last_faces or ())
        return total


# Each ruleset's subclass runs the same inherited test methods; hypothesis sees one method called
# from several classes ("differing executors"), which is the kit's design, not a flaky test.
_SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.differing_executors],
)


class RulesetConformance:
    """Checks for one ruleset; subclass it and set ``ruleset`` to the ruleset's name."""

    ruleset: str = ""

    def _config(self, encounter: Encounter) -> FightConfig:
        return configure(encounter, self.ruleset)

    def _fight(self, data: dict[str, Any], seed: int | str) -> tuple[FightResult, RecordingRoller]:
        roller = RecordingRoller(seed)
        fight = self._config(encounter_from_dict(data)).new_fight(roller)
        return play(fight), roller

    def test_is_discovered_with_a_descriptor(self) -> None:
        record = discover().rulesets()[self.ruleset]
        assert record.kind == RULESET
        assert record.title and record.summary and record.source
        for hook in ("rulebench_setup", "rulebench_initiative", "rulebench_round_end", "rulebench_end_state"):
            assert hook in record.hooks, f"{self.ruleset} does not implement {hook}"

    def test_never_imports_random(self) -> None:
        module = inspect.getmodule(discover().rulesets()[self.ruleset].plugin)
        assert module is not None
        names = {
            alias.name.split(".")[0]
            for node in ast.walk(ast.parse(inspect.getsource(module)))
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in (node.names if isinstance(node, ast.Import) else [ast.alias(node.module or "")])
        }
        assert "random" not in names, "all chance must go through the fight's roller (DESIGN.md principle 3)"

    @_SETTINGS
    @given(data=encounter_dicts(), seed=st.integers(0, 2**32))
    def test_every_fight_ends_with_a_fate_for_everyone(self, data: dict[str, Any], seed: int) -> None:
        result, _ = self._fight(data, seed)
        assert isinstance(result.outcome, Outcome)
        assert result.rounds >= 1
        expanded = len(data["party"]) + sum(m["count"] for m in data["enemy"]["members"])
        assert len(result.fates) == expanded
        assert all(isinstance(f.state, EndState) and f.condition for f in result.fates)

    @_SETTINGS
    @given(data=encounter_dicts(), seed=st.integers(0, 2**32))
    def test_same_seed_same_fight(self, data: dict[str, Any], seed: int) -> None:
        first, rolled = self._fight(data, seed)
        again, rolled_again = self._fight(data, seed)
        assert first == again and rolled.faces == rolled_again.faces

    @_SETTINGS
    @given(data=encounter_dicts(), seed=st.integers(0, 2**32))
    def test_scripted_dice_replay_the_fight(self, data: dict[str, Any], seed: int) -> None:
        result, rolled = self._fight(data, seed)
        fight = self._config(encounter_from_dict(data)).new_fight(ScriptedRoller(rolled.faces))
        assert play(fight) == result

    @_SETTINGS
    @given(data=encounter_dicts(), seed=st.integers(0, 2**32))
    def test_state_snapshot_determines_the_rest(self, data: dict[str, Any], seed: int) -> None:
        config = self._config(encounter_from_dict(data))
        fight = config.new_fight(RandomRoller(seed))
        play_round(fight)
        state = fight.snapshot()
        hash(state)
        fight.roller = RandomRoller(f"{seed}:rest")
        rest = play(fight)
        fight.restore(state)
        fight.roller = RandomRoller(f"{seed}:rest")
        assert play(fight) == rest
