"""A command's notes (rulebench/analysis/notes.py): one per cause, at most two lines of an 80-column
terminal, naming what the tables show (the values a sweep sampled at are those its rows say were sampled).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

import rulebench
from rulebench.analysis.analyse import Analysed, AnalysisOptions, Dropped
from rulebench.analysis.notes import LIMIT, Notes, ranges
from rulebench.analysis.results import RulesetResult, Tally
from rulebench.core.encounter import encounter_from_dict
from rulebench.core.i18n import _, set_language
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome
from tests.cli.cli_helpers import EXAMPLES, run

DUEL = encounter_from_dict({
    "name": "Duel",
    "party": [{"name": "Hero", "melee": 4, "armour": 1, "life": 2}],
    "enemy": {"members": [{"name": "Brute", "count": 2, "melee": 2, "armour": 1, "life": 1}]},
})
OPTIONS = AnalysisOptions.make()
OVER_BUDGET = Dropped("needs more fight states than the budget of 1,000,000 (--max-states); it had handled 1,000,010",
                      "needs more fight states than the budget of 1,000,000 (--max-states)", budget=True)
PREDICTED = Dropped("no fight had ended after 100,121 fight states", "predicted not to fit", budget=True)
EARLY = PREDICTED._replace(predicted=True)
OVER_BUDGET_TOO = Dropped("needs more fight states than the budget of 1,000,000 (--max-states); it had handled 1,000,377",
                          "needs more fight states than the budget of 1,000,000 (--max-states)", budget=True)
UNFOLLOWABLE = Dropped("a chain can go on forever", "a chain can go on forever")


@pytest.fixture(params=["en", "de"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(None if request.param == "en" else request.param)
    yield request.param
    set_language(None)


def sampled(ruleset: str = "dsa", stopped_by: str = "precision") -> RulesetResult:
    tally = Tally(("Hero", "Brute"))
    tally.add(FightResult(Outcome.PARTY_WINS, 3, (Fate(EndState.HURT, "hurt"), Fate(EndState.OUT, "out"))), 250)
    return RulesetResult(ruleset, "monte-carlo", tally, 1, fights=250, seed=1, stopped_by=stopped_by,
                         provenance={"precision": 0.01, "cap": 1_000_000})


def test_one_note_per_cause_whatever_the_reasons_counted() -> None:
    """Two rulesets dropped for the budget in full, their reasons counting differently: one note
    naming both. One dropped early, on a prediction, gets the note that says it is one."""
    notes = Notes()
    notes.add("dsa", Analysed(sampled(), OVER_BUDGET_TOO), OPTIONS)
    notes.add("endurance", Analysed(sampled("endurance"), OVER_BUDGET), OPTIONS)
    notes.add("talisman", Analysed(sampled("talisman"), EARLY), OPTIONS)
    notes.add("classic", Analysed(sampled("classic")), OPTIONS)  # sampled as asked: nothing to note
    assert notes.lines() == ["sampled where exact analysis would exceed 1,000,000 fight states (--max-states): dsa, endurance",
                             "sampled where exact analysis would likely exceed 1,000,000 fight states (--max-states): talisman"]


def test_each_cause_its_own_note_in_the_tables_words() -> None:
    """A run stopped at its cap says so in the percentage points of the table's caption."""
    notes = Notes()
    notes.add("dsa", Analysed(sampled(stopped_by="cap"), UNFOLLOWABLE), OPTIONS)
    assert notes.lines() == [
        "sampled where exact analysis cannot follow the fight (a chain can go on forever): dsa",
        "stopped at the cap of 1,000,000 fights, with intervals wider than ±1 percentage points: dsa",
    ]


def test_the_tours_sweep_note_keeps_its_values_in_two_lines(lang: str) -> None:
    """The README's sweep: dsa and endurance sampled at every value, talisman at three; in English
    and German the note, its prefix included, names them all within two 80-column lines."""
    notes = Notes("enemy.members[0].count")
    for value in range(1, 9):
        for ruleset in ("dsa", "endurance") + (("talisman",) if value > 5 else ()):
            notes.add(ruleset, Analysed(sampled(ruleset), PREDICTED), OPTIONS, at=value)
    [line] = notes.lines()
    assert line.endswith("dsa, endurance (enemy.members[0].count = 1–8), talisman (6–8)")
    assert len(_("note: {message}").format(message=line)) <= 160 and len(line) <= LIMIT


