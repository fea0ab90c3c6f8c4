"""``analysis/exact/roller.py``: a chain's exact result distribution against a depth-limited brute force.

The brute force walks every die sequence up to a depth, grouping sequences by the chain state they
reach, and keeps apart the mass of the sequences still running at that depth. The exact answer must
lie within that truncated mass of the brute force's, result by result, and the depth is chosen so
the truncated mass is below 1e-12, the bound issue 7 sets for any cut-off.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebench.analysis.exact import roller, solve
from rulebench.analysis.exact.roller import absorption
from rulebench.core.assembly import configure
from rulebench.core.chain import Done, Step
from rulebench.core.encounter import load_encounter
from rulebench.core.errors import RulebenchError

TRUNCATION = 1e-12


def brute_force(start: Hashable, sides: int, step: Step, max_depth: int = 2_000) -> tuple[dict[Hashable, Fraction], Fraction]:
    """Every die sequence up to the depth at which less than ``TRUNCATION`` of the mass still runs:
    each result's probability, and the mass left running (the cut-off)."""
    running: dict[Hashable, Fraction] = {start: Fraction(1)}
    results: dict[Hashable, Fraction] = {}
    p = Fraction(1, sides)
    for _ in range(max_depth):
        following: dict[Hashable, Fraction] = {}
        for state, mass in running.items():
            for face in range(1, sides + 1):
                nxt = step(state, face)
                if isinstance(nxt, Done):
                    results[nxt.result] = results.get(nxt.result, 0) + mass * p
                else:
                    following[nxt] = following.get(nxt, 0) + mass * p
        running = following
        left = sum(running.values(), Fraction(0))
        if left < TRUNCATION:
            return results, left
    raise AssertionError(f"the chain still runs with probability {float(left)} after {max_depth} dice")


def assert_agrees(start: Hashable, sides: int, step: Step) -> None:
    exact = absorption(start, sides, step)
    approx, left = brute_force(start, sides, step)
    assert left < TRUNCATION, f"truncated mass {float(left)}"
    assert sum(exact.values()) == 1
    assert set(exact) == {r for r, q in approx.items() if q}
    for result, q in exact.items():
        assert approx[result] <= q <= approx[result] + left, result


def dsa_step(at: int, defence: int) -> Step:
    """The attack/parry chain as docs/rules/dsa.md states it (a second reading, not the ruleset's code)."""

    def step(state: Hashable, face: int) -> Hashable:
        kind, cap = cast(tuple[str, int], state)
        if kind == "attack":
            if face > cap:
                return Done("miss")
            return ("parry", min(face, defence)) if min(face, defence) >= 1 else Done("hit")
        return ("attack", face) if face <= cap else Done("hit")

    return step


@pytest.mark.parametrize(("at", "defence"), [(1, 1), (8, 6), (12, 10), (20, 20), (5, 0)])
def test_dsa_chain(at: int, defence: int) -> None:
    assert_agrees(("attack", at), 20, dsa_step(at, defence))


@pytest.mark.parametrize("difference", [-5, 0, 3, 99])
def test_roll_off_until_not_tied(difference: int) -> None:
    """An initiative roll-off on d6: the state is the first die; ties start over."""

    def step(state: Hashable, face: int) -> Hashable:
        if state is None:
            return face
        ours, theirs = state + difference, face  # type: ignore[operator]
        return None if ours == theirs else Done(ours > theirs)

    assert_agrees(None, 6, step)


@st.composite
def random_chains(draw: st.DrawFn) -> tuple[int, Step]:
    """A chain over a few states whose every face either ends it or moves it on; every state can end."""
    sides = draw(st.integers(2, 6))
    size = draw(st.integers(1, 6))
    table = [
        [draw(st.one_of(st.integers(0, size - 1), st.sampled_from([Done("a"), Done("b"), Done("c")]))) for _ in range(sides)]
        for _ in range(size)
    ]
    for row in table:  # each state ends the chain on at least one face, so it cannot run forever
        if not any(isinstance(m, Done) for m in row):
            row[draw(st.integers(0, sides - 1))] = Done("a")
    return sides, lambda state, face: table[state][face - 1]


@given(random_chains())
@settings(max_examples=60, deadline=None)
def test_random_chains(chain: tuple[int, Step]) -> None:
    sides, step = chain
    assert_agrees(0, sides, step)


def test_a_chain_that_never_ends_is_refused() -> None:
    with pytest.raises(RulebenchError, match="forever"):
        absorption(0, 6, lambda state, face: Done("end") if state == 1 else 0)


def test_the_dsa_rulesets_own_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every chain the dsa ruleset hands to Fight.chain in an exact solve of a duel agrees with the
    brute force: its key determines it, so each distinct key is checked once. The solve is in
    floating point, at half the cost of fractions: it meets the same states, so the same chains."""
    seen: list[tuple[Hashable, int, Step]] = []

    def recording(start: Hashable, sides: int, step: Step) -> dict[Hashable, Fraction]:
        seen.append((start, sides, step))
        return absorption(start, sides, step)

    monkeypatch.setattr(roller, "absorption", recording)
    config = configure(load_encounter("examples/dsa-orc-duel.toml"), "dsa")
    solve(config, fractions=False)
    assert seen
    for start, sides, step in seen:
        assert_agrees(start, sides, step)
