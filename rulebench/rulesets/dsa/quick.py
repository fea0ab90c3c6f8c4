"""A whole exchange at once, for Monte Carlo: the same dice, the same LE (docs/rules/dsa.md).

What an attack does besides its dice depends on who attacks whom and on the sub-fights' layout, not
on the state: the attacker's AT and the defender's defence after the coordination penalty (fixed
by the layout), the TP dice with the weapon modifiers, the RS a blow meets, whether a ghost or
demon can be harmed at all. When nobody records, dsa's own turn, attack, damage and wounds hooks
are the only ones and every plugin's modifiers are static (``Fight.static_modifiers``), a ``Plan``
works these out once per fight for every layout the fight meets, and an exchange costs per attack
its d20s, a few comparisons and the state's update instead of a turn hook, a ``fight.chain`` with
its step per die, an ``Attack``, a modifier look-up and the damage and wounds calls. The dice are
drawn as the turn-by-turn path draws them, in the same order, so a seeded fight is the fight
played turn by turn. Only a plain ``RandomRoller`` is read this way: a scripted, remembering or
enumerating roller (exact analysis, the round memo) gets the turns, one attack each.

The exchange's tactics play no part here (dsa asks only whether to flee, after the exchange, in
``rulebench_round_end``), so any tactics source keeps the fast path. The exchange's start settles
the initiative from the plan too (``settle_at_once``, called by ``rulebench_round_start``), and an
exchange in which nobody fell ends at once (``end_at_once``, called by ``rulebench_round_end``)
while nothing but dsa's own hooks and default tactics can end it; a verdict, the exchange cap and
flight stay in ``rulebench_round_end``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from rulebench import PARTY, Combatant, Dice, Fight, RandomRoller, fast_plan
from rulebench.rulesets.dsa.hits import harmless
from rulebench.rulesets.dsa.stats import UNCONSCIOUS_BELOW, attack_value, defence_value
from rulebench.rulesets.dsa.subfights import MAX_LAYOUTS

Blow = tuple[int, Dice | None, int, int] | None
"""A hit of one combatant on another once it gets through: the sides of its one TP die (0 when it
has none or several), its TP dice when it has several (else None), the constant added to the die
(TP's own constant and the weapon modifiers; the whole TP when no die is rolled), and the RS the
blow meets (0 for a demon's blow on armour that is not magic); None for a hit that does nothing
(a ghost or demon struck without a magic weapon: no TP or critical die is rolled)."""

Free = tuple[Combatant, int, Blow]
"""A secondary's free attack on his single: the secondary, his AT and his blow."""

Group = tuple[
    Combatant, Combatant, tuple[str, str], frozenset[tuple[str, str]], frozenset[tuple[str, str]],
    int, int, int, int, Blow, Blow, tuple[Free, ...],
]
"""One sub-fight as the exchange plays it: the single and the primary; the holders' pair
(single, primary), and it and (primary, single) each as a one-pair set to take off or add; the single's
AT and defence, the primary's AT and defence; the single's blow on the primary and the primary's
on the single; the secondaries' free attacks in order."""


Pairing = tuple[tuple[str, str], tuple[str, str], frozenset[tuple[str, str]], frozenset[tuple[str, str]], int, int]
"""A sub-fight's primary pair as the exchange's start settles it (``initiative.rulebench_round_start``):
the pair (single, primary) and (primary, single) as the holders hold them; the party member's and
the enemy's holding, each as a one-pair set to add; the member's and the enemy's reaction."""


class Layout:
    """One layout of sub-fights (``fight.vars["subfights"]``) as a quick exchange plays it."""

    __slots__ = ("groups", "pairings", "parriers")

    def __init__(self, groups: tuple[Group, ...]) -> None:
        self.groups = groups
        """The sub-fights in order."""
        self.pairings: tuple[Pairing, ...] = tuple(_pairing(g[0], g[1]) for g in groups)
        """Their primary pairs, in the same order."""
        self.parriers: tuple[Combatant, ...] = tuple(g[0] for g in groups if g[11])
        """The singles with secondaries: the only ones whose parry against free attacks is used up."""


class Plan:
    """Every attack a fight can see, worked out once per fight and layout (see the module)."""

    __slots__ = ("blows", "ends", "last", "layouts", "now", "settled", "surprise")

    def __init__(self, fight: Fight, ends: bool) -> None:
        self.layouts: dict[tuple[tuple[int, ...], ...], Layout] = {}
        """Per layout of sub-fights, its groups."""
        self.last: tuple[tuple[int, ...], ...] | None = None
        self.now = Layout(())
        """The last layout met and its entry: a layout stands for many exchanges, and the same
        object is cheaper to recognise than to hash."""
        self.blows: dict[tuple[int, int], Blow] = {}
        """Per (attacker, defender) position in ``fight.combatants``: the blow."""
        self.settled: frozenset[tuple[str, str]] | None = None
        """Holders known to hold every primary pair of the layout ``last``: an exchange that starts
        with this very set (immutable, so the same content) in that layout has nothing to settle."""
        self.surprise = fight.encounter.effective_surprise()
        """Who surprises in exchange 1."""
        self.ends = ends
        """Whether only dsa's own hooks can make someone fall or end an exchange and dsa's default
        tactics answer the retreat (``end_at_once``)."""

    def layout(self, fight: Fight) -> Layout:
        """The fight's current layout, worked out the first time it is met.

        The coordination penalties in the combatants' state are those of the current layout
        (``subfights.build_subfights`` sets both), so the layout's AT and defence are read there.
        """
        layout: tuple[tuple[int, ...], ...] = fight.vars["subfights"]
        if layout is not self.last:
            found = self.layouts.get(layout)
            if found is None:
                if len(self.layouts) >= MAX_LAYOUTS:
                    self.layouts.clear()
                found = self.layouts[layout] = Layout(tuple(self._group(fight, group) for group in layout))
            self.last, self.now = layout, found
        return self.now

    def _group(self, fight: Fight, group: tuple[int, ...]) -> Group:
        combatants = fight.combatants
        single, primary = combatants[group[0]], combatants[group[1]]
        frees = tuple(
            (combatants[i], attack_value(combatants[i]), self._blow(fight, i, group[0])) for i in group[2:]
        )
        return (
            single,
            primary,
            (single.name, primary.name),
            frozenset({(single.name, primary.name)}),
            frozenset({(primary.name, single.name)}),
            attack_value(single),
            defence_value(single)[0],
            attack_value(primary),
            defence_value(primary)[0],
            self._blow(fight, group[0], group[1]),
            self._blow(fight, group[1], group[0]),
            frees,
        )

    def _blow(self, fight: Fight, attacker_at: int, defender_at: int) -> Blow:
        key = (attacker_at, defender_at)
        if key not in self.blows:
            self.blows[key] = _blow(fight, fight.combatants[attacker_at], fight.combatants[defender_at])
        return self.blows[key]


def _pairing(single: Combatant, primary: Combatant) -> Pairing:
    member, enemy = (single, primary) if single.side == PARTY else (primary, single)
    return (
        (single.name, primary.name),
        (primary.name, single.name),
        frozenset({(member.name, enemy.name)}),
        frozenset({(enemy.name, member.name)}),
        member.stats["reaction"],
        enemy.stats["reaction"],
    )


def _blow(fight: Fight, attacker: Combatant, defender: Combatant) -> Blow:
    """``hits.roll_damage`` and ``hits.take_damage`` of ``attacker`` on ``defender``, but for the dice."""
    if harmless(attacker, defender):
        return None
    dice: Dice = attacker.stats["tp"]
    bonus = sum(m.value for m in fight.modifiers(attacker, "weapon", defender))
    armourless = "demon" in attacker.spec.traits and "magic_armour" not in defender.spec.traits
    rs: int = 0 if armourless else defender.stats["rs"]
    if not dice.terms:
        return 0, None, dice.bonus + bonus, rs
    if dice.terms == ((1, dice.terms[0][1]),):
        return dice.terms[0][1], None, dice.bonus + bonus, rs
    return 0, dice.plus(bonus), 0, rs


Hooks = Callable[[Fight], bool]
"""Whether the fight's hooks are dsa's own where a fast path needs them to be; given by the hooks'
modules, which this one cannot import."""


def _plan(fight: Fight, own_hooks: Hooks, own_ends: Hooks) -> Plan | Literal[False]:
    """The fight's plan when its exchanges may be played at once, else False (``fast_plan`` keeps
    it in ``fight.cache``). ``own_hooks``: dsa's turn, attack, damage and wounds hooks are the only
    ones; ``own_ends``: so are its exchange start and end, and its default tactics answer."""
    if own_hooks(fight) and fight.static_modifiers and not fight.recording:
        return Plan(fight, own_ends(fight))
    return False


def _ready(fight: Fight, own_hooks: Hooks, own_ends: Hooks) -> tuple[Plan, RandomRoller] | None:
    """The fight's plan and its random roller when this exchange may be played at once, else None
    (a scripted, remembering or enumerating roller gets the turns)."""
    return fast_plan(fight, "dsa", _plan, own_hooks, own_ends)


def settle_at_once(fight: Fight, own_hooks: Hooks, own_ends: Hooks) -> bool:
    """Settle the attack initiative of each new primary pair as ``initiative.rulebench_round_start``
    does (a surprising side holds it in exchange 1, else 1d100 + reaction each, the party member
    first, a tie rerolls both); False, with nothing done, when the exchange is not played at once.
    """
    ready = _ready(fight, own_hooks, own_ends)
    if ready is None:
        return False
    plan, roller = ready
    fight_vars = fight.vars
    holders: frozenset[tuple[str, str]] = fight_vars["holders"]
    if holders is plan.settled and fight_vars["subfights"] is plan.last:
        return True
    uniform = roller.uniform
    surprise = ""
    for forward, backward, member_holds, enemy_holds, ours_bonus, theirs_bonus in plan.layout(fight).pairings:
        if forward in holders or backward in holders:
            continue
        if not surprise:
            surprise = plan.surprise if fight.round == 1 else "none"
        if surprise == "party":
            holders = holders | member_holds
        elif surprise == "enemy":
            holders = holders | enemy_holds
        else:
            while True:
                ours = int(uniform() * 100) + 1 + ours_bonus
                theirs = int(uniform() * 100) + 1 + theirs_bonus
                if ours != theirs:
                    break
            holders = holders | (member_holds if ours > theirs else enemy_holds)
    fight_vars["holders"] = holders
    return True


def end_at_once(fight: Fight, cap: int) -> bool:
    """End an exchange played at once in which nobody fell, as ``ending.rulebench_round_end`` would;
    False, with nothing done, when that hook must end it.

    Who stands is what it was when the exchange before ended without a verdict and, the default
    tactics answering from who stands alone, without a flight: neither is asked again. Only the
    singles' parries against free attacks come back. Not in exchange 1 (nothing ended before it),
    not at the exchange ``cap``, and only while nothing but dsa's own hooks can make someone fall
    or end an exchange (``Plan.ends``).
    """
    plan = fight.cache.get("dsa")
    if not plan or not plan.ends or type(fight.roller) is not RandomRoller:
        return False
    fight_vars = fight.vars
    if fight_vars["regroup"] or fight_vars["subfights"] is not plan.last or not 1 < fight.round < cap:
        return False
    for single in plan.now.parriers:
        single.vars["parried"] = False
    return True


def play_exchange(fight: Fight, own_hooks: Hooks, own_ends: Hooks) -> bool:
    """Play every turn of the exchange as ``initiative.exchange_turns`` orders them and
    ``initiative.rulebench_turn`` plays them; False, with nothing played, when they must be played
    turn by turn. ``own_hooks``, ``own_ends``: as for ``_plan``.
    """
    ready = _ready(fight, own_hooks, own_ends)
    if ready is None:
        return False
    plan, roller = ready
    uniform = roller.uniform
    fight_vars = fight.vars
    layout = plan.now if fight_vars["subfights"] is plan.last else plan.layout(fight)
    for single, primary, pair, ours, theirs, single_at, single_defence, primary_at, primary_defence, single_blow, \
            primary_blow, frees in layout.groups:
        holders: frozenset[tuple[str, str]] = fight_vars["holders"]
        if pair in holders:
            other, at, defence, blow, held, passed = primary, single_at, primary_defence, single_blow, ours, theirs
        else:
            other, at, defence, blow, held, passed = single, primary_at, single_defence, primary_blow, theirs, ours
        # The chain (chain.chain_hits): an attack over its cap misses and passes the initiative; a
        # parry over its cap min(attack roll, defence) is a hit; a parry made caps the next attack.
        # Faces are counted from 0 here (a d20's face less 1), which saves an addition per die.
        cap = at
        hit = False
        while cap >= 1:
            face = int(uniform() * 20)
            if face >= cap:
                break
            if defence < 1:  # no parry can be met: no die is rolled for it
                hit = True
                break
            cap = int(uniform() * 20) + 1
            if cap > (face + 1 if face < defence else defence):
                hit = True
                break
        if not hit:
            fight_vars["holders"] = (holders - held) | passed
        elif blow is not None:
            _wound(fight, roller, uniform, blow, other)
        if not frees:
            continue
        # The secondaries' free attacks (free_attacks.free_attack_lands) while the single stands.
        single_vars = single.vars
        for secondary, secondary_at, secondary_blow in frees:
            if not single_vars["standing"]:
                break
            secondary_vars = secondary.vars
            if secondary_vars["lost"]:
                secondary_vars["lost"] = False
                continue
            # No die below AT 1; the d20's face is counted from 0, as in the chain.
            roll = int(uniform() * 20) if secondary_at >= 1 else secondary_at
            if roll >= secondary_at:
                secondary_vars["lost"] = True
                continue
            if not single_vars["parried"]:
                single_vars["parried"] = True
                cap = roll + 1 if roll < single_defence else single_defence
                if cap >= 1 and int(uniform() * 20) < cap:
                    continue
            if secondary_blow is not None:
                _wound(fight, roller, uniform, secondary_blow, single)
    # Nobody fell: every pair of the layout is still held by one of its two (a miss only turns it).
    plan.settled = None if fight_vars["regroup"] else fight_vars["holders"]
    return True


def _wound(fight: Fight, roller: RandomRoller, uniform: Callable[[], float], blow: tuple[int, Dice | None, int, int],
           target: Combatant) -> None:
    """A hit's TP, critical d20 and d100 and their toll on LE, as ``hits.roll_damage`` rolls them and
    ``hits.take_damage`` takes them off."""
    sides, dice, tp, rs = blow
    if sides:
        tp += int(uniform() * sides) + 1
    elif dice is not None:
        tp = roller.roll(dice)
    if tp < 0:
        tp = 0
    target_vars: dict[str, Any] = target.vars
    before: int = target_vars["le"]
    if int(uniform() * 20):  # the critical d20 shows no 1: TP − RS
        after = before - tp + rs if tp > rs else before
    else:
        severity = tp + int(uniform() * 100) + 1
        if severity >= 100 and severity > 10 * rs:
            target_vars["slain"] = True
            after = before
        else:  # a critical hit that does not kill: the TP go through ignoring RS
            after = before - tp
    target_vars["le"] = after
    if target_vars["slain"] or after < UNCONSCIOUS_BELOW:
        # As hits.take_damage: out at once, his pairs and a free attack he still owes dropped.
        target_vars["standing"] = False
        target_vars["lost"] = False
        fight_vars = fight.vars
        fight_vars["regroup"] = True
        name = target.name
        holders: frozenset[tuple[str, str]] = fight_vars["holders"]
        fight_vars["holders"] = frozenset(pair for pair in holders if name not in pair)
