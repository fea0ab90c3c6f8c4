"""dsa plays a silent Monte Carlo fight's exchanges at once (rulebench/rulesets/dsa/quick.py): fight
for fight, dice for dice and state for state the same as playing every turn through the hooks, on
every example, on generated encounters, with and without the silver plugin, under any tactics; and
only when nothing but dsa's own hooks and static modifiers take part."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rulebench.rulesets.dsa.chain as dsa_chain
from rulebench import (
    Attack,
    Combatant,
    Damage,
    Fight,
    FightResult,
    Modifier,
    PluginInfo,
    RandomRoller,
    ScriptedRoller,
    Side,
    configure,
    discover,
    hookimpl,
)
from rulebench.analysis.results import Tally
from rulebench.analysis.sampling import run_chunk
from rulebench.core.assembly import FightConfig
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.fight import Snapshot
from rulebench.core.loop import play
from rulebench.core.outcome import Outcome
from rulebench.rulesets.dsa.ending import EXCHANGE_CAP
from rulebench.rulesets.dsa.quick import Plan, attack_drawn
from rulebench.rulesets.dsa.subfights import build_subfights, regroup
from rulebench.testing import encounter_dicts

EXAMPLES = Path(__file__).resolve().parent.parent.parent / "examples"


class TurnByTurn(RandomRoller):
    """The same random numbers as ``RandomRoller``; not a plain one, so every turn is played."""


class Harsh:
    """A third-party modifier that also implements ``rulebench_damage``: 3 TP on every hit."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the modifier."""
        return PluginInfo(name="harsh", kind="modifier", title="Harsh", rulesets=("dsa",))

    @hookimpl(tryfirst=True)
    def rulebench_damage(self, fight: Fight, attack: Attack) -> Damage | None:
        """A fixed 3 TP instead of the ruleset's roll."""
        return Damage(3, "normal", frozenset())


class Fickle:
    """A modifier whose answer is not declared static: it is asked afresh every time."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the modifier."""
        return PluginInfo(name="fickle", kind="modifier", title="Fickle", rulesets=("dsa",))

    @hookimpl
    def rulebench_modifiers(
        self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
    ) -> Iterable[Modifier] | None:
        """+1 TP in odd exchanges."""
        return [Modifier(1, "odd exchange")] if purpose == "weapon" and fight.round % 2 else None


class Curse:
    """A modifier with an exchange start of its own: in exchange 3 the whole party drops, no blow struck."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the modifier."""
        return PluginInfo(name="curse", kind="modifier", title="Curse", rulesets=("dsa",), static_modifiers=True)

    @hookimpl
    def rulebench_round_start(self, fight: Fight) -> None:
        """Exchange 3: nobody of the party stands any more."""
        if fight.round == 3:
            for member in fight.party.members:
                member.vars["standing"] = False


CATALOG = discover(extra=[("harsh", Harsh()), ("fickle", Fickle()), ("curse", Curse())])


def _fights(config: FightConfig, roller: RandomRoller, count: int) -> tuple[list[tuple[FightResult, Snapshot]], Fight]:
    """``count`` fights on one fight object, as sampling plays them: each result and final state."""
    fight = config.new_fight(roller)
    played = []
    for _ in range(count):
        fight.reset()
        played.append((play(fight), fight.snapshot()))
    return played, fight


def _taken(fight: Fight) -> bool:
    """Whether the fight's exchanges were played at once: its plan exists and met a layout."""
    plan = fight.cache.get("dsa")
    return isinstance(plan, Plan) and bool(plan.layouts)


def _agree(config: FightConfig, seed: int | str, count: int) -> Fight:
    """Quick and turn by turn play the same fights to the same final states; the quick fight object."""
    quick, fight = _fights(config, RandomRoller(seed), count)
    turn_by_turn, _ = _fights(config, TurnByTurn(seed), count)
    assert quick == turn_by_turn
    return fight


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
@pytest.mark.parametrize("silver", [True, False], ids=["silver", "no-plugins"])
def test_every_example_plays_the_fights_every_turn_plays(example: str, silver: bool) -> None:
    config = configure(load_encounter(EXAMPLES / example), "dsa", catalog=CATALOG, default_plugins=silver)
    fight = _agree(config, 11, 200)
    assert _taken(fight)


