"""Party wins, flight and the party's deaths under each tactics, one row per ruleset and tactics (lessons 5)."""

from __future__ import annotations

import sys

from rulebench.api.tactics_comparison import compare_tactics


def main(encounter: str) -> None:
    result = compare_tactics(encounter, ["ambermarch", "classic", "talisman", "dsa", "endurance"],
                             [None, "cautious", "reckless"], fights=2000, seed=1)
    frame = result.to_dataframe()
    party = len(result.encounter.party)
    # a party member's chance to die, averaged over the party: fates() lists the party first
    frame["party_dead"] = [sum(float(row["dead"]) for row in e.result.fates()[:party]) / party for e in result.entries]
    print(frame[["ruleset", "tactics", "party_wins", "enemy_wins", "party_fled", "party_dead"]].round(3).to_string(index=False))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "examples/skeleton-guards.toml")
