"""Techniques (Kunstgriff, docs/rules/ambermarch.md): a skill, spell or miracle instead of an attack.

The seed has no catalogue of techniques, so their effect comes from plugins, without a hook of its
own: a plugin answers ``rulebench_modifiers`` with purpose ``"technique"`` for the member (against
the enemy side), and the sum of those modifiers is what the technique puts on the scale. With no
such modifier (the default) a technique contributes nothing and no die is rolled (docs/rules/README.md: a
die that cannot matter is not rolled).

A technique with an effect is a test (Probe), its dice rolled before the attack dice:
2d6 + mind + wound penalty against 7, everyday (reading: the text names no attribute or target;
spells and miracles are the mind's work, and a member's own technique is routine). Triumph and
success give the full effect; a partial success gives half, rounded down (reading: "you get it, but
it costs you", and the fight has no other currency to pay with); failure and doom give nothing.
The test is reported as a ``total`` event with its dice, tier and effect.
"""

from __future__ import annotations

from rulebench import N_, Combatant, Fight
from rulebench.rulesets.ambermarch.probe import PARTIAL, SUCCESS, TRIUMPH, probe_result
from rulebench.rulesets.ambermarch.state import LADDER, PENALTY

PURPOSE = "technique"
TARGET = 7
TECHNIQUE_TEST = N_("technique test")  # the label of the test's dice (translated by the narration)


def technique_contribution(fight: Fight, member: Combatant) -> int:
    """What ``member``'s technique adds to the party's sum this round, after its test if it has one."""
    modifiers = fight.modifiers(member, PURPOSE, fight.enemy)
    effect = sum(m.value for m in modifiers)
    if effect <= 0:
        fight.emit("note", who=member, contribution=0)
        return 0
    faces = (fight.die(6, TECHNIQUE_TEST, member), fight.die(6, TECHNIQUE_TEST, member))
    mind, penalty = member.stats["mind"], PENALTY[member.vars[LADDER]]
    tier = probe_result(faces, mind, TARGET, (penalty,))
    if tier in (TRIUMPH, SUCCESS):
        contribution = effect
    elif tier == PARTIAL:
        contribution = effect // 2
    else:
        contribution = 0
    fight.explain("probe", target=TARGET)
    fight.emit("total", who=member, tier=tier, effect=effect, total=contribution, modifiers=modifiers, faces=faces,
               mind=mind, penalty=penalty, target=TARGET)
    return contribution
