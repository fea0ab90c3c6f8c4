"""The odds through a fight: each outcome's chance from the fight's own state, round by round."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import rulebench.api.odds as odds_module
from rulebench import Fight, PluginInfo, hookimpl
from rulebench.analysis.analyse import AnalysisOptions, Dropped, Solved, attempt
from rulebench.analysis.from_state import analyse_from, play_states, sample_from, state_after
from rulebench.analysis.results import wilson
from rulebench.api.analyses import compare
from rulebench.api.forked import compare_from
from rulebench.api.narrated_fight import fight
from rulebench.api.odds import fight_odds
from rulebench.core.discovery import discover
from rulebench.core.errors import BadInput
from rulebench.core.fight import Snapshot
from rulebench.core.outcome import OUTCOMES

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
RIVALS = EXAMPLES / "talisman-rivals.toml"
WIGHTS = EXAMPLES / "crypt-wights.toml"
AM1 = EXAMPLES / "am-1.toml"
SKELETONS = EXAMPLES / "skeleton-guards.toml"
AM1_DICE = "4,6,2,3,5,2,6,2,1,4,5,4,6,3,5,6,4,1,2,3,4"
Z999 = 3.290526731491926  # a 99.9% interval: the check below runs over a dozen outcomes and states


@pytest.mark.parametrize(("encounter", "ruleset", "seed"), [(RIVALS, "talisman", 3), (WIGHTS, "classic", 3)])
def test_the_odds_at_the_start_are_compares_answer(encounter: Path, ruleset: str, seed: int) -> None:
    odds = fight_odds(fight(encounter, ruleset, seed=seed))
    compared = compare(encounter, [ruleset]).results[0]
    assert compared.method == "exact" and odds.at(0).method == "exact"
    for outcome, p in compared.outcomes.items():
        assert odds.at(0).outcomes[outcome] == pytest.approx(float(p), abs=1e-12)


@pytest.mark.parametrize(("encounter", "ruleset", "seed"), [(RIVALS, "talisman", 3), (WIGHTS, "classic", 5), (AM1, "ambermarch", 1)])
def test_after_the_last_round_the_outcome_that_happened_is_certain(encounter: Path, ruleset: str, seed: int) -> None:
    record = fight(encounter, ruleset, seed=seed)
    odds = fight_odds(record)
    assert len(odds.points) == record.result.rounds + 1
    last = odds.points[-1]
    assert last.outcomes[record.result.outcome.value] == 1
    assert sum(last.outcomes.values()) == pytest.approx(1)


def test_a_scripted_fight_has_its_odds_too() -> None:
    """The seed's worked example, from its script alone: the odds replay the same dice."""
    record = fight(AM1, "ambermarch", dice=AM1_DICE)
    odds = fight_odds(record)
    assert [p.number for p in odds.points] == list(range(record.result.rounds + 1))
    assert odds.points[-1].outcomes[record.result.outcome.value] == 1


def test_sampled_from_a_state_agrees_with_exact_from_it() -> None:
    record = fight(RIVALS, "talisman", seed=3)
    exact = fight_odds(record)
    sampled = fight_odds(record, exact=False, fights=3000)
    assert sampled.methods == {"sampled"} and exact.methods == {"exact"}
    for e, s in zip(exact.points[:-1], sampled.points):
        assert s.fights == 3000 and s.ci95 is not None
        for outcome in (o.value for o in OUTCOMES):
            low, high = wilson(round(s.outcomes[outcome] * 3000), 3000, Z999)
            assert low <= e.outcomes[outcome] <= high, (e.number, outcome)


def test_a_state_too_big_for_the_budget_is_sampled_and_said_so() -> None:
    record = fight(RIVALS, "talisman", seed=3)
    odds = fight_odds(record, max_states=50, fights=500)
    assert "sampled" in odds.methods
    entry = next(p.to_dict() for p in odds.points if p.method == "sampled")
    assert set(entry) == {"round", "method", "party_wins", "enemy_wins", "withdrawn", "party_fled", "ci95", "fights"}
    assert entry["ci95"]["party_wins"][0] <= entry["party_wins"] <= entry["ci95"]["party_wins"][1]


