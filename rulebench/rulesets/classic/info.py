"""classic's descriptor and the words its modules share (docs/rules/classic.md)."""

from __future__ import annotations

from pathlib import Path

from rulebench import DecisionInfo, Messages, RulesetInfo, hookimpl

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
        decisions=(ORDER, FIGHT, FLEE, POTION),
        asks=(
            DecisionInfo(ORDER, answer="party_order"),
            DecisionInfo(FIGHT, per_member=True, options_by_mode=tuple(FIGHT_OPTIONS.items())),
            DecisionInfo(FLEE, options=YES_NO),
            DecisionInfo(POTION, per_member=True, options=YES_NO),
        ),
        skills=(ATTENTION,),
    )
