"""classic's descriptor and the words its modules share (docs/rules/classic.md)."""

from __future__ import annotations

from pathlib import Path

from rulebench import N_, DecisionInfo, Messages, RulesetInfo, hookimpl

MESSAGES = Messages("rulebench-classic", Path(__file__).with_name("locale"))
"""classic's catalog (``locale/``): every text a classic fight or its rules say to a reader."""

_ = MESSAGES.gettext

NAME = "classic"

MELEE = "melee"
RANGED = "ranged"
NONE = "none"

# docs/rules/classic.md: each engaged member fights as the fight type allows, or not at all.
FIGHT_OPTIONS: dict[str, tuple[str, ...]] = {
    "melee": (MELEE, NONE),
    "ranged": (RANGED, NONE),
    "mixed": (MELEE, RANGED, NONE),
}
KS_STAT = {MELEE: "melee_ks", RANGED: "ranged_ks"}

# The round's verdict, kept in fight.vars["verdict"] until round_end reads it.
DRAWN = "drawn"
PARTY_WON = "party_won"
ENEMY_WON = "enemy_won"

# Decision kinds, which are also the keys of a scripted [[tactics.round]] table.
ORDER = "order"
FIGHT = "fight"
FLEE = "retreat"  # docs/architecture.md: the `retreat` key scripts classic, dsa and endurance flight too
POTION = "potion"
YES_NO = (True, False)

MAX_ROUNDS = 3
ATTENTION = "attention"  # the skill Aufmerksamkeit (docs/rules/classic.md)

# Roll labels: what a logged roll is for, passed to fight.roll untranslated (narration translates).
PARTY_KS = N_("party KS")
KS = N_("KS")
ENEMY_KS = N_("enemy KS")
FLIGHT_ROLL = N_("flight")
FORCED_FLIGHT = N_("forced flight")
EQUIPMENT_LINE = N_("equipment line")

# What dealt a wound: a potion event's ``cause``.
BY_DAMAGE = N_("damage")
BY_FLIGHT = N_("flight")
BY_FIGHTERS_FALL = N_("the fighters' fall")

# A totals event's ``verdict``: the round's result where the difference already decides it, else
# only whose total is higher (exchange._verdict).
DRAWN_ROUND = "drawn"
PARTY_WINS_ROUND = "party wins"
PARTY_HIGHER = "party higher"
ENEMY_WINS_ROUND = "enemy wins"
ENEMY_HIGHER = "enemy higher"

# A note event's ``note``: what it tells.
STAYED_OUT = "stayed out"  # every fighter is dead, so a member who stayed out takes two wounds
UNHARMED = "unharmed"  # a member the enemy cannot harm flees unwounded

# A combatant's condition at the end (ending.rulebench_end_state), English for analysis.
UNHURT = N_("unhurt")
WOUNDED = N_("wounded")
DEAD = N_("dead")
WOUNDED_CURSED = N_("wounded, cursed")
WOUNDED_WITHDREW = N_("wounded, withdrew")


@hookimpl
def rulebench_ruleset() -> RulesetInfo:
    """Describe classic: its derived stats and the decisions an encounter may script (title and
    summary in the reader's language)."""
    return RulesetInfo(
        name=NAME,
        title=_("Classic: the three-round group fight"),
        source="docs/rules/classic.md",
        summary=_(
            "The party's summed combat strength (KS) against the enemy group's; the difference walks down "
            "the marching order through each armour value (RW), one wound wins, at most three rounds."
        ),
        stats=("melee_ks", "ranged_ks", "rw"),
        purposes=("weapon", "armour"),  # KS; RW
        decisions=(ORDER, FIGHT, FLEE, POTION),
        asks=(
            DecisionInfo(ORDER, answer="party_order"),
            DecisionInfo(FIGHT, per_member=True, options_by_mode=tuple(FIGHT_OPTIONS.items())),
            DecisionInfo(FLEE, options=YES_NO),
            DecisionInfo(POTION, per_member=True, options=YES_NO),
        ),
        skills=(ATTENTION,),
    )
