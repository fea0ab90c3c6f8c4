"""A house rule between fights: a long rest heals everything, tainted and cursed wounds too (lesson 7).

Run it as ``python3 long_rest.py CHAIN [REST]`` to compare each ruleset's chance to get through the
day without and with the rule; REST is the rest it heals completely (long by default).
"""

from __future__ import annotations

import sys
from typing import Any

import rulebench
from rulebench import Combatant, Fight, PluginInfo, hookimpl
from rulebench.api.chains import chain


class WholeNight:
    """A rest of one kind heals everything: the ruleset answers every other rest."""

    def __init__(self, rest: str = "long") -> None:
        self.rest = rest

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="whole-night", kind="modifier", title="A long rest heals everything")

    @hookimpl(tryfirst=True)
    def rulebench_rest(self, fight: Fight, combatant: Combatant, carried: dict[str, Any], rest: str) -> dict[str, Any] | None:
        return {} if rest == self.rest else None


def main(path: str, rest: str = "long") -> None:
    catalog = rulebench.discover(extra=[("whole-night", WholeNight(rest))])
    rulesets = ["ambermarch", "classic", "talisman", "dsa", "endurance"]
    # workers=1: a plugin given in the script (not installed) exists only in this process
    before = chain(path, rulesets, catalog=catalog, fights=2000, seed=1, workers=1)
    after = chain(path, rulesets, catalog=catalog, fights=2000, seed=1, workers=1, plugins=["whole-night"])
    print(f"{'ruleset':<11} {'gets through':>12} {'house rule':>11} {'change':>8}")
    for old, new in zip(before.results, after.results):
        p, q = float(old.survived()), float(new.survived())
        print(f"{old.ruleset:<11} {p:>12.1%} {q:>11.1%} {q - p:>+8.1%}")


if __name__ == "__main__":
    main(*(sys.argv[1:] or ["examples/chains/haunted-crypt.toml"]))
