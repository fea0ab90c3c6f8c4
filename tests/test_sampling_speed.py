"""The sampling speed-ups keep every result: generated dice samplers draw the faces the plain loop
draws, static modifiers are asked once per fight, counting fights by final state tallies what
playing each fight to its result tallies, and remembered rounds give the very fights played ones do."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulebench import Combatant, Fight, Modifier, PluginInfo, Side, hookimpl
from rulebench.analysis.results import Tally
from rulebench.analysis.round_memo import memo_of
from rulebench.analysis.sampling import run_chunk
from rulebench.core.assembly import configure
from rulebench.core.dice import Dice, RandomRoller
from rulebench.core.dice.notation import MAX_UNROLLED
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.loop import play
from rulebench.core.outcome import FightResult
from rulebench.testing.conformance import played_one_by_one

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

terms = st.lists(
    st.tuples(st.integers(-3, 6).filter(bool), st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20, 100])), max_size=4
)


@given(terms, st.integers(-5, 5), st.integers(0, 2**32))
def test_a_roll_draws_one_uniform_per_die_in_dice_sides_order(parts: list[tuple[int, int]], bonus: int, seed: int) -> None:
    dice = Dice(tuple(parts), bonus)
    roller = RandomRoller(seed)
    uniform = random.Random(seed).random
    for _ in range(3):
        total = roller.roll(dice)
        faces = tuple(int(uniform() * sides) + 1 for sides in dice.dice_sides)
        assert roller.last_faces == faces
        assert total == dice.total_of(faces)


def test_long_expressions_are_rolled_by_a_loop_with_the_same_faces() -> None:
    dice = Dice(((MAX_UNROLLED, 6), (-2, 4)), 3)
    roller, uniform = RandomRoller(7), random.Random(7).random
    total = roller.roll(dice)
    faces = tuple(int(uniform() * sides) + 1 for sides in dice.dice_sides)
    assert roller.last_faces == faces and total == dice.total_of(faces)


def test_dice_pickle_without_their_sampler_and_roll_alike_afterwards() -> None:
    dice = Dice.parse("4d6+8")
    RandomRoller(1).roll(dice)  # builds the sampler, which cannot be pickled
    copy = pickle.loads(pickle.dumps(dice))
    assert copy == dice and hash(copy) == hash(dice)
    first, second = RandomRoller(3), RandomRoller(3)
    assert [first.roll(dice) for _ in range(5)] == [second.roll(copy) for _ in range(5)]


class Counting:
    """A modifier plugin that counts how often it is asked; static or not as told."""

    def __init__(self, static: bool) -> None:
        self.static = static
        # The count in a list the plugin keeps: a run refuses a plugin attribute that is rebound
        # (core/fixed_state.py), and this one only counts for the test.
        self.asked = [0]

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the counting plugin."""
        return PluginInfo(name="counting", kind="modifier", title="Counting", static_modifiers=self.static)

    @hookimpl
    def rulebench_modifiers(
        self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
    ) -> Iterable[Modifier] | None:
        """+1 on every weapon value, counted."""
        self.asked[0] += 1
        return [Modifier(1, "counted")] if purpose == "weapon" else None


def _played_with(plugin: Counting) -> tuple[Counter[FightResult], bool]:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    catalog = discover(extra=[("counting", plugin)])
    config = configure(encounter, "classic", catalog=catalog, plugins=("counting",), default_plugins=False)
    fight = config.new_fight(RandomRoller(1))
    results: Counter[FightResult] = Counter()
    for _ in range(100):
        fight._reset()
        results[play(fight)] += 1
    return results, config.static_modifiers


def test_static_modifiers_are_asked_once_per_fight_and_give_the_same_fights() -> None:
    static, dynamic = Counting(static=True), Counting(static=False)
    static_results, remembered = _played_with(static)
    dynamic_results, asked_each_time = _played_with(dynamic)
    assert remembered and not asked_each_time
    # Classic asks for every combatant's weapon every round and, when the party loses, for armour:
    # remembered, at most once per combatant and purpose (4 + 4 weapons, 4 armours) for all fights.
    assert 8 <= static.asked[0] <= 12
    assert dynamic.asked[0] >= 100 * 4
    assert static_results == dynamic_results


def test_one_plugin_without_the_declaration_keeps_every_modifier_asked_afresh() -> None:
    encounter = encounter_from_dict({"name": "t", "party": [{"name": "A"}], "enemy": {"members": [{"name": "B"}]}})
    catalog = discover(extra=[("counting", Counting(static=True))])
    assert configure(encounter, "classic", catalog=catalog, plugins=("counting",), default_plugins=False).static_modifiers
    # silver, on by default, asks who of a side still stands, so it is not static
    assert not configure(encounter, "classic", catalog=catalog, plugins=("counting",)).static_modifiers