def _overrides(draw: st.DrawFn, names: list[str]) -> dict[str, dict[str, Any]]:
    """dsa overrides for some of ``names``: weak or missing attacks and parries, odd TP dice, low LE,
    coordination, so chains without dice, harmless and armour-piercing blows and early flights occur."""
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=3)) if names else []
    stat = st.sampled_from(("at", "pa", "dodge", "le", "tp", "coordination", "reaction", "rs"))
    values: dict[str, st.SearchStrategy[Any]] = {
        "at": st.integers(0, 20), "pa": st.integers(0, 20), "dodge": st.integers(0, 20), "le": st.integers(5, 40),
        "tp": st.sampled_from(("3", "1d6-3", "2d6+1", "1d20", "1d6+1d4", "0")),
        "coordination": st.integers(0, 3), "reaction": st.integers(0, 60), "rs": st.integers(0, 8),
    }
    result: dict[str, dict[str, Any]] = {}
    for name in chosen:
        stats = draw(st.lists(stat, unique=True, min_size=1, max_size=3))
        result[name] = {s: draw(values[s]) for s in stats}
    return result


@st.composite
def dsa_encounters(draw: st.DrawFn) -> dict[str, Any]:
    """A generated encounter (``encounter_dicts``) with dsa overrides and, sometimes, a partial line-up."""
    data: dict[str, Any] = draw(encounter_dicts(max_party=4, max_enemy_entries=3))
    party = [m["name"] for m in data["party"]]
    if draw(st.booleans()):
        data["engaged"] = draw(st.lists(st.sampled_from(party), unique=True, min_size=1))
    enemy = [m["name"] for m in data["enemy"]["members"]]
    data["overrides"] = {"dsa": _overrides(draw, party + enemy)}
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=dsa_encounters(),
    seed=st.integers(0, 2**32),
    silver=st.booleans(),
    tactics=st.sampled_from((None, "cautious", "reckless")),
)
def test_generated_encounters_play_the_fights_every_turn_plays(
    data: dict[str, Any], seed: int, silver: bool, tactics: str | None
) -> None:
    config = configure(encounter_from_dict(data), "dsa", catalog=CATALOG, default_plugins=silver, tactics=tactics)
    fight = _agree(config, seed, 30)
    assert _taken(fight)


def test_a_party_down_to_one_in_three_flees_after_the_first_exchange_as_turn_by_turn() -> None:
    # Two of three members start unconscious (LE below 10): the default tactics flee after exchange
    # 1, though nobody fell in it; the quick end of an exchange must still ask then.
    data = {
        "name": "flight",
        "party": [{"name": n, "melee": 3, "life": 3} for n in ("A", "B", "C")],
        "enemy": {"members": [{"name": "Orc", "melee": 2, "life": 3}]},
        "overrides": {"dsa": {"B": {"le": 5}, "C": {"le": 5}}},
    }
    config = configure(encounter_from_dict(data), "dsa", catalog=CATALOG)
    fight = _agree(config, 3, 50)
    assert _taken(fight)
    fight.reset()
    result = play(fight)
    assert (result.outcome, result.rounds) == (Outcome.PARTY_FLED, 1)


def test_a_stalemate_ends_at_the_exchange_cap_as_turn_by_turn() -> None:
    # Nobody can attack (AT 0): no die is rolled, nobody falls, the exchanges run to the cap.
    data = {
        "name": "stalemate",
        "party": [{"name": "A"}],
        "enemy": {"members": [{"name": "B"}]},
        "overrides": {"dsa": {"A": {"at": 0}, "B": {"at": 0}}},
    }
    config = configure(encounter_from_dict(data), "dsa", catalog=CATALOG)
    fight = _agree(config, 4, 3)
    fight.reset()
    result = play(fight)
    assert (result.outcome, result.rounds) == (Outcome.WITHDRAWN, EXCHANGE_CAP)


