"""A house rule as a modifier plugin: every party member's weapon counts one more (lesson 4).

Run it as ``python3 house_rule.py ENCOUNTER [PURPOSE] [SIDE]`` to compare each ruleset without and
with the rule; PURPOSE is weapon (the default) or armour, SIDE party (the default) or enemy.
"""

from __future__ import annotations

import sys
from typing import Any

import rulebench
from rulebench import Combatant, Fight, Modifier, PluginInfo, hookimpl


class HeroicHouseRule:
    """+1 on whatever a combatant's weapon (or armour) feeds: classic's KS, talisman's combat power ..."""

    def __init__(self, purpose: str = "weapon", side: str = rulebench.PARTY) -> None:
        self.purpose = purpose
        self.side = side
        self.bonus = (Modifier(1, f"house rule: heroic +1 {purpose}"),)

    @hookimpl
    def rulebench_plugin(self) -> PluginInfo:
        return PluginInfo(name="heroic", kind="modifier", title="Heroic house rule", summary=f"+1 to every hero's {self.purpose}.",
                          purposes=(self.purpose,))

    @hookimpl
    def rulebench_modifiers(self, fight: Fight, combatant: Combatant, purpose: str, against: Any) -> Any:
        if purpose == self.purpose and combatant.side == self.side:
            return self.bonus
        return None


def main(encounter: str, purpose: str = "weapon", side: str = rulebench.PARTY) -> None:
    catalog = rulebench.discover(extra=[("heroic", HeroicHouseRule(purpose, side))])
    rulesets = ["ambermarch", "classic", "talisman", "dsa", "endurance"]
    # workers=1: a plugin given in the script (not installed) exists only in this process
    before = rulebench.compare(encounter, rulesets, catalog=catalog, fights=2000, seed=1, workers=1)
    after = rulebench.compare(encounter, rulesets, catalog=catalog, fights=2000, seed=1, workers=1, plugins=["heroic"])
    print(f"{'ruleset':<11} {'party wins':>10} {'with heroic':>12} {'change':>8}")
    for old, new in zip(before.results, after.results):
        p, q = float(old.outcomes["party_wins"]), float(new.outcomes["party_wins"])
        print(f"{old.ruleset:<11} {p:>10.1%} {q:>12.1%} {q - p:>+8.1%}")
    for note in after.notes:  # a ruleset that never asks the purpose says so
        print(f"note: {note}")


if __name__ == "__main__":
    main(*(sys.argv[1:] or ["examples/skeleton-guards.toml"]))
