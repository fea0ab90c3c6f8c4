"""The compiled floating-point carry of the exact solver (``exact/carry.py``, issue 13).

A layer met a second time with the same states in the same order is carried by a compiled carry,
replayed while every state's step stays the same (a capped fight's later rounds: the same linear
map round after round). It must give the plain carry's floats to the bit and the same rounding
bound, since it takes the same products and adds them in the same order; the plain carry stays
for layers met once. Solving with ``MAX_CARRIES = 0`` remembers no layer, so every layer is
carried plainly: the reference here. Where steps change between rounds (a round cap, a
round-dependent modifier) the floats are also held against the exact fractions within the
reported bound.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from rulebench import Combatant, Fight, Modifier, PluginInfo, Side, hookimpl
from rulebench.analysis.exact import Moves, Solver
from rulebench.analysis.exact import solver as exact_solver
from rulebench.analysis.exact.solver import MAX_CARRIES
from rulebench.core.assembly import FightConfig, configure
from rulebench.core.discovery import discover
from rulebench.core.encounter import encounter_from_dict, load_encounter
from rulebench.core.outcome import FightResult

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


class Watched(Solver):
    """A solver that notes how it carried each layer: (round, "plain" or "compiled", states)."""

    def __init__(self, config: FightConfig) -> None:
        super().__init__(config, fractions=False)
        self.carried: list[tuple[int, str, tuple[int, ...]]] = []

    def _carry_plainly(self, number: int, weights: dict[int, float], steps: Iterable[Moves]) -> None:
        self.carried.append((number, "plain", tuple(weights)))
        super()._carry_plainly(number, weights, steps)

    def _carry_compiled(self, number: int, weights: dict[int, float], carry: Any) -> None:
        self.carried.append((number, "compiled", tuple(weights)))
        super()._carry_compiled(number, weights, carry)


def _both(config: FightConfig, monkeypatch: pytest.MonkeyPatch) -> tuple[Watched, dict[FightResult, Any], Watched, dict[FightResult, Any]]:
    """The solve with compiled carries, as the solver runs by default, and with none."""
    compiled = Watched(config)
    found = compiled.run()
    with monkeypatch.context() as patched:
        patched.setattr(exact_solver, "MAX_CARRIES", 0)
        plain = Watched(config)
        plain_found = plain.run()
    return compiled, found, plain, plain_found


def _assert_same(compiled: Watched, found: dict[FightResult, Any], plain: Watched, plain_found: dict[FightResult, Any]) -> None:
    """The same floats in the same order, the same rounding bound, the same budget spent."""
    assert list(found.items()) == list(plain_found.items())
    assert compiled.rounding == plain.rounding
    assert compiled.handled == plain.handled
    assert all(how == "plain" for _, how, _ in plain.carried)
    assert len(compiled.carries) <= MAX_CARRIES


def _assert_within_bound(found: dict[FightResult, Any], rounding: float, fractions: dict[FightResult, Fraction | float]) -> None:
    """Every result's float within the solver's rounding bound of its exact fraction."""
    assert found.keys() == fractions.keys()
    assert 0 < rounding < 1e-12
    assert all(abs(Fraction(p) - Fraction(fractions[result])) <= Fraction(rounding) for result, p in found.items())


@pytest.mark.parametrize(
    ("ruleset", "example"),
    [("endurance", "ogre-duel"), ("ambermarch", "wraith"), ("talisman", "wraith"), ("endurance", "dsa-orc-duel")],  # and the two below
)
def test_the_compiled_carry_gives_the_plain_carrys_floats(ruleset: str, example: str, monkeypatch: pytest.MonkeyPatch) -> None:
    config = configure(load_encounter(EXAMPLES / f"{example}.toml"), ruleset)
    compiled, found, plain, plain_found = _both(config, monkeypatch)
    _assert_same(compiled, found, plain, plain_found)
    hows = [how for _, how, _ in compiled.carried]
    assert hows.count("compiled") > hows.count("plain")  # most layers: the capped fights' later rounds


def test_a_layer_is_carried_plainly_at_the_round_cap_where_its_steps_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Talisman's demon fight stops at its round cap: in round 20 the steps that reach the round's
    end end the fight, so the layers compiled with them in the rounds before are carried plainly
    there, while the layers whose steps still hold are replayed."""
    compiled, found, plain, plain_found = _both(configure(load_encounter(EXAMPLES / "classic-demon.toml"), "talisman"), monkeypatch)
    _assert_same(compiled, found, plain, plain_found)
    how = {(number, ids): way for number, way, ids in compiled.carried}
    last = max(number for number, _, _ in compiled.carried)
    before = [ids for number, way, ids in compiled.carried if way == "compiled" and number == last - 1]
    assert {how[(last, ids)] for ids in before if (last, ids) in how} == {"plain", "compiled"}