def test_scripted_tactics_keep_the_fast_path_and_its_fights() -> None:
    # dsa asks only whether to flee, after the exchange, in its own hook: any tactics source may answer.
    data = {
        "name": "scripted",
        "party": [{"name": "Hero", "melee": 3, "life": 3}, {"name": "Squire", "melee": 1, "life": 2}],
        "enemy": {"members": [{"name": "Orc", "melee": 2, "life": 2, "count": 3}]},
        "tactics": {"round": [{"retreat": False}, {"retreat": False}, {"retreat": True}]},
    }
    config = configure(encounter_from_dict(data), "dsa", catalog=CATALOG)
    assert not config.default_tactics
    fight = _agree(config, 5, 200)
    assert _taken(fight)


def test_the_fast_path_is_not_taken_when_anything_else_takes_part() -> None:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    recorded = configure(encounter, "dsa", catalog=CATALOG).new_fight(RandomRoller(1), record=True)
    play(recorded)
    assert recorded.cache["dsa"] is False
    for plugin in ("harsh", "fickle"):
        config = configure(encounter, "dsa", catalog=CATALOG, plugins=(plugin,))
        _agree(config, 2, 50)  # the fights stay the fights
        fight = config.new_fight(RandomRoller(1))
        play(fight)
        assert fight.cache["dsa"] is False, plugin
    # Faces that fit every die of the fight (d6 to d100) and never tie a roll-off.
    scripted = configure(encounter, "dsa", catalog=CATALOG).new_fight(ScriptedRoller([3, 5, 2, 6, 1, 4] * 20_000))
    play(scripted)
    assert not _taken(scripted)


def test_an_exchange_start_of_another_plugin_keeps_every_exchange_end_asking() -> None:
    # The curse drops the party without a blow: only asking for the verdict after exchange 3 sees it.
    data = {
        "name": "cursed",
        "party": [{"name": "Hero", "melee": 3, "life": 6}],
        "enemy": {"members": [{"name": "Orc", "melee": 2, "life": 6}]},
    }
    config = configure(encounter_from_dict(data), "dsa", catalog=CATALOG, plugins=("curse",))
    fight = _agree(config, 6, 100)
    plan = fight.cache["dsa"]
    assert isinstance(plan, Plan) and plan.layouts and not plan.ends
    fight.reset()
    result = play(fight)
    assert result.outcome == Outcome.ENEMY_WINS and result.rounds <= 3
    plain = configure(encounter_from_dict(data), "dsa", catalog=CATALOG).new_fight(RandomRoller(6))
    play(plain)
    assert plain.cache["dsa"].ends


def test_sampling_with_its_round_memo_counts_the_fights_the_fast_path_plays() -> None:
    # Sampling walks its round memo (every turn through the hooks) before it gives it up for dsa,
    # then plays on at once: the same random numbers, so the same fights as playing them all at once.
    config = configure(load_encounter(EXAMPLES / "skeleton-guards.toml"), "dsa", catalog=CATALOG)
    played, fight = _fights(config, RandomRoller("7:0"), 1000)
    expected = Tally(tuple(c.name for c in fight.combatants))
    for result, _ in played:
        expected.add(result)
    assert run_chunk(config, 7, 0, 1000) == expected


def test_a_remembered_layout_is_the_layout_built_afresh() -> None:
    data = {
        "name": "goblins",
        "party": [{"name": "A"}, {"name": "B"}, {"name": "C", "fighter": False}],
        "enemy": {"members": [{"name": "Goblin", "count": 5}]},
        "overrides": {"dsa": {"A": {"coordination": 1}}},
    }
    fight = configure(encounter_from_dict(data), "dsa", catalog=CATALOG).new_fight(RandomRoller(1))
    fight.combatants[0].vars["standing"] = False
    first = regroup(fight)  # worked out and remembered
    built = [(c.vars["foe"], c.vars["penalty"]) for c in fight.combatants]
    for c in fight.combatants:  # whatever the state held before
        c.vars["foe"], c.vars["penalty"] = "nobody", 9
    fight.vars["subfights"] = ()
    assert regroup(fight) is first  # remembered
    assert [(c.vars["foe"], c.vars["penalty"]) for c in fight.combatants] == built
    assert fight.vars["subfights"] == first == build_subfights(fight)
    assert [(c.vars["foe"], c.vars["penalty"]) for c in fight.combatants] == built
    assert [fight.combatants[i].name for i in first[0]] == ["B", "Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4", "Goblin 5"]