def test_a_sweep_note_names_the_values_as_runs() -> None:
    notes = Notes("enemy.members[0].count")
    for value in range(1, 9):
        notes.add("dsa", Analysed(sampled(), PREDICTED), OPTIONS, at=value)
        notes.add("endurance", Analysed(sampled("endurance"), OVER_BUDGET if value % 2 else PREDICTED), OPTIONS, at=value)
    for value in (6, 7, 8):
        notes.add("talisman", Analysed(sampled("talisman"), PREDICTED), OPTIONS, at=value)
    assert notes.lines() == ["sampled where exact analysis would exceed 1,000,000 fight states (--max-states): "
                             "dsa, endurance (enemy.members[0].count = 1–8), talisman (6–8)"]
    assert ranges([1, 2, 3, 5, 7, 8]) == "1–3, 5, 7, 8"


def test_notes_fit_two_lines_however_much_they_name(lang: str) -> None:
    """Ten labelled rows at scattered values: the values go first, then all but three names."""
    notes = Notes("enemy.members[0].count")
    for ruleset in ("ambermarch", "classic", "dsa", "endurance", "talisman"):
        for tactics in ("default", "cautious"):
            for value in (1, 3, 5, 7, 9, 11):
                notes.add(f"{ruleset} · {tactics}", Analysed(sampled(ruleset, "cap"), PREDICTED), OPTIONS, at=value)
    lines = notes.lines()
    assert len(lines) == 2 and all(len(_("note: {message}").format(message=line)) <= 160 for line in lines), lines
    for line in lines:  # as many of the first names as fit, and how many more
        found = re.search(r": ambermarch · default(, ambermarch · cautious)?(, classic · default)? (and|und) (\d+) (more|weitere)$", line)
        assert found and int(found[4]) == 10 - 1 - sum(1 for group in found.groups()[:2] if group), line


def test_the_report_says_each_cause_once_for_its_comparison_sweep_and_balance() -> None:
    """The comparison at the encounter as written, the sweep and the balance: one note, the values merged."""
    comparison, sweep, balance = Notes(), Notes("enemy.members[0].count"), Notes("enemy.members[0].count")
    comparison.add("dsa", Analysed(sampled(), PREDICTED), OPTIONS)
    for value in (1, 2, 3):
        sweep.add("dsa", Analysed(sampled(), PREDICTED), OPTIONS, at=value)
    balance.add("dsa", Analysed(sampled(), OVER_BUDGET), OPTIONS, at=4)
    merged = Notes("enemy.members[0].count")
    for part in (comparison, sweep, balance):
        merged.merge(part)
    assert merged.lines() == ["sampled where exact analysis would exceed 1,000,000 fight states (--max-states): "
                              "dsa (enemy.members[0].count = 1–4, as written)"]


def test_a_sweep_names_exactly_the_values_its_rows_sampled() -> None:
    """Consistent with the numbers printed: the budget splits the sweep, and the note's values are
    the values whose rows say they were sampled."""
    for budget in (50, 100, 200, 400, 800, 1600, 3200):
        swept = rulebench.sweep(DUEL, "enemy.members[0].count=1..6", ["classic"], max_states=budget, workers=1)
        sampled_at = [v for v, r in zip(swept.vary.values, swept.points["classic"]) if r.method != "exact"]
        if 0 < len(sampled_at) < 6:
            break
    else:
        raise AssertionError("no budget splits the sweep into exact and sampled values")
    assert swept.notes == [f"sampled where exact analysis would likely exceed {budget:,} fight states (--max-states): "
                           f"classic (enemy.members[0].count = {ranges(sampled_at)})"]


def test_the_command_prints_each_note_once() -> None:
    result = run("compare", EXAMPLES / "ogre-duel.toml", "-r", "classic", "-r", "talisman", "--max-states", "5", "--workers", "1")
    assert result.exit_code == 0, result.stderr
    notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
    assert notes == ["note: sampled where exact analysis would likely exceed 5 fight states (--max-states): classic, talisman"]
