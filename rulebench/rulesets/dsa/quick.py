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
the initiative from the plan too (``settle_at_once``, called by ``rulebench_round_start``). While
dsa's own exchange start and end are the only ones (``Plan.ends``), an exchange is ended where it
was played and the next one played on until the fight is decided, the exchange cap comes or the
party flees (``play_exchanges``), so a whole fight costs the kernel a round or two: the verdict and
the tactics are asked as ``rulebench_round_end`` asks them (after an exchange in which nobody fell,
the verdict and dsa's default tactics, which answer from who stands alone, answer as after the one
before: they are not asked again; any other tactics source is asked after every exchange), the
singles' parries against free attacks come back, the sub-fights are rebuilt after a fall and the
new pairs settle the initiative. The last exchange, which ends the fight, is ended by
``rulebench_round_end``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from rulebench import PARTY, Combatant, Dice, Fight, RandomRoller, fast_plan
from rulebench.rulesets.dsa.hits import harmless
from rulebench.rulesets.dsa.stats import UNCONSCIOUS_BELOW, attack_value, defence_value
from rulebench.rulesets.dsa.subfights import MAX_LAYOUTS, anyone_stands, regroup
from rulebench.rulesets.dsa.tactics import flees, party_standing

Blow = tuple[int, Dice | None, int, int] | None
"""A hit of one combatant on another once it gets through: the sides of its one TP die (0 when it
has none or several), its TP dice when it has several (else None), the constant added to the die
(TP's own constant and the weapon modifiers; the whole TP when no die is rolled), and the RS the
blow meets (0 for a demon's blow on armour that is not magic); None for a hit that does nothing
(a ghost or demon struck without a magic weapon: no TP or critical die is rolled)."""

Free = tuple[Combatant, int, Blow]
"""A secondary's free attack on his single: the secondary, his AT and his blow."""

Chain = tuple[Combatant, int, int, Blow]
"""A primary pair's chain as one of the two holds the initiative: the other, the holder's AT, the
other's defence, the holder's blow on the other."""

Group = tuple[Combatant, tuple[Chain, Chain], int, tuple[Free, ...]]
"""One sub-fight as the exchange plays it: the single; the chain when the primary holds the
initiative and when the single holds it (indexed by whether the single holds it); the single's
defence (against free attacks); the secondaries' free attacks in order."""

Pair = tuple[tuple[str, str], frozenset[tuple[str, str]], frozenset[tuple[str, str]]]
"""A sub-fight's primary pair as the holders hold it: (single, primary), and it and (primary,
single) each as a one-pair set to take off or add."""

Pairing = tuple[tuple[str, str], tuple[str, str], frozenset[tuple[str, str]], frozenset[tuple[str, str]], int, int]
"""A sub-fight's primary pair as the exchange's start settles it (``initiative.rulebench_round_start``):
the pair (single, primary) and (primary, single) as the holders hold them; the party member's and
the enemy's holding, each as a one-pair set to add; the member's and the enemy's reaction."""


class Layout:
    """One layout of sub-fights (``fight.vars["subfights"]``) as a quick exchange plays it."""

    __slots__ = ("groups", "pairings", "pairs", "parriers")

    def __init__(self, groups: tuple[Group, ...], primaries: tuple[Combatant, ...]) -> None:
        self.groups = groups
        """The sub-fights in order."""
        self.pairs: tuple[Pair, ...] = tuple(
            ((g[0].name, p.name), frozenset({(g[0].name, p.name)}), frozenset({(p.name, g[0].name)}))
            for g, p in zip(groups, primaries)
        )
        """Their primary pairs (``primaries``: each sub-fight's primary), in the same order."""
        self.pairings: tuple[Pairing, ...] = tuple(_pairing(g[0], p) for g, p in zip(groups, primaries))
        """Their primary pairs as the exchange's start settles them, in the same order."""
        self.parriers: tuple[Combatant, ...] = tuple(g[0] for g in groups if g[3])
        """The singles with secondaries: the only ones whose parry against free attacks is used up."""