def _asked(config: FightConfig, roller: RandomRoller, count: int) -> tuple[list[tuple[str, int, Any]], list[FightResult], Fight]:
    """The decisions ``count`` fights ask (kind, exchange, context), in order, and the fights' results."""
    fight = config.new_fight(roller)
    decide, asked = fight.decide, []

    def spy(kind: str, who: Any = None, options: tuple[Any, ...] = (), **context: Any) -> Any:
        asked.append((kind, fight.round, context))
        return decide(kind, who, options, **context)

    fight.decide = spy  # type: ignore[method-assign]
    results = []
    for _ in range(count):
        fight.reset()
        results.append(play(fight))
    return asked, results, fight


RETREATS = {
    "none": None,
    "exchange 4": [{"retreat": False}] * 3 + [{"retreat": True}],
    "never": [{"retreat": False}],
}


@pytest.mark.parametrize("retreat", sorted(RETREATS))
@pytest.mark.parametrize("tactics", [None, "cautious", "reckless"])
@pytest.mark.parametrize("guards", [2, 6])
def test_exchanges_played_on_at_once_ask_whether_to_flee_where_every_turn_asks(
    guards: int, tactics: str | None, retreat: str
) -> None:
    """Exchanges played and ended at once (``quick.play_exchanges``) ask a tactics source whether to
    flee after each one as ``rulebench_round_end`` asks it: the same decisions, in the same order
    and context, and the same fights, flights included."""
    data = load_encounter(EXAMPLES / "skeleton-guards.toml").model_dump(mode="json", exclude_none=True)
    data["enemy"]["members"][0]["count"] = guards
    if RETREATS[retreat] is not None:
        data["tactics"] = {"round": RETREATS[retreat]}
    config = configure(encounter_from_dict(data), "dsa", catalog=CATALOG, tactics=tactics)
    asked, quick, fight = _asked(config, RandomRoller(8), 150)
    asked_turn_by_turn, turn_by_turn, _ = _asked(config, TurnByTurn(8), 150)
    assert _taken(fight)
    assert quick == turn_by_turn
    assert asked == asked_turn_by_turn
    if config.default_tactics:
        assert not asked
    else:
        assert len(asked) > 150 and all(kind == "retreat" for kind, _, _ in asked)
    if retreat == "exchange 4":
        assert any(result.outcome is Outcome.PARTY_FLED and result.rounds == 4 for result in quick)


class Asking(Fickle):
    """``Fickle``, writing down every question it is asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str, str, str]] = []

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the modifier."""
        return PluginInfo(name="asking", kind="modifier", title="Asking", rulesets=("dsa",))

    @hookimpl
    def rulebench_modifiers(
        self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
    ) -> Iterable[Modifier] | None:
        """``Fickle``'s answer; every question written down."""
        self.asked.append((fight.round, combatant.name, purpose, getattr(against, "name", "")))
        return super().rulebench_modifiers(fight, combatant, purpose, against)


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_turns_drawn_straight_from_the_roller_play_the_fights_and_ask_the_modifiers_every_turn_does(
    example: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under modifiers that are not static no plan holds the blows and every turn is played, its
    dice drawn straight from a plain random roller (``quick.attack_drawn``): the same fights, and
    the weapon modifiers asked the same questions in the same order as ``hits.roll_damage`` asks."""
    drawn = []

    def counted(fight: Fight, roller: RandomRoller, attacker: Combatant, defender: Combatant) -> None:
        drawn.append(attacker.name)
        attack_drawn(fight, roller, attacker, defender)

    monkeypatch.setattr(dsa_chain, "attack_drawn", counted)
    asking = Asking()
    catalog = discover(extra=[("asking", asking)])
    config = configure(load_encounter(EXAMPLES / example), "dsa", catalog=catalog, plugins=("asking",))
    quick, fight = _fights(config, RandomRoller(12), 100)
    asked, asking.asked = asking.asked, []
    turns = len(drawn)
    turn_by_turn, _ = _fights(config, TurnByTurn(12), 100)
    assert fight.cache["dsa"] is False and turns > 100
    assert len(drawn) == turns  # turn by turn: no die drawn straight
    assert quick == turn_by_turn
    assert asked == asking.asked and any(purpose == "weapon" for _, _, purpose, _ in asked)
