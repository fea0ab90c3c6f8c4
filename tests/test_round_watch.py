"""How a step's use of the round number is watched (``analysis/exact/round_watch.py``), so exact analysis
reuses a step in exactly the rounds where it would play the same."""

from __future__ import annotations

import operator

from hypothesis import given
from hypothesis import strategies as st

from rulebench.analysis.exact.round_watch import RoundWatch, WatchedDecision
from rulebench.core.scripted_tactics import ScriptedTactics
from rulebench.core.values import Decision

OPERATORS = (operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge)

comparisons = st.lists(st.tuples(st.sampled_from(OPERATORS), st.integers(0, 3), st.integers(0, 12)), max_size=6)


@given(base=st.integers(0, 10), made=comparisons)
def test_window_holds_exactly_where_the_comparisons_come_out_the_same(base: int, made: list) -> None:  # type: ignore[type-arg]
    watch = RoundWatch()
    watch.begin(base)
    number = watch.number(base)
    answers = [op(number + offset, other) for op, offset, other in made]
    low, high, holes = watch.window()
    for start in range(20):
        same = all(op(start + offset, other) == answer for (op, offset, other), answer in zip(made, answers))
        assert (low <= start <= high and start not in holes) == same, (start, made)


def test_counting_on_from_the_round_keeps_the_step_reusable() -> None:
    watch = RoundWatch()
    watch.begin(4)
    number = watch.number(4)
    assert watch.store(number + 1) == 5
    assert number + 1 - number == 1
    assert not watch.opaque and watch.window() == (0, 1 << 62, frozenset())


def test_other_uses_of_the_round_make_the_step_opaque() -> None:
    for use in (str, hash, lambda n: n * 2, lambda n: list(range(9))[n], lambda n: f"{n}"):
        watch = RoundWatch()
        watch.begin(3)
        use(watch.number(3))
        assert watch.opaque


def test_a_decisions_round_is_watched_like_the_fights() -> None:
    watch = RoundWatch()
    watch.begin(7)
    decision = WatchedDecision.of(watch, "retreat", 7, None, (), {})
    assert decision.round >= 3 and not watch.opaque
    assert watch.window()[0] == 3
    kind, *_ = decision  # reading the fields by position may reach the round unseen
    assert kind == "retreat" and watch.opaque


def test_scripted_tactics_reuse_the_last_table_for_every_later_round() -> None:
    tactics = ScriptedTactics([{"retreat": False}, {"retreat": False}, {"retreat": True}])
    windows = {}
    for round_number in (1, 2, 3, 4, 9):
        watch = RoundWatch()
        watch.begin(round_number)
        decision = WatchedDecision.of(watch, "retreat", round_number, None, (), {})
        answer = tactics.rulebench_decide(None, decision)  # type: ignore[arg-type]
        assert answer == (round_number >= 3) and not watch.opaque
        windows[round_number] = watch.window()
    assert windows[1][:2] == (0, 1) and windows[2][:2] == (2, 2)
    assert windows[3] == windows[4] == windows[9] and windows[9][:2] == (3, 1 << 62)
    plain = Decision("retreat", 2, None, (), {})
    assert tactics.rulebench_decide(None, plain) is False  # type: ignore[arg-type]