def test_the_states_before_the_last_that_does_not_fit_are_sampled_without_an_attempt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Exact attempts run from the last state backwards and stop at the first that gives up; the
    states before it are sampled without one, each saying why, whatever the number of workers."""
    record = fight(SKELETONS, "endurance", seed=1)
    states = play_states(record.config, record.new_roller()).states
    attempted: list[Snapshot | None] = []

    def counted(config: object, options: AnalysisOptions, start: Snapshot | None = None) -> Solved:
        attempted.append(start)
        return attempt(record.config, options, start)

    monkeypatch.setattr(odds_module, "attempt", counted)
    odds = fight_odds(record, fights=100, workers=1)
    methods = [p.method for p in odds.points]
    given_up = methods.count("sampled") - 1
    assert methods == ["sampled"] * (given_up + 1) + ["exact"] * (len(states) - given_up - 1)
    assert given_up >= 1 and "exact" in methods  # the fight has both, and more than one sampled point
    assert attempted == list(reversed(states[given_up:]))
    own = attempt(record.config, AnalysisOptions(), states[given_up])
    assert isinstance(own, Dropped) and odds.at(given_up).dropped == own.reason
    for point in odds.points[:given_up]:
        assert point.dropped is not None and point.dropped.startswith("not attempted")
        assert f"round {given_up}" in point.dropped and own.gist in point.dropped
    assert all(p.dropped is None for p in odds.points[given_up + 1:])
    again = analyse_from(record.config, states[0], AnalysisOptions(exact=False, fights=100), "1:odds:0").result
    assert odds.at(0).outcomes == {o.value: float(again.outcomes[o.value]) for o in OUTCOMES}
    assert fight_odds(record, fights=100, workers=2).points == odds.points


def test_the_turning_point_is_the_round_that_moved_the_party_most() -> None:
    record = fight(RIVALS, "talisman", seed=3)
    odds = fight_odds(record)
    turning = odds.turning_point()
    assert turning is not None
    moves = [abs(b.party_wins - a.party_wins) for a, b in zip(odds.points, odds.points[1:])]
    assert moves[turning.number - 1] == max(moves)
    assert (turning.before, turning.after) == (odds.at(turning.number - 1).party_wins, odds.at(turning.number).party_wins)
    rolls = [e["text"] for e in record.events if e.get("kind") == "roll" and e.get("round") == turning.number]
    assert list(turning.rolls) == rolls and rolls


def test_sampling_from_a_state_reproduces_and_starts_there() -> None:
    record = fight(RIVALS, "talisman", seed=3)
    state = state_after(record.config, record.new_roller(), 2)
    a = sample_from(record.config, state, 300, "x")
    b = sample_from(record.config, state, 300, "x")
    assert a == b
    assert min(a.rounds) > 2  # every fight goes on from round 2's end


def test_analysis_from_a_state_is_marked_and_counts_from_round_one() -> None:
    record = fight(RIVALS, "talisman", seed=3)
    played = play_states(record.config, record.new_roller())
    done = analyse_from(record.config, played.after(1), AnalysisOptions())
    assert done.result.method == "exact"
    assert min(done.result.rounds_distribution) >= 2
    assert math.isclose(sum(float(p) for p in done.result.outcomes.values()), 1)


def test_a_round_beyond_the_fights_end_is_refused() -> None:
    record = fight(RIVALS, "talisman", seed=3)
    with pytest.raises(BadInput, match="ends after round"):
        state_after(record.config, record.new_roller(), record.result.rounds + 1)
    with pytest.raises(BadInput, match="0 \\(the start\\) or more"):
        state_after(record.config, record.new_roller(), -1)


class _Counter:
    """A modifier plugin keeping a count of its own in the fight state."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo("counter", "modifier", "Counter", "counts rounds in a state key of its own", default=False)

    @hookimpl
    def rulebench_setup(self, fight: Fight) -> None:
        fight.vars["counted"] = 0


def test_a_plugin_with_state_of_its_own_cannot_take_over_a_fork() -> None:
    catalog = discover(extra=[("counter", _Counter())])
    with pytest.raises(BadInput, match="keep fight state of their own"):
        compare_from(RIVALS, ["talisman"], 1, seed=3, options=AnalysisOptions(plugins=("counter",)), catalog=catalog)
    plain = compare_from(RIVALS, ["talisman"], 1, seed=3, catalog=catalog)
    assert plain.comparison.results[0].method == "exact"
