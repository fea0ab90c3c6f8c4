"""A day sampled whole (analysis/chain_play.py, chain_sampling.py, chain_results.py): one stage is
``compare``'s sample of that encounter; the same seed gives the same days for any worker count;
carried state, the dead and the day's end flow from stage to stage as docs/chains.md says."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rulebench import PluginInfo, RandomRoller, discover, hookimpl
from rulebench.analysis.analyse import AnalysisOptions
from rulebench.analysis.chain_play import FINISHED, GOES_ON, WIPED_OUT, DayPlan, StageEnd, frozen, thawed
from rulebench.analysis.chain_results import ChainResult, DayTally
from rulebench.analysis.chain_sampling import sample, sample_to_precision
from rulebench.analysis.sampling import SamplingPool
from rulebench.api.analyses import compare
from rulebench.api.chains import chain
from rulebench.core.chain_file import chain_from_dict, load_chain
from rulebench.core.encounter import read_toml
from rulebench.core.loop import play_out

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
RULESETS = ["ambermarch", "classic", "dsa", "endurance", "talisman"]


def one_stage(encounter: str) -> Any:
    """A chain of one stage: the encounter's party and the encounter itself."""
    data = read_toml(EXAMPLES / encounter, encounter)
    return chain_from_dict({"name": "one", "party": data["party"], "stage": [{"file": encounter}]}, "one.toml", EXAMPLES)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_chain_of_one_stage_is_compares_sample_of_that_encounter(ruleset: str) -> None:
    """The same seed, the same 600 fights: the stage's outcomes, deaths and wipe-outs are compare's
    outcomes and casualties, and each member's survival is his chance not to die."""
    fights = 600
    days = chain(one_stage("crypt-wights.toml"), [ruleset], fights=fights, seed=5, workers=1).results[0]
    fought = compare(EXAMPLES / "crypt-wights.toml", [ruleset], fights=fights, seed=5, workers=1).results[0]
    stage = days.stage(0)
    assert stage["outcomes"] == fought.outcomes
    casualties = fought.casualties()
    assert stage["deaths"] == casualties["deaths"] and stage["wiped_out"] == casualties["wiped_out"]
    assert days.survived() == 1 - casualties["wiped_out"]
    for member, fates in zip(days.members, fought.fates()):
        assert days.member_survived(member) == 1 - fates["dead"]


def test_the_same_seed_gives_the_same_days_for_any_worker_count() -> None:
    """A fixed count and a precision run, in this process and in two worker processes: the same
    tallies; and a precision run that stopped after N days is the fixed run of N days."""
    plan = DayPlan(load_chain(EXAMPLES / "chains" / "trade-road.toml"), "classic")
    with SamplingPool(1) as here, SamplingPool(2) as there:
        fixed = [sample(plan, 2_300, 9, pool).tally for pool in (here, there)]
        precise = [sample_to_precision(plan, 0.03, 9, pool, cap=20_000)[0] for pool in (here, there)]
    assert fixed[0].days == fixed[1].days and fixed[0].total == 2_300
    assert precise[0].tally.days == precise[1].tally.days and precise[0].chains == precise[1].chains
    assert precise[0].stopped_by == "precision" and precise[0].half_width() <= 0.03
    again = sample(plan, precise[0].chains or 0, 9, SamplingPool(1)).tally
    assert again.days == precise[0].tally.days


def test_the_party_goes_on_with_the_living_carrying_their_wounds() -> None:
    """Talisman on the trade road: the second stage's fights start from every carried party the
    first left (after a short rest, which gives a life back), without the dead."""
    plan = DayPlan(load_chain(EXAMPLES / "chains" / "trade-road.toml"), "talisman")
    roller = RandomRoller(3)
    seen = set()
    for _ in range(300):
        fight = plan.new_fight(0, plan.start(), roller)
        play_out(fight)
        after = plan.after(0, fight)
        assert after.end.end == GOES_ON and after.party is not None
        assert [name for name, _ in after.party] == [m.name for m in fight.party.members if m.name not in after.end.dead]
        for (name, carried), (_, rested) in zip(after.carried, after.party):
            lives = thawed(carried).get("lives")
            if lives is not None:
                full = next(m for m in fight.party.members if m.name == name).stats["lives"]
                assert thawed(rested) == ({} if lives + 1 >= full else {"lives": lives + 1})
        config = plan.config(1, after.party)
        assert set(config.carried) == {name for name, state in after.party if state}
        seen.add(after.party)
    assert len(seen) > 3


def test_a_classic_party_with_one_adventurer_alive_is_finished_and_does_not_get_through() -> None:
    """Ada and Bo fight the ogres while Cy, not engaged, looks on: whenever at most one of the three
    is left alive, the day ends there (finished; Cy standing, it is no wipe-out), and a finished
    day never counts as got through."""
    data = {
        "name": "Two against the ogres",
        "party": [{"name": "Ada", "melee": 3}, {"name": "Bo", "melee": 3}, {"name": "Cy", "melee": 3}],
        "stage": [{"enemy": {"members": [{"name": "Ogre", "count": 3, "melee": 5}]}, "engaged": ["Ada", "Bo"], "rest": "long"},
                  {"enemy": {"members": [{"name": "Ogre", "melee": 4}]}}],
    }
    result = chain(chain_from_dict(data), ["classic"], fights=1500, seed=2, workers=1).results[0]
    for day in result.tally.days:
        alive = 3
        for end in day:
            alive -= len(end.dead)
            assert (end.end == FINISHED) == (alive <= 1 and end.end != WIPED_OUT), day
    assert result.ended(FINISHED) > 0
    assert result.survived() == result.probability(sum(
        w for day, w in result.tally.days.items() if len(day) == 2 and day[-1].end == GOES_ON))


