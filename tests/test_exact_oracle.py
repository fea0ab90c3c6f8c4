"""The exact solver against a brute-force oracle on tiny encounters (issue #7).

``tests/exact_oracle.py`` plays every fight die by die, merging nothing but the states rounds end
in, down to paths of probability 10^-15. Hypothesis chooses tiny encounters for each built-in
ruleset and for the third-party ``skirmish``; the solver's tally (outcomes, fight lengths, every
combatant's end state and condition) must equal the oracle's exactly where the oracle left nothing
out, and where it did, each probability must lie between the oracle's and the oracle's plus what
it left out, which must be below 10^-9 (in practice it stays below 10^-12, but for the dsa
roll-off's 10^-11).

Brute force pays for every face of every die, so the encounters are tiny (``tiny_encounters.py``
says how each ruleset's are made small while still playing its real rules).
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

import pytest
from exact_oracle import CutOff, OracleResult, OracleRoller, ReplayError, oracle  # tests/ is on sys.path under pytest
from hypothesis import HealthCheck, given, settings
from tiny_encounters import CASES, ENCOUNTERS, Shape

from rulebench.analysis.exact import solve
from rulebench.analysis.results import RulesetResult
from rulebench.core.assembly import configure
from rulebench.core.dice import Dice
from rulebench.core.encounter import Encounter, encounter_from_dict
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome

MAX_LEFT_OUT = Fraction(1, 10**9)
"""The most probability the oracle may leave out and still count as agreeing."""

MAX_PATHS = 300_000
"""A tiny encounter has at most some tens of thousands of paths (about 10 µs each); one with more
means a strategy below went wrong, and failing says so sooner than a hung test."""

Tallied = tuple[dict[str, Fraction], dict[int, Fraction], list[dict[tuple[str, str], Fraction]]]
"""Outcomes, fight lengths, and per combatant the probability of each end state and condition."""


# -- comparing -------------------------------------------------------------------------------------
def _tally_of(results: dict[FightResult, Fraction]) -> Tallied:
    """The oracle's results summed up the way a tally sums them, without using ``Tally``."""
    outcomes: defaultdict[str, Fraction] = defaultdict(Fraction)
    rounds: defaultdict[int, Fraction] = defaultdict(Fraction)
    fates: list[defaultdict[tuple[str, str], Fraction]] = []
    for result, p in results.items():
        outcomes[result.outcome.value] += p
        rounds[result.rounds] += p
        fates += [defaultdict(Fraction) for _ in range(len(result.fates) - len(fates))]
        for counts, fate in zip(fates, result.fates):
            counts[("state", fate.state.value)] += p
            counts[("condition", fate.condition)] += p
    return dict(outcomes), dict(rounds), [dict(f) for f in fates]


def _tally_of_solve(result: RulesetResult) -> Tallied:
    """The solver's tally in the same shape, zero entries dropped."""
    t = result.tally
    fates = [
        {
            **{("state", k): Fraction(v) for k, v in states.items() if v},
            **{("condition", k): Fraction(v) for k, v in conditions.items() if v},
        }
        for states, conditions in zip(t.fates, t.conditions)
    ]
    return (
        {k: Fraction(v) for k, v in t.outcomes.items() if v},
        {k: Fraction(v) for k, v in t.rounds.items() if v},
        fates,
    )


def _pairs(exact: Tallied, brute: Tallied) -> list[tuple[str, Fraction, Fraction]]:
    """Every entry of either tally as (where, solver's probability, oracle's probability)."""
    parts: list[tuple[str, dict[Any, Fraction], dict[Any, Fraction]]] = [
        ("outcome", exact[0], brute[0]),
        ("rounds", exact[1], brute[1]),
    ]
    parts += [(f"combatant {i}", mine, theirs) for i, (mine, theirs) in enumerate(zip(exact[2], brute[2], strict=True))]
    return [
        (f"{where} {key}", solver.get(key, Fraction(0)), found.get(key, Fraction(0)))
        for where, solver, found in parts
        for key in solver.keys() | found.keys()
    ]


