"""talisman's certain duels: ``duel.certain`` says a duel's result without the dice exactly when no
face pair of the two d6 can change it, and ``duel.result_of`` is what the dice then decide."""

from __future__ import annotations

import itertools

from rulebench.rulesets.talisman.duel import FOE_PAYS, MEMBER_PAYS, NOBODY, certain, result_of

WINS = (FOE_PAYS, NOBODY)  # a win costs the foe a life, or nothing (a ghost or demon, no magic weapon)
LOSSES = (MEMBER_PAYS, NOBODY)


def test_certain_is_the_one_result_every_face_pair_gives() -> None:
    for base, won, lost in itertools.product(range(-8, 9), WINS, LOSSES):
        results = {result_of(base + mine - theirs, won, lost) for mine in range(1, 7) for theirs in range(1, 7)}
        expected = next(iter(results)) if len(results) == 1 else None
        assert certain(base, won, lost) == expected, (base, won, lost)


def test_a_tie_costs_nobody_and_a_lead_costs_the_loser() -> None:
    assert result_of(0, FOE_PAYS, MEMBER_PAYS) == NOBODY
    assert result_of(3, FOE_PAYS, MEMBER_PAYS) == FOE_PAYS
    assert result_of(-1, FOE_PAYS, MEMBER_PAYS) == MEMBER_PAYS
    assert result_of(2, NOBODY, MEMBER_PAYS) == NOBODY  # a standoff: the foe cannot be harmed
