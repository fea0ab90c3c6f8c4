"""A day solved exactly (analysis/chain_exact.py): one stage is ``compare``'s exact answer for that
encounter, fraction for fraction; two stages agree with sampled days in every ruleset; the
automatic choice samples a day that does not fit, ``--exact`` refuses it, ``-n`` samples."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from rulebench.analysis.chain_exact import solve_day
from rulebench.analysis.chain_play import DayPlan
from rulebench.analysis.results import wilson
from rulebench.api.analyses import compare
from rulebench.api.chains import chain
from rulebench.cli.app import app
from rulebench.core.chain_file import ChainFile, chain_from_dict, load_chain
from rulebench.core.encounter import read_toml
from rulebench.core.errors import BadInput

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
SMALL_DAY = ROOT / "tests" / "chains" / "small-day.toml"
RULESETS = ["ambermarch", "classic", "dsa", "endurance", "talisman"]
Z = 4.0
"""Intervals of about 99.99%: a test compares a dozen chances per ruleset, and must not fail by chance."""


def one_stage(encounter: str) -> ChainFile:
    """A chain of one stage: the encounter's party and the encounter itself."""
    data = read_toml(EXAMPLES / encounter, encounter)
    return chain_from_dict({"name": "one", "party": data["party"], "stage": [{"file": encounter}]}, "one.toml", EXAMPLES)


@pytest.mark.parametrize(("ruleset", "encounter"), [
    ("ambermarch", "ogre-duel.toml"), ("classic", "talisman-rivals.toml"), ("dsa", "dsa-orc-duel.toml"),
    ("endurance", "ogre-duel.toml"), ("talisman", "ogre-duel.toml"),
])
def test_a_day_of_one_stage_is_compares_exact_answer(ruleset: str, encounter: str) -> None:
    """Fractions equal: the stage's outcomes, deaths and wipe-outs are compare's outcomes and
    casualties, and each member's survival is his chance not to die."""
    day = solve_day(DayPlan(one_stage(encounter), ruleset), fractions=True)
    fought = compare(EXAMPLES / encounter, [ruleset], exact=True, fractions=True, workers=1).results[0]
    assert day.method == fought.method == "exact" and day.rounding is None
    stage = day.stage(0)
    assert all(isinstance(p, Fraction) for p in stage["outcomes"].values())
    assert stage["outcomes"] == fought.outcomes
    casualties = fought.casualties()
    assert stage["deaths"] == casualties["deaths"] and stage["wiped_out"] == casualties["wiped_out"]
    for member, fates in zip(day.members, fought.fates()):
        assert day.member_survived(member) == 1 - fates["dead"]


def chances(day: Any) -> dict[str, float]:
    """Every chance a day reports, by name."""
    found = {"survived": day.survived(), **{f"member {name}": day.member_survived(name) for name in day.members}}
    for index in range(len(day.stages)):
        figures = day.stage(index)
        found |= {f"stage {index} {key}": figures[key] for key in ("reached", "won", "wiped_out", "finished")}
    return {key: float(value) for key, value in found.items()}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_exact_day_agrees_with_sampled_days(ruleset: str) -> None:
    """The small day of two stages, carried state and rest between: every exact chance lies in the
    sampled days' interval, and the party's ways through the day add up to 1."""
    exact = chain(SMALL_DAY, [ruleset], exact=True, workers=1).results[0]
    sampled = chain(SMALL_DAY, [ruleset], fights=4_000, seed=11, workers=1).results[0]
    assert exact.method == "exact" and sampled.method == "monte-carlo"
    assert exact.rounding is not None and exact.rounding < 1e-9
    assert abs(float(exact.tally.total) - 1) < 1e-9
    assert all(0 <= p <= 1 for p in chances(exact).values())
    assert exact.states is not None and 0 < exact.states <= exact.provenance["max_states"]
    assert exact.provenance["states"] == exact.states and exact.provenance["method"] == "exact"
    second = exact.stage(1)
    assert 0 < second["reached"] < 1 or 0 < second["won"] < second["reached"]  # the second stage decides something
    n = int(sampled.tally.total)
    for name, p in chances(sampled).items():
        low, high = wilson(round(p * n), n, Z)
        assert low - 1e-12 <= chances(exact)[name] <= high + 1e-12, name


def test_exact_in_floating_point_is_the_fractions_within_its_bound() -> None:
    """Talisman's day: the floating-point figures differ from the exact fractions by less than the
    rounding bound reported."""
    plan = DayPlan(load_chain(SMALL_DAY), "talisman")
    floats, fractions = solve_day(plan), solve_day(plan, fractions=True)
    assert floats.rounding is not None
    for name, p in chances(fractions).items():
        assert abs(chances(floats)[name] - p) <= floats.rounding + 1e-15, name


def test_a_day_that_does_not_fit_is_sampled_or_refused() -> None:
    """A budget too small: the automatic choice samples and says why, ``exact=True`` refuses
    naming the ruleset and the budget, and a count of days samples without trying."""
    day = chain(SMALL_DAY, ["talisman"], max_states=50, fights=None, workers=1)
    result = day.results[0]
    assert result.method == "monte-carlo" and result.to_dict()["method"] == "monte-carlo"
    assert any("talisman: sampled, since the day does not fit exact analysis" in note for note in day.notes)
    with pytest.raises(BadInput, match=r"--exact: talisman on the day 'A small day': .*budget of 50"):
        chain(SMALL_DAY, ["talisman"], max_states=50, exact=True, workers=1)
    counted = chain(SMALL_DAY, ["talisman"], fights=200, workers=1)
    assert counted.results[0].method == "monte-carlo" and counted.results[0].chains == 200 and not counted.notes
    solved = chain(SMALL_DAY, ["talisman"], workers=1)
    assert solved.results[0].method == "exact" and solved.results[0].to_dict()["provenance"]["method"] == "exact"


def test_the_command_solves_refuses_and_samples() -> None:
    """``rulebench chain``: JSON ``method`` says which; ``--exact`` over the budget exits 2 with
    the reason and no traceback."""
    runner = CliRunner()
    solved = runner.invoke(app, ["chain", str(SMALL_DAY), "-r", "classic", "--json", "--workers", "1"])
    assert solved.exit_code == 0, solved.output
    document = json.loads(solved.stdout)
    assert document["results"][0]["method"] == "exact" and document["results"][0]["ci95"] is None
    fractions = runner.invoke(app, ["chain", str(SMALL_DAY), "-r", "classic", "--json", "--exact", "--fractions", "--workers", "1"])
    assert fractions.exit_code == 0, fractions.output
    survived = json.loads(fractions.stdout)["results"][0]["survived"]
    assert isinstance(survived, str) and "/" in survived
    table = runner.invoke(app, ["chain", str(SMALL_DAY), "-r", "classic", "--workers", "1"])
    assert table.exit_code == 0, table.output
    assert "Exact: every way the day can go counted" in table.stdout and "Wilson" not in table.stdout
    refused = runner.invoke(app, ["chain", str(SMALL_DAY), "-r", "classic", "--exact", "--max-states", "20"])
    assert refused.exit_code == 2
    assert "--exact: classic on the day 'A small day': stage 1: needs more fight states than the budget of 20" in refused.output
    assert "Traceback" not in refused.output
    sampled = runner.invoke(app, ["chain", str(SMALL_DAY), "-r", "classic", "--json", "-n", "300", "--workers", "1"])
    assert sampled.exit_code == 0, sampled.output
    assert json.loads(sampled.stdout)["results"][0]["method"] == "monte-carlo"