def assert_agrees_with_oracle(encounter: Encounter, ruleset: str) -> OracleResult:
    """The solver's tally equals the oracle's, or lies within what the oracle left out (< 10^-9)."""
    config = configure(encounter, ruleset)
    found = oracle(config, max_paths=MAX_PATHS)
    assert sum(found.results.values()) + found.left_out == 1
    assert found.left_out < MAX_LEFT_OUT, f"the oracle left out {float(found.left_out):.3g}"
    exact, brute = _tally_of_solve(solve(config)), _tally_of(found.results)
    if not found.left_out:
        assert exact == brute
    for where, p_solver, p_oracle in _pairs(exact, brute):
        assert p_oracle <= p_solver <= p_oracle + found.left_out, (
            f"{where}: solver {p_solver} ({float(p_solver):.6g}), oracle {p_oracle} ({float(p_oracle):.6g})"
            f" + left out {float(found.left_out):.3g}"
        )
    return found


# -- the tests -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ruleset", "shape", "examples"), [pytest.param(*case, id=f"{case[0]}-{case[1][0]}v{case[1][1]}") for case in CASES]
)
def test_solver_equals_oracle_on_tiny_encounters(ruleset: str, shape: Shape, examples: int) -> None:
    @given(ENCOUNTERS[ruleset](shape))
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def check(encounter: Encounter) -> None:
        assert_agrees_with_oracle(encounter, ruleset)

    check()


def test_third_party_skirmish_agrees_with_the_oracle() -> None:
    """A fixed duel under the example plugin ruleset, worked out by hand as well.

    The hero (speed 3) strikes first and never misses (1d6 + 4 against 4 + armour 1); the ogre
    hits on 3 or more (1d6 + 2 against 5), with 3 hit points against the hero's 2. The ogre falls
    at the hero's third blow, in round 3, unless his own two blows of rounds 1 and 2 both hit.
    """
    data = {
        "name": "tiny skirmish",
        "mode": "melee",
        "party": [{"name": "Hero", "melee": 4, "armour": 1, "body": 3, "speed": 3, "life": 2}],
        "enemy": {"members": [{"name": "Ogre", "melee": 2, "armour": 1, "body": 4, "speed": 1, "life": 3}]},
    }
    found = assert_agrees_with_oracle(encounter_from_dict(data), "skirmish")
    assert found.left_out == 0
    fresh, bloodied = Fate(EndState.UNHURT, "fresh"), Fate(EndState.HURT, "bloodied")
    slain = Fate(EndState.DEAD, "slain")
    assert found.results == {
        FightResult(Outcome.PARTY_WINS, 3, (fresh, slain)): Fraction(1, 9),
        FightResult(Outcome.PARTY_WINS, 3, (bloodied, slain)): Fraction(4, 9),
        FightResult(Outcome.ENEMY_WINS, 2, (slain, bloodied)): Fraction(4, 9),
    }


ROLL_OFF = {
    "name": "a dsa roll-off",
    "mode": "melee",
    "party": [{"name": "P0", "melee": 2}],
    "enemy": {"members": [{"name": "E0", "melee": 2}]},
    "tactics": {"round": [{"retreat": True}]},
}
"""A duel without surprise, so the pair rolls 1d100 + reaction for the initiative (docs/rules/dsa.md
step 2), and the party flees after exchange 1. The enemy's reaction is 98 higher: the member
holds it only on 100 against 1; 99-1 and 100-2 are ties and roll again; the enemy holds on the
other 9,997 pairs, attacks at AT 0 without a die and lets the party go. So the roll-off is
enumerated in full (70,000 paths for three rounds of it) while what follows stays small."""