def test_a_dsa_duel_is_carried_plainly_at_the_exchange_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dsa duel of feeble blows (AT 4 against PA 14, 1d2 against LE 12) goes on to the cap of 100
    exchanges with the same few states: the layer is compiled in exchange 7 and replayed up to
    exchange 99; in exchange 100 every step ends the fight, so it is carried plainly there."""
    values = {"at": 4, "pa": 14, "dodge": 0, "le": 12, "rs": 0, "tp": "1d2"}
    config = configure(encounter_from_dict({
        "name": "feeble duel", "mode": "melee", "surprise": "party",
        "party": [{"name": "P0"}], "enemy": {"members": [{"name": "E0", "count": 1}]},
        "overrides": {"dsa": {"P0": values, "E0": values}},
    }), "dsa")
    compiled, found, plain, plain_found = _both(config, monkeypatch)
    _assert_same(compiled, found, plain, plain_found)
    ways = [(number, way) for number, way, _ in compiled.carried]
    assert ways[-94:] == [(number, "compiled") for number in range(7, 100)] + [(100, "plain")]
    assert max(result.rounds for result in found) == 100
    _assert_within_bound(found, compiled.rounding, Solver(config).run())


class Dusk:
    """A modifier plugin whose weapon bonus depends on the round: +1 from round 6 on, -1 in round 9
    alone. A step then holds in rounds 1 to 5, or from 6 on but for 9 (a hole in its window)."""

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        """Describe the dusk plugin."""
        return PluginInfo(name="dusk", kind="modifier", title="Dusk")

    @hookimpl
    def rulebench_modifiers(
        self, fight: Fight, combatant: Combatant, purpose: str, against: Combatant | Side | None
    ) -> Iterable[Modifier] | None:
        """The round's weapon modifier, by comparing the round number only (reusable steps)."""
        if purpose != "weapon":
            return None
        if fight.round == 9:
            return [Modifier(-1, "eclipse")]
        return [Modifier(1, "dusk")] if fight.round >= 6 else None


def test_a_compiled_carry_is_dropped_where_its_steps_change_and_compiled_anew(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the dusk plugin the same layers come round after round, but their steps change in
    round 6 and differ in round 9 alone (``number not in holes``): a layer compiled before is
    carried plainly there, compiled again the next time it comes, and replayed after that."""
    catalog = discover(extra=[("dusk", Dusk())])
    config = configure(load_encounter(EXAMPLES / "classic-demon.toml"), "talisman", catalog=catalog, plugins=("dusk",))
    compiled, found, plain, plain_found = _both(config, monkeypatch)
    _assert_same(compiled, found, plain, plain_found)
    how = {(number, ids): way for number, way, ids in compiled.carried}
    for ids in {ids for number, way, ids in compiled.carried if way == "compiled" and number == 8}:
        assert [how.get((number, ids)) for number in range(8, 13)] == ["compiled", "plain", "compiled", "compiled", "compiled"]
    assert any(how.get((5, ids)) == "compiled" and how.get((6, ids)) == "plain" for _, _, ids in compiled.carried)
    # The fractions see the same rules: the floats stay within the bound of them.
    fractions = Solver(config).run()
    _assert_within_bound(found, compiled.rounding, fractions)
