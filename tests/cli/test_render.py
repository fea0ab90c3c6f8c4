"""Golden tables: how compare and sweep print results, their captions and their numbers."""

from __future__ import annotations

import io
from fractions import Fraction

from rich.console import Console, RenderableType

from rulebench.analysis.results import RulesetResult, Tally
from rulebench.api.analyses import Comparison
from rulebench.cli.render import comparison_casualties_table, comparison_fates_table, comparison_table, sweep_table
from rulebench.core.encounter import Encounter
from rulebench.core.outcome import EndState, Fate, FightResult, Outcome

ENCOUNTER = Encounter.model_validate(
    {"name": "Duel", "party": [{"name": "Hero"}], "enemy": {"members": [{"name": "Brute"}]}})

WIN = FightResult(Outcome.PARTY_WINS, 3, (Fate(EndState.HURT, "battered"), Fate(EndState.OUT, "down")))
LOSS = FightResult(Outcome.ENEMY_WINS, 5, (Fate(EndState.DEAD, "dead"), Fate(EndState.HURT, "battered")))
DRAW = FightResult(Outcome.WITHDRAWN, 20, (Fate(EndState.HURT, "battered"), Fate(EndState.HURT, "battered")))


def comparison(*results: RulesetResult) -> Comparison:
    """A comparison of the duel with these results."""
    return Comparison(ENCOUNTER, None, list(results))


def exact(ruleset: str) -> RulesetResult:
    tally = Tally(("Hero", "Brute"))
    tally.add(WIN, Fraction(2, 3) - Fraction(1, 10**9))
    tally.add(LOSS, Fraction(1, 3))
    tally.add(DRAW, Fraction(1, 10**9))
    return RulesetResult(ruleset, "exact", tally, 1, unit=UNITS.get(ruleset, "round"))


def sampled(ruleset: str, fights: int = 2000, wins: int | None = None) -> RulesetResult:
    tally = Tally(("Hero", "Brute"))
    wins = fights - 1 if wins is None else wins
    tally.add(WIN, wins)
    tally.add(DRAW, 1)
    if fights - wins - 1:
        tally.add(LOSS, fights - wins - 1)
    return RulesetResult(ruleset, "monte-carlo", tally, 1, fights=fights, seed=1, unit=UNITS.get(ruleset, "round"))


UNITS = {"dsa": "exchange"}
"""What the rulesets of these tests count a fight's length in, as the analysis records it."""