@pytest.mark.parametrize(
    ("member", "enemy"),
    [
        ({"at": 1, "pa": 0, "dodge": 0, "tp": "2"}, {"pa": 0, "dodge": 0, "le": 10}),
        ({"at": 1, "pa": 0, "dodge": 0, "tp": "1"}, {"pa": 1, "dodge": 1, "le": 11}),
    ],
    ids=["hit-fells", "parry-and-hurt"],
)
def test_dsa_initiative_roll_off(member: dict[str, Any], enemy: dict[str, Any]) -> None:
    """The roll-off's ties repeat without bound; the oracle walks three rounds of them.

    In the first case the member wins only if he holds the initiative (1 in 9,998 of the decided
    roll-offs) and then hits at AT 1 (1 in 20), which fells the enemy at LE 10.
    """
    overrides = {"P0": {"reaction": 0, "le": 10, "rs": 0, **member},
                 "E0": {"reaction": 98, "at": 0, "rs": 0, "tp": "1", **enemy}}
    encounter = encounter_from_dict({**ROLL_OFF, "overrides": {"dsa": overrides}})
    found = assert_agrees_with_oracle(encounter, "dsa")
    assert 0 < found.left_out < Fraction(1, 10**10)
    if enemy["le"] == 10:
        wins = Fraction(1, 9998 * 20)
        outcomes = solve(configure(encounter, "dsa")).outcomes
        assert {k: p for k, p in outcomes.items() if p} == {"party_wins": wins, "party_fled": 1 - wins}


# -- the oracle itself -----------------------------------------------------------------------------
def test_roller_enumerates_every_die_of_a_sum_separately() -> None:
    roller = OracleRoller(10**15)
    assert not hasattr(roller, "branch")  # so Fight.chain plays chains die by die
    two_d6 = Dice.parse("2d6+1")
    roller.begin(())
    assert roller.roll(two_d6) == 3
    assert roller.last_faces == (1, 1)
    assert roller.probability == Fraction(1, 36)
    assert sorted(roller.siblings()) == sorted(
        [((face, 6),) for face in range(2, 7)] + [((1, 6), (face, 6)) for face in range(2, 7)]
    )
    roller.begin(((4, 6), (6, 6)))
    assert roller.roll(two_d6) == 11
    assert list(roller.siblings()) == []  # pushed by the path that first rolled those dice
    roller.begin(((2, 6), (3, 4)))
    assert roller.roll(Dice.parse("1d6-1d4")) == -1
    assert roller.roll(Dice.constant(5)) == 5  # no die
    assert roller.probability == Fraction(1, 24)


def test_roller_cuts_a_path_off_before_a_die_that_would_pass_the_threshold() -> None:
    roller = OracleRoller(100)
    roller.begin(())
    roller.die(6)
    roller.die(6)
    with pytest.raises(CutOff):
        roller.die(3)  # 108 > 100
    assert roller.probability == Fraction(1, 36)  # what the oracle leaves out for this path
    roller.die(2)  # 72 is still allowed
    assert len(list(roller.siblings())) == 5 + 5 + 1


def test_roller_refuses_a_replay_that_asks_for_other_dice() -> None:
    roller = OracleRoller(10**15)
    roller.begin(((3, 6),))
    with pytest.raises(ReplayError):
        roller.die(8)


def test_oracle_cut_off_by_hand() -> None:
    """A duel that repeats while both miss (1 in 36 a round) until the 30-round cap: every result
    the oracle finds, and what it leaves out, worked out by hand.

    Both hit on 2 or more (1d6 + 2 against 4) with one hit point each; the party strikes first.
    Round r ends in a party win with probability 5/6 * 36^(1-r), in an enemy win with 5/36 *
    36^(1-r). After 9 rounds of misses a path has probability 36^-9; the member's d6 in round 10
    keeps it above 10^-15, the enemy's would not: the oracle leaves out 36^-9 / 6.
    """
    member = {"melee": 2, "armour": 0, "speed": 2, "life": 1}
    data = {
        "name": "misses",
        "mode": "melee",
        "party": [{"name": "P0", **member}],
        "enemy": {"members": [{"name": "E0", **member}]},
    }
    found = oracle(configure(encounter_from_dict(data), "skirmish"))
    unhurt, slain = Fate(EndState.UNHURT, "fresh"), Fate(EndState.DEAD, "slain")
    wins = {FightResult(Outcome.PARTY_WINS, r, (unhurt, slain)): Fraction(5, 6) / 36 ** (r - 1) for r in range(1, 11)}
    losses = {FightResult(Outcome.ENEMY_WINS, r, (slain, unhurt)): Fraction(5, 36) / 36 ** (r - 1) for r in range(1, 10)}
    expected = wins | losses
    assert found.results == expected
    assert found.left_out == Fraction(1, 6 * 36**9)
    assert sum(found.results.values()) + found.left_out == 1
    assert found.paths == 9 * 10 + 6  # 5 party wins and 5 enemy wins a round; at round 10 one path is cut