def test_a_ruleset_that_carries_nothing_starts_every_stage_fresh() -> None:
    """skirmish (the example third-party ruleset) implements no carry: the next stage's party is
    the living, each fresh."""
    plan = DayPlan(load_chain(EXAMPLES / "chains" / "haunted-crypt.toml"), "skirmish")
    roller = RandomRoller(1)
    for _ in range(50):
        fight = plan.new_fight(0, plan.start(), roller)
        play_out(fight)
        after = plan.after(0, fight)
        if after.party is not None:
            assert all(state == frozenset() for _, state in after.party)
            assert plan.config(1, after.party).carried == {}


class HealingRest:
    """A house rule: a long rest heals everything."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="long-rest", kind="modifier", title="A long rest heals everything")

    @hookimpl(tryfirst=True)
    def rulebench_rest(self, fight: Any, combatant: Any, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        return {} if rest == "long" else None


def test_a_house_rule_that_a_long_rest_heals_everything_lifts_the_cursed_day() -> None:
    """The haunted crypt under classic: the wraith's cursed wounds no rest heals keep the wounded
    out of the last fight; with the house rule they are healed, and more parties get through."""
    catalog = discover(extra=[("long-rest", HealingRest())])
    crypt = load_chain(EXAMPLES / "chains" / "haunted-crypt.toml")
    plain = chain(crypt, ["classic"], catalog=catalog, fights=1500, seed=4, workers=1).results[0]
    healed = chain(crypt, ["classic"], catalog=catalog, fights=1500, seed=4, workers=1, plugins=("long-rest",)).results[0]
    assert healed.provenance["plugins"] == ["long-rest", "silver"]
    assert float(healed.survived()) > float(plain.survived()) + 0.2


def test_the_figures_of_a_hand_made_tally() -> None:
    """Three days of two stages, by hand: one gets through, one is wiped out in stage 2 with a
    death, one is finished in stage 1 with one dead."""
    won, fled = "party_wins", "party_fled"
    tally = DayTally()
    tally.add((StageEnd(won, (), GOES_ON), StageEnd(won, (), GOES_ON)), 2)
    tally.add((StageEnd(won, (), GOES_ON), StageEnd("enemy_wins", ("Bo",), WIPED_OUT)))
    tally.add((StageEnd(fled, ("Ada",), FINISHED),))
    result = ChainResult("classic", "monte-carlo", ("one", "two"), ("short", "none"), ("Ada", "Bo"), tally, chains=4, seed=1)
    assert result.survived() == 0.5 and result.ended(WIPED_OUT) == 0.25 and result.ended(FINISHED) == 0.25
    first, second = result.stage(0), result.stage(1)
    assert (first["reached"], first["won"], first["deaths"], first["finished"]) == (1.0, 0.75, 0.25, 0.25)
    assert (second["reached"], second["won"], second["deaths"], second["wiped_out"]) == (0.75, 0.5, 0.25, 0.25)
    assert sum(second["outcomes"].values()) == second["reached"]
    assert (result.member_survived("Ada"), result.member_survived("Bo")) == (0.75, 0.75)
    document = result.to_dict()
    assert document["stages"][1]["ci95"]["reached"] is not None and document["ci95"]["survived"][0] < 0.5 < document["ci95"]["survived"][1]


def test_frozen_carried_states_thaw_to_what_was_carried() -> None:
    state = {"ladder": 2, "tainted": 1, "marks": [1, 2], "extra": {"a": True}}
    assert thawed(frozen(state)) == state and hash(frozen(state)) == hash(frozen(dict(reversed(state.items()))))
    with pytest.raises(TypeError):
        frozen({"set": {1}})


def test_options_as_compare_takes_them() -> None:
    options = AnalysisOptions.make(fights=500, seed=3, workers=1)
    result = chain(EXAMPLES / "chains" / "trade-road.toml", ["dsa"], options).results[0]
    assert (result.chains, result.seed, result.stopped_by, result.method) == (500, 3, "fights", "monte-carlo")
    assert result.provenance["ruleset"]["name"] == "dsa" and result.provenance["chains"] == 500


def test_a_configuration_carrying_state_stays_in_this_process() -> None:
    """A worker rebuilds a configuration from names, which would start the party fresh: one that
    carries state is not portable, so sampling and exact attempts keep it here."""
    plan = DayPlan(load_chain(EXAMPLES / "chains" / "trade-road.toml"), "dsa")
    carried = plan.first.carrying({"Knight": {"le": 12}})
    assert plan.first.portable and not carried.portable and carried.caches is not plan.first.caches