def shown(table: RenderableType, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(table)
    return "\n".join(line.rstrip() for line in console.file.getvalue().splitlines())  # type: ignore[attr-defined]


def test_exact_rows_with_their_unit_and_caption() -> None:
    """Two exact rows: fight length in a column per unit, a rare outcome as <0.01%, zero as ·."""
    assert shown(comparison_table(comparison(exact("ambermarch"), exact("dsa")))) == """\
                                         Duel: outcomes
ruleset     party_wins  wiped out  enemy_wins  withdrawn  party_fled  mean rounds  mean exchanges
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
ambermarch       66.7%      33.3%       33.3%     <0.01%           ·         3.67
dsa              66.7%      33.3%       33.3%     <0.01%           ·                         3.67
Exact: every possible roll counted, no sampling error.
· never happens.
What a word or sign means: rulebench explain withdrawn (or ·, or any other term)."""


def test_sampled_rows_with_their_intervals() -> None:
    """Sampled rows: a Wilson interval under each value that holds it, the run described below."""
    assert shown(comparison_table(comparison(sampled("classic"), sampled("talisman")))) == """\
                                   Duel: outcomes
ruleset     party_wins  wiped out  enemy_wins     withdrawn  party_fled  mean rounds
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
classic         99.95%          ·           ·        0.050%           ·         3.01
          99.7–99.992%    0–0.20%     0–0.20%  0.0088–0.29%     0–0.20%

talisman        99.95%          ·           ·        0.050%           ·         3.01
          99.7–99.992%    0–0.20%     0–0.20%  0.0088–0.29%     0–0.20%
Sampled: 2,000 fights per row, seed 1; 95% Wilson interval under each value.
· never happened in those fights.
What a word or sign means: rulebench explain withdrawn (or ·, or any other term)."""


def test_mixed_methods_say_so_under_each_ruleset() -> None:
    """Rows obtained differently say how under the ruleset's name."""
    assert shown(comparison_table(comparison(exact("classic"), sampled("dsa", 500)))) == """\
                                          Duel: outcomes
ruleset      party_wins  wiped out  enemy_wins   withdrawn  party_fled  mean rounds  mean exchanges
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
classic           66.7%      33.3%       33.3%      <0.01%           ·         3.67
exact

dsa               99.8%          ·           ·       0.20%           ·                         3.03
500 fights  98.8–99.97%    0–0.77%     0–0.77%  0.035–1.2%     0–0.77%
Each row says how it was obtained. Exact: every possible roll counted.
Sampled: N fights, 95% Wilson interval under each value.
· never happens (exact) or never happened in those fights (sampled).
What a word or sign means: rulebench explain withdrawn (or ·, or any other term)."""


def test_in_80_columns_no_interval_is_cut() -> None:
    """A mixed comparison, exact and sampled rows in both units, in 80 columns: one space between
    columns, the method over two lines, the widest interval broken after its dash, every number
    whole (rich alone would cut them: ``90.7–92.…``)."""
    rows = comparison(exact("classic"), sampled("dsa", 3000, wins=2753), sampled("endurance", 250, wins=249))
    text = shown(comparison_table(rows), width=80)
    assert "…" not in text and max(map(len, text.splitlines())) <= 80
    assert text == """\
                                 Duel: outcomes
                                                                  mean      mean
ruleset    party_wins wiped out enemy_wins withdrawn party_fled rounds exchanges
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
classic         66.7%     33.3%      33.3%    <0.01%          ·   3.67
exact

dsa             91.8%      8.2%       8.2%    0.033%          ·             3.17
3,000      90.7–92.7%  7.2–9.3%   7.2–9.3%   0.0058–    0–0.13%
fights                                         0.19%

endurance       99.6%         ·          ·     0.40%          ·   3.07
250       97.7–99.93%    0–1.6%     0–1.6%    0.070–     0–1.6%
fights                                          2.3%
Each row says how it was obtained. Exact: every possible roll counted.
Sampled: N fights, 95% Wilson interval under each value.
· never happens (exact) or never happened in those fights (sampled).
What a word or sign means: rulebench explain withdrawn (or ·, or any other
term)."""
    # Where there is room, the same table keeps two spaces between columns and every line whole.
    assert "  party_wins  wiped out" in shown(comparison_table(rows), width=100)


def test_fractions_short_or_expanded() -> None:
    """--fractions: a short fraction as it is, a long one as its decimal expansion."""
    assert shown(comparison_table(comparison(exact("classic")), fractions=True)) == """\
                                 Duel: outcomes
ruleset  party_wins  wiped out  enemy_wins    withdrawn  party_fled  mean rounds
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
classic   0.666666…        1/3         1/3  0.000000001           ·         3.67
Exact: every possible roll counted, no sampling error.
A fraction too long to read shows its decimal expansion (the JSON has every
fraction).
· never happens.
What a word or sign means: rulebench explain withdrawn (or ·, or any other
term)."""


def test_casualties_table() -> None:
    """What the fight cost the party: the chance anyone dies, of being wiped out, the mean deaths."""
    assert shown(comparison_casualties_table(comparison(exact("classic"), sampled("dsa", 500)))) == """\
           Duel: the party's losses
ruleset  anyone dies  wiped out  deaths (mean)
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
classic        33.3%      33.3%           0.33

dsa                ·          ·           0.00
             0–0.77%    0–0.77%
Whatever the outcome: a party that fled may
still have lost members."""


def test_fled_is_not_safe() -> None:
    """A party that fled leaving everyone who fought down is wiped out; the one who stayed out of
    the fight does not count for it, and the dead count once each."""
    fled = FightResult(Outcome.PARTY_FLED, 4, (Fate(EndState.DEAD, "dead"), Fate(EndState.OUT, "bleeding"),
                                               Fate(EndState.UNHURT, "absent"), Fate(EndState.HURT, "winded")))
    escaped = FightResult(Outcome.PARTY_FLED, 2, (Fate(EndState.HURT, "wounded"), Fate(EndState.DEAD, "dead"),
                                                  Fate(EndState.UNHURT, "absent"), Fate(EndState.UNHURT, "fresh")))
    tally = Tally(("A", "B", "Stayed home", "Wolf"))
    tally.add(fled, 3)
    tally.add(escaped, 1)
    result = RulesetResult("endurance", "monte-carlo", tally, 3, fights=4, seed=1, engaged=(True, True, False))
    assert result.outcomes["party_fled"] == 1.0
    assert result.casualties() == {"anyone_dead": 1.0, "wiped_out": 0.75, "deaths": 1.0}
    assert result.to_dict()["casualties"]["ci95"]["wiped_out"][0] < 0.75 < result.to_dict()["casualties"]["ci95"]["wiped_out"][1]


def test_fates_table() -> None:
    """Each member's end states, · for never."""
    assert shown(comparison_fates_table(comparison(exact("classic")))) == """\
     Duel: fates under classic
member  unhurt   hurt    out   dead
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Hero         ·  66.7%      ·  33.3%
Brute        ·  33.3%  66.7%      ·
· never happens.
End states: rulebench explain out."""


def test_each_unit_has_its_own_length_column() -> None:
    """Rounds and exchanges never share a column: each unit has its own, the other left empty."""
    table = comparison_table(comparison(exact("classic"), sampled("dsa", 500), exact("talisman")))
    lines = shown(table).splitlines()
    assert "mean rounds  mean exchanges" in lines[1]
    classic, dsa = (next(line for line in lines if line.startswith(name)) for name in ("classic", "dsa"))
    assert classic.endswith("3.67") and classic.index("3.67") < lines[1].index("mean exchanges")
    assert dsa.endswith("3.03") and dsa.index("3.03") > lines[1].index("mean exchanges")


def test_sweep_bars_start_in_one_column_whatever_the_number_beside_them() -> None:
    """party_wins of 99.95%, 66.7%, 0.050% and 10.0%: numbers of four widths, one column where every bar starts."""
    points = [sampled("classic", 2000, wins=1999), exact("classic"), sampled("classic", 2000, wins=1),
              sampled("classic", 2000, wins=200)]
    text = shown(sweep_table("classic: Duel", ["Brute count"], [["1"], ["2"], ["3"], ["4"]], points, False))
    rows = [line for line in text.splitlines() if line.split()[:1] in (["1"], ["2"], ["3"], ["4"])]
    assert [row.split()[1] for row in rows] == ["99.95%", "66.7%", "0.050%", "10.0%"]
    blocks = "█▉▊▋▌▍▎▏"
    starts = [min(row.index(c) for c in blocks if c in row) for row in rows if any(c in row for c in blocks)]
    assert len(starts) == 3 and len(set(starts)) == 1, text  # 0.050% is too short for an eighth of a bar
    ends = [row.index(row.split()[1]) + len(row.split()[1]) for row in rows]
    assert len(set(ends)) == 1 and ends[0] < starts[0]  # the numbers end in one column, before the bars