def test_merging_the_states_rounds_end_in_changes_nothing_but_the_paths_played() -> None:
    """Paths that end a round in one state go on alike, so the oracle walks what follows once
    (``exact_oracle.py``): the same results and the same left out as walking every path to its
    end, in a talisman duel of up to three rounds (one life against two, 36 paths a round) and in a
    skirmish duel whose misses repeat until the cut-off, for far fewer paths."""
    talisman = {
        "name": "three rounds", "mode": "melee",
        "party": [{"name": "P0", "melee": 2}], "enemy": {"members": [{"name": "E0", "melee": 2}]},
        "overrides": {"talisman": {"P0": {"strength": 3, "lives": 1, "round_cap": 3},
                                   "E0": {"strength": 4, "lives": 2, "round_cap": 3}}},
    }
    member = {"melee": 2, "armour": 0, "speed": 2}
    skirmish = {
        "name": "misses", "mode": "melee",
        "party": [{"name": "P0", **member, "life": 2}], "enemy": {"members": [{"name": "E0", **member, "life": 1}]},
    }
    for data, ruleset in ((talisman, "talisman"), (skirmish, "skirmish")):
        config = configure(encounter_from_dict(data), ruleset)
        merged, whole = oracle(config), oracle(config, merge=False)
        assert merged.results == whole.results and merged.left_out == whole.left_out, ruleset
        assert merged.paths * 10 < whole.paths, ruleset  # 176 against 4,936; 181 against 2,121
    assert merged.left_out > 0  # the skirmish's misses were cut off, and cut off alike


def test_oracle_uses_no_shortcut_of_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """With sums' distributions and the chains' exact solution gone, the oracle still works: it
    rolls every die of a sum (classic's 2d2 + 1 KS) and every die of a chain (dsa's attack and
    parry, the critical-hit d20 and d100)."""

    def gone(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the oracle used a shortcut of the solver")

    monkeypatch.setattr(Dice, "distribution", gone)
    monkeypatch.setattr(Dice, "probabilities", gone)
    monkeypatch.setattr("rulebench.analysis.exact.roller.absorption", gone)
    monkeypatch.setattr("rulebench.core.dice.notation.margin_distribution", gone)
    classic = {
        "name": "sums", "mode": "melee",
        "party": [{"name": "P0"}], "enemy": {"members": [{"name": "E0"}]},
        "overrides": {"classic": {"P0": {"melee_ks": "2d2+1"}, "E0": {"melee_ks": "1d3+1"}}},
    }
    dsa = {
        "name": "chains", "mode": "melee", "surprise": "party", "tactics": {"round": [{"retreat": True}]},
        "party": [{"name": "P0"}], "enemy": {"members": [{"name": "E0"}]},
        "overrides": {"dsa": {"P0": {"at": 1, "tp": "2"}, "E0": {"at": 0, "pa": 1, "dodge": 0, "le": 10, "rs": 0}}},
    }
    for data, ruleset, paths in ((classic, "classic", 4 * 3), (dsa, "dsa", 19 + 19 * 119)):
        found = oracle(configure(encounter_from_dict(data), ruleset))
        assert sum(found.results.values()) + found.left_out == 1
        assert found.paths >= paths
