"""Tiny encounters for the brute-force oracle (test_exact_oracle.py), chosen by hypothesis.

Brute force pays for every face of every die, so the encounters are made tiny through the
overrides (docs/encounters.md): low hit points, lives, LE or endurance so that fights end in a round
or two, small damage dice where a ruleset lets the encounter choose them, round caps where it has
one to set, and for dsa sure or nearly sure attacks against little or no defence. Every encounter
still plays its ruleset's real rules: hits, damage, wounds and end states, and flight where a
script asks for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from rulebench.core.encounter import Encounter, encounter_from_dict

Shape = tuple[int, int]
"""Party size and enemy size."""

DUEL: Shape = (1, 1)
PAIR: Shape = (2, 1)
"""Two members against one enemy: every ruleset's group rules at their smallest."""
TWO_FOES: Shape = (1, 2)

Members = list[dict[str, Any]]


def _member(draw: st.DrawFn, name: str, enemy: bool) -> dict[str, Any]:
    """A neutral member (docs/encounters.md); what decides a fight's length is overridden per ruleset."""
    member: dict[str, Any] = {
        "name": name,
        "melee": draw(st.integers(0, 5)),
        "armour": draw(st.integers(0, 2)),
        "weapon": draw(st.sampled_from(["1d6", "1d8", "2d6", "none"])),
        "body": draw(st.integers(1, 4)),
        "speed": draw(st.integers(0, 4)),
        "mind": draw(st.integers(0, 3)),
        "life": draw(st.integers(1, 4)),
    }
    if enemy:
        member["count"] = 1
    return member


def _sides(draw: st.DrawFn, shape: Shape) -> tuple[Members, Members]:
    """Neutral members for both sides: P0, P1, ... and E0, E1, ..."""
    party = [_member(draw, f"P{i}", False) for i in range(shape[0])]
    enemy = [_member(draw, f"E{i}", True) for i in range(shape[1])]
    return party, enemy


def _defaults(shape: Shape) -> tuple[Members, Members]:
    """Both sides as neutral members of default values, for a ruleset whose overrides below set
    every value its rules read from a neutral member in these fights.

    Drawing neutral values there would be dead draws: hypothesis would spend examples on a fight
    already played, under other neutral values (150 drawn encounters of each such ruleset and
    shape solve alike with the defaults). Endurance keeps them (a fallen member's clock runs 5 ×
    body rounds, docs/rules/endurance.md), and so does skirmish (the faster strikes first).
    """
    return [{"name": f"P{i}"} for i in range(shape[0])], [{"name": f"E{i}", "count": 1} for i in range(shape[1])]


def _build(ruleset: str, party: Members, enemy: Members, overrides: dict[str, dict[str, Any]],
           enemy_side: dict[str, Any] | None = None, **fields: Any) -> Encounter:
    """The encounter, with ``overrides`` under the ruleset's name."""
    data = {
        "name": f"tiny {ruleset}",
        "mode": "melee",
        "party": party,
        "enemy": {"members": enemy, **(enemy_side or {})},
        "overrides": {ruleset: overrides},
        **fields,
    }
    return encounter_from_dict(data)


def _flight(draw: st.DrawFn) -> dict[str, Any]:
    """Half the time, a script that flees after round 1 (every later round reuses the last table).

    ``retreat`` scripts flight in classic, dsa and endurance alike (docs/architecture.md).
    """
    return {"tactics": {"round": [{"retreat": True}]}} if draw(st.booleans()) else {}


@st.composite
def skirmish_encounters(draw: st.DrawFn, shape: Shape) -> Encounter:
    """1d6 + skill against 4 + armour, each blow missing on one face or on none.

    Rounds in which every blow misses are the only ones that change nothing, and the 30-round cap
    is far off, so the tree is kept small by giving everyone one hit point where both sides can
    miss; the side of two (three blows a round) always has one.
    """
    party, enemy = _sides(draw, shape)
    misses = {m["name"]: draw(st.integers(0, 1)) for m in party + enemy}
    both_miss = any(misses[m["name"]] for m in party) and any(misses[m["name"]] for m in enemy)
    overrides = {}
    for m in party + enemy:
        armour = draw(st.integers(0, 1))
        side = party if m in party else enemy
        hp = 1 if both_miss or len(side) == 2 else draw(st.integers(1, 2))
        # A hit needs 1d6 + skill >= 4 + the foe's armour (0 or 1): skill 4 - misses misses on
        # at most ``misses`` faces, and on none against armour 0.
        overrides[m["name"]] = {"skill": 4 - misses[m["name"]], "armour": armour, "hp": hp}
    return _build("skirmish", party, enemy, overrides)