def test_counting_fights_by_final_state_tallies_what_playing_each_to_its_result_tallies() -> None:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    for ruleset in ("ambermarch", "classic", "talisman", "endurance"):
        config = configure(encounter, ruleset, catalog=discover())
        fight = config.new_fight(RandomRoller("5:0"))
        results: Counter[FightResult] = Counter()
        for _ in range(200):
            fight._reset()
            results[play(fight)] += 1
        expected = Tally(tuple(c.name for c in fight.combatants))
        for result, count in results.items():
            expected.add(result, count)
        tally = run_chunk(config, 5, 0, 200)
        assert tally == expected, ruleset


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_remembered_rounds_give_every_ruleset_the_fights_played_round_by_round(example: str) -> None:
    encounter = load_encounter(EXAMPLES / example)
    for ruleset in ("ambermarch", "classic", "talisman", "dsa", "endurance"):
        config = configure(encounter, ruleset, catalog=discover())
        # Two chunks: the second walks what the first learned.
        assert run_chunk(config, 3, 0, 150) == played_one_by_one(config, 3, 150), ruleset
        assert run_chunk(config, 4, 0, 150) == played_one_by_one(config, 4, 150), ruleset


def test_the_memo_learns_few_states_where_rounds_repeat_and_gives_up_where_they_do_not() -> None:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    classic = configure(encounter, "classic", catalog=discover())
    run_chunk(classic, 1, 0, 2000)
    memo = memo_of(classic)
    assert memo.on and len(memo.snapshots) < 100
    endurance = configure(encounter, "endurance", catalog=discover())
    assert run_chunk(endurance, 1, 0, 2000) == played_one_by_one(endurance, 1, 2000)
    # Thousands of states, rarely met twice, in whole rounds and in steps: played as usual.
    assert memo_of(endurance).by_step and not memo_of(endurance).on


def test_a_memo_of_long_fights_whose_rounds_never_repeat_is_judged_after_ten_fights() -> None:
    # dsa's fights last some twenty exchanges of many dice, and under the memo each is played on
    # its own: the first judgement (ROUND_PROBES) gives the memo of rounds up before the usual 100
    # fights, and the memo of steps that takes its place is given up as early.
    skeletons = load_encounter(EXAMPLES / "skeleton-guards.toml")
    dsa = configure(skeletons, "dsa", catalog=discover())
    assert run_chunk(dsa, 1, 0, 10) == played_one_by_one(dsa, 1, 10)
    steps = memo_of(dsa)
    assert steps.by_step and steps.on and steps.probed == 0
    assert run_chunk(dsa, 2, 0, 20) == played_one_by_one(dsa, 2, 20)
    assert memo_of(dsa) is steps and not steps.on and steps.probed == 10
    assert steps.lookups >= 100 and steps.misses > 0.99 * steps.lookups
    assert run_chunk(dsa, 3, 0, 200) == played_one_by_one(dsa, 3, 200)  # played as usual from now on
    # A memo that hits now and then after 10 fights is left to the judgements at 100 and 250 fights,
    # which keep this one: talisman's rounds on the wraith repeat.
    talisman = configure(load_encounter(EXAMPLES / "wraith.toml"), "talisman", catalog=discover())
    run_chunk(talisman, 1, 0, 10)
    assert memo_of(talisman).on
    run_chunk(talisman, 1, 0, 250)
    assert memo_of(talisman).on


class Peeking:
    """A modifier plugin that reads the faces of the last roll, as narration would, silently."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the peeking plugin."""
        return PluginInfo(name="peeking", kind="modifier", title="Peeking")

    @hookimpl
    def rulebench_modifiers(
        self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
    ) -> Iterable[Modifier] | None:
        """+1 on an armour value when the last roll showed a six somewhere."""
        faces = fight._roller.last_faces
        return [Modifier(1, "six")] if purpose == "armour" and faces and 6 in faces else None


def test_rules_that_read_the_faces_of_a_sum_switch_the_memo_off_and_keep_their_fights() -> None:
    encounter = load_encounter(EXAMPLES / "skeleton-guards.toml")
    config = configure(encounter, "classic", catalog=discover(extra=[("peeking", Peeking())]), plugins=("peeking",))
    assert run_chunk(config, 2, 0, 500) == played_one_by_one(config, 2, 500)
    assert not memo_of(config).on