class Plan:
    """Every attack a fight can see, worked out once per fight and layout (see the module)."""

    __slots__ = ("blows", "ends", "fled", "last", "layouts", "now", "settled", "surprise")

    def __init__(self, fight: Fight, ends: bool) -> None:
        self.layouts: dict[tuple[tuple[int, ...], ...], Layout] = {}
        """Per layout of sub-fights, its groups."""
        self.last: tuple[tuple[int, ...], ...] | None = None
        self.now = Layout((), ())
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
        """Whether only dsa's own hooks can make someone fall or start or end an exchange, so that an
        exchange may be ended, and the next one started, where it was played (``play_exchanges``)."""
        self.fled = 0
        """The exchange after which ``play_exchanges`` asked the tactics whether to flee and the party
        chose to: ``rulebench_round_end`` takes that answer (``chose_to_flee``) instead of asking again."""

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
                groups = tuple(self._group(fight, group) for group in layout)
                found = self.layouts[layout] = Layout(groups, tuple(fight.combatants[group[1]] for group in layout))
            self.last, self.now = layout, found
        return self.now

    def _group(self, fight: Fight, group: tuple[int, ...]) -> Group:
        combatants = fight.combatants
        single, primary = combatants[group[0]], combatants[group[1]]
        frees = tuple(
            (combatants[i], attack_value(combatants[i]), self._blow(fight, i, group[0])) for i in group[2:]
        )
        single_defence = defence_value(single)[0]
        primary_holds = (single, attack_value(primary), single_defence, self._blow(fight, group[1], group[0]))
        single_holds = (primary, attack_value(single), defence_value(primary)[0], self._blow(fight, group[0], group[1]))
        return single, (primary_holds, single_holds), single_defence, frees

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
    ones; ``own_ends``: so are its exchange start and end."""
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
    fight_vars["holders"] = _settled(holders, plan.layout(fight), plan.surprise if fight.round == 1 else "none",
                                     roller.uniform)
    return True


def _settled(holders: frozenset[tuple[str, str]], layout: Layout, surprise: str,
             uniform: Callable[[], float]) -> frozenset[tuple[str, str]]:
    """``holders`` with every primary pair of ``layout`` that holds no initiative yet settled
    (``settle_at_once``); ``surprise``: the side that surprises in this exchange, or ``"none"``."""
    for forward, backward, member_holds, enemy_holds, ours_bonus, theirs_bonus in layout.pairings:
        if forward in holders or backward in holders:
            continue
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
    return holders


def chose_to_flee(fight: Fight) -> bool:
    """Whether ``play_exchanges`` asked the tactics at the end of this exchange whether to flee and
    the party chose to; the answer is taken once (``rulebench_round_end`` takes it)."""
    plan = fight.cache.get("dsa")
    if not plan or plan.fled != fight.round:
        return False
    plan.fled = 0
    return True


def play_exchanges(fight: Fight, own_hooks: Hooks, own_ends: Hooks, cap: int) -> bool:
    """Play every turn of the exchange as ``initiative.exchange_turns`` orders them and
    ``initiative.rulebench_turn`` plays them, and the exchanges after it while the fight goes on (see
    the module); False, with nothing played, when they must be played turn by turn.

    ``own_hooks``, ``own_ends``: as for ``_plan``. An exchange is ended here as
    ``ending.rulebench_round_end`` would end it, and the next one started as
    ``initiative.rulebench_round_start`` would start it, while dsa's own exchange start and end are
    the only ones (``Plan.ends``), the exchange is not the ``cap``, both sides still stand and the
    party does not flee (``tactics.flees``, as ``rulebench_round_end`` asks it); the
    kernel ends the last exchange played through that hook.
    """
    ready = _ready(fight, own_hooks, own_ends)
    if ready is None:
        return False
    plan, roller = ready
    uniform = roller.uniform
    fight_vars = fight.vars
    layout = plan.now if fight_vars["subfights"] is plan.last else plan.layout(fight)
    groups, pairs = layout.groups, layout.pairs
    # Who holds each primary pair's initiative, kept here as whether the single holds it and
    # written into the holders only when the state is read (a fall, the tactics, the end): the
    # exchange's start settled every pair of the layout, and a miss only turns a pair.
    holders: frozenset[tuple[str, str]] = fight_vars["holders"]
    written = [pair in holders for pair, _, _ in pairs]
    holds = written.copy()
    number = fight.round
    ends, default_tactics = plan.ends, fight.default_tactics
    standing = party_standing(fight)  # who of the party stands changes only when someone falls
    while True:
        index = -1
        for single, chains, single_defence, frees in groups:
            index += 1
            single_holds = holds[index]
            other, at, defence, blow = chains[single_holds]
            if not _chain_hits(uniform, at, defence):
                holds[index] = not single_holds
            elif blow is not None and _wound(fight, roller, uniform, blow, other):
                _fallen(fight, pairs, written, holds, other)
            if not frees:
                continue
            # The secondaries' free attacks (free_attacks.free_attack_lands) while the single stands.
            single_vars = single.vars
            for secondary, secondary_at, secondary_blow in frees:
                if not single_vars["standing"]:
                    break
                secondary_vars = secondary.vars
                if secondary_vars["lost"]:  # initiative.rulebench_turn: this free attack passes
                    secondary_vars["lost"] = False
                    continue
                if not _free_attack_lands(uniform, secondary_at, secondary_vars, single_vars, single_defence):
                    continue
                if secondary_blow is not None and _wound(fight, roller, uniform, secondary_blow, single):
                    _fallen(fight, pairs, written, holds, single)
        # The exchange's end as ending.rulebench_round_end plays it: the verdict, the cap, flight.
        if number >= cap or not ends:
            break
        regrouped = fight_vars["regroup"]
        # After an exchange in which nobody fell, the verdict and dsa's default tactics (who stands
        # alone decides) answer as they did after the exchange before.
        if regrouped or number == 1:
            if not anyone_stands(fight.enemy) or not anyone_stands(fight.party):
                break
            if regrouped:
                standing = party_standing(fight)
            if default_tactics and flees(fight, *standing):
                break
        if not default_tactics:
            if holds != written:  # the tactics may read the state: the holders as they stand
                fight_vars["holders"] = _written(fight_vars["holders"], pairs, written, holds)
            if flees(fight, *standing):
                plan.fled = number
                break
        # The exchange closes (ending._close_exchange): the singles' parries come back, the
        # sub-fights are rebuilt after a fall and the next exchange's new pairs settle the
        # initiative (initiative.rulebench_round_start; no surprise after exchange 1).
        for single in layout.parriers:
            single.vars["parried"] = False
        number += 1
        fight.round = number
        if regrouped:
            holders = _written(fight_vars["holders"], pairs, written, holds)
            regroup(fight)
            fight_vars["regroup"] = False
            layout = plan.layout(fight)
            groups, pairs = layout.groups, layout.pairs
            holders = fight_vars["holders"] = _settled(holders, layout, "none", uniform)
            written = [pair in holders for pair, _, _ in pairs]
            holds = written.copy()
    holders = fight_vars["holders"] = _written(fight_vars["holders"], pairs, written, holds)
    # Nobody fell: every pair of the layout is still held by one of its two (a miss only turns it).
    plan.settled = None if fight_vars["regroup"] else holders
    return True


def _chain_hits(uniform: Callable[[], float], at: int, defence: int) -> bool:
    """The chain of a primary pair as ``chain.chain_hits`` plays it, whether it ends in a hit: an
    attack over its cap misses and passes the initiative; a parry over its cap min(attack roll,
    defence) is a hit; a parry made caps the next attack."""
    # Faces are counted from 0 here (a d20's face less 1), which saves an addition per die.
    cap = at
    while cap >= 1:
        face = int(uniform() * 20)
        if face >= cap:
            return False
        if defence < 1:  # no parry can be met: no die is rolled for it
            return True
        cap = int(uniform() * 20) + 1
        if cap > (face + 1 if face < defence else defence):
            return True
    return False


def _free_attack_lands(uniform: Callable[[], float], at: int, secondary_vars: dict[str, Any],
                       single_vars: dict[str, Any], single_defence: int) -> bool:
    """A free attack at cap ``at`` on a single as ``free_attacks.free_attack_lands`` plays it, whether
    it gets through: a miss costs the secondary his next free attack; the single parries the first
    one that lands in an exchange."""
    # No die below AT 1; the d20's face is counted from 0, as in the chain.
    roll = int(uniform() * 20) if at >= 1 else at
    if roll >= at:
        secondary_vars["lost"] = True
        return False
    if not single_vars["parried"]:
        single_vars["parried"] = True
        cap = roll + 1 if roll < single_defence else single_defence
        if cap >= 1 and int(uniform() * 20) < cap:
            return False
    return True


def attack_drawn(fight: Fight, roller: RandomRoller, attacker: Combatant, defender: Combatant) -> None:
    """One turn's attack through to its wounds as ``chain.attack_at_once`` plays it, its dice drawn
    straight from the fight's ``RandomRoller`` in the same order: for a silent fight played turn by
    turn on one (its modifiers not static, say), where no plan holds the blows.

    The weapon modifiers are asked at each hit, as ``hits.roll_damage`` asks them.
    """
    uniform = roller.uniform
    fight_vars = fight.vars
    if attacker.vars["foe"] == defender.name and defender.vars["foe"] == attacker.name:
        if not _chain_hits(uniform, attack_value(attacker), defence_value(defender)[0]):
            # The holder lost the initiative against this opponent (chain.chain_hits).
            holders: frozenset[tuple[str, str]] = fight_vars["holders"]
            fight_vars["holders"] = (holders - {(attacker.name, defender.name)}) | {(defender.name, attacker.name)}
            return
    elif not _free_attack_lands(uniform, attack_value(attacker), attacker.vars, defender.vars, defence_value(defender)[0]):
        return
    blow = _blow(fight, attacker, defender)
    if blow is not None and _wound(fight, roller, uniform, blow, defender):
        name = defender.name
        fight_vars["holders"] = frozenset(pair for pair in fight_vars["holders"] if name not in pair)


def _written(holders: frozenset[tuple[str, str]], pairs: tuple[Pair, ...], written: list[bool],
             holds: list[bool]) -> frozenset[tuple[str, str]]:
    """``holders`` with each primary pair whose holder turned since ``written`` turned (as
    ``chain.chain_hits`` turns it on a miss); ``written`` is brought up to date."""
    for index, single_holds in enumerate(holds):
        if single_holds is not written[index]:
            _, single_pair, primary_pair = pairs[index]
            if single_holds:
                holders = (holders - primary_pair) | single_pair
            else:
                holders = (holders - single_pair) | primary_pair
            written[index] = single_holds
    return holders


def _fallen(fight: Fight, pairs: tuple[Pair, ...], written: list[bool], holds: list[bool], target: Combatant) -> None:
    """As ``hits.take_damage`` after a fall: the fallen's pairs dropped from the holders."""
    fight_vars = fight.vars
    name = target.name
    holders = _written(fight_vars["holders"], pairs, written, holds)
    fight_vars["holders"] = frozenset(pair for pair in holders if name not in pair)


def _wound(fight: Fight, roller: RandomRoller, uniform: Callable[[], float], blow: tuple[int, Dice | None, int, int],
           target: Combatant) -> bool:
    """A hit's TP, critical d20 and d100 and their toll on LE, as ``hits.roll_damage`` rolls them and
    ``hits.take_damage`` takes them off; whether the target fell (his pairs are the caller's to drop)."""
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
        # As hits.take_damage: out at once, a free attack he still owes dropped.
        target_vars["standing"] = False
        target_vars["lost"] = False
        fight.vars["regroup"] = True
        return True
    return False