@st.composite
def talisman_encounters(draw: st.DrawFn, shape: Shape) -> Encounter:
    """Duels of 1d6 + strength, 36 paths each; one or two lives and a round cap of 1 to 3.

    The rounds a fight may last and the lives in it are traded off so that no tree passes some
    tens of thousands of paths: a lone member may duel for three rounds if his foes have a single
    life (and he too, against two), two members duel the enemy for one round. The enemy fights
    grouped or not.
    """
    party, enemy = _defaults(shape)
    if shape == PAIR:  # two duels a round
        cap = 1
        lives = {m["name"]: draw(st.integers(1, 2)) for m in party + enemy}
    else:  # one duel a round
        cap = draw(st.integers(1, 3))
        lives = {m["name"]: draw(st.integers(1, 2)) for m in party + enemy}
        if cap == 3:
            for m in enemy:
                lives[m["name"]] = 1
            if shape == TWO_FOES:
                lives["P0"] = 1
    overrides = {
        m["name"]: {"strength": draw(st.integers(1, 6)), "lives": lives[m["name"]], "round_cap": cap}
        for m in party + enemy
    }
    return _build("talisman", party, enemy, overrides, enemy_side={"grouped": draw(st.booleans())})


@st.composite
def classic_encounters(draw: st.DrawFn, shape: Shape) -> Encounter:
    """KS of a d2 or d3 plus a bonus, RW 0 to 2, undead or not, flight scripted or not.

    The rules' own cap of three rounds bounds every tree; two members roll a d2 each.
    """
    party, enemy = _defaults(shape)
    overrides = {}
    for m in party + enemy:
        # Two members' d3s and the enemy's would make 27 paths a round, and up to 50,000 in all.
        die = "1d2" if shape == PAIR and m in party else draw(st.sampled_from(["1d2", "1d3"]))
        overrides[m["name"]] = {"melee_ks": f"{die}+{draw(st.integers(0, 4))}", "rw": draw(st.integers(0, 2))}
    if draw(st.booleans()):
        for m in enemy:
            m["traits"] = ["undead"]  # tireless: forced flight after a drawn round 3
    return _build("classic", party, enemy, overrides, **_flight(draw))


@st.composite
def endurance_encounters(draw: st.DrawFn, shape: Shape) -> Encounter:
    """Damage of a d2 to d4 plus a bonus against a lower avoidance, endurance 0 to 4, one or two
    wounds to fall, flight scripted or not.

    Every blow gets at least one point through, so every round wears someone down and fights end
    within a few rounds of the 20 the rules allow.
    """
    party, enemy = _sides(draw, shape)
    overrides = {}
    for m in party + enemy:
        bonus = draw(st.integers(0, 2))
        # Three blows a round in a group fight: the pair's d2s or d3s against a d2; the side of two
        # falls at its first wound.
        pair = len(party if m in party else enemy) == 2
        die = draw(st.sampled_from(["1d2", "1d3", "1d4"] if shape == DUEL else ["1d2"] if pair else ["1d2", "1d3"]))
        most = 1 if pair else 2
        overrides[m["name"]] = {
            "damage": f"{die}+{bonus}",
            "avoidance": draw(st.integers(0, bonus)),
            "endurance": draw(st.integers(0, 4 if shape == DUEL else 3)),
            "max_wounds": draw(st.integers(1, most)),
            "speed": draw(st.integers(1, 3)),
        }
    return _build("endurance", party, enemy, overrides, **_flight(draw))


@st.composite
def ambermarch_encounters(draw: st.DrawFn, shape: Shape) -> Encounter:
    """The party's d6 per attacker against a small pool; steadfastness 1 or 2.

    The rules' own four rounds bound every tree, and the pool is set against the party's skills
    so that most rounds decide something: it is close to the party's sum (party leads and enemy
    leads both happen), or far above it (the enemy's lead wounds and sends members down or away).
    A lone member faces a d2 plus a bonus, two members a fixed pool.
    """
    party, enemy = _defaults(shape)
    overrides: dict[str, dict[str, Any]] = {}
    for m in party:
        overrides[m["name"]] = {"melee": draw(st.integers(0, 4)), "armour": draw(st.integers(0, 2))}
    skills = sum(overrides[m["name"]]["melee"] for m in party)
    if shape == DUEL:
        # d6 + skill against d2 + skill + close: ties and leads both ways, or the enemy far ahead.
        steadfastness = draw(st.integers(1, 2))
        close = draw(st.sampled_from([-1, 0, 1, 2] if steadfastness == 1 else [-2, -1, 0]))
        pool = f"1d2+{max(0, skills + draw(st.sampled_from([close, close, 8, 9])))}"
    else:
        # 2d6 + skills against skills + 2 to 4: the party mostly leads and wins at once, else a
        # tie or a lead of 1 or 2 for the enemy. Or against skills + 31: the enemy's damage of at
        # least 10 gets past both members' armour and cover every round, so both are wounded
        # after two rounds and the party retreats.
        steadfastness = 1
        pool = str(skills + draw(st.sampled_from([2, 3, 4, 31])))
    for m in enemy:
        overrides[m["name"]] = {"pool": pool, "armour": draw(st.integers(0, 2)), "steadfastness": steadfastness}
    return _build("ambermarch", party, enemy, overrides)


