"""The kit's generated encounters: small random parties and foes, valid by construction, and
a one-line description of each that is enough to rebuild it in a file."""

from __future__ import annotations

import random
from typing import Any

from rulebench.core.encounter import Encounter

WEAPONS = ("1d6", "1d8", "1d4+1", "2d6", "1d10", "none")
PARTY_TRAITS = ("magic_weapon", "silver_weapon", "magic_armour")
ENEMY_TRAITS = ("undead", "ghost", "demon")
SKILLS = ("robust", "dodge", "arcane_armour", "attention", "alertness")




def _member(rng: random.Random, name: str, enemy: bool, small: bool) -> dict[str, Any]:
    member: dict[str, Any] = {
        "name": name,
        "melee": rng.randint(0, 8),
        "ranged": rng.randint(0, 8),
        "armour": rng.randint(0, 4),
        "weapon": rng.choice(WEAPONS),
        "body": rng.randint(1, 5),
        "speed": rng.randint(0, 5),
        "mind": rng.randint(0, 5),
        "life": rng.randint(1, 2 if small else 6),
        "traits": rng.sample(ENEMY_TRAITS if enemy else PARTY_TRAITS, rng.randint(0, 0 if small else 2)),
        "skills": rng.sample(SKILLS, rng.randint(0, 0 if small else 2)),
    }
    if enemy:
        member["count"] = 1 if small else rng.randint(1, 3)
    else:
        member["fighter"] = True if small else rng.random() < 0.7
    return member


def random_encounter(rng: random.Random, small: bool = False) -> dict[str, Any]:
    """A valid encounter as a TOML-shaped dict: up to four heroes against up to two entries of foes;
    ``small`` is a duel of one hero against one foe of little life, for exact analysis."""
    party = [_member(rng, f"Hero {i + 1}", False, small) for i in range(1 if small else rng.randint(1, 4))]
    if not any(m["fighter"] for m in party):
        party[0]["fighter"] = True
    enemies = [_member(rng, f"Foe {chr(65 + i)}", True, small) for i in range(1 if small else rng.randint(1, 2))]
    ambush = False if small else rng.random() < 0.3
    return {
        "name": "generated",
        "ambush_from_behind": ambush,
        # An ambush from behind means the enemy surprises; the encounter refuses surprise = "party" then.
        "surprise": "none" if small else rng.choice(("none", "enemy") if ambush else ("none", "party", "enemy")),
        "forced": False if small else rng.random() < 0.5,
        "mode": "melee" if small else rng.choice(("melee", "ranged", "mixed")),
        "party": party,
        "enemy": {"grouped": False if small else rng.random() < 0.5, "raiders": False, "members": enemies},
    }


def describe(data: dict[str, Any] | Encounter) -> str:
    """An encounter dict in one line, enough to rebuild it in a file (a loaded encounter by its name)."""
    if isinstance(data, Encounter):
        return repr(data.name)

    def who(m: dict[str, Any]) -> str:
        count = f"{m['count']}x " if m.get("count", 1) != 1 else ""
        extras = "".join(f" {t}" for t in (*m["traits"], *m["skills"]))
        return (f"{count}{m['name']} (melee {m['melee']}, ranged {m['ranged']}, armour {m['armour']}, "
                f"weapon {m['weapon']}, body {m['body']}, speed {m['speed']}, mind {m['mind']}, life {m['life']}{extras})")
    flags = [k for k in ("ambush_from_behind", "forced") if data.get(k)]
    flags += [k for k in ("grouped", "raiders") if data["enemy"].get(k)]
    head = f"surprise {data['surprise']}, mode {data['mode']}" + "".join(f", {f}" for f in flags)
    return f"[{head}] " + "; ".join(map(who, data["party"])) + " vs " + "; ".join(map(who, data["enemy"]["members"]))