@st.composite
def dsa_encounters(draw: st.DrawFn, shape: Shape) -> Encounter:
    """dsa in one of three plans (every hit rolls a d20 and, on a 1, a d100: 119 paths of its own).

    - ``sure``: a surprise gives one side the initiative (no roll-off); both attack at AT 19 or 20
      against no defence, and any hit knocks out (LE 10) or kills (TP 12). The holder may miss on
      a 20 and pass the initiative; the other side then never misses.
    - ``parry``: the party surprises and flees after exchange 1 (scripted), so the one chain of
      the exchange decides the fight; AT 1 or 2 against a parry or dodge of 1 makes it a real
      attack/parry chain, which goes on as long as both roll 1s: one face a die, so one path,
      which the cut-off ends. The enemy has AT 0 and cannot strike, not even at the fleeing party.
    - ``group`` (two members): the single enemy faces a primary and a free attack, everyone's
      values lowered by the coordination penalty unless coordination 1 cancels it; the party
      surprises and flees after exchange 1.

    The initiative roll-off costs 10,000 pairs of d100s a try, too many for hypothesis's share of
    the time: ``test_dsa_initiative_roll_off`` covers it.

    The overrides set every value dsa derives from a neutral member (AT, PA, dodge, LE, RS, TP) but
    the reaction, which only the roll-off reads (docs/rules/dsa.md step 2), and every plan sets a
    surprise: the members are the neutral defaults (``_defaults``).
    """
    party, enemy = _defaults(shape)
    overrides: dict[str, dict[str, Any]] = {}
    fields: dict[str, Any] = {"surprise": "party", "tactics": {"round": [{"retreat": True}]}}
    plan = draw(st.sampled_from(["sure", "parry"])) if shape == DUEL else "group"

    def stats(at: int, defence: tuple[int, int] = (0, 0), le: int = 10, foe_le: int = 10, **more: int
              ) -> dict[str, Any]:
        # Against LE 10 any hit fells: TP 2 or 1d2 + 1 through RS 0 or 1 leaves 9 or less, 12
        # kills. LE 11 is only hurt by TP 1 (or not even that, through RS 1) and falls to TP 3.
        tp = draw(st.sampled_from(["2", "12", "1d2+1" if plan == "sure" else "3"] if foe_le == 10 else ["1", "3"]))
        pa, dodge = defence
        return {"at": at, "pa": pa, "dodge": dodge, "le": le, "rs": draw(st.integers(0, 1)), "tp": tp, **more}

    if plan == "sure":
        surprise = fields["surprise"] = draw(st.sampled_from(["party", "enemy"]))
        del fields["tactics"]
        holder = "P0" if surprise == "party" else "E0"
        for m in party + enemy:
            overrides[m["name"]] = stats(draw(st.integers(19, 20)) if m["name"] == holder else 20)
    elif plan == "parry":
        # A defence of 1 (parry, dodge or both: the higher defends, PA on a tie).
        defence = draw(st.sampled_from([(1, 0), (0, 1), (1, 1)]))
        le = draw(st.sampled_from([10, 11]))
        overrides["P0"] = stats(draw(st.integers(1, 2)), foe_le=le)
        overrides["E0"] = stats(0, defence, le=le)
    else:
        coordination = draw(st.integers(0, 1))
        overrides["P0"] = stats(draw(st.integers(19, 20)), coordination=coordination)
        overrides["P1"] = stats(draw(st.integers(1, 20)), coordination=coordination)
        overrides["E0"] = stats(0, coordination=coordination)
    return _build("dsa", party, enemy, overrides, **fields)


ENCOUNTERS: dict[str, Callable[[Shape], st.SearchStrategy[Encounter]]] = {
    "ambermarch": ambermarch_encounters,
    "classic": classic_encounters,
    "dsa": dsa_encounters,
    "endurance": endurance_encounters,
    "talisman": talisman_encounters,
    "skirmish": skirmish_encounters,
}

CASES = [
    ("ambermarch", DUEL, 14),
    ("ambermarch", PAIR, 11),
    ("classic", DUEL, 17),
    ("classic", PAIR, 13),
    ("classic", TWO_FOES, 12),
    ("dsa", DUEL, 15),
    ("dsa", PAIR, 12),
    ("endurance", DUEL, 25),
    ("endurance", PAIR, 20),
    ("endurance", TWO_FOES, 15),
    ("talisman", DUEL, 15),
    ("talisman", PAIR, 11),
    ("talisman", TWO_FOES, 11),
    ("skirmish", DUEL, 20),
    ("skirmish", PAIR, 15),
    ("skirmish", TWO_FOES, 15),
]
"""(ruleset, shape, hypothesis examples): every ruleset one against one and two against one, some
one against two. Where the members are the neutral defaults (``_defaults``), each example is a
fight of its own (but for talisman's lives, drawn and then set to 1 under a round cap of 3), and
the counts are as many distinct fights as 25, 20 or 15 examples with neutral values drawn came to
on average (over 20 runs of each; dsa's duels 14.8 of 25, talisman's 14.2, ambermarch's 13.9,
classic's 16.4; two against one or one against two 10.4 to 13.0 of 15 or 20)."""
